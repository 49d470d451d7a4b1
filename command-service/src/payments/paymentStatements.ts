import type { FastifyPluginAsync } from 'fastify';
import {
  cleanFileName,
  STATEMENT_CHANNELS,
  ValidationError,
  type StatementChannel,
} from '@examens-pro/domain';
import { officeTimeZone, PERSON_LIST_MAX_BYTES, XLSX_TYPE } from '@examens-pro/platform';
import { InvalidStatementError, paymentStatementCommands } from '@examens-pro/application';
import { answerWith, commandRoute } from '../commandRoute.js';
import type { RouteDeps } from '../routeDeps.js';

const STATEMENT_TYPES = [
  'text/csv',
  'text/plain',
  'application/csv',
  'application/vnd.ms-excel',
  XLSX_TYPE,
  'application/octet-stream',
];

const invalid = (field: string, message: string) =>
  new ValidationError(message, { [field]: message });

/** `{ ligne, candidatureId }`: a doubtful line's dossier, or `null` to ignore the line. */
const parseDecision = (body: unknown): { ligne: number; candidatureId: string | null } => {
  const { ligne, candidatureId } = (body ?? {}) as Record<string, unknown>;
  if (typeof ligne !== 'number' || !Number.isInteger(ligne) || ligne < 1)
    throw invalid('ligne', 'Indiquez la ligne du relevé.');
  if (candidatureId !== null && (typeof candidatureId !== 'string' || candidatureId === ''))
    throw invalid('candidatureId', 'Choisissez le dossier, ou ignorez la ligne.');
  return { ligne, candidatureId };
};

/** A refused statement answers every offending line (400 `releve-invalide`). */
const orRefusedLines = async <T extends object>(work: () => Promise<T>) => {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof InvalidStatementError)) throw error;
    return answerWith(400, error.body());
  }
};

/**
 * « Paiements depuis un relevé », under the payment-recording permission (an enrôleur: its
 * centre's dossiers only, its own statements only):
 * - POST /api/releves-paiement?sessionId=&canal=virement|mobile-money&fichier= (the CSV or XLSX as
 *   the raw body) → 201 `{ id, revision, position, lignes, certaines, douteuses, introuvables,
 *   aDecider, refusees }`, the preview kept (`GET /api/releves-paiement/:id`); 400 `releve-invalide`
 *   listing the lines that are not payments; a file that cannot be read, a French 400;
 * - POST /api/releves-paiement/:id/decisions `{ ligne, candidatureId | null }`: a doubtful line;
 * - POST /api/releves-paiement/:id/appliquer: all or nothing, 400 `releve-invalide` naming every
 *   refused line (a reference already recorded, a doubtful line undecided, a fee already paid).
 */
export const paymentStatementsRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { eventStore, readStore },
) => {
  const statements = paymentStatementCommands(eventStore, officeTimeZone(), readStore);
  const guard = { resource: 'releves-paiement', access: 'write' } as const;
  app.addContentTypeParser(
    STATEMENT_TYPES,
    { parseAs: 'buffer', bodyLimit: PERSON_LIST_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  const scopeOf = (request: { principal?: { user: { centreDepotId?: string | null } } }) =>
    request.principal?.user.centreDepotId ?? null;

  commandRoute(app, {
    method: 'POST',
    url: '/',
    ...guard,
    bodyLimit: PERSON_LIST_MAX_BYTES,
    run: async ({ id, request, context }) => {
      const query = request.query as Record<string, string | undefined>;
      const sessionId = query.sessionId?.trim();
      if (!sessionId) throw invalid('sessionId', 'Choisissez la session.');
      const canal = query.canal as StatementChannel;
      if (!STATEMENT_CHANNELS.includes(canal))
        throw invalid('canal', 'Choisissez la provenance du relevé : banque ou mobile money.');
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes))
        throw invalid('fichier', 'Envoyez le fichier du relevé (CSV ou XLSX).');
      return orRefusedLines(() =>
        statements.import(
          id,
          { sessionId, canal, fichier: cleanFileName(query.fichier, 'releve'), bytes },
          scopeOf(request),
          context,
        ),
      );
    },
  });
  commandRoute(app, {
    method: 'POST',
    url: '/:id/decisions',
    ...guard,
    ifMatch: false,
    input: parseDecision,
    run: ({ id, input, request, context }) =>
      statements.decide(id, input, scopeOf(request), context),
  });
  commandRoute(app, {
    method: 'POST',
    url: '/:id/appliquer',
    ...guard,
    ifMatch: false,
    run: ({ id, request, context }) =>
      orRefusedLines(() => statements.apply(id, scopeOf(request), context)),
  });
};
