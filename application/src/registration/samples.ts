import { createHash } from 'node:crypto';
import { allocationCommands } from '../allocation/allocationCommands.js';
import { listCommands } from '../reference-lists/lists.js';
import { candidatureCommands } from './candidatures.js';
import { personListCommands } from './personLists.js';
import {
  BULK_CATEGORY,
  bulkEvents,
  CANDIDATURE_CATEGORY,
  candidatureDecider,
  type CandidatureEvent,
  DEFAULT_TIME_ZONE,
  parseCandidature,
  PERSON_LIST_CATEGORY,
  parseListItem,
  referenceList,
  SESSION_CATEGORY,
  streamName,
  type RequiredPiece,
  type SessionEvent,
  fold,
  sessionDecider,
} from '@examens-pro/domain';
import { handleCommand, newItemId, toEnvelopes, type EventStore } from '@examens-pro/platform';
import type { AggregateSamples, StoryScope } from '../sampleScope.js';
import { METIERS, referencesOf } from '../reference-lists/samples.js';
import { createSession } from '../sessions/samples.js';

/**
 * Where the candidatures' stories register: one session open for registration, its paramètres
 * d'édition, one métier opened in it, made once per scope and kept out of the other stories' pools
 * (nobody closes that session or requires a level of that métier behind the candidatures' back).
 */
const registrations = new WeakMap<
  StoryScope,
  Promise<{ sessionId: string; metierId: string; pieces: RequiredPiece[]; siteId: string }>
>();
/** Validated dossiers without a seat, for the automatic allocations' stories. */
const unseated = new WeakMap<StoryScope, string[]>();
export const unseatedOf = (scope: StoryScope) => {
  let found = unseated.get(scope);
  if (!found) unseated.set(scope, (found = []));
  return found;
};
/**
 * The candidatures' handlers per event store (the live test moves the stories from the memory log
 * to the real store): each keeps where it last read the dossier counters.
 */
const candidatureHandlers = new WeakMap<EventStore, ReturnType<typeof candidatureCommands>>();
/** The pièces each examen of the stories asks for (no read model runs while the log is written). */
const piecesByExamen = new Map<string, RequiredPiece[]>();
export const candidatureHandlersOf = (eventStore: EventStore) => {
  let found = candidatureHandlers.get(eventStore);
  if (!found) {
    found = candidatureCommands(eventStore, DEFAULT_TIME_ZONE, undefined, {
      piecesOf: async (examenId) => piecesByExamen.get(examenId) ?? [],
    });
    candidatureHandlers.set(eventStore, found);
  }
  return found;
};
export const registrationOf = (scope: StoryScope) => {
  let found = registrations.get(scope);
  if (!found) {
    found = (async () => {
      const sessionId = await createSession(scope, scope.serial(), 1);
      scope.withdraw(SESSION_CATEGORY, sessionId);
      const metierId = await scope.make(METIERS);
      scope.withdraw(METIERS, metierId);
      const item = async (list: string, body: Record<string, unknown>) => {
        const context = scope.context();
        const id = newItemId(context.commandId);
        const definition = referenceList(list)!;
        const input = parseListItem(definition, body, context);
        await listCommands(scope.eventStore, scope.readStore, definition).create(
          id,
          input,
          context,
        );
        scope.references(streamName(list, id), referencesOf(definition, input.values));
        return id;
      };
      await item('parametres-edition', {
        code: `PE-${sessionId.slice(0, 8)}`,
        libelle: 'Paramètres des inscriptions',
        sessionId,
        dateLimiteModification: '2027-02-26',
        modificationApresValidation: true,
        prefixeDossier: 'CQP27',
        ageMinimum: 14,
      });
      await item('metiers-ouverts', {
        code: `MO-${sessionId.slice(0, 8)}`,
        libelle: 'Métier ouvert',
        sessionId,
        metierId,
        quota: null,
      });
      // A fee, and two obligatory pièces asked of every examen.
      await item('frais-examen', {
        code: `FR-${sessionId.slice(0, 8)}`,
        libelle: 'Frais d’examen',
        sessionId,
        montant: 15000,
        prefixePaiement: 'CQP',
        paiementAvantValidation: false,
      });
      const pieces: RequiredPiece[] = [];
      for (const [code, libelle] of [
        ['ACTE', 'Acte de naissance'],
        ['PHOTO', 'Photo d’identité'],
      ] as const)
        pieces.push({
          id: await item('pieces-justificatives', {
            code: `${code}-${sessionId.slice(0, 8)}`,
            libelle,
            obligatoire: true,
            examenIds: [],
          }),
          libelle,
          obligatoire: true,
        });
      const session = fold(
        sessionDecider,
        (await scope.eventStore.readStream(
          streamName(SESSION_CATEGORY, sessionId),
        )) as unknown as SessionEvent[],
      );
      if (session.status === 'present') piecesByExamen.set(session.examenId, pieces);
      // The session's composition site, roomy, kept out of the lists' stories (seated candidates
      // forbid its deactivation and deletion).
      const siteId = await item('sites-composition', {
        code: `SITE-${sessionId.slice(0, 8)}`,
        libelle: 'Site de composition des candidatures',
        centreExamenId: await scope.reference('centres-examen'),
        capacite: 100_000,
        accessible: true,
      });
      scope.withdraw('sites-composition', siteId);
      return { sessionId, metierId, pieces, siteId };
    })();
    registrations.set(scope, found);
  }
  return found;
};

const CATEGORIES = ['libre', 'agent', 'patron', 'apprenti'] as const;

/**
 * One dossier's story: created (a person of its own), then, by `n`: left a brouillon and deleted,
 * submitted, validated, rejected with a motif, corrected then withdrawn.
 */
export const candidatures: AggregateSamples = {
  name: 'candidatures',
  provides: [],
  writes: [CANDIDATURE_CATEGORY],
  weight: 4,
  async story(scope, n) {
    const { sessionId, metierId, pieces, siteId } = await registrationOf(scope);
    const commands = candidatureHandlersOf(scope.eventStore);
    const categorie = CATEGORIES[n % CATEGORIES.length]!;
    const body = {
      sessionId,
      metierId,
      centreDepotId: await scope.reference('centres-depot'),
      categorie,
      apprentiId: categorie === 'apprenti' ? await scope.reference('apprentis') : null,
      patronId: categorie === 'patron' ? await scope.reference('patrons') : null,
      nom: `Candidat-${n}`,
      prenoms: `Prénom-${n}`,
      sexe: n % 2 === 0 ? 'F' : 'M',
      dateNaissance: `199${n % 10}-0${1 + (n % 9)}-1${n % 10}`,
      lieuNaissance: 'Yaoundé',
      nationalite: 'Camerounaise',
      telephone: `+2376${String(40_000_000 + n).slice(-8)}`,
      matricule: categorie === 'agent' ? `MAT-${String(n).padStart(6, '0')}` : '',
      datePremierePriseService: categorie === 'agent' ? '2015-09-01' : null,
      niveauId: await scope.reference('niveaux-scolarisation'),
      langueId: n % 3 === 0 ? await scope.reference('langues') : null,
      handicapId: null,
    };
    const context = scope.context();
    const input = parseCandidature(body, context);
    const id = newItemId(context.commandId);
    let { revision } = await commands.create(id, input, null, context);
    const stream = streamName(CANDIDATURE_CATEGORY, id);
    const refs = (values: Record<string, unknown>) => ({
      sessions: [sessionId],
      metiers: [metierId],
      'centres-depot': [body.centreDepotId],
      'niveaux-scolarisation': [body.niveauId],
      ...(values.apprentiId ? { apprentis: [String(values.apprentiId)] } : {}),
      ...(values.patronId ? { patrons: [String(values.patronId)] } : {}),
      ...(body.langueId ? { langues: [body.langueId] } : {}),
    });
    // What the dossier references as stored: an apprenti's dossier keeps his patron (handler).
    const stored = async () => {
      const events = await scope.eventStore.readStream(stream);
      const data = events[events.length - 1]!.data as { values: Record<string, unknown> };
      return data.values;
    };
    scope.references(stream, refs(await stored()));
    const phase = Math.floor(n / CATEGORIES.length) % 5;
    const step = async (action: 'soumettre' | 'valider' | 'rejeter' | 'desister') => {
      const rejection =
        action === 'rejeter'
          ? { motifId: await scope.reference('motifs-rejet'), commentaire: `Pièce ${n} illisible` }
          : undefined;
      revision = (await commands.step(id, action, revision, null, scope.context(), rejection))
        .revision;
    };
    if (phase === 0) {
      await commands.remove(id, revision, null, scope.context());
      scope.references(stream, null);
      return;
    }
    if (phase === 4) {
      const modification = scope.context();
      const corrected = parseCandidature({ ...body, prenoms: `Prénom-${n}-Corrigé` }, modification);
      revision = (await commands.modify(id, corrected, revision, null, modification)).revision;
      scope.references(stream, refs(await stored()));
      await step('desister');
      return;
    }
    // Its pièces deposited (one deposited twice), its fee paid in one or two payments.
    const file = (k: number) => ({
      fichier: `piece-${String(n).padStart(8, '0')}${k}.pdf`,
      nomFichier: `piece-${k}.pdf`,
      type: 'application/pdf',
      taille: 1000 + k,
    });
    for (const [k, piece] of pieces.entries())
      revision = (
        await commands.depositPiece(id, piece.id, file(k), revision, null, scope.context())
      ).revision;
    const pay = async (montant: number, k: number) => {
      revision = (
        await commands.recordPayment(
          id,
          { montant, date: '2026-11-20', reference: `REC-${n}-${k}` },
          revision,
          null,
          scope.context(),
        )
      ).revision;
    };
    await pay(phase === 2 ? 15000 : 5000, 1);
    await step('soumettre');
    const check = async (piece: RequiredPiece, action: 'valider' | 'rejeter') => {
      const rejection =
        action === 'rejeter'
          ? { motifId: await scope.reference('motifs-rejet'), commentaire: 'Illisible' }
          : undefined;
      revision = (
        await commands.checkPiece(id, piece.id, action, revision, null, scope.context(), rejection)
      ).revision;
    };
    if (phase === 2) {
      for (const piece of pieces) await check(piece, 'valider');
      await step('valider');
      // One in three: its birthplace corrected after the exam (« Gestion des contentieux »), as
      // the correction route decides it once the session composes (the story's session is still
      // open: its facts are the composition's; the person's reservation does not move).
      if (n % 3 === 0) {
        const events = await scope.eventStore.readStream(stream);
        const current = fold(candidatureDecider, events as unknown as CandidatureEvent[]);
        if (current.status === 'present')
          revision = (
            await handleCommand(scope.eventStore, {
              stream,
              decider: candidatureDecider,
              command: {
                type: 'CorrectIdentity',
                data: {
                  candidatureId: id,
                  identite: { ...current.values, lieuNaissance: `Yaoundé ${n}` },
                  justification: `Acte de naissance ${n} : lieu de naissance rectifié.`,
                  document: {
                    fichier: `correction-${String(n).padStart(8, '0')}.pdf`,
                    nomFichier: 'acte-de-naissance.pdf',
                    type: 'application/pdf',
                    taille: 2048,
                  },
                  facts: { compositionStarted: true },
                },
              },
              context: scope.context(),
              expectedRevision: revision,
            })
          ).revision;
      }
      // Seated by hand (then, one in two, de-allocated), or left for an automatic allocation.
      if (n % 2 === 0) {
        const allocation = allocationCommands(scope.eventStore);
        revision = (await allocation.allocate(id, siteId, revision, null, scope.context()))
          .revision;
        if (n % 4 === 0) {
          revision = (await allocation.deallocate(id, revision, null, scope.context())).revision;
          unseatedOf(scope).push(id);
        }
      } else unseatedOf(scope).push(id);
    }
    if (phase === 3) {
      await check(pieces[1]!, 'rejeter');
      revision = (
        await commands.depositPiece(id, pieces[1]!.id, file(9), revision, null, scope.context())
      ).revision;
      await step('rejeter');
    }
  },
};

/**
 * A list of agents applied to the candidatures' session (three persons of its own per story): its
 * acceptance and its rows' chunk, as `POST /api/listes-candidats` writes them (the lists' reactor
 * then creates the dossiers).
 */
export const personLists: AggregateSamples = {
  name: 'listes-candidats',
  provides: [],
  writes: [PERSON_LIST_CATEGORY],
  weight: 1,
  async story(scope, n) {
    const { sessionId, metierId } = await registrationOf(scope);
    const letters = (k: number) =>
      Array.from({ length: 4 }, (_, i) =>
        String.fromCharCode(97 + (Math.floor(k / 26 ** i) % 26)),
      ).join('');
    const header =
      'nom;prenoms;sexe;nationalite;lieu_naissance;telephone;matricule;date_naissance;date_premiere_prise_service';
    const rows = [0, 1, 2].map(
      (i) =>
        `Agent;Liste ${letters(n * 3 + i)};${i % 2 ? 'M' : 'F'};Camerounaise;Douala;677889900;MAT-L${String(n * 3 + i).padStart(6, '0')};12/04/1985;01/10/2012`,
    );
    const bytes = Buffer.from(`${[header, ...rows].join('\n')}\n`, 'utf8');
    await personListCommands(scope.eventStore, DEFAULT_TIME_ZONE).applyFile(
      bytes,
      createHash('sha256').update(bytes).digest('hex'),
      { sessionId, metierId, centreDepotId: await scope.reference('centres-depot') },
      scope.context(),
    );
  },
};

/**
 * An action in bulk over three validated dossiers of the candidatures' session (submitting them:
 * each refused, already past that step), as `POST /api/lots-candidatures` writes a run beyond 200
 * dossiers: its acceptance and its chunk, which the bulk reactor then applies.
 */
export const bulkRuns: AggregateSamples = {
  name: 'lots-candidatures',
  provides: [],
  writes: [BULK_CATEGORY],
  weight: 1,
  async story(scope, n) {
    await registrationOf(scope);
    const chosen = unseatedOf(scope).slice(0, 3);
    const context = scope.context();
    const lotId = newItemId(context.commandId);
    await scope.eventStore.appendToStream(
      streamName(BULK_CATEGORY, lotId),
      toEnvelopes(
        bulkEvents(
          lotId,
          { action: 'soumettre' },
          chosen.length > 0 ? chosen : [`sans-dossier-${n}`],
          null,
          true,
        ),
        context,
      ),
      { expectedRevision: 'no_stream' },
    );
  },
};
