import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type Agent } from './testApp.js';
import { composingSession, requests, type ExamFixture, type Reply } from './examFixture.js';

/**
 * Entries typed offline (#35): the browser keeps each command's id (`Idempotency-Key`) and sends it
 * again until it has an answer. The same id sent twice after a reconnection is recorded once — a
 * mark, a presence, an exam incident and its attachment — and answered as the first time, even once the window it was typed in has
 * closed; a new command in a closed window is still refused.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;
let agent: Agent;
let fx: ExamFixture;

interface SheetRow {
  candidatureId: string;
  presence: string | null;
  note: number | null;
  saisies: { rang: number; note: number; par: string }[];
}
interface HistoryLine {
  candidatureId: string;
  action: string;
  par: string;
  le: string;
  tapeeLe?: string;
}

const c = (i: number) => fx.candidates[i]!;
const keys = () => ({ sessionId: fx.ids.session, epreuveId: fx.ids.theo, siteId: fx.ids.lycee });
const send = (
  as: Agent,
  url: string,
  payload: unknown,
  key: string,
  headers: Record<string, string> = {},
) =>
  as.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { 'idempotency-key': key, ...headers },
  }) as Promise<Reply>;
const sheet = async (position: string) =>
  (
    await requests(admin).read<{ candidats: SheetRow[] }>(
      `/api/notes/feuille?sessionId=${fx.ids.session}&epreuveId=${fx.ids.theo}&siteId=${fx.ids.lycee}`,
      position,
    )
  ).candidats;
const window = (verb: 'ouvrir' | 'fermer') =>
  requests(admin).ok(`/api/configurations-notes/${fx.ids.session}/importation/${verb}`);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  fx = await composingSession(t, admin, 8);
  agent = await t.userWith(
    [
      'note.importer',
      'note.lister',
      'presence.enregistrer',
      'incident-examen.enregistrer',
      'incident-examen.lister',
    ],
    'agent.hors-ligne@test.local',
    undefined,
    { nom: 'Nkolo', prenoms: 'Nadia' },
  );
  await window('ouvrir');
}, 180_000);
afterAll(async () => t.close());

describe('a command sent again after a reconnection', () => {
  it('records a presence once: the second send answers the first one’s position', async () => {
    const body = { ...keys(), presences: [{ candidatureId: c(7).id, presence: 'absent' }] };
    const first = await send(agent, '/api/notes/presences', body, 'presence-0001-hors-ligne');
    const again = await send(agent, '/api/notes/presences', body, 'presence-0001-hors-ligne');
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());
    expect(
      (await sheet(first.json<{ position: string }>().position)).find(
        (r) => r.candidatureId === c(7).id,
      )?.presence,
    ).toBe('absent');
  });

  it('records a mark once, even sent again after its window closed; a new one is refused', async () => {
    const body = { ...keys(), saisies: [{ candidatureId: c(0).id, note: '13,5' }] };
    // Typed offline five minutes before the network returned.
    const typedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const first = await send(agent, '/api/notes/saisies', body, 'saisie-0001-hors-ligne', {
      'x-saisi-le': typedAt,
    });
    const again = await send(agent, '/api/notes/saisies', body, 'saisie-0001-hors-ligne');
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());
    const { position } = first.json<{ position: string }>();
    const row = (await sheet(position)).find((r) => r.candidatureId === c(0).id)!;
    expect(row.note).toBe(13.5);
    expect(row.saisies).toHaveLength(1);

    await window('fermer');
    const late = await send(agent, '/api/notes/saisies', body, 'saisie-0001-hors-ligne');
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual(first.json());
    const other = await send(
      agent,
      '/api/notes/saisies',
      { ...keys(), saisies: [{ candidatureId: c(1).id, note: '11' }] },
      'saisie-0002-hors-ligne',
    );
    expect(other.statusCode).toBe(409);
    expect(other.json<{ message: string }>().message).toBe(
      'La fenêtre d’importation et de saisie des notes est fermée pour cette session : demandez son ouverture à qui en a la permission.',
    );

    const history = await requests(admin).read<HistoryLine[]>(
      `/api/historique-notes?filter=${encodeURIComponent(JSON.stringify({ candidatureId: c(0).id }))}&range=[0,99]`,
      position,
    );
    expect(history.map((l) => [l.action, l.par, l.tapeeLe])).toEqual([
      ['saisie', 'Nadia Nkolo', typedAt],
    ]);
    expect(Date.parse(history[0]!.le)).toBeGreaterThan(Date.parse(typedAt));
  });

  it('another user sending the same id does not replay someone else’s answer into a new entry', async () => {
    await window('ouvrir');
    const body = { ...keys(), saisies: [{ candidatureId: c(0).id, note: '13,5' }] };
    // The id names the first agent's command: replayed, it records nothing more.
    const replayed = await send(admin, '/api/notes/saisies', body, 'saisie-0001-hors-ligne');
    expect(replayed.statusCode).toBe(200);
    const row = (await sheet(replayed.json<{ position: string }>().position)).find(
      (r) => r.candidatureId === c(0).id,
    )!;
    expect(row.saisies).toHaveLength(1);
  });
});

describe('an exam incident kept offline', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const attach = (id: string, revision: number, key: string) =>
    agent.inject({
      method: 'POST',
      url: `/api/incidents-examen/${id}/piece-jointe`,
      payload: PDF,
      headers: {
        'content-type': 'application/octet-stream',
        'if-match': `W/"${revision}"`,
        'idempotency-key': key,
        'x-nom-fichier': encodeURIComponent('constat salle 2.pdf'),
      },
    }) as Promise<Reply>;

  it('is recorded once with its attachment, and answered so after its type was deactivated', async () => {
    const type = await requests(admin).created('/api/types-incidents-examen', {
      code: 'PANNE',
      libelle: 'Panne de courant',
    });
    const body = {
      ...keys(),
      typeId: type.id,
      candidatureIds: [c(0).id],
      description: 'Coupure de courant en salle 2 de 10 h 05 à 10 h 20.',
    };
    const typedAt = new Date(Date.now() - 10 * 60_000).toISOString();
    const first = await send(agent, '/api/incidents-examen', body, 'incident-0001-hors-ligne', {
      'x-saisi-le': typedAt,
    });
    const again = await send(agent, '/api/incidents-examen', body, 'incident-0001-hors-ligne');
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    const { id, revision } = first.json<{ id: string; revision: number }>();

    // Its attachment, under an id of its own, sent twice too.
    const attached = await attach(id, revision, 'incident-0001-hors-ligne.pj');
    const reattached = await attach(id, revision, 'incident-0001-hors-ligne.pj');
    expect([attached.statusCode, reattached.statusCode]).toEqual([200, 200]);
    expect(reattached.json()).toEqual(attached.json());
    const { position } = attached.json<{ position: string }>();
    const doc = await requests(admin).read<{
      version: number;
      description: string;
      pieceJointe: { nomFichier: string } | null;
    }>(`/api/incidents-examen/${id}`, position);
    expect(doc).toMatchObject({
      version: 1,
      description: body.description,
      pieceJointe: { nomFichier: 'constat salle 2.pdf' },
    });

    // The type deactivated meanwhile: the incident recorded before is answered as the first time,
    // a new one naming that type is refused, in French, and writes nothing.
    await requests(admin).ok(`/api/types-incidents-examen/${type.id}/desactiver`, undefined, 0);
    const late = await send(agent, '/api/incidents-examen', body, 'incident-0001-hors-ligne');
    expect({ status: late.statusCode, body: late.json() }).toEqual({
      status: 201,
      body: first.json(),
    });
    const before = await t.eventStore.headPosition();
    const other = await send(agent, '/api/incidents-examen', body, 'incident-0002-hors-ligne');
    expect({
      status: other.statusCode,
      message: other.json<{ message: string }>().message,
    }).toEqual({ status: 400, message: 'Choisissez un type d’incident actif.' });
    expect(await t.eventStore.headPosition()).toBe(before);
  });
});
