import { listCommands } from '../reference-lists/lists.js';
import { examIncidentCommands } from './examIncidents.js';
import { incidentCommands } from './registrationIncidents.js';
import {
  EXAM_INCIDENT_CATEGORY,
  INCIDENT_CATEGORY,
  parseListItem,
  referenceList,
  SESSION_CATEGORY,
  streamName,
  type CommandContext,
  type SessionEvent,
  fold,
  sessionDecider,
} from '@examens-pro/domain';
import { newItemId } from '@examens-pro/platform';
import type { AggregateSamples, StoryScope } from '../sampleScope.js';
import { referencesOf } from '../reference-lists/samples.js';
import { registrationOf } from '../registration/samples.js';

/** The commands both kinds of incident share (one incident part, `domain/src/incidents`). */
interface IncidentLifeCommands {
  attach(
    id: string,
    file: { fichier: string; nomFichier: string; type: string; taille: number },
    revision: number,
    scope: null,
    context: CommandContext,
  ): Promise<{ revision: number }>;
  changeStatus(
    id: string,
    input: { statut: 'en-cours' | 'resolu' | 'rejete'; commentaire: string },
    revision: number,
    scope: null,
    context: CommandContext,
  ): Promise<{ revision: number }>;
}

/**
 * An incident's life after its recording, the same for both kinds: one in two gets an attachment;
 * then, by `n`, it stays open, is taken in hand, resolved or rejected. Answers its last revision and
 * its phase (3: rejected).
 */
const incidentLife = async (
  scope: StoryScope,
  commands: IncidentLifeCommands,
  id: string,
  recorded: number,
  n: number,
  story: { prefix: string; nomFichier: string; taille: number; priseEnCharge: string },
) => {
  let revision = recorded;
  if (n % 2 === 0)
    revision = (
      await commands.attach(
        id,
        {
          fichier: `${story.prefix}-${String(n).padStart(8, '0')}.pdf`,
          nomFichier: story.nomFichier,
          type: 'application/pdf',
          taille: story.taille,
        },
        revision,
        null,
        scope.context(),
      )
    ).revision;
  const phase = n % 4;
  if (phase === 0) return { revision, phase };
  revision = (
    await commands.changeStatus(
      id,
      { statut: 'en-cours', commentaire: story.priseEnCharge },
      revision,
      null,
      scope.context(),
    )
  ).revision;
  if (phase === 1) return { revision, phase };
  revision = (
    await commands.changeStatus(
      id,
      { statut: phase === 2 ? 'resolu' : 'rejete', commentaire: 'Clos.' },
      revision,
      null,
      scope.context(),
    )
  ).revision;
  return { revision, phase };
};

/**
 * A registration incident: recorded (one in two with an attachment), then left open, taken in hand,
 * resolved, or rejected and deleted.
 */
export const incidents: AggregateSamples = {
  name: 'incidents-inscription',
  provides: [],
  writes: [INCIDENT_CATEGORY],
  weight: 1,
  async story(scope, n) {
    const commands = incidentCommands(scope.eventStore);
    const typeId = await scope.reference('types-incidents');
    const context = scope.context();
    const id = newItemId(context.commandId);
    const stream = streamName(INCIDENT_CATEGORY, id);
    const recorded = await commands.record(
      id,
      { typeId, candidatureId: null, description: `Incident ${n} au guichet` },
      null,
      context,
    );
    scope.references(stream, { 'types-incidents': [typeId] });
    const { revision, phase } = await incidentLife(scope, commands, id, recorded.revision, n, {
      prefix: 'incident',
      nomFichier: 'constat.pdf',
      taille: 1200,
      priseEnCharge: 'Pris en charge.',
    });
    if (phase === 3) {
      await commands.remove(id, revision, null, scope.context());
      scope.references(stream, null);
    }
  },
};

/** Where the exam incidents' stories happen: the candidatures' session and site, an épreuve of its examen. */
const exams = new WeakMap<
  StoryScope,
  Promise<{ sessionId: string; siteId: string; epreuveId: string }>
>();
export const examOf = (scope: StoryScope) => {
  let found = exams.get(scope);
  if (!found) {
    found = (async () => {
      const { sessionId, siteId } = await registrationOf(scope);
      const session = fold(
        sessionDecider,
        (await scope.eventStore.readStream(
          streamName(SESSION_CATEGORY, sessionId),
        )) as unknown as SessionEvent[],
      );
      if (session.status !== 'present') throw new Error('session des candidatures absente');
      const definition = referenceList('epreuves')!;
      const context = scope.context();
      const epreuveId = newItemId(context.commandId);
      const input = parseListItem(
        definition,
        {
          code: `EPR-${sessionId.slice(0, 8)}`,
          libelle: 'Épreuve des incidents',
          examenId: session.examenId,
          coefficient: 1,
          noteMax: 20,
          typeEpreuve: 'ecrite',
        },
        context,
      );
      await listCommands(scope.eventStore, scope.readStore, definition).create(
        epreuveId,
        input,
        context,
      );
      scope.references(streamName('epreuves', epreuveId), referencesOf(definition, input.values));
      return { sessionId, siteId, epreuveId };
    })();
    exams.set(scope, found);
  }
  return found;
};

/**
 * An exam incident at the candidatures' site: recorded (one in two with an attachment), then left
 * open, taken in hand, resolved or rejected.
 */
export const examIncidents: AggregateSamples = {
  name: 'incidents-examen',
  provides: [],
  writes: [EXAM_INCIDENT_CATEGORY],
  weight: 1,
  async story(scope, n) {
    const commands = examIncidentCommands(scope.eventStore);
    const { sessionId, siteId, epreuveId } = await examOf(scope);
    const typeId = await scope.reference('types-incidents-examen');
    const context = scope.context();
    const id = newItemId(context.commandId);
    const recorded = await commands.record(
      id,
      {
        sessionId,
        siteId,
        epreuveId,
        typeId,
        candidatureIds: [],
        description: `Incident ${n} en salle`,
      },
      null,
      context,
    );
    scope.references(streamName(EXAM_INCIDENT_CATEGORY, id), {
      sessions: [sessionId],
      'sites-composition': [siteId],
      epreuves: [epreuveId],
      'types-incidents-examen': [typeId],
    });
    await incidentLife(scope, commands, id, recorded.revision, n, {
      prefix: 'incident-examen',
      nomFichier: 'proces-verbal.pdf',
      taille: 1500,
      priseEnCharge: 'Rapport demandé.',
    });
  },
};
