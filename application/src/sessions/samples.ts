import { sessionCommands } from './sessions.js';
import { parseSession, SESSION_CATEGORY, SESSION_STATUSES, streamName } from '@examens-pro/domain';
import { newItemId } from '@examens-pro/platform';
import type { AggregateSamples, StoryScope } from '../sampleScope.js';

export const createSession = async (scope: StoryScope, n: number, steps: number) => {
  // Each session has an examen of its own: at most one session per examen is open for registration.
  const examenId = await scope.make('examens');
  const context = scope.context();
  const id = newItemId(context.commandId);
  const details = parseSession({
    examenId,
    annee: 2027 + (n % 5),
    libelle: `Session ${n}`,
    ouvertureInscriptions: '2026-11-02',
    clotureInscriptions: '2027-02-26',
    debutComposition: '2027-06-14',
    finComposition: '2027-06-18',
  });
  const commands = sessionCommands(scope.eventStore);
  let { revision } = await commands.create(id, details, context);
  const stream = streamName(SESSION_CATEGORY, id);
  scope.references(stream, { examens: [examenId] });
  if (n % 2 === 0)
    revision = (
      await commands.modify(
        id,
        { ...details, libelle: `Session ${n} (révisée)` },
        revision,
        scope.context(),
      )
    ).revision;
  for (const to of SESSION_STATUSES.slice(1, 1 + steps))
    revision = (await commands.advance(id, to, revision, scope.context())).revision;
  if (steps < SESSION_STATUSES.length - 1) scope.offer(SESSION_CATEGORY, id);
  return id;
};

export const sessions: AggregateSamples = {
  name: 'sessions',
  provides: [SESSION_CATEGORY],
  weight: 2,
  async make(scope) {
    return createSession(scope, scope.serial(), 0);
  },
  async story(scope, n) {
    await createSession(scope, n, n % SESSION_STATUSES.length);
  },
};
