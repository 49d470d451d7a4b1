import { describe, expect, it, jest } from '@jest/globals';
import type { ExamensDataProvider } from '../dashboard/dataProvider';
import type { QueuedEntry } from './outbox';

/**
 * How a waiting entry goes to the server (#35): its command under its own id, then its attachment
 * under an id of its own with the revision the command answered; a recorded command is not sent
 * twice; an attachment refused says the incident was recorded.
 */

// react-admin's HttpError is ra-core's (react-admin re-exports it): the module is loaded with
// ra-core in its place, without the UI kit whose ES modules jest's CommonJS cannot load.
jest.mock('react-admin', () => jest.requireActual('ra-core'));
const { HttpError } = jest.requireActual<typeof import('ra-core')>('ra-core');
const { ATTACHMENT_REFUSED, entrySender } =
  jest.requireActual<typeof import('./sendEntry')>('./sendEntry');

type Call = { path: string; params: Parameters<ExamensDataProvider['command']>[1] };

const server = (answers: ((call: Call) => unknown)[]) => {
  const calls: Call[] = [];
  const provider = {
    command: async (path: string, params?: Call['params']) => {
      const call = { path, params };
      calls.push(call);
      const answer = answers[calls.length - 1];
      if (!answer) throw new Error(`unexpected command ${path}`);
      return answer(call);
    },
  } as unknown as ExamensDataProvider;
  return { calls, send: entrySender(provider) };
};

const entry = (more: Partial<QueuedEntry> = {}): QueuedEntry => ({
  id: '0b6c1d1e-4e0c-4a55-9d43-1c2f3a4b5c6d',
  author: 'u1',
  authorName: 'Nadia NKOLO',
  kind: 'incident',
  path: 'incidents-examen',
  data: { description: 'Coupure de courant' },
  typedAt: new Date().toISOString(),
  label: 'Incident d’examen — « Coupure de courant »',
  sheet: '',
  rows: {},
  state: 'pending',
  ...more,
});
const PDF = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
const recordedAnswer = { id: 'i1', revision: 0, position: '41' };
const never = async () => {
  throw new Error('not expected');
};

describe('entrySender', () => {
  it('sends a command under its id, saying when it was typed only when sent later', async () => {
    const now = server([() => ({ id: 'f1', revision: 3, position: '9' })]);
    await expect(now.send(entry({ kind: 'note' }), undefined, never)).resolves.toEqual({
      id: 'f1',
      revision: 3,
      position: '9',
    });
    expect(now.calls[0]!.params!.headers).toEqual({
      'Idempotency-Key': '0b6c1d1e-4e0c-4a55-9d43-1c2f3a4b5c6d',
    });
    const typedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const later = server([() => recordedAnswer]);
    await later.send(entry({ typedAt }), undefined, never);
    expect(later.calls[0]!.params!.headers).toMatchObject({ 'X-Saisi-Le': typedAt });
  });

  it('sends the attachment after the incident, with the revision it answered, under its own id', async () => {
    const { calls, send } = server([
      () => recordedAnswer,
      () => ({ id: 'i1', revision: 1, position: '42' }),
    ]);
    const kept: unknown[] = [];
    const answer = await send(
      entry({ attachment: { name: 'constat salle 2.pdf', size: PDF.size } }),
      PDF,
      async (recorded) => kept.push(recorded),
    );
    expect(answer).toEqual({ id: 'i1', revision: 1, position: '42' });
    expect(kept).toEqual([{ id: 'i1', revision: 0 }]);
    expect(calls[1]).toEqual({
      path: 'incidents-examen/i1/piece-jointe',
      params: {
        file: PDF,
        revision: 0,
        headers: {
          'Idempotency-Key': '0b6c1d1e-4e0c-4a55-9d43-1c2f3a4b5c6d.pj',
          'X-Nom-Fichier': 'constat%20salle%202.pdf',
        },
      },
    });
  });

  it('once the incident is recorded, a new attempt sends the attachment only', async () => {
    const { calls, send } = server([() => ({ id: 'i1', revision: 1, position: '42' })]);
    await send(
      entry({ attachment: { name: 'a.pdf', size: 8 }, recorded: { id: 'i1', revision: 0 } }),
      PDF,
      never,
    );
    expect(calls.map((c) => c.path)).toEqual(['incidents-examen/i1/piece-jointe']);
  });

  it('an attachment refused says the incident was recorded, its status kept; a network failure waits', async () => {
    const refused = server([
      () => recordedAnswer,
      () => {
        throw new HttpError('La pièce jointe doit être un fichier PDF, JPEG ou PNG.', 400, {
          code: 'validation',
        });
      },
    ]);
    const error = await refused
      .send(entry({ attachment: { name: 'a.pdf', size: 8 } }), PDF, async () => undefined)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      message: `${ATTACHMENT_REFUSED}La pièce jointe doit être un fichier PDF, JPEG ou PNG.`,
      status: 400,
      body: { code: 'validation', enregistre: { id: 'i1', revision: 0 } },
    });

    const offline = new TypeError('Failed to fetch');
    const dropped = server([
      () => {
        throw offline;
      },
    ]);
    await expect(
      dropped.send(
        entry({ attachment: { name: 'a.pdf', size: 8 }, recorded: { id: 'i1', revision: 0 } }),
        PDF,
        never,
      ),
    ).rejects.toBe(offline);
  });

  it('an incident moved on meanwhile takes its attachment at its current revision, same id', async () => {
    const reads: unknown[] = [];
    const calls: Call[] = [];
    const answers = [
      () => {
        throw new HttpError('Cet élément a été modifié entre-temps.', 412, {});
      },
      () => ({ id: 'i1', revision: 3, position: '50' }),
    ];
    const send = entrySender({
      command: async (path: string, params?: Call['params']) => {
        calls.push({ path, params });
        return answers[calls.length - 1]!();
      },
      getOne: async (resource: string, params: { id: string }) => {
        reads.push([resource, params.id]);
        return { data: { id: 'i1', version: 2 } };
      },
    } as unknown as ExamensDataProvider);
    await expect(
      send(
        entry({ attachment: { name: 'a.pdf', size: 8 }, recorded: { id: 'i1', revision: 0 } }),
        PDF,
        never,
      ),
    ).resolves.toEqual({ id: 'i1', revision: 3, position: '50' });
    expect(reads).toEqual([['incidents-examen', 'i1']]);
    expect(calls.map((c) => [c.params!.revision, c.params!.headers!['Idempotency-Key']])).toEqual([
      [0, '0b6c1d1e-4e0c-4a55-9d43-1c2f3a4b5c6d.pj'],
      [2, '0b6c1d1e-4e0c-4a55-9d43-1c2f3a4b5c6d.pj'],
    ]);
  });

  it('an attachment no longer on the device is refused, the incident said recorded', async () => {
    const { calls, send } = server([() => recordedAnswer]);
    await expect(
      send(entry({ attachment: { name: 'a.pdf', size: 8 } }), undefined, async () => undefined),
    ).rejects.toMatchObject({
      message: `${ATTACHMENT_REFUSED}le fichier n’est plus sur cet appareil ; joignez-le depuis la fiche de l’incident.`,
      status: 400,
    });
    expect(calls).toHaveLength(1);
  });
});
