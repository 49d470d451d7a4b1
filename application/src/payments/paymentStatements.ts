/**
 * Payments from a statement (« Paiements depuis un relevé »): imported (previewed and kept on the
 * statement's stream with its actor), its doubtful lines decided, then applied all or nothing as
 * the dossiers' payments, as `POST /api/candidatures/:id/paiements` records one (`RecordPayment`,
 * the reference reserved office-wide), with the statement's channel.
 */
import {
  amountPaid,
  candidaturesCollection,
  decideStatementLine,
  foldPaymentStatement,
  matchStatement,
  NotFoundError,
  parseStatementRow,
  PAYMENT_STATEMENT_CATEGORY,
  PAYMENT_STATEMENT_NOT_FOUND,
  STATEMENT_ALIASES,
  STATEMENT_COLUMNS,
  STATEMENT_MAX_ROWS,
  STATEMENT_OPTIONAL_COLUMNS,
  statementCounts,
  statementToApply,
  streamName,
  ValidationError,
  type CandidatureDocument,
  type CommandContext,
  type ParsedStatementRow,
  type PaymentStatementEvent,
  type StatementChannel,
  type StatementColumn,
  type StatementDossier,
  type StatementLine,
  type StatementRowProblem,
} from '@examens-pro/domain';
import {
  readTableFile,
  releaseUniqueValue,
  reserveUniqueValue,
  toEnvelopes,
  uniqueValueHolder,
  type CommandAnswer,
  type EventStore,
  type ReadStore,
  type UniqueValue,
} from '@examens-pro/platform';
import {
  candidatureDeps,
  owner,
  readCandidature,
  run,
  sessionFee,
  type CandidatureDeps,
} from '../registration/candidatureDeps.js';

const PAYABLE = ['brouillon', 'soumis', 'valide', 'affecte'];

/** 400 `releve-invalide`: the first problem as headline, every offending line listed. */
export class InvalidStatementError extends ValidationError {
  constructor(readonly problems: readonly StatementRowProblem[]) {
    super(problems[0]!.message);
  }
  body() {
    return { message: this.message, code: 'releve-invalide', lignes: this.problems };
  }
}

const refused = (message: string) => new ValidationError(message, { fichier: message });

const paymentReference = (value: string): UniqueValue => ({
  resource: 'paiements',
  field: 'reference',
  value,
});

/** The references among `references` already recorded office-wide (their reservations, exact). */
const recordedReferences = async (
  eventStore: EventStore,
  references: readonly string[],
): Promise<Set<string>> => {
  const found = new Set<string>();
  const unique = [...new Set(references)];
  for (let from = 0; from < unique.length; from += 64)
    await Promise.all(
      unique.slice(from, from + 64).map(async (value) => {
        if (await uniqueValueHolder(eventStore, paymentReference(value))) found.add(value);
      }),
    );
  return found;
};

/** The session's dossiers as the matching reads them (an enrôleur's centre only). */
const sessionDossiers = async (
  readStore: ReadStore,
  sessionId: string,
  scope: string | null,
): Promise<StatementDossier[]> => {
  const dossiers: StatementDossier[] = [];
  for await (const d of readStore
    .collection<CandidatureDocument>(candidaturesCollection)
    .stream({ filter: { sessionId, ...(scope ? { centreDepotId: scope } : {}) } }))
    dossiers.push({
      candidatureId: d.id,
      numeroDossier: d.numeroDossier,
      libelle: d.libelle,
      telephone: typeof d.telephone === 'string' ? d.telephone : '',
      resteAPayer: PAYABLE.includes(d.statut) ? d.resteAPayer : null,
    });
  return dossiers;
};

export interface StatementUpload {
  readonly sessionId: string;
  readonly canal: StatementChannel;
  readonly fichier: string;
  readonly bytes: Buffer;
}

/**
 * Reads the statement (CSV or XLSX), matches each line and keeps the preview on the statement's
 * stream (`ReleveImporte`). A file that cannot be read, or a line that is not a payment (date,
 * amount, reference, neither dossier number nor phone), is a French 400 and nothing is written.
 */
export const importPaymentStatement = async (
  { eventStore, readStore }: { eventStore: EventStore; readStore: ReadStore },
  id: string,
  upload: StatementUpload,
  scope: string | null,
  context: CommandContext,
): Promise<CommandAnswer & ReturnType<typeof statementCounts> & { lignes: number }> => {
  const { format, rows } = await readTableFile<StatementColumn>(
    {
      columns: STATEMENT_COLUMNS,
      optional: STATEMENT_OPTIONAL_COLUMNS,
      aliases: STATEMENT_ALIASES,
      maxRows: STATEMENT_MAX_ROWS,
    },
    upload.bytes,
  );
  if (rows.length === 0) throw refused('Le relevé ne compte aucune ligne.');
  const parsed: ParsedStatementRow[] = [];
  const problems: StatementRowProblem[] = [];
  for (const row of rows) {
    const line = parseStatementRow(row);
    if ('message' in line)
      problems.push({ ...line, message: `Ligne ${row.ligne} : ${line.message}` });
    else parsed.push(line);
  }
  if (problems.length > 0) throw new InvalidStatementError(problems);
  const [dossiers, recorded] = await Promise.all([
    sessionDossiers(readStore, upload.sessionId, scope),
    recordedReferences(
      eventStore,
      parsed.map((p) => p.reference),
    ),
  ]);
  return recordPaymentStatement(
    eventStore,
    id,
    { ...upload, format, lignes: matchStatement(parsed, dossiers, recorded) },
    scope,
    context,
  );
};

/** Keeps a statement's preview, its lines matched, on its stream (`ReleveImporte`). */
export const recordPaymentStatement = async (
  eventStore: EventStore,
  id: string,
  statement: Omit<StatementUpload, 'bytes'> & {
    readonly format: 'csv' | 'xlsx';
    readonly lignes: StatementLine[];
  },
  scope: string | null,
  context: CommandContext,
): Promise<CommandAnswer & ReturnType<typeof statementCounts> & { lignes: number }> => {
  const { sessionId, canal, fichier, format, lignes } = statement;
  const result = await eventStore.appendToStream(
    streamName(PAYMENT_STATEMENT_CATEGORY, id),
    toEnvelopes(
      [
        {
          type: 'ReleveImporte',
          data: { releveId: id, sessionId, centreDepotId: scope, canal, fichier, format, lignes },
        },
      ],
      context,
    ),
    { expectedRevision: 'no_stream' },
  );
  return {
    id,
    revision: result.nextRevision,
    position: result.position,
    lignes: lignes.length,
    ...statementCounts(lignes),
  };
};

/** The statement as its stream says, for whoever may see it (another centre's: 404). */
const readStatement = async (eventStore: EventStore, id: string, scope: string | null) => {
  const events = await eventStore.readStream(streamName(PAYMENT_STATEMENT_CATEGORY, id));
  const state = foldPaymentStatement(events as unknown as PaymentStatementEvent[]);
  if (state.status === 'absent' || (scope && state.centreDepotId !== scope))
    throw new NotFoundError(PAYMENT_STATEMENT_NOT_FOUND);
  return { state, revision: events[events.length - 1]!.revision };
};

/** A doubtful line decided: one of its possible dossiers, or `null` (ignored). */
export const decidePaymentStatementLine = async (
  eventStore: EventStore,
  id: string,
  input: { ligne: number; candidatureId: string | null },
  scope: string | null,
  context: CommandContext,
): Promise<CommandAnswer> => {
  const { state, revision } = await readStatement(eventStore, id, scope);
  const events = decideStatementLine(state, input.ligne, input.candidatureId);
  const result = await eventStore.appendToStream(
    streamName(PAYMENT_STATEMENT_CATEGORY, id),
    toEnvelopes(events, context, revision + 1),
    { expectedRevision: revision },
  );
  return { id, revision: result.nextRevision, position: result.position };
};

/** The payment a statement's line becomes on its dossier (the same for every attempt). */
const linePaymentId = (releveId: string, ligne: number) => `${releveId}/ligne/${ligne}`;

/**
 * Every accepted line checked against its dossier as it stands: the problems, none written. A line
 * an interrupted earlier application already recorded (its payment on the dossier) is not one.
 */
const checkAgainstDossiers = async (
  deps: CandidatureDeps,
  releveId: string,
  lines: ReturnType<typeof statementToApply>['lines'],
  scope: string | null,
  problems: StatementRowProblem[],
) => {
  const dossiers = new Map<string, { owed: number; paid: Set<string> } | null>();
  const seen = new Set<string>();
  const recorded = await recordedReferences(
    deps.eventStore,
    lines.map((l) => l.reference),
  );
  for (const line of lines) {
    const say = (colonne: string, message: string) =>
      problems.push({ ligne: line.ligne, colonne, message: `Ligne ${line.ligne} : ${message}` });
    const id = line.candidatureId!;
    if (!dossiers.has(id)) {
      try {
        const current = await readCandidature(deps, id, scope);
        const fee = await sessionFee(deps, current.sessionId);
        dossiers.set(id, {
          owed:
            PAYABLE.includes(current.statut) && fee
              ? fee.montant - amountPaid(current.paiements)
              : 0,
          paid: new Set(current.paiements.map((p) => p.paiementId)),
        });
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        dossiers.set(id, null);
      }
    }
    const dossier = dossiers.get(id);
    if (!dossier) {
      say('numero_dossier', 'le dossier est introuvable.');
      continue;
    }
    if (dossier.paid.has(linePaymentId(releveId, line.ligne))) continue;
    if (recorded.has(line.reference) || seen.has(line.reference)) {
      say('reference', `la référence ${line.reference} est déjà enregistrée.`);
      continue;
    }
    seen.add(line.reference);
    if (line.montant > dossier.owed)
      say(
        'montant',
        dossier.owed > 0
          ? `le montant dépasse le reste à payer du dossier ${line.dossier?.numeroDossier ?? ''}.`
          : `les frais du dossier ${line.dossier?.numeroDossier ?? ''} sont déjà réglés.`,
      );
    else dossier.owed -= line.montant;
  }
};

/**
 * Applies the statement, all or nothing: every doubtful line decided, every accepted line's
 * reference new (office-wide, and once in the statement), each dossier owing what its lines pay;
 * otherwise a 400 naming every refused line and nothing written. Then the references are reserved
 * (any taken meanwhile: all given back, 400), each line recorded as its dossier's payment (its
 * command id derived from the line's: a retry records nothing twice) and `ReleveApplique` appended.
 */
export const applyPaymentStatement = async (
  deps: CandidatureDeps,
  id: string,
  scope: string | null,
  context: CommandContext,
): Promise<CommandAnswer & { paiements: number }> => {
  const { eventStore } = deps;
  const { state, revision } = await readStatement(eventStore, id, scope);
  const { lines, problems } = statementToApply(state);
  if (problems.length === 0) await checkAgainstDossiers(deps, id, lines, scope, problems);
  if (problems.length > 0) throw new InvalidStatementError(problems);
  if (lines.length === 0) throw refused('Aucune ligne de ce relevé n’est à appliquer.');
  const reserved: typeof lines = [];
  try {
    for (const line of lines) {
      await reserveUniqueValue(
        eventStore,
        paymentReference(line.reference),
        owner(line.candidatureId!),
        context,
      );
      reserved.push(line);
    }
  } catch (error) {
    for (const line of reserved)
      await releaseUniqueValue(
        eventStore,
        paymentReference(line.reference),
        owner(line.candidatureId!),
        context,
      );
    throw error;
  }
  const paiements: { ligne: number; candidatureId: string; paiementId: string; montant: number }[] =
    [];
  for (const line of lines) {
    const candidatureId = line.candidatureId!;
    const current = await readCandidature(deps, candidatureId, scope);
    const paiementId = linePaymentId(id, line.ligne);
    await run(
      deps,
      candidatureId,
      {
        type: 'RecordPayment',
        data: {
          candidatureId,
          paiementId,
          montant: line.montant,
          date: line.date,
          reference: line.reference,
          canal: state.canal,
          frais: await sessionFee(deps, current.sessionId),
        },
      },
      scope,
      { ...context, commandId: `${context.commandId}/ligne/${line.ligne}` },
    );
    paiements.push({ ligne: line.ligne, candidatureId, paiementId, montant: line.montant });
  }
  const result = await eventStore.appendToStream(
    streamName(PAYMENT_STATEMENT_CATEGORY, id),
    toEnvelopes(
      [{ type: 'ReleveApplique', data: { releveId: id, paiements } }],
      context,
      revision + 1,
    ),
    { expectedRevision: revision },
  );
  return {
    id,
    revision: result.nextRevision,
    position: result.position,
    paiements: paiements.length,
  };
};

/** The statements' commands, made once per service. */
export const paymentStatementCommands = (
  eventStore: EventStore,
  timeZone: string,
  readStore: ReadStore,
) => {
  const deps = candidatureDeps(eventStore, timeZone, readStore);
  return {
    import: (id: string, upload: StatementUpload, scope: string | null, context: CommandContext) =>
      importPaymentStatement({ eventStore, readStore }, id, upload, scope, context),
    decide: (
      id: string,
      input: { ligne: number; candidatureId: string | null },
      scope: string | null,
      context: CommandContext,
    ) => decidePaymentStatementLine(eventStore, id, input, scope, context),
    apply: (id: string, scope: string | null, context: CommandContext) =>
      applyPaymentStatement(deps, id, scope, context),
  };
};
