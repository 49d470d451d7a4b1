import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  agentValues,
  ALREADY_IN_SESSION,
  CANDIDATURE_CATEGORY,
  checkPersonRows,
  chunksOf,
  comparableLabel,
  ConflictError,
  fold,
  listCollection,
  PERSON_LIST_CATEGORY,
  PERSON_LIST_CHUNKS_PER_APPEND,
  PERSON_LIST_NOT_VERIFIED,
  PERSON_LIST_OTHER_TARGET,
  personListRowsStream,
  referenceList,
  reservationDecider,
  streamName,
  uniqueValueStream,
  ValidationError,
  type AppliedRow,
  type CommandContext,
  type PersonListAccepted,
  type PersonListTarget,
  type PersonRow,
  type ReadModelDocument,
  type RecordedEvent,
  type RowProblem,
  LIST_PROJECTION,
} from '@examens-pro/domain';
import type { DocumentStorage } from '@examens-pro/platform';
import { type CommandAnswer, toEnvelopes } from '@examens-pro/platform';
import { eventIdFor } from '@examens-pro/platform';
import { WrongExpectedRevisionError, type EventStore } from '@examens-pro/platform';
import type { ReadStore } from '@examens-pro/platform';
import { waitForProjections } from '@examens-pro/platform';
import { candidatureCommands } from './candidatures.js';
import { readPersonList } from './personListFile.js';

/** Where a verified list is kept until it is applied: named after its content. */
export const verifiedListFile = (sha256: string) => `liste-${sha256}`;

/** One list per session and file: its id derives from both (applied twice, the same list). */
export const personListId = (sessionId: string, verificationId: string): string =>
  eventIdFor(`liste-candidats:${sessionId}:${verificationId}`, 0);

/** The command id of a list's own events (its acceptance, its chunks): the same for every retry. */
const listCommandId = (listeId: string) => `liste-candidats/${listeId}`;

/** The command id and the dossier id of a list's row: a reactor run again creates nothing twice. */
export const listRowCommandId = (listeId: string, ligne: number) =>
  `liste-candidats/${listeId}/ligne/${ligne}`;

/** An offending row as the verification answers it. */
export interface ListProblem {
  readonly ligne: number;
  readonly colonne: string;
  /** The headline it gives when first. */
  readonly message: string;
  /** What its row says. */
  readonly detail: string;
}

/** 400 `liste-invalide`: the first offending row's message, every offending row listed. */
export class InvalidListError extends ValidationError {
  constructor(readonly problems: readonly ListProblem[]) {
    super(problems[0]!.message);
  }
  /** The answer's body (the verification's shape). */
  body() {
    return {
      message: this.problems[0]!.message,
      code: 'liste-invalide',
      lignes: this.problems.map(({ ligne, colonne, detail }) => ({
        ligne,
        colonne,
        message: detail,
      })),
    };
  }
}

const readAll = async (stream: Readable): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
};

const invalid = (field: string, message: string) =>
  new ValidationError(message, { [field]: message });

/** What the lists' commands work with: made once by `personListDeps`. */
export interface PersonListDeps {
  readonly eventStore: EventStore;
  readonly readStore?: ReadStore;
  readonly storage?: DocumentStorage;
  /** The dossiers' rules a list's rows are checked against (the métier's level, the minimum age). */
  readonly candidatures: ReturnType<typeof candidatureCommands>;
}

export const personListDeps = (
  eventStore: EventStore,
  timeZone: string,
  readStore?: ReadStore,
  storage?: DocumentStorage,
): PersonListDeps => ({
  eventStore,
  readStore,
  storage,
  candidatures: candidatureCommands(eventStore, timeZone, readStore),
});

/** Whether the session already holds this person (its reservation, exact). */
const registered = async (
  eventStore: EventStore,
  sessionId: string,
  key: string,
): Promise<boolean> => {
  const events = await eventStore.readStream(
    uniqueValueStream(CANDIDATURE_CATEGORY, 'personne', `${sessionId}+${key}`),
  );
  return fold(reservationDecider, events as never).status === 'reserved';
};

/** The active items of a reference list by code and by libellé, compared without accents. */
const itemsByLabel = async (
  { eventStore, readStore }: PersonListDeps,
  name: string,
): Promise<Map<string, string>> => {
  const found = new Map<string, string>();
  if (!readStore) return found;
  // An item created a moment ago (the niveau the list names) is read once the lists' read
  // model has reached every event stored so far.
  await waitForProjections(readStore, [LIST_PROJECTION], await eventStore.headPosition(), 5000);
  const { items } = await readStore
    .collection<ReadModelDocument & Record<string, unknown>>(listCollection(referenceList(name)!))
    .list({ filter: { actif: true }, limit: 1000 });
  for (const item of items)
    for (const label of [item.code, item.libelle])
      if (typeof label === 'string' && label !== '') found.set(comparableLabel(label), item.id);
  return found;
};

/** The rows as dossiers' values (niveau and langue by id), and the rows that cannot be. */
const rowsOf = async (
  deps: PersonListDeps,
  rows: readonly { readonly ligne: number; readonly values: PersonRow }[],
  problems: ListProblem[],
): Promise<AppliedRow[]> => {
  // Read only when a row names one (the columns are optional).
  const named = (column: 'niveau' | 'langue') =>
    rows.some(({ values }) => (values[column] ?? '').trim() !== '');
  const [niveaux, langues] = await Promise.all([
    named('niveau') ? itemsByLabel(deps, 'niveaux-scolarisation') : new Map<string, string>(),
    named('langue') ? itemsByLabel(deps, 'langues') : new Map<string, string>(),
  ]);
  const applied: AppliedRow[] = [];
  for (const { ligne, values } of rows) {
    const niveau = (values.niveau ?? '').trim();
    const langue = (values.langue ?? '').trim();
    const niveauId = niveau ? (niveaux.get(comparableLabel(niveau)) ?? undefined) : null;
    const langueId = langue ? (langues.get(comparableLabel(langue)) ?? undefined) : null;
    if (niveauId === undefined) {
      const message = `Niveau de scolarisation inconnu : « ${niveau} ».`;
      problems.push({ ligne, colonne: 'niveau', message, detail: message });
    } else if (langueId === undefined) {
      const message = `Langue inconnue : « ${langue} ».`;
      problems.push({ ligne, colonne: 'langue', message, detail: message });
    } else applied.push({ ligne, values: agentValues(values, { niveauId, langueId }) });
  }
  return applied;
};

/**
 * Every rule a list's rows must pass to become dossiers of `target`, the one check of both the
 * verification and the application: rules 1–8 and a person listed twice; with a session, the
 * persons it already holds; niveau and langue named as the lists know them; with a session, a
 * métier and a centre, the dossiers' rules (the session open, the métier opened in it, the level
 * the métier requires, the minimum age). One problem per row, its first, in the sheet's order.
 */
export const checkPersonList = async (
  deps: PersonListDeps,
  rows: readonly { readonly ligne: number; readonly values: PersonRow }[],
  target: Partial<PersonListTarget>,
  now: string,
): Promise<{ applied: AppliedRow[]; problems: ListProblem[] }> => {
  const checked = checkPersonRows(rows);
  const problems: (RowProblem | ListProblem)[] = [...checked.problems];
  const { sessionId, metierId, centreDepotId } = target;
  if (sessionId)
    for (const { ligne, key } of checked.valid)
      if (await registered(deps.eventStore, sessionId, key))
        problems.push({
          ligne,
          colonne: 'nom',
          message: ALREADY_IN_SESSION,
          detail: ALREADY_IN_SESSION,
        });
  const validLines = new Set(checked.valid.map((v) => v.ligne));
  const applied = await rowsOf(
    deps,
    rows.filter((row) => validLines.has(row.ligne)),
    problems as ListProblem[],
  );
  if (sessionId && metierId && centreDepotId) {
    const ruled = await deps.candidatures.checkList(
      { sessionId, metierId, centreDepotId },
      applied,
      now,
    );
    problems.push(...ruled.map((p) => ({ ...p, detail: p.message })));
  }
  // One problem per row, its first (the rules before the session's).
  const first = new Map<number, ListProblem>();
  for (const problem of problems) if (!first.has(problem.ligne)) first.set(problem.ligne, problem);
  return { applied, problems: [...first.values()].sort((a, b) => a.ligne - b.ligne) };
};

/**
 * Verifies a list (`POST /api/listes-candidats/verifier`) against what it will be applied to: the
 * application's own check (`checkPersonList`). `scope`: an enrôleur's centre, forced. Valid, the
 * file is kept under its SHA-256 for the application; otherwise `InvalidListError`.
 */
export const verifyPersonList = async (
  deps: PersonListDeps,
  bytes: Buffer,
  target: Partial<PersonListTarget>,
  scope: string | null,
  now: string,
): Promise<{ valide: true; lignes: number; verificationId: string; format: 'csv' | 'xlsx' }> => {
  const { format, rows } = await readPersonList(bytes);
  if (rows.length === 0) throw invalid('fichier', 'La liste ne compte aucune personne.');
  const centreDepotId = scope ?? target.centreDepotId;
  const { problems } = await checkPersonList(deps, rows, { ...target, centreDepotId }, now);
  if (problems.length > 0) throw new InvalidListError(problems);
  const verificationId = createHash('sha256').update(bytes).digest('hex');
  const file = verifiedListFile(verificationId);
  const { storage } = deps;
  if (storage && !storage.exists(file))
    await storage.write(file, async (out) => {
      await new Promise<void>((resolve, reject) =>
        out.end(bytes, () => resolve()).on('error', reject),
      );
    });
  return { valide: true, lignes: rows.length, verificationId, format };
};

/** Appends the chunks the rows' stream does not hold yet (all of them, or the rest after a crash). */
const appendChunks = async (
  eventStore: EventStore,
  listeId: string,
  rows: readonly AppliedRow[],
  context: CommandContext,
) => {
  const stream = personListRowsStream(listeId);
  const chunks = chunksOf(rows);
  const held = (await eventStore.readStream(stream)).length;
  const base = { ...context, commandId: `${listCommandId(listeId)}/lignes` };
  for (let from = held; from < chunks.length; from += PERSON_LIST_CHUNKS_PER_APPEND) {
    const group = chunks.slice(from, from + PERSON_LIST_CHUNKS_PER_APPEND);
    await eventStore.appendToStream(
      stream,
      toEnvelopes(
        group.map((lignes, i) => ({
          type: 'ListeCandidatsTranche',
          data: { listeId, tranche: from + i, lignes },
        })),
        base,
        from,
      ),
      { expectedRevision: from === 0 ? 'no_stream' : from - 1 },
    );
  }
  return chunks.length;
};

/**
 * Applies a verified list (`POST /api/listes-candidats`): the file read again from where the
 * verification kept it, checked again (rules, the session's persons, niveau and langue, the
 * métier's level and the minimum age), then accepted. Applied again to the same session, the
 * same list is answered (its missing chunks appended, if an earlier attempt stopped midway).
 * `scope`: an enrôleur's centre, forced.
 */
export const applyPersonList = async (
  deps: PersonListDeps,
  input: PersonListTarget & { readonly verificationId: string },
  scope: string | null,
  context: CommandContext,
): Promise<CommandAnswer & { lignes: number }> => {
  const { storage } = deps;
  const file = verifiedListFile(input.verificationId);
  if (!storage?.exists(file)) throw invalid('verificationId', PERSON_LIST_NOT_VERIFIED);
  const bytes = await readAll(storage.read(file));
  const { verificationId, ...requested } = input;
  return applyPersonListFile(
    deps,
    bytes,
    verificationId,
    { ...requested, centreDepotId: scope ?? requested.centreDepotId },
    context,
  );
};

/** Applies the list's bytes (already kept under `verificationId`) to `target`. */
export const applyPersonListFile = async (
  deps: PersonListDeps,
  bytes: Buffer,
  verificationId: string,
  target: PersonListTarget,
  context: CommandContext,
): Promise<CommandAnswer & { lignes: number }> => {
  const { eventStore } = deps;
  const listeId = personListId(target.sessionId, verificationId);
  const stream = streamName(PERSON_LIST_CATEGORY, listeId);
  const { format, rows } = await readPersonList(bytes);
  const accepted = async (event: RecordedEvent) => {
    const data = (event as RecordedEvent<PersonListAccepted>).data;
    if (data.metierId !== target.metierId || data.centreDepotId !== target.centreDepotId)
      throw new ConflictError(PERSON_LIST_OTHER_TARGET);
    // Nothing new is checked: the list was whole when accepted; its chunks are completed.
    const { valid } = checkPersonRows(rows);
    const byLine = new Set(valid.map((v) => v.ligne));
    const applied = await rowsOf(
      deps,
      rows.filter((row) => byLine.has(row.ligne)),
      [],
    );
    await appendChunks(eventStore, listeId, applied, context);
    return {
      id: listeId,
      revision: event.revision,
      position: event.position,
      lignes: data.lignes,
    };
  };
  const [existing] = await eventStore.readStream(stream, { maxCount: 1 });
  if (existing) return accepted(existing);

  if (rows.length === 0) throw invalid('fichier', 'La liste ne compte aucune personne.');
  const { applied, problems } = await checkPersonList(deps, rows, target, context.now);
  if (problems.length > 0) throw new InvalidListError(problems);
  const tranches = chunksOf(applied).length;
  let answer: { revision: number; position: string };
  try {
    const result = await eventStore.appendToStream(
      stream,
      toEnvelopes(
        [
          {
            type: 'ListeCandidatsAcceptee',
            data: {
              listeId,
              ...target,
              verificationId,
              format,
              lignes: applied.length,
              tranches,
            },
          },
        ],
        { ...context, commandId: listCommandId(listeId), causationId: context.commandId },
      ),
      { expectedRevision: 'no_stream' },
    );
    answer = { revision: result.nextRevision, position: result.position };
  } catch (error) {
    // Accepted at the same moment by another request: answered as that one.
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    const [winner] = await eventStore.readStream(stream, { maxCount: 1 });
    return accepted(winner!);
  }
  await appendChunks(eventStore, listeId, applied, context);
  return { id: listeId, ...answer, lignes: applied.length };
};

/**
 * Lists of agents: verified (the file kept under its SHA-256), then applied to a session, a métier
 * and a centre de dépôt: one `ListeCandidatsAcceptee` event in the list's stream
 * (`listes-candidats-<id>`, the id derived from the session and the file) and the rows, cleaned,
 * in chunks (`ListeCandidatsTranche`) in `lignes-listes-candidats-<id>`. The lists' reactor
 * (`personListsReactor`) creates the dossiers from the chunks.
 */
export const personListCommands = (
  eventStore: EventStore,
  timeZone: string,
  readStore?: ReadStore,
  storage?: DocumentStorage,
) => {
  const deps = personListDeps(eventStore, timeZone, readStore, storage);
  return {
    verify: (bytes: Buffer, target: Partial<PersonListTarget>, scope: string | null, now: string) =>
      verifyPersonList(deps, bytes, target, scope, now),
    apply: (
      input: PersonListTarget & { readonly verificationId: string },
      scope: string | null,
      context: CommandContext,
    ) => applyPersonList(deps, input, scope, context),
    applyFile: (
      bytes: Buffer,
      verificationId: string,
      target: PersonListTarget,
      context: CommandContext,
    ) => applyPersonListFile(deps, bytes, verificationId, target, context),
  };
};
