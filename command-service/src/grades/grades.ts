import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
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
  type CommandContext,
  type GradeImportColumn,
  type GradeWindow,
  type RouteId,
} from '@examens-pro/domain';
import { PERSON_LIST_MAX_BYTES, readTableFile, XLSX_TYPE } from '@examens-pro/platform';
import { gradeCommands } from '@examens-pro/application';
import { answerWith, commandRoute } from '../commandRoute.js';
import type { RouteDeps } from '../routeDeps.js';

const GRID: RouteId = 'espace-examen/notes/liste-des-notes';
const SETTINGS: RouteId = 'espace-examen/notes/configuration';
const IMPORT: RouteId = 'espace-examen/notes/importation-des-notes';
const PRESENCES: RouteId = 'espace-examen/presences-des-candidats/editer-les-presences';
const SHEETS: RouteId = 'espace-examen/notes/telechargement-des-fiches-de-notes';

const fields = (body: unknown) => (body ?? {}) as Record<string, unknown>;

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
  // A session's settings are read afresh and decided on: no If-Match, though the URL names it.
  const setting = { method: 'POST', route: SETTINGS, ifMatch: false } as const;
  for (const fenetre of ['importation', 'modification'] as GradeWindow[])
    for (const [verb, open] of [
      ['ouvrir', true],
      ['fermer', false],
    ] as const)
      commandRoute(app, {
        ...setting,
        url: `/:id/${fenetre}/${verb}`,
        access: { action: fenetre },
        run: ({ id, context }) =>
          (open ? grades.openWindow : grades.closeWindow)(id, fenetre, context),
      });
  commandRoute(app, {
    ...setting,
    method: 'PUT',
    url: '/:id/anonymat',
    access: { action: 'anonymat' },
    input: (body) => parseGradeAnonymity(body).anonymat,
    run: ({ id, input, context }) => grades.setAnonymity(id, input, context),
  });
  commandRoute(app, {
    ...setting,
    url: '/:id/anonymat/lever',
    access: { action: 'lever-anonymat' },
    run: ({ id, context }) => grades.liftAnonymity(id, context),
  });
  commandRoute(app, {
    ...setting,
    method: 'PUT',
    url: '/:id/double-saisie',
    access: { action: 'double-saisie' },
    input: (body) => parseGradeEntryRule(body).doubleSaisie,
    run: ({ id, input, context }) => grades.setDoubleEntry(id, input, context),
  });
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
 * The file of marks (the raw body) of `?sessionId=`, imported all or nothing: 201 with what was
 * entered, or 400 listing every refused row.
 */
const importMarks = async (
  grades: ReturnType<typeof gradeCommands>,
  request: FastifyRequest,
  context: CommandContext,
) => {
  const sessionId = (request.query as { sessionId?: string }).sessionId?.trim();
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
  const outcome = await grades.importMarks(sessionId, rows, fichier, context);
  if (outcome.problems !== null)
    return answerWith(400, {
      message: `${outcome.problems.length === 1 ? 'Une ligne est refusée' : `${new Intl.NumberFormat('fr-FR').format(outcome.problems.length)} lignes sont refusées`} : aucune note n’a été importée. ${outcome.problems[0]!.message}`,
      code: 'notes-invalides',
      lignes: outcome.problems,
    });
  const { problems: _none, ...done } = outcome;
  return done;
};

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

  // Marks entered on sheets that exist already: 200, not a creation.
  const marks = { method: 'POST', status: 200 } as const;
  commandRoute(app, {
    ...marks,
    url: '/saisies',
    route: GRID,
    access: { action: 'saisir' },
    input: (body) => {
      const input = fields(body);
      const keys = parseSheetKeys(input);
      const saisies = Array.isArray(input.saisies) ? input.saisies : [];
      if (saisies.length === 0) throw new ValidationError('Saisissez au moins une note.');
      return {
        ...keys,
        saisies: saisies.map((s) => {
          const item = (s ?? {}) as Record<string, unknown>;
          return { ...copyRef(item), note: item.note };
        }),
      };
    },
    run: ({ input, context }) => grades.enterMarks(input, context),
  });

  commandRoute(app, {
    ...marks,
    url: '/modification',
    route: GRID,
    access: { action: 'modifier' },
    input: (body) => parseReasonedMark(fields(body)),
    run: ({ input, context }) => grades.modifyMark(input, context),
  });

  commandRoute(app, {
    ...marks,
    url: '/resolution',
    route: GRID,
    access: { action: 'resoudre' },
    input: (body) => parseReasonedMark(fields(body)),
    run: ({ input, context }) => grades.resolveDiscrepancy(input, context),
  });

  // An anonymous sheet's copies numbered, before its grade sheets are printed or marked.
  commandRoute(app, {
    ...marks,
    url: '/anonymat',
    anyOf: [
      ...new Set([
        ...requirementFor(routeById(GRID), { action: 'saisir' }),
        ...requirementFor(routeById(SHEETS), 'read'),
      ]),
    ],
    input: parseSheetKeys,
    run: ({ input, context }) => grades.numberSheet(input, context),
  });

  commandRoute(app, {
    ...marks,
    url: '/presences',
    route: PRESENCES,
    access: 'write',
    input: parsePresences,
    run: ({ input, context }) => grades.recordPresences(input, context),
  });

  commandRoute(app, {
    method: 'POST',
    url: '/importation',
    route: IMPORT,
    access: 'write',
    bodyLimit: PERSON_LIST_MAX_BYTES,
    run: ({ context, request }) => importMarks(grades, request, context),
  });
};
