import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import {
  ALREADY_IN_SESSION,
  CANDIDATURE_CATEGORY,
  checkPersonRows,
  fold,
  reservationDecider,
  uniqueValueStream,
  ValidationError,
  parsePersonListApplication,
  type RowProblem,
} from '@examens-pro/domain';
import { officeTimeZone, PERSON_LIST_MAX_BYTES, XLSX_TYPE } from '@examens-pro/platform';
import {
  InvalidListError,
  personListCommands,
  verifiedListFile,
  readPersonList,
} from '@examens-pro/application';
import { answerWith, commandRoute } from '../commandRoute.js';
import type { RouteDeps } from '../routeDeps.js';

const LIST_TYPES = [
  'text/csv',
  'text/plain',
  'application/csv',
  'application/vnd.ms-excel',
  XLSX_TYPE,
  'application/octet-stream',
];

/**
 * POST /api/listes-candidats/verifier (the file as the raw body, CSV or XLSX; `?sessionId=` to also
 * check the persons already registered in that session) → 200 `{ valide, lignes, verificationId }`
 * or 400 `{ message, code: 'liste-invalide', lignes: [{ ligne, colonne, message }] }`: the headline
 * is the seed's message of the first offending row, verbatim; every offending row is listed with its
 * first failure. A file that cannot be read as a list answers a French 400; over 10 MB, 413.
 * Nothing is written but the file itself, kept under its SHA-256 for the application.
 */
export const personListsRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { eventStore, readStore, storage },
) => {
  // Who may, on the request's arrival: a list nobody may send is never read.
  const guard = { resource: 'candidatures', access: { action: 'creer' } } as const;
  app.addContentTypeParser(
    LIST_TYPES,
    { parseAs: 'buffer', bodyLimit: PERSON_LIST_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  /** Whether the session already holds this person (its reservation, exact). */
  const registered = async (sessionId: string, key: string): Promise<boolean> => {
    const events = await eventStore.readStream(
      uniqueValueStream(CANDIDATURE_CATEGORY, 'personne', `${sessionId}+${key}`),
    );
    return fold(reservationDecider, events as never).status === 'reserved';
  };

  commandRoute(app, {
    method: 'POST',
    url: '/verifier',
    ...guard,
    // A check, not a creation: 200, or 400 with every offending row.
    status: 200,
    bodyLimit: PERSON_LIST_MAX_BYTES,
    run: async ({ request }) => {
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes))
        throw new ValidationError('Envoyez le fichier de la liste (CSV ou XLSX).', {
          fichier: 'Envoyez le fichier de la liste (CSV ou XLSX).',
        });
      const { format, rows } = await readPersonList(bytes);
      if (rows.length === 0)
        throw new ValidationError('La liste ne compte aucune personne.', {
          fichier: 'La liste ne compte aucune personne.',
        });
      const { problems, valid } = checkPersonRows(rows);
      const sessionId = (request.query as { sessionId?: string }).sessionId?.trim();
      if (sessionId)
        for (const { ligne, key } of valid)
          if (await registered(sessionId, key))
            problems.push({
              ligne,
              colonne: 'nom',
              message: ALREADY_IN_SESSION,
              detail: ALREADY_IN_SESSION,
            } satisfies RowProblem);
      problems.sort((a, b) => a.ligne - b.ligne);
      if (problems.length > 0)
        return answerWith(400, {
          message: problems[0]!.message,
          code: 'liste-invalide',
          lignes: problems.map(({ ligne, colonne, detail }) => ({
            ligne,
            colonne,
            message: detail,
          })),
        });
      const verificationId = createHash('sha256').update(bytes).digest('hex');
      const file = verifiedListFile(verificationId);
      if (storage && !storage.exists(file))
        await storage.write(file, async (out) => {
          await new Promise<void>((resolve, reject) =>
            out.end(bytes, () => resolve()).on('error', reject),
          );
        });
      return { valide: true, lignes: rows.length, verificationId, format };
    },
  });
  const lists = personListCommands(eventStore, officeTimeZone(), readStore, storage);

  /**
   * POST /api/listes-candidats `{ verificationId, sessionId, metierId, centreDepotId }` → 201
   * `{ id, revision, position, lignes }`: the verified list applied to the session (an enrôleur's
   * centre forced), checked again; 400 « Vérifiez d’abord la liste. » for a file never verified,
   * 400 `liste-invalide` as the verification answers. The same file applied again to the same
   * session answers the same list and creates nothing more. The dossiers are created by the lists'
   * reactor; `GET /api/listes-candidats/:id` follows them.
   */
  commandRoute(app, {
    method: 'POST',
    url: '/',
    ...guard,
    input: parsePersonListApplication,
    run: async ({ input, context, request }) => {
      try {
        return await lists.apply(input, request.principal?.user.centreDepotId ?? null, context);
      } catch (error) {
        if (!(error instanceof InvalidListError)) throw error;
        return answerWith(400, error.body());
      }
    },
  });
};
