import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  signInJournalCollection,
  type RecordedEvent,
  type SignInJournalData,
} from '@examens-pro/domain';
import { dump, project, recorded, READ_STORE_KINDS, tempStores } from '../testSupport.js';
import { signInJournalProjection } from './signInJournalProjection.js';

const client = { ip: '10.0.0.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120' };
const awa: SignInJournalData = { login: 'awa@exemple.cm', utilisateurId: 'u1', ...client };
const stranger: SignInJournalData = { login: 'inconnu@exemple.cm', utilisateurId: null, ...client };

const events: RecordedEvent[] = [
  ...recorded('journal-connexions-2026-03-01', [
    { type: 'SignInFailed', data: { ...awa, reason: 'mot-de-passe' } },
    { type: 'SignInFailed', data: { ...stranger, reason: 'identifiant-inconnu' } },
    { type: 'SignInSucceeded', data: awa },
    { type: 'PasswordChangeJournaled', data: awa },
    { type: 'SignedOut', data: awa },
    { type: 'PasswordResetJournaled', data: awa },
  ]),
  // The event's own time says how long the lockout lasts.
  ...recorded('journal-connexions-2026-03-02', [
    { type: 'SignInLockedOut', data: { ...awa, lockedUntil: '2026-03-01T10:15:00.000Z' } },
  ]),
];

describe.each(READ_STORE_KINDS)('sign-in journal projection on %s', (kind) => {
  let stores: ReturnType<typeof tempStores>;
  beforeEach(() => {
    stores = tempStores(kind);
  });
  afterEach(async () => stores.close());

  it('writes one line per event with its French type, reason, address and browser', async () => {
    await project(signInJournalProjection, stores.readStore, events);
    const lines = await stores.readStore.collection(signInJournalCollection).list({
      sort: [
        { field: 'date', order: 'ASC' },
        { field: 'id', order: 'ASC' },
      ],
    });
    expect(lines.total).toBe(7);
    const byId = Object.fromEntries(
      (lines.items as unknown as Record<string, unknown>[]).map((line) => [line.id, line]),
    );
    expect(byId[events[0]!.id]).toEqual({
      id: events[0]!.id,
      version: 0,
      date: events[0]!.metadata.at,
      login: 'awa@exemple.cm',
      utilisateurId: 'u1',
      type: 'Échec de connexion',
      motif: 'Mot de passe incorrect',
      adresseIp: '10.0.0.7',
      navigateur: client.userAgent,
    });
    expect(byId[events[1]!.id]).toMatchObject({
      utilisateurId: null,
      type: 'Échec de connexion',
      motif: 'Identifiant inconnu',
    });
    expect(events.slice(2).map((e) => (byId[e.id] as { type: string }).type)).toEqual([
      'Connexion réussie',
      'Mot de passe changé',
      'Déconnexion',
      'Mot de passe réinitialisé',
      'Compte verrouillé',
    ]);
    expect(byId[events[5]!.id]).toMatchObject({ motif: 'Par Système' });
    expect(byId[events[6]!.id]).toMatchObject({
      motif: 'Trop d’échecs : connexion refusée pendant 15 min',
    });
    // Filters of the screen: by type, by login, by a date range.
    const journal = stores.readStore.collection(signInJournalCollection);
    expect(await journal.count({ type: 'Échec de connexion' })).toBe(2);
    expect(await journal.count({ login: 'awa@exemple.cm' })).toBe(6);
  });

  it('gives identical lines when every event is delivered twice', async () => {
    await project(signInJournalProjection, stores.readStore, events);
    const other = tempStores(kind);
    try {
      await project(
        signInJournalProjection,
        other.readStore,
        events.flatMap((e) => [e, e]),
      );
      expect(await dump(other.readStore, signInJournalCollection)).toEqual(
        await dump(stores.readStore, signInJournalCollection),
      );
    } finally {
      await other.close();
    }
  });
});
