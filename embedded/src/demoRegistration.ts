import { createHash } from 'node:crypto';
import { listCommands } from '@examens-pro/application';
import {
  CANDIDATURE_CATEGORY,
  DEFAULT_TIME_ZONE,
  DuplicateError,
  fold,
  HomonymError,
  LIST_PROJECTION,
  listItemDecider,
  parseCandidature,
  parseListItem,
  parsePayment,
  referenceList,
  streamName,
  type Actor,
  type CandidatureStatus,
  type CommandContext,
  type ListItemEvent,
  type PieceFile,
} from '@examens-pro/domain';
import { eventIdFor, waitForProjections, type Ports } from '@examens-pro/platform';
import { candidatureCommands } from '@examens-pro/application';
import {
  DEMO_NOMS as NOMS,
  DEMO_PRENOMS_F as PRENOMS_F,
  DEMO_PRENOMS_M as PRENOMS_M,
} from './demoNames.js';

/**
 * The registration part of `npm run seed:demo`: patrons, their apprentis and 2,000 dossiers of
 * candidature in the open session, across centres de dépôt, métiers ouverts, categories and
 * statuts (brouillon, soumis, validé with its pièces and payment, rejeté with a motif, désisté),
 * each through the product's own command handlers, so that numbers, reservations, pièces and
 * histories are the real ones. Every dossier follows a plan of steps, one event each, with
 * deterministic ids and command ids: a run resumes where an earlier one stopped (the dossier's
 * stream says how many steps are done) and a second run adds nothing.
 */

const VILLES = [
  'Yaoundé',
  'Douala',
  'Bafoussam',
  'Bamenda',
  'Garoua',
  'Maroua',
  'Ngaoundéré',
  'Bertoua',
  'Ebolowa',
  'Buea',
  'Dschang',
  'Kribi',
  'Limbe',
  'Nkongsamba',
  'Foumban',
  'Mbalmayo',
];
const QUARTIERS = ['Mokolo', 'Mvog-Ada', 'Akwa', 'Bonabéri', 'Tsinga', 'Biyem-Assi', 'Deïdo'];
const ENSEIGNES = ['Atelier', 'Établissements', 'Entreprise', 'Garage', 'Maison'];

export const DEMO_PATRONS = 120;
export const DEMO_APPRENTIS = 400;
export const DEMO_CANDIDATURES = 2000;

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

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

export interface DemoRegistrationInput {
  readonly sessionId: string;
  /** The métiers opened in the session (the first ones), and which of them require a level. */
  readonly metierIds: readonly string[];
  /** Niveaux de scolarisation, lowest first. */
  readonly niveauIds: readonly string[];
  /** The level required by some métiers (index in `metierIds` → index in `niveauIds`). */
  readonly niveauxRequis: ReadonlyMap<number, number>;
  readonly centresDepot: readonly { id: string; departementId: string; ville: string }[];
  readonly langueIds: readonly string[];
  readonly handicapIds: readonly string[];
  /** The pièces every CQP dossier must give (both obligatory). */
  readonly pieceIds: { readonly acte: string; readonly photo: string };
  readonly motifs: { readonly piece: string; readonly illisible: string; readonly age: string };
  /** The first day of registration and the session's last day of modification. */
  readonly ouverture: string;
  readonly dateLimite: string;
  readonly fee: number;
}

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

/** Runs `work` over `items`, `width` at a time (appends then share the event store's commits). */
const inPool = async <T>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<void>,
): Promise<void> => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
};

export const seedDemoRegistration = async (
  ports: Pick<Ports, 'eventStore' | 'readStore' | 'storage'>,
  input: DemoRegistrationInput,
  actor: Actor,
  counts: Record<string, number>,
  options: { readonly candidatures?: number; readonly timeZone?: string } = {},
): Promise<void> => {
  const { eventStore, readStore, storage } = ports;
  const total = options.candidatures ?? DEMO_CANDIDATURES;
  const idOf = (key: string) => eventIdFor(`demonstration-${key}`, 0);
  const exists = async (category: string, id: string) =>
    (await eventStore.readStream(streamName(category, id), { maxCount: 1 })).length > 0;
  const count = (key: string) => {
    counts[key] = (counts[key] ?? 0) + 1;
  };

  // Times: spread over the registration period, up to six hours ago at the latest.
  const now = Date.now();
  const first = Date.parse(`${input.ouverture}T07:00:00Z`);
  const last = Math.min(now - 6 * 3_600_000, Date.parse(`${input.dateLimite}T09:00:00Z`));
  const span = Math.max(0, last - first);
  const instantOf = (i: number, step: number) =>
    new Date(
      (span > 0 ? first + (((i * 7919) % 1000) / 1000) * span : last) + step * 37 * 60_000,
    ).toISOString();
  const context = (key: string, at: string): CommandContext => ({
    commandId: `demonstration-${key}`,
    actor,
    now: at,
  });

  // Persons: each with a birth date of their own (a near match needs the same one: persons 0 to
  // 12,569 never share one), 16 or older at the composition (born before 2009-06-01).
  const BIRTH_FROM = Date.parse('1975-01-01T00:00:00Z');
  const BIRTH_DAYS = 12_570;
  const person = (p: number) => {
    const sexe = p % 2 === 0 ? 'F' : 'M';
    const given = sexe === 'F' ? PRENOMS_F : PRENOMS_M;
    const prenoms =
      p % 3 === 0
        ? `${given[p % given.length]!} ${given[(p * 7 + 3) % given.length]!}`
        : given[p % given.length]!;
    return {
      nom: NOMS[(p * 11 + Math.floor(p / NOMS.length)) % NOMS.length]!,
      prenoms,
      sexe,
      dateNaissance: day(BIRTH_FROM + ((p * 7919) % BIRTH_DAYS) * DAY_MS),
      lieuNaissance: VILLES[(p * 5) % VILLES.length]!,
      nationalite: 'Camerounaise',
      telephone: `6${[5, 7, 9, 8, 6][p % 5]}${String((p * 104_729 + 1_234_567) % 10_000_000).padStart(7, '0')}`,
    };
  };
  /** A level the métier accepts: its required level or above, or any when none is required. */
  const rankKnown = async (niveauId: string) => {
    const item = fold(
      listItemDecider,
      (await eventStore.readStream(
        streamName('niveaux-scolarisation', niveauId),
      )) as unknown as ListItemEvent[],
    );
    return (
      (item.status === 'actif' || item.status === 'inactif') && typeof item.values.rang === 'number'
    );
  };
  const ranked = (await Promise.all(input.niveauIds.map(rankKnown))).every(Boolean);
  const niveauFor = (metier: number, p: number) => {
    const required = input.niveauxRequis.get(metier);
    if (required === undefined) return input.niveauIds[p % input.niveauIds.length]!;
    // Without ranks (an office seeded before levels had one), only the level itself satisfies.
    if (!ranked) return input.niveauIds[required]!;
    const above = input.niveauIds.length - required;
    return input.niveauIds[required + (p % above)]!;
  };
  const opened = input.metierIds.length;

  // Patrons: a workshop of an opened métier in a region's chief town.
  const patronList = referenceList('patrons')!;
  const patrons = listCommands(eventStore, readStore, patronList);
  const patronIds: string[] = [];
  const patronOf: { metier: number; departementId: string; ville: string }[] = [];
  for (let k = 0; k < DEMO_PATRONS; k += 1) {
    const id = idOf(`patrons-${k}`);
    const centre = input.centresDepot[k % input.centresDepot.length]!;
    const metier = (k * 3) % opened;
    const p = 12_000 + k;
    const who = person(p);
    patronIds.push(id);
    patronOf.push({ metier, departementId: centre.departementId, ville: centre.ville });
    if (await exists('patrons', id)) continue;
    const patronContext = context(`patrons-${k}`, instantOf(p, 0));
    await patrons.create(
      id,
      parseListItem(
        patronList,
        {
          libelle:
            `${ENSEIGNES[k % ENSEIGNES.length]!} ${who.nom} ${k % 4 === 0 ? 'et Fils' : ''}`.trim(),
          responsableNom: who.nom,
          responsablePrenoms: who.prenoms,
          responsableSexe: who.sexe,
          telephone: who.telephone,
          email: k % 3 === 0 ? `contact${k}@demo-patron.cm` : '',
          metierId: input.metierIds[metier],
          departementId: centre.departementId,
          adresse: `Quartier ${QUARTIERS[k % QUARTIERS.length]!}, ${centre.ville}`,
        },
        patronContext,
      ),
      patronContext,
    );
    count('patrons');
  }

  // Apprentis: each in a patron's workshop, in that patron's métier, since the age of 16 or later.
  const apprentiList = referenceList('apprentis')!;
  const apprentis = listCommands(eventStore, readStore, apprentiList);
  const apprentiIds: string[] = [];
  for (let k = 0; k < DEMO_APPRENTIS; k += 1) {
    const id = idOf(`apprentis-${k}`);
    apprentiIds.push(id);
    if (await exists('apprentis', id)) continue;
    const who = person(k);
    const patron = k % DEMO_PATRONS;
    const born = Date.parse(`${who.dateNaissance}T00:00:00Z`);
    const started = Math.min(born + (16 * 365 + (k % 700)) * DAY_MS, Date.parse('2026-09-01'));
    const apprentiContext = context(`apprentis-${k}`, instantOf(k, 0));
    await apprentis.create(
      id,
      parseListItem(
        apprentiList,
        {
          ...who,
          patronId: patronIds[patron],
          metierId: input.metierIds[patronOf[patron]!.metier],
          dateDebutApprentissage: day(started),
          niveauId: niveauFor(patronOf[patron]!.metier, k),
          langueId: input.langueIds[k % 5 === 0 ? 1 : 0] ?? null,
          handicapId:
            k % 97 === 0 ? (input.handicapIds[k % input.handicapIds.length] ?? null) : null,
        },
        apprentiContext,
      ),
      apprentiContext,
    );
    count('apprentis');
  }

  // The dossiers read the pièces asked for from the lists' read model: wait until it holds them.
  if (
    !(await waitForProjections(
      readStore,
      [LIST_PROJECTION],
      await eventStore.headPosition(),
      120_000,
    ))
  )
    throw new Error(
      'les listes de référence ne sont pas à jour (projections arrêtées ?) : démarrez le produit ou relancez la commande.',
    );

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
  const files = {
    acte: await stored(DEMO_PDF, 'pdf', 'application/pdf', 'acte-de-naissance.pdf'),
    photo: await stored(DEMO_PNG, 'png', 'image/png', 'photo-identite.png'),
  };

  const candidatures = candidatureCommands(
    eventStore,
    options.timeZone ?? DEFAULT_TIME_ZONE,
    readStore,
  );
  const candidateOf = (i: number) => {
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

  const dossier = async (i: number) => {
    const id = idOf(`candidatures-${i}`);
    const plan = planOf(i);
    const done = (await eventStore.readStream(streamName(CANDIDATURE_CATEGORY, id))).length;
    if (done >= plan.length) return;
    const form = candidateOf(i);
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
  await inPool(
    Array.from({ length: total }, (_, i) => i),
    8,
    dossier,
  );
};
