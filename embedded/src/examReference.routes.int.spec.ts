import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  advance,
  newSession,
  requests,
  type Answer,
  type ExamSession,
  type TestApp,
} from './examFixture.js';
import { startTestApp, type Agent } from './testApp.js';

/**
 * « Référence d’examen » over HTTP: a session's arrêté number and date, set then changed under
 * « Enregistrer la référence et la date de délibération » only (the sessions' configuration
 * permission does not suffice), French 400 with nothing written, 412 on a stale version, read on
 * the sessions and on both reference screens, with its history; a closed session keeps its own.
 */
let t: TestApp;
let admin: Agent;
let deliberation: Agent;
let configurateur: Agent;
let decisions: Agent;

interface SessionDoc {
  id: string;
  version: number;
  libelle: string;
  numeroArrete: string | null;
  dateArrete: string | null;
  referenceModifieePar: string | null;
}
interface Entry {
  action: string;
  actor: string;
  changes: { field: string; label: string; before: unknown; after: unknown }[];
}

let session: ExamSession;
let sessionId: string;
let revision: number;

const put = (as: Agent, payload: unknown, rev = revision) =>
  requests(as).post(`/api/sessions/${sessionId}/reference`, payload, rev);
const get = (as: Agent, url: string, position?: string) => requests(as).get(url, position);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  session = await newSession(admin);
  sessionId = session.ids.session!;
  revision = session.revision;
  deliberation = await t.userWith(['deliberation.reference'], 'deliberation@test.local');
  configurateur = await t.userWith(['configuration.sessions'], 'configurateur@test.local');
  decisions = await t.userWith(['decision.references-departement'], 'decisions@test.local');
});
afterAll(async () => t.close());

describe('référence d’examen', () => {
  const reference = { numeroArrete: '2027/0042/MINEFOP/SG', dateArrete: '2027-06-30' };

  it('is written under « Enregistrer la référence et la date de délibération » only', async () => {
    const before = await t.eventStore.headPosition();
    expect((await put(configurateur, reference)).statusCode).toBe(403);
    expect((await put(decisions, reference)).statusCode).toBe(403);
    // Nor through the sessions' own form.
    const viaSessions = await configurateur.inject({
      method: 'PUT',
      url: `/api/sessions/${sessionId}`,
      payload: { ...session.details, ...reference },
      headers: { 'if-match': `W/"${revision}"` },
    });
    expect({ status: viaSessions.statusCode, message: viaSessions.json().message }).toEqual({
      status: 400,
      message: 'Champ inconnu : numeroArrete, dateArrete.',
    });
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('refuses an incomplete or invalid reference in French, and writes nothing', async () => {
    const before = await t.eventStore.headPosition();
    const cases: [unknown, string, string][] = [
      [{ dateArrete: '2027-06-30' }, 'numeroArrete', 'Le numéro de l’arrêté est obligatoire.'],
      [
        { numeroArrete: '   ', dateArrete: '2027-06-30' },
        'numeroArrete',
        'Le numéro de l’arrêté est obligatoire.',
      ],
      [{ numeroArrete: '12' }, 'dateArrete', 'La date de l’arrêté est obligatoire.'],
      [
        { numeroArrete: '12', dateArrete: '30/06/2027' },
        'dateArrete',
        'La date de l’arrêté : date invalide (AAAA-MM-JJ attendu).',
      ],
      [
        { numeroArrete: '12', dateArrete: '2027-02-30' },
        'dateArrete',
        'La date de l’arrêté : date invalide (AAAA-MM-JJ attendu).',
      ],
      [{ ...reference, libelle: 'x' }, '_', 'Champ inconnu : libelle.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await put(deliberation, body);
      expect({ field, status: response.statusCode, message: response.json().message }).toEqual({
        field,
        status: 400,
        message,
      });
    }
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  let position: string;
  it('is set, then shown on the sessions and on both reference screens', async () => {
    const answer = await put(deliberation, reference);
    expect(answer.statusCode).toBe(200);
    ({ revision, position } = answer.json<Answer>());
    const doc = (await get(admin, `/api/sessions/${sessionId}`, position)).json<SessionDoc>();
    expect(doc).toMatchObject({
      ...reference,
      referenceModifieePar: 'Paul Essomba',
      version: revision,
    });
    // Read where the decisions are prepared, by whoever prepares them.
    const listed = await get(
      decisions,
      `/api/references-examen?filter=${encodeURIComponent(JSON.stringify({ q: '0042' }))}`,
    );
    expect(listed.statusCode).toBe(200);
    expect(listed.json<SessionDoc[]>().map((s) => [s.id, s.numeroArrete])).toEqual([
      [sessionId, reference.numeroArrete],
    ]);
    // The same reference sent again changes nothing.
    const again = await put(deliberation, reference);
    expect(again.json<Answer>().revision).toBe(revision);
  });

  it('answers 412 to a stale version, then is changed with its history', async () => {
    const stale = await put(deliberation, { ...reference, numeroArrete: 'X' }, revision - 1);
    expect(stale.statusCode).toBe(412);
    const changed = await put(deliberation, {
      numeroArrete: '2027/0043/MINEFOP/SG',
      dateArrete: '2027-07-02',
    });
    expect(changed.statusCode).toBe(200);
    ({ revision, position } = changed.json<Answer>());
    const history = (
      await get(deliberation, `/api/references-examen/${sessionId}/historique`, position)
    ).json<Entry[]>();
    // Only the reference's changes (the session's creation is the sessions' history).
    expect(history.map((entry) => [entry.action, entry.actor, entry.changes])).toEqual([
      [
        'Référence d’examen',
        'Paul Essomba',
        [
          {
            field: 'numeroArrete',
            label: 'Numéro de l’arrêté',
            before: null,
            after: reference.numeroArrete,
          },
          { field: 'dateArrete', label: 'Date de l’arrêté', before: null, after: '2027-06-30' },
        ],
      ],
      [
        'Référence d’examen',
        'Paul Essomba',
        [
          {
            field: 'numeroArrete',
            label: 'Numéro de l’arrêté',
            before: reference.numeroArrete,
            after: '2027/0043/MINEFOP/SG',
          },
          {
            field: 'dateArrete',
            label: 'Date de l’arrêté',
            before: '2027-06-30',
            after: '2027-07-02',
          },
        ],
      ],
    ]);
    expect(
      (await get(configurateur, `/api/sessions/${sessionId}`, position)).json<SessionDoc>(),
    ).toMatchObject({ numeroArrete: '2027/0043/MINEFOP/SG', dateArrete: '2027-07-02' });
  });

  it('keeps the reference of a closed session', async () => {
    session.revision = revision;
    await advance(
      session,
      'inscriptions-ouvertes',
      'inscriptions-closes',
      'composition',
      'deliberation',
      'cloturee',
    );
    const before = await t.eventStore.headPosition();
    const refused = await put(deliberation, reference, session.revision);
    expect({ status: refused.statusCode, message: refused.json().message }).toEqual({
      status: 409,
      message: 'Cette session est clôturée : sa référence d’examen ne change plus.',
    });
    expect(await t.eventStore.headPosition()).toBe(before);
  });
});
