import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  candidatureChangesCollection,
  candidatureChangesStateCollection,
  candidatureChangesResource,
  candidaturesResource,
  readChanges,
  type CandidatureChangeDocument,
  type DomainEvent,
  type RecordedEvent,
} from '@examens-pro/domain';
import { ProjectionRunner, toEnvelopes, waitForProjections } from '@examens-pro/platform';
import { dump, project, recorded, READ_STORE_KINDS, tempStores } from '../testSupport.js';
import { candidatureChangesProjection } from './candidatureChangesProjection.js';

const values = (more: Record<string, string | null> = {}) => ({
  categorie: 'libre',
  apprentiId: null,
  patronId: null,
  nom: 'Mbarga',
  prenoms: 'Awa',
  sexe: 'F',
  dateNaissance: '1999-04-12',
  lieuNaissance: 'Bafoussam',
  nationalite: 'Camerounaise',
  telephone: '677112233',
  matricule: '',
  datePremierePriseService: null,
  niveauId: 'bepc',
  langueId: null,
  handicapId: null,
  ...more,
});

const awa = { id: 'u-awa', name: 'Awa Enrôleuse' };
const paul = { id: 'u-paul', name: 'Paul Superviseur' };

/** A dossier's events as a store delivers them, each with its actor and a time of its own. */
const story = (
  id: string,
  events: (DomainEvent & { actor: { id: string; name: string }; reason?: string })[],
  day: number,
): RecordedEvent[] =>
  recorded(
    `candidatures-${id}`,
    events.map(({ type, data }) => ({ type, data })),
  ).map(
    (event, i) =>
      ({
        ...event,
        metadata: {
          ...event.metadata,
          actor: events[i]!.actor,
          at: `2027-01-${String(day).padStart(2, '0')}T0${i}:15:00.000Z`,
          ...(events[i]!.reason ? { reason: events[i]!.reason } : {}),
        },
      }) as RecordedEvent,
  );

const details = { sessionId: 's1', metierId: 'meca', centreDepotId: 'centre-a' };
const c1 = story(
  'c1',
  [
    {
      type: 'CandidatureCreated',
      data: { candidatureId: 'c1', numeroDossier: 'CQP27-000001', ...details, values: values() },
      actor: awa,
    },
    {
      // Renamed and moved to centre B: every line of the dossier then says so.
      type: 'CandidatureModified',
      data: {
        candidatureId: 'c1',
        ...details,
        centreDepotId: 'centre-b',
        values: values({ prenoms: 'Awa Clarisse', telephone: '699887766' }),
      },
      actor: awa,
    },
    { type: 'CandidatureSubmitted', data: { candidatureId: 'c1' }, actor: awa },
    {
      type: 'CandidatureRejected',
      data: { candidatureId: 'c1', motifId: 'illisible', commentaire: 'Acte illisible' },
      actor: paul,
    },
  ],
  10,
);
const c2 = story(
  'c2',
  [
    {
      type: 'CandidatureCreated',
      data: {
        candidatureId: 'c2',
        numeroDossier: 'CQP27-000002',
        ...details,
        values: values({ nom: 'Fotso', prenoms: 'Jean' }),
      },
      actor: awa,
    },
    { type: 'CandidatureSubmitted', data: { candidatureId: 'c2' }, actor: awa },
    { type: 'CandidatureValidated', data: { candidatureId: 'c2' }, actor: paul },
    {
      type: 'CandidatureWithdrawn',
      data: { candidatureId: 'c2' },
      actor: awa,
      reason: 'Le candidat a trouvé un emploi',
    },
  ],
  11,
);
const c3 = story(
  'c3',
  [
    {
      type: 'CandidatureCreated',
      data: {
        candidatureId: 'c3',
        numeroDossier: 'CQP27-000003',
        ...details,
        values: values({ nom: 'Ndzi', prenoms: 'Boris' }),
      },
      actor: awa,
    },
    {
      type: 'CandidatureDeleted',
      data: { candidatureId: 'c3', numeroDossier: 'CQP27-000003' },
      actor: awa,
    },
  ],
  12,
);
// Streams interleaved, as the global log holds them.
const events: RecordedEvent[] = [c1[0]!, c2[0]!, c1[1]!, c3[0]!, c2[1]!, c1[2]!, c3[1]!, c2[2]!]
  .concat(c1.slice(3), c2.slice(3))
  .map((event, i) => ({ ...event, position: String(i + 1) }) as RecordedEvent);

describe.each(READ_STORE_KINDS)('changes of dossiers projection on %s', (kind) => {
  let stores: ReturnType<typeof tempStores>;
  beforeEach(() => {
    stores = tempStores(kind);
  });
  afterEach(async () => stores.close());

  const lines = async (readStore = stores.readStore) =>
    (await dump(readStore, candidatureChangesCollection)) as CandidatureChangeDocument[];
  /** A line as the routes give it: its changes whole (stored compactly). */
  const whole = (line: CandidatureChangeDocument | undefined) =>
    line && {
      ...line,
      changes: readChanges(line.changes, candidatureChangesResource.changeFields!),
    };

  it('writes one line per event: who, when, what, each field before → after', async () => {
    await project(candidatureChangesProjection, stores.readStore, events);
    const stored = await lines();
    const byId = new Map(stored.map((line) => [line.id, whole(line)]));
    expect(byId.size).toBe(events.length);
    // Stored compactly: a declared field's label is not repeated on every line.
    const modified = stored.find((line) => line.id === c1[1]!.id)!;
    expect(modified.changes).toEqual([
      { f: 'centreDepotId', b: 'centre-a', a: 'centre-b' },
      { f: 'prenoms', b: 'Awa', a: 'Awa Clarisse' },
      { f: 'telephone', b: '677112233', a: '699887766' },
    ]);
    // c1's lines all name the dossier as it stands: renamed, at centre B.
    for (const event of c1)
      expect(byId.get(event.id)).toMatchObject({
        candidatureId: 'c1',
        numeroDossier: 'CQP27-000001',
        libelle: 'Mbarga Awa Clarisse',
        sessionId: 's1',
        centreDepotId: 'centre-b',
      });
    expect(byId.get(c1[0]!.id)).toMatchObject({
      action: 'Création',
      acteurId: 'u-awa',
      acteur: 'Awa Enrôleuse',
      date: '2027-01-10T00:15:00.000Z',
      statut: 'brouillon',
      motif: '',
    });
    expect(byId.get(c1[1]!.id)).toMatchObject({
      action: 'Modification',
      statut: 'brouillon',
      changes: [
        { field: 'centreDepotId', label: 'Centre de dépôt', before: 'centre-a', after: 'centre-b' },
        { field: 'prenoms', label: 'Prénoms', before: 'Awa', after: 'Awa Clarisse' },
        { field: 'telephone', label: 'Téléphone', before: '677112233', after: '699887766' },
      ],
    });
    expect(byId.get(c1[2]!.id)).toMatchObject({
      action: 'Soumission',
      statut: 'soumis',
      changes: [{ field: 'statut', before: 'Brouillon', after: 'Soumis' }],
    });
    expect(byId.get(c1[3]!.id)).toMatchObject({
      action: 'Rejet',
      acteurId: 'u-paul',
      acteur: 'Paul Superviseur',
      statut: 'rejete',
      motif: 'Acte illisible',
      changes: expect.arrayContaining([
        { field: 'motifRejetId', label: 'Motif de rejet', before: null, after: 'illisible' },
      ]),
    });
    expect(byId.get(c2[2]!.id)).toMatchObject({ action: 'Validation', statut: 'valide' });
    expect(byId.get(c2[3]!.id)).toMatchObject({
      action: 'Désistement',
      statut: 'desiste',
      motif: 'Le candidat a trouvé un emploi',
    });
    // A deleted brouillon keeps its history, under the number and centre it had.
    expect(byId.get(c3[1]!.id)).toMatchObject({
      action: 'Suppression',
      numeroDossier: 'CQP27-000003',
      libelle: 'Ndzi Boris',
      centreDepotId: 'centre-a',
      statut: 'brouillon',
    });
    // Every line is the dossier's own history entry (whatever event types it gains).
    for (const stream of [c1, c2, c3])
      for (const entry of candidaturesResource.history!(stream)) {
        const event = stream.find((e) => e.revision === entry.revision)!;
        expect(byId.get(event.id)).toMatchObject({
          action: entry.action,
          acteur: entry.actor,
          date: entry.at,
          changes: entry.changes,
        });
      }
    // The screen's filters: centre, agent, statut, period.
    const changes = stores.readStore.collection(candidatureChangesCollection);
    expect(await changes.count({ centreDepotId: 'centre-b' })).toBe(4);
    expect(await changes.count({ acteurId: 'u-paul' })).toBe(2);
    expect(await changes.count({ statut: 'soumis' })).toBe(2);
    expect(
      await changes.count({
        date: { $gte: '2027-01-11T00:00:00.000Z', $lte: '2027-01-11T23:59:59.999Z' },
      }),
    ).toBe(4);
    expect(await changes.count({ $q: 'clarisse' })).toBe(4);
  });

  it('gives identical collections when every event is delivered twice, or a batch again', async () => {
    await project(candidatureChangesProjection, stores.readStore, events);
    const expected = {
      lines: await lines(),
      kept: await dump(stores.readStore, candidatureChangesStateCollection),
    };
    for (const redelivered of [
      events.flatMap((e) => [e, e]),
      // A restart from an older checkpoint: the second half of the log again.
      [...events, ...events.slice(events.length / 2)],
      // One event at a time.
      events,
    ]) {
      const other = tempStores(kind);
      try {
        await project(
          candidatureChangesProjection,
          other.readStore,
          redelivered,
          redelivered === events ? 1 : 3,
        );
        expect({
          lines: await lines(other.readStore),
          kept: await dump(other.readStore, candidatureChangesStateCollection),
        }).toEqual(expected);
      } finally {
        await other.close();
      }
    }
  });

  it('equals a rebuild from the log after following it live', async () => {
    const append = async (event: RecordedEvent) =>
      stores.eventStore.appendToStream(
        event.streamId,
        toEnvelopes([{ type: event.type, data: event.data }], {
          commandId: `commande-${event.id}`,
          actor: event.metadata.actor,
          now: event.metadata.at,
          ...(event.metadata.reason ? { reason: event.metadata.reason } : {}),
        }),
        { expectedRevision: event.revision === 0 ? 'no_stream' : event.revision - 1 },
      );
    // Half of the log stored before the runner starts, the rest appended while it follows.
    for (const event of events.slice(0, 5)) await append(event);
    const runner = new ProjectionRunner(
      stores.eventStore,
      stores.readStore,
      [candidatureChangesProjection],
      { batchSize: 2, leaseTtlMs: 2000 },
    );
    runner.start();
    let position = '0';
    try {
      for (const event of events.slice(5)) position = (await append(event)).position;
      expect(
        await waitForProjections(
          stores.readStore,
          [candidatureChangesProjection.name],
          position,
          10_000,
        ),
      ).toBe(true);
    } finally {
      await runner.stop();
    }
    const live = {
      lines: await lines(),
      kept: await dump(stores.readStore, candidatureChangesStateCollection),
    };
    expect(live.lines).toHaveLength(events.length);
    await ProjectionRunner.rebuild(
      stores.eventStore,
      stores.readStore,
      candidatureChangesProjection,
    );
    expect({
      lines: await lines(),
      kept: await dump(stores.readStore, candidatureChangesStateCollection),
    }).toEqual(live);
  });
});
