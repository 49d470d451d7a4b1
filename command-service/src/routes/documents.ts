import type { FastifyPluginAsync } from 'fastify';
import {
  CANDIDATURE_CATEGORY,
  CANDIDATURE_NOT_FOUND,
  candidatureDecider,
  type CandidatureEvent,
  DOCUMENT_CATEGORY,
  fold,
  listItemDecider,
  referenceList,
  sessionDecider,
  ValidationError,
  type ListItemEvent,
  type SessionEvent,
  documentDecider,
  documentRequestSchema,
  documentRequirement,
  parseInput,
  streamName,
} from '@examens-pro/domain';
import {
  checkAccess,
  commandIdOf,
  handleCommand,
  newItemId,
  type EventStore,
} from '@examens-pro/platform';
import { commandContext } from '../context.js';
import type { RouteDeps } from './deps.js';

/**
 * A document's target named as staff read it (« Lycée de Douala », « Département du Wouri »), from
 * the items' own streams: a session, site, centre or département that does not exist is a 400.
 */
const targetName = async (
  eventStore: EventStore,
  cible: {
    sessionId: string;
    siteId?: string;
    centreExamenId?: string;
    departementId?: string;
    candidatureId?: string;
    epreuveId?: string;
  },
): Promise<string> => {
  const session = fold(
    sessionDecider,
    (await eventStore.readStream(
      streamName('sessions', cible.sessionId),
    )) as unknown as SessionEvent[],
  );
  if (session.status !== 'present')
    throw new ValidationError('Cette session est introuvable.', {
      sessionId: 'Cette session est introuvable.',
    });
  if (cible.candidatureId) {
    const dossier = fold(
      candidatureDecider,
      (await eventStore.readStream(
        streamName(CANDIDATURE_CATEGORY, cible.candidatureId),
      )) as unknown as CandidatureEvent[],
    );
    if (dossier.status !== 'present' || dossier.sessionId !== cible.sessionId)
      throw new ValidationError(CANDIDATURE_NOT_FOUND);
    return `${[dossier.values.nom, dossier.values.prenoms].filter(Boolean).join(' ')} (${dossier.numeroCandidat ?? dossier.numeroDossier})`;
  }
  const [list, id, prefix] = cible.siteId
    ? ['sites-composition', cible.siteId, '']
    : cible.centreExamenId
      ? ['centres-examen', cible.centreExamenId, '']
      : ['departements', cible.departementId!, 'Département : '];
  const item = fold(
    listItemDecider,
    (await eventStore.readStream(streamName(list, id))) as unknown as ListItemEvent[],
  );
  if (item.status !== 'actif' && item.status !== 'inactif')
    throw new ValidationError(referenceList(list)!.notFoundMessage);
  if (!cible.epreuveId) return `${prefix}${item.libelle}`;
  // A grade sheet: an épreuve of the session's examen.
  const epreuve = fold(
    listItemDecider,
    (await eventStore.readStream(
      streamName('epreuves', cible.epreuveId),
    )) as unknown as ListItemEvent[],
  );
  if (
    (epreuve.status !== 'actif' && epreuve.status !== 'inactif') ||
    epreuve.values.examenId !== session.examenId
  )
    throw new ValidationError('Cette épreuve n’est pas une épreuve de l’examen de cette session.', {
      epreuveId: 'Cette épreuve n’est pas une épreuve de l’examen de cette session.',
    });
  return `${prefix}${item.libelle} — ${epreuve.code} ${epreuve.libelle}`;
};

/**
 * POST /api/documents { kind, cible? }: asks for a document (the exam lists: for a session's site,
 * centre d'examen or département); a worker makes it and records the outcome.
 */
export const documentsRoutes: FastifyPluginAsync<RouteDeps> = async (app, { eventStore }) => {
  app.post('/', async (request, reply) => {
    const { kind, cible } = parseInput(documentRequestSchema, request.body);
    // Whoever may open the screen a document comes from may ask for it.
    request.principal = await checkAccess(request, { anyOf: documentRequirement(kind) });
    const context = commandContext(request, commandIdOf(request));
    const documentId = newItemId(context.commandId);
    const outcome = await handleCommand(eventStore, {
      stream: streamName(DOCUMENT_CATEGORY, documentId),
      decider: documentDecider,
      command: {
        type: 'RequestDocument',
        data: {
          documentId,
          kind,
          ...(cible ? { cible: { ...cible, libelle: await targetName(eventStore, cible) } } : {}),
        },
      },
      context,
    });
    reply.status(201);
    return { id: documentId, revision: outcome.revision, position: outcome.position };
  });
};
