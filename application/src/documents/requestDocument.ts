import {
  ConflictError,
  CANDIDATURE_CATEGORY,
  CANDIDATURE_NOT_FOUND,
  candidatureDecider,
  type CandidatureEvent,
  type CommandContext,
  DOCUMENT_CATEGORY,
  fold,
  listItemDecider,
  namesSession,
  NotFoundError,
  referenceList,
  sessionDecider,
  ValidationError,
  type ListItemEvent,
  type SessionEvent,
  documentDecider,
  documentRequestSchema,
  parseInput,
  streamName,
} from '@examens-pro/domain';
import { handleCommand, type CommandAnswer, type EventStore } from '@examens-pro/platform';
import { extractionTarget } from '../admission/admissionDocuments.js';
import { juryClosing } from '../deliberation/juryStates.js';

const itemOf = async (eventStore: EventStore, list: string, id: string) => {
  const item = fold(
    listItemDecider,
    (await eventStore.readStream(streamName(list, id))) as unknown as ListItemEvent[],
  );
  return item.status === 'actif' || item.status === 'inactif' ? item : null;
};

/**
 * A procès-verbal's target: a jury of the session and one of its centres d'examen, named
 * « Jury national — Centre de Yaoundé »; refused (409) until the jury's deliberation is closed: a
 * PV is made of the frozen results only.
 */
const minutesTargetName = async (
  eventStore: EventStore,
  cible: { sessionId: string; juryId: string; centreExamenId?: string },
): Promise<string> => {
  const jury = await itemOf(eventStore, 'jurys', cible.juryId);
  if (!jury || jury.values.sessionId !== cible.sessionId)
    throw new ValidationError('Ce jury n’est pas un jury de cette session.', {
      juryId: 'Ce jury n’est pas un jury de cette session.',
    });
  const centres = Array.isArray(jury.values.centreExamenIds) ? jury.values.centreExamenIds : [];
  const centre = cible.centreExamenId
    ? await itemOf(eventStore, 'centres-examen', cible.centreExamenId)
    : null;
  if (!centre || !centres.includes(centre.id))
    throw new ValidationError('Ce centre d’examen n’est pas un centre de ce jury.', {
      centreExamenId: 'Ce centre d’examen n’est pas un centre de ce jury.',
    });
  if (!(await juryClosing(eventStore, cible.juryId)).close)
    throw new ConflictError(
      `La délibération du jury « ${jury.libelle} » n’est pas close : son procès-verbal se fait à partir des résultats arrêtés à la clôture.`,
    );
  return `${jury.libelle} — ${centre.libelle}`;
};

/**
 * A document's target named as staff read it (« Lycée de Douala », « Département du Wouri »), from
 * the items' own streams: a session, site, centre or département that does not exist is a 400.
 */
export const documentTargetName = async (
  eventStore: EventStore,
  cible: {
    sessionId: string;
    siteId?: string;
    centreExamenId?: string;
    departementId?: string;
    candidatureId?: string;
    epreuveId?: string;
    juryId?: string;
    centreDepotId?: string;
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
  if (cible.juryId) return minutesTargetName(eventStore, { ...cible, juryId: cible.juryId });
  if (cible.candidatureId) {
    const dossier = fold(
      candidatureDecider,
      (await eventStore.readStream(
        streamName(CANDIDATURE_CATEGORY, cible.candidatureId),
      )) as unknown as CandidatureEvent[],
    );
    // Another centre's dossier does not exist for a centre-attached requester (404 alike).
    if (
      dossier.status !== 'present' ||
      dossier.sessionId !== cible.sessionId ||
      (cible.centreDepotId && dossier.centreDepotId !== cible.centreDepotId)
    )
      throw new NotFoundError(CANDIDATURE_NOT_FOUND);
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

/** A session's libellé (its existence is checked with the target's name). */
const sessionName = async (eventStore: EventStore, sessionId: string): Promise<string> => {
  const session = fold(
    sessionDecider,
    (await eventStore.readStream(streamName('sessions', sessionId))) as unknown as SessionEvent[],
  );
  return session.status === 'present' ? session.libelle : '';
};

/** `{ kind, cible? }`: a document asked for (a French 400 on an unknown kind or a bad target). */
export const parseDocumentRequest = (body: unknown) => parseInput(documentRequestSchema, body);

export type DocumentRequest = ReturnType<typeof parseDocumentRequest>;

/**
 * A document asked for (the exam lists: for a session's site, centre d'examen or département; a
 * grade sheet, a PV, an extraction of the admitted candidates): its target checked and named, the
 * request recorded as document `documentId`; a worker makes it and records the outcome. A
 * centre-attached requester's (`centreOfCaller`) document is made of their centre's candidates only.
 */
export const requestDocument = async (
  eventStore: EventStore,
  documentId: string,
  { kind, cible }: DocumentRequest,
  centreOfCaller: string | null,
  context: CommandContext,
): Promise<CommandAnswer> => {
  const namedTarget = async <T extends Parameters<typeof documentTargetName>[1]>(target: T) => ({
    ...target,
    libelle: await documentTargetName(eventStore, target),
    ...(namesSession(kind) ? { session: await sessionName(eventStore, target.sessionId) } : {}),
  });
  const outcome = await handleCommand(eventStore, {
    stream: streamName(DOCUMENT_CATEGORY, documentId),
    decider: documentDecider,
    command: {
      type: 'RequestDocument',
      data: {
        documentId,
        kind,
        ...(cible
          ? {
              cible:
                kind === 'extraction-admis'
                  ? await extractionTarget(eventStore, cible, centreOfCaller)
                  : await namedTarget(
                      centreOfCaller ? { ...cible, centreDepotId: centreOfCaller } : cible,
                    ),
            }
          : {}),
      },
    },
    context,
  });
  return { id: documentId, revision: outcome.revision, position: outcome.position };
};
