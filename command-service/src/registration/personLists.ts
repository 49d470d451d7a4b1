import type { FastifyPluginAsync } from 'fastify';
import { ValidationError, parsePersonListApplication } from '@examens-pro/domain';
import { officeTimeZone, PERSON_LIST_MAX_BYTES, XLSX_TYPE } from '@examens-pro/platform';
import { InvalidListError, personListCommands } from '@examens-pro/application';
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
 * check the persons already registered in that session, with `&metierId=&centreDepotId=` every rule
 * the application runs: the same check, `checkPersonList`) → 200 `{ valide, lignes, verificationId }`
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

  const lists = personListCommands(eventStore, officeTimeZone(), readStore, storage);

  commandRoute(app, {
    method: 'POST',
    url: '/verifier',
    ...guard,
    // A check, not a creation: 200, or 400 with every offending row.
    status: 200,
    bodyLimit: PERSON_LIST_MAX_BYTES,
    run: async ({ request, context }) => {
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes))
        throw new ValidationError('Envoyez le fichier de la liste (CSV ou XLSX).', {
          fichier: 'Envoyez le fichier de la liste (CSV ou XLSX).',
        });
      const query = request.query as Record<string, string | undefined>;
      const text = (name: string) => query[name]?.trim() || undefined;
      try {
        return await lists.verify(
          bytes,
          {
            sessionId: text('sessionId'),
            metierId: text('metierId'),
            centreDepotId: text('centreDepotId'),
          },
          request.principal?.user.centreDepotId ?? null,
          context.now,
        );
      } catch (error) {
        if (!(error instanceof InvalidListError)) throw error;
        return answerWith(400, error.body());
      }
    },
  });

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
