import { createHash } from 'node:crypto';
import { candidatureCommands } from '@examens-pro/application';
import {
  CANDIDATURE_CATEGORY,
  DuplicateError,
  HomonymError,
  parseCandidature,
  parsePayment,
  streamName,
  type CandidatureStatus,
  type PieceFile,
} from '@examens-pro/domain';
import type { Ports } from '@examens-pro/platform';
import {
  DAY_MS,
  day,
  DEMO_APPRENTIS,
  DEMO_PATRONS,
  person,
  type DemoPeople,
  type DemoRegistrationInput,
  type NiveauFor,
  type RegistrationWriter,
} from './demoPeople.js';

/**
 * The dossiers of candidature of the demonstration's registration (demoRegistration.ts): what
 * happens to each, one event per step, through the product's candidature handlers.
 */

/** Per 20 dossiers: 3 brouillons, 5 soumis, 8 validés, 2 rejetés, 2 désistés. */
const STATUT_CYCLE: readonly CandidatureStatus[] = [
  ...Array<CandidatureStatus>(3).fill('brouillon'),
  ...Array<CandidatureStatus>(5).fill('soumis'),
  ...Array<CandidatureStatus>(8).fill('valide'),
  ...Array<CandidatureStatus>(2).fill('rejete'),
  ...Array<CandidatureStatus>(2).fill('desiste'),
];
/** The statut dossier `i` ends in (spread over categories, centres and métiers). */
export const demoStatut = (i: number): CandidatureStatus =>
  STATUT_CYCLE[(i * 7 + 3) % STATUT_CYCLE.length]!;

/** A one-page PDF and a tiny PNG: what the scanned pièces of the demonstration are. */
const DEMO_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const DEMO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Step =
  | { readonly kind: 'creer' }
  | { readonly kind: 'modifier' }
  | { readonly kind: 'deposer'; readonly piece: 'acte' | 'photo' }
  | { readonly kind: 'soumettre' | 'valider' | 'desister' }
  | { readonly kind: 'verifier'; readonly piece: 'acte' | 'photo'; readonly rejet?: true }
  | { readonly kind: 'payer' }
  | { readonly kind: 'rejeter' };

/** What happens to dossier `i`, one event per step, in order. */
const planOf = (i: number): Step[] => {
  const statut = demoStatut(i);
  const start: Step[] = [
    { kind: 'creer' },
    ...(i % 9 === 0 ? [{ kind: 'modifier' } as const] : []),
  ];
  const deposits: Step[] = [
    { kind: 'deposer', piece: 'acte' },
    { kind: 'deposer', piece: 'photo' },
  ];
  switch (statut) {
    case 'brouillon':
      return [...start, ...(i % 2 === 0 ? deposits.slice(0, 1) : [])];
    case 'soumis':
      return [
        ...start,
        ...deposits,
        { kind: 'soumettre' },
        ...(i % 3 === 0 ? [{ kind: 'verifier', piece: 'acte' } as const] : []),
        ...(i % 2 === 0 ? [{ kind: 'payer' } as const] : []),
      ];
    case 'valide':
    case 'affecte':
      return [
        ...start,
        ...deposits,
        { kind: 'payer' },
        { kind: 'soumettre' },
        { kind: 'verifier', piece: 'acte' },
        { kind: 'verifier', piece: 'photo' },
        { kind: 'valider' },
      ];
    case 'rejete':
      return [
        ...start,
        ...deposits,
        { kind: 'soumettre' },
        { kind: 'verifier', piece: 'acte', rejet: true },
        { kind: 'rejeter' },
      ];
    case 'desiste':
      return i % 2 === 0
        ? [...start, { kind: 'soumettre' }, { kind: 'desister' }]
        : [...start, { kind: 'desister' }];
  }
};

/** The scanned pièces (one PDF, one PNG), stored once in the documents folder. */
export const storePieceFiles = async (storage: Ports['storage']) => {
  const stored = async (bytes: Buffer, ext: 'pdf' | 'png', type: string, name: string) => {
    const fichier = `piece-${createHash('sha256').update(bytes).digest('hex')}.${ext}`;
    if (!storage.exists(fichier))
      await storage.write(fichier, async (out) => {
        await new Promise<void>((resolve, reject) =>
          out.end(bytes, () => resolve()).on('error', reject),
        );
      });
    return { fichier, nomFichier: name, type, taille: bytes.length } satisfies PieceFile;
  };
  return {
    acte: await stored(DEMO_PDF, 'pdf', 'application/pdf', 'acte-de-naissance.pdf'),
    photo: await stored(DEMO_PNG, 'png', 'image/png', 'photo-identite.png'),
  };
};

/** The form of dossier `i`. */
const candidateOf = (
  input: DemoRegistrationInput,
  { patronIds, patronOf, apprentiIds }: DemoPeople,
  niveauFor: NiveauFor,
  i: number,
) => {
  const opened = input.metierIds.length;
  const metier = (i * 7) % opened;
  const centre = input.centresDepot[(i * 3) % input.centresDepot.length]!;
  const base = {
    sessionId: input.sessionId,
    metierId: input.metierIds[metier],
    centreDepotId: centre.id,
    apprentiId: null,
    patronId: null,
    matricule: '',
    datePremierePriseService: null,
    langueId: input.langueIds[i % 6 === 0 ? 1 : 0] ?? null,
    handicapId: i % 89 === 0 ? (input.handicapIds[i % input.handicapIds.length] ?? null) : null,
  };
  // Apprentis with their record (the métier of their patron), patrons, agents, candidats libres.
  if (i < DEMO_APPRENTIS) {
    const patron = patronOf[i % DEMO_PATRONS]!;
    return {
      ...base,
      ...person(i),
      metierId: input.metierIds[patron.metier],
      categorie: 'apprenti',
      apprentiId: apprentiIds[i],
      niveauId: niveauFor(patron.metier, i),
    };
  }
  if (i < DEMO_APPRENTIS + DEMO_PATRONS) {
    const k = i - DEMO_APPRENTIS;
    const patron = patronOf[k]!;
    return {
      ...base,
      ...person(12_000 + k),
      metierId: input.metierIds[patron.metier],
      categorie: 'patron',
      patronId: patronIds[k],
      niveauId: niveauFor(patron.metier, i),
    };
  }
  const who = person(i);
  if (i % 4 === 1) {
    const born = Date.parse(`${who.dateNaissance}T00:00:00Z`);
    return {
      ...base,
      ...who,
      categorie: 'agent',
      matricule: `AG${String(700_000 + i * 37).padStart(7, '0')}`,
      datePremierePriseService: day(
        Math.min(born + (20 * 365 + (i % 900)) * DAY_MS, Date.parse('2026-06-30')),
      ),
      niveauId: niveauFor(metier, i),
    };
  }
  return { ...base, ...who, categorie: 'libre', niveauId: niveauFor(metier, i) };
};

/** What the dossiers' steps use besides the writer: the handlers, the files, the people, the levels. */
export interface DossierDeps {
  readonly writer: RegistrationWriter;
  readonly candidatures: ReturnType<typeof candidatureCommands>;
  readonly files: Awaited<ReturnType<typeof storePieceFiles>>;
  readonly people: DemoPeople;
  readonly niveauFor: NiveauFor;
}

/** Dossier `i`: the steps of its plan not done yet (its stream says how many are). */
export const seedDossier = async (deps: DossierDeps, i: number) => {
  const { writer, candidatures, files } = deps;
  const { eventStore, input, idOf, count, instantOf, context } = writer;
  const id = idOf(`candidatures-${i}`);
  const plan = planOf(i);
  const done = (await eventStore.readStream(streamName(CANDIDATURE_CATEGORY, id))).length;
  if (done >= plan.length) return;
  const form = candidateOf(input, deps.people, deps.niveauFor, i);
  let revision = done - 1;
  for (const [n, step] of plan.entries()) {
    if (n < done) continue;
    const ctx = context(`candidatures-${i}-${n}-${step.kind}`, instantOf(i, n));
    const answer = await (async () => {
      switch (step.kind) {
        case 'creer':
          return candidatures.create(id, parseCandidature(form, ctx), null, ctx);
        case 'modifier':
          // The candidate gave a new phone number.
          return candidatures.modify(
            id,
            parseCandidature({ ...form, telephone: person(i + 50_000).telephone }, ctx),
            revision,
            null,
            ctx,
          );
        case 'deposer':
          return candidatures.depositPiece(
            id,
            input.pieceIds[step.piece],
            files[step.piece],
            revision,
            null,
            ctx,
          );
        case 'verifier':
          return candidatures.checkPiece(
            id,
            input.pieceIds[step.piece],
            step.rejet ? 'rejeter' : 'valider',
            revision,
            null,
            ctx,
            step.rejet
              ? { motifId: input.motifs.illisible, commentaire: 'Copie floue, illisible.' }
              : undefined,
          );
        case 'payer':
          return candidatures.recordPayment(
            id,
            parsePayment({
              montant: input.fee,
              date: instantOf(i, n).slice(0, 10),
              reference: `DEMO-CQP27-${String(i + 1).padStart(6, '0')}`,
            }),
            revision,
            null,
            ctx,
          );
        case 'rejeter':
          return candidatures.step(id, 'rejeter', revision, null, ctx, {
            motifId: i % 4 === 0 ? input.motifs.age : input.motifs.piece,
            commentaire:
              i % 4 === 0
                ? 'Âge non justifié par l’acte de naissance.'
                : 'Acte de naissance à redéposer, lisible.',
          });
        default:
          return candidatures.step(id, step.kind, revision, null, ctx);
      }
    })().catch((error: unknown) => {
      // A person the office already registered (by hand) is left to the office.
      if (
        step.kind === 'creer' &&
        (error instanceof DuplicateError || error instanceof HomonymError)
      )
        return undefined;
      throw new Error(
        `dossier de démonstration ${i + 1}, étape ${n + 1} (${step.kind}) : ${(error as Error).message}`,
      );
    });
    if (!answer) {
      count('candidatures ignorées (déjà inscrites)');
      return;
    }
    revision = answer.revision;
    if (step.kind === 'creer') count('candidatures');
  }
};
