import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SYSTEM_ACTOR, type DomainEvent } from '@examens-pro/domain';
import {
  RESERVATIONS_REACTOR,
  reserveUniqueValue,
  toEnvelopes,
  waitForProjections,
} from '@examens-pro/platform';
import { startTestApp, type Agent } from './testApp.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>> & { admin: Agent };
let t: TestApp;

beforeAll(async () => {
  const started = await startTestApp();
  t = { ...started, admin: await started.asAdmin() };
});
afterAll(async () => t.close());

const post = (resource: string, payload: Record<string, unknown>) =>
  t.admin.inject({ method: 'POST', url: `/api/${resource}`, payload });

const created = async (resource: string, payload: Record<string, unknown>): Promise<string> => {
  const response = await post(resource, payload);
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: string }).id;
};

/**
 * What a command-service killed right after its append leaves in the log: the new code reserved
 * (when it changed) and the event stored, the old code never given back.
 */
const killedAfterAppend = async (
  stream: string,
  event: DomainEvent,
  newCode?: { resource: string; value: string },
): Promise<void> => {
  const context = {
    commandId: `tue-${stream}-${event.type}`,
    actor: SYSTEM_ACTOR,
    now: new Date().toISOString(),
  };
  if (newCode)
    await reserveUniqueValue(t.eventStore, { ...newCode, field: 'code' }, stream, context);
  await t.eventStore.appendToStream(stream, toEnvelopes([event], context));
};

const reactorCaughtUp = async (): Promise<void> => {
  expect(
    await waitForProjections(
      t.readStore,
      [RESERVATIONS_REACTOR],
      await t.eventStore.headPosition(),
      10_000,
    ),
  ).toBe(true);
};

describe('codes of a command killed after its append (embedded product)', () => {
  it('a métier modified, then one deleted, by a process killed before the release: their old codes can be used again', async () => {
    const modified = await created('metiers', { code: 'AVANT', libelle: 'Avant' });
    await killedAfterAppend(
      `metiers-${modified}`,
      { type: 'MetierModified', data: { metierId: modified, code: 'APRES', libelle: 'Après' } },
      { resource: 'metiers', value: 'APRES' },
    );
    const deleted = await created('metiers', { code: 'EFFACE', libelle: 'Effacé' });
    await killedAfterAppend(`metiers-${deleted}`, {
      type: 'MetierDeleted',
      data: { metierId: deleted, code: 'EFFACE' },
    });
    await reactorCaughtUp();

    expect((await post('metiers', { code: 'avant', libelle: 'Nouveau' })).statusCode).toBe(201);
    expect((await post('metiers', { code: 'EFFACE', libelle: 'Nouveau' })).statusCode).toBe(201);
    const taken = await post('metiers', { code: 'APRES', libelle: 'Doublon' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: 'Ce code existe déjà.' });
  });

  it('an item of a configuration list modified by a process killed before the release', async () => {
    const id = await created('langues', { code: 'EW', libelle: 'Ewondo' });
    await killedAfterAppend(
      `langues-${id}`,
      {
        type: 'ListItemModified',
        data: { list: 'langues', itemId: id, code: 'EWO', libelle: 'Ewondo', values: {} },
      },
      { resource: 'langues', value: 'EWO' },
    );
    await reactorCaughtUp();

    expect((await post('langues', { code: 'EW', libelle: 'Autre' })).statusCode).toBe(201);
    expect((await post('langues', { code: 'EWO', libelle: 'Doublon' })).statusCode).toBe(409);
  });
});

describe('unique keys of a list (one fee per session) after a command killed after its append', () => {
  it('a fee moved to another session: its first session is free again, the new one taken', async () => {
    const examen = await created('examens', {
      code: 'RES',
      libelle: 'Réservations',
      noteDePassage: 10,
    });
    const session = (annee: number) =>
      created('sessions', {
        examenId: examen,
        annee,
        libelle: `Session ${annee}`,
        ouvertureInscriptions: `${annee}-01-10`,
        clotureInscriptions: `${annee}-03-31`,
        debutComposition: `${annee}-06-14`,
        finComposition: `${annee}-06-18`,
      });
    const [first, second] = [await session(2030), await session(2031)];
    const values = (sessionId: string) => ({ sessionId, montant: 15000, prefixePaiement: 'RES' });
    const fee = await created('frais-examen', { code: 'RES', libelle: 'Frais', ...values(first) });
    // Killed after the append: the new session reserved by the handler, the old one never released.
    const stream = `frais-examen-${fee}`;
    const context = { commandId: 'tue-frais', actor: SYSTEM_ACTOR, now: new Date().toISOString() };
    await reserveUniqueValue(
      t.eventStore,
      { resource: 'frais-examen', field: 'sessionId', value: second },
      stream,
      context,
    );
    await t.eventStore.appendToStream(
      stream,
      toEnvelopes(
        [
          {
            type: 'ListItemModified',
            data: {
              list: 'frais-examen',
              itemId: fee,
              code: 'RES',
              libelle: 'Frais',
              values: values(second),
            },
          },
        ],
        context,
      ),
    );
    await reactorCaughtUp();

    const again = (code: string, sessionId: string) =>
      post('frais-examen', { code, libelle: 'Frais', ...values(sessionId) });
    expect((await again('RES-1', first)).statusCode).toBe(201);
    const taken = await again('RES-2', second);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      message: 'Cette session a déjà ses frais d’examen : modifiez-les plutôt.',
    });
  });
});
