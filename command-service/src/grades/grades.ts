import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  GRADE_IMPORT_ALIASES,
  GRADE_IMPORT_COLUMNS,
  GRADE_IMPORT_MAX_ROWS,
  GRADE_IMPORT_OPTIONAL_COLUMNS,
  parseGradeAnonymity,
  parseGradeEntryRule,
  parseMotif,
  parsePresences,
  parseSheetKeys,
  requirementFor,
  routeById,
  ValidationError,
  type Access,
  type GradeImportColumn,
  type GradeWindow,
  type RouteId,
} from '@examens-pro/domain';
import {
  beforeBody,
  commandIdOf,
  etag,
  JSON_BODY_LIMIT,
  PERSON_LIST_MAX_BYTES,
  readTableFile,
  requireAccess,
  XLSX_TYPE,
  type CommandAnswer,
} from '@examens-pro/platform';
import { gradeCommands } from '@examens-pro/application';
import { commandContext } from '../context.js';
import type { RouteDeps } from '../routeDeps.js';

const GRID: RouteId = 'espace-examen/notes/liste-des-notes';
const SETTINGS: RouteId = 'espace-examen/notes/configuration';
const IMPORT: RouteId = 'espace-examen/notes/importation-des-notes';
const PRESENCES: RouteId = 'espace-examen/presences-des-candidats/editer-les-presences';
const SHEETS: RouteId = 'espace-examen/notes/telechargement-des-fiches-de-notes';

/** Who may, checked on arrival before the body is read; the body's own limit (JSON unless a file). */
const guard = (
  route: RouteId,
  access: Exclude<Access, 'read'>,
  bodyLimit: number = JSON_BODY_LIMIT,
) => ({
  onRequest: beforeBody(requireAccess(requirementFor(routeById(route), access))),
  bodyLimit,
});

/** A command's answer, the same way as every command route: its revision as ETag. */
const answered = (reply: FastifyReply, answer: CommandAnswer) => {
  reply.header('ETag', etag(answer.revision));
  return answer;
};

const context = (request: FastifyRequest) => commandContext(request, commandIdOf(request));

const body = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Which mark: `candidatureId`, or on an anonymous sheet `numeroAnonymat` (the copy's number). */
const copyRef = (input: Record<string, unknown>) => {
  const candidatureId = text(input.candidatureId);
  const numeroAnonymat = text(input.numeroAnonymat);
  if (!candidatureId && !numeroAnonymat)
    throw new ValidationError('Choisissez le candidat ou la copie.', {
      candidatureId: 'Choisissez le candidat ou la copie.',
    });
  return candidatureId ? { candidatureId } : { numeroAnonymat };
};

/** `{ …sheet, candidatureId | numeroAnonymat, note, motif }`: one mark, with its reason. */
const parseReasonedMark = (input: Record<string, unknown>) => ({
  ...parseSheetKeys(input),
  ...copyRef(input),
  note: input.note,
  motif: parseMotif(input.motif),
});

/**
 * Grade settings, per session (`/api/configurations-notes/:sessionId/…`): POST
 * `importation/ouvrir|fermer` under « Autoriser l’importation des notes », `modification/ouvrir|fermer`
 * under « Autoriser la modification des notes », PUT `double-saisie { doubleSaisie }` under either.
 */
export const gradeSettingsRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { eventStore, readStore },
) => {
  const grades = gradeCommands(eventStore, readStore);
  for (const fenetre of ['importation', 'modification'] as GradeWindow[])
    for (const [verb, open] of [
      ['ouvrir', true],
      ['fermer', false],
    ] as const)
      app.post<{ Params: { id: string } }>(
        `/:id/${fenetre}/${verb}`,
        guard(SETTINGS, { action: fenetre }),
        async (request, reply) =>
          answered(
            reply,
            await (open ? grades.openWindow : grades.closeWindow)(
              request.params.id,
              fenetre,
              context(request),
            ),
          ),
      );
  app.put<{ Params: { id: string } }>(
    '/:id/anonymat',
    guard(SETTINGS, { action: 'anonymat' }),
    async (request, reply) =>
      answered(
        reply,
        await grades.setAnonymity(
          request.params.id,
          parseGradeAnonymity(request.body).anonymat,
          context(request),
        ),
      ),
  );
  app.post<{ Params: { id: string } }>(
    '/:id/anonymat/lever',
    guard(SETTINGS, { action: 'lever-anonymat' }),
    async (request, reply) =>
      answered(reply, await grades.liftAnonymity(request.params.id, context(request))),
  );
  app.put<{ Params: { id: string } }>(
    '/:id/double-saisie',
    guard(SETTINGS, { action: 'double-saisie' }),
    async (request, reply) =>
      answered(
        reply,
        await grades.setDoubleEntry(
          request.params.id,
          parseGradeEntryRule(request.body).doubleSaisie,
          context(request),
        ),
      ),
  );
};

const IMPORT_TYPES = [
  'text/csv',
  'text/plain',
  'application/csv',
  'application/vnd.ms-excel',
  XLSX_TYPE,
  'application/octet-stream',
];

const acceptMarkFiles = (app: FastifyInstance) =>
  app.addContentTypeParser(
    IMPORT_TYPES,
    { parseAs: 'buffer', bodyLimit: PERSON_LIST_MAX_BYTES },
    (_request, payload, done) => done(null, payload),
  );

/**
 * Marks and presences (`/api/notes/…`):
 * - POST `saisies { sessionId, epreuveId, siteId, saisies: [{ candidatureId, note }] }`: marks typed
 *   in the grid, each one entry (import window open);
 * - POST `modification { …, candidatureId, note, motif }`: a retained mark changed (modification
 *   window open, « Modifier une note », a reason);
 * - POST `resolution { …, candidatureId, note, motif }`: a discrepancy resolved (« Modifier une
 *   note », a reason);
 * - POST `importation?sessionId=` (the CSV or XLSX file as the body, its name in `X-Nom-Fichier`):
 *   all or nothing; 400 `{ code: 'notes-invalides', lignes: [{ ligne, message }] }` lists every bad
 *   row; 201 `{ lignes, saisies, feuilles, position }`;
 * - POST `presences { …, presences: [{ candidatureId, presence }] }` (« Éditer les présences »).
 */
export const gradesRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { eventStore, readStore },
) => {
  const grades = gradeCommands(eventStore, readStore);
  acceptMarkFiles(app);

  app.post('/saisies', guard(GRID, { action: 'saisir' }), async (request, reply) => {
    const input = body(request);
    const keys = parseSheetKeys(input);
    const saisies = Array.isArray(input.saisies) ? input.saisies : [];
    if (saisies.length === 0) throw new ValidationError('Saisissez au moins une note.');
    const marks = saisies.map((s) => {
      const item = (s ?? {}) as Record<string, unknown>;
      return { ...copyRef(item), note: item.note };
    });
    return answered(reply, await grades.enterMarks({ ...keys, saisies: marks }, context(request)));
  });

  app.post('/modification', guard(GRID, { action: 'modifier' }), async (request, reply) =>
    answered(reply, await grades.modifyMark(parseReasonedMark(body(request)), context(request))),
  );

  app.post('/resolution', guard(GRID, { action: 'resoudre' }), async (request, reply) =>
    answered(
      reply,
      await grades.resolveDiscrepancy(parseReasonedMark(body(request)), context(request)),
    ),
  );

  // An anonymous sheet's copies numbered, before its grade sheets are printed or marked.
  app.post(
    '/anonymat',
    {
      bodyLimit: JSON_BODY_LIMIT,
      onRequest: beforeBody(
        requireAccess([
          ...new Set([
            ...requirementFor(routeById(GRID), { action: 'saisir' }),
            ...requirementFor(routeById(SHEETS), 'read'),
          ]),
        ]),
      ),
    },
    async (request, reply) =>
      answered(reply, await grades.numberSheet(parseSheetKeys(request.body), context(request))),
  );

  app.post('/presences', guard(PRESENCES, 'write'), async (request, reply) =>
    answered(reply, await grades.recordPresences(parsePresences(request.body), context(request))),
  );

  app.post<{ Querystring: { sessionId?: string } }>(
    '/importation',
    guard(IMPORT, 'write', PERSON_LIST_MAX_BYTES),
    async (request, reply) => {
      const sessionId = request.query.sessionId?.trim();
      if (!sessionId)
        throw new ValidationError('Choisissez la session.', {
          sessionId: 'Choisissez la session.',
        });
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes))
        throw new ValidationError('Envoyez le fichier des notes (CSV ou XLSX).', {
          fichier: 'Envoyez le fichier des notes (CSV ou XLSX).',
        });
      const { rows } = await readTableFile<GradeImportColumn>(
        {
          columns: GRADE_IMPORT_COLUMNS,
          optional: GRADE_IMPORT_OPTIONAL_COLUMNS,
          aliases: GRADE_IMPORT_ALIASES,
          maxRows: GRADE_IMPORT_MAX_ROWS,
        },
        bytes,
      );
      if (rows.length === 0)
        throw new ValidationError('Le fichier ne compte aucune note.', {
          fichier: 'Le fichier ne compte aucune note.',
        });
      if (rows.every((r) => !('numero_candidat' in r.values) && !('numero_anonymat' in r.values)))
        throw new ValidationError(
          'Colonne manquante : numero_candidat (ou numero_anonymat pour des copies anonymes).',
          {
            fichier:
              'Colonne manquante : numero_candidat (ou numero_anonymat pour des copies anonymes).',
          },
        );
      const name = request.headers['x-nom-fichier'];
      let fichier = 'notes';
      try {
        if (typeof name === 'string' && name.trim() !== '')
          fichier = decodeURIComponent(name).slice(0, 200);
      } catch {
        // A name that is not URI-encoded: the import keeps its default name.
      }
      const outcome = await grades.importMarks(sessionId, rows, fichier, context(request));
      if (outcome.problems !== null) {
        reply.status(400);
        return {
          message: `${outcome.problems.length === 1 ? 'Une ligne est refusée' : `${new Intl.NumberFormat('fr-FR').format(outcome.problems.length)} lignes sont refusées`} : aucune note n’a été importée. ${outcome.problems[0]!.message}`,
          code: 'notes-invalides',
          lignes: outcome.problems,
        };
      }
      reply.status(201);
      const { problems: _none, ...done } = outcome;
      return done;
    },
  );
};
