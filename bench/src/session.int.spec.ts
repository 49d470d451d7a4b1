import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setResultsVisibility } from '@examens-pro/application';
import { ProjectionRunner } from '@examens-pro/platform';
import { allProjections } from '@examens-pro/projections';
import {
  allocationPhase,
  checkPublicLookup,
  checkResults,
  deliberationPhase,
  expectedResult,
  gradesPhase,
  openStory,
  STORY_ACTOR,
  storyMark,
  waitUntilPublished,
  type Ask,
  type LookupKey,
  type Story,
} from './sessionStory.js';

/**
 * The national session's story (`npm run bench session`) at a small size, as a correctness test:
 * every phase's checks, no timing asserted (speed lives in the bench). The product runs
 * in-process with its projections beside the app (no built worker needed); the phases that need
 * a process of their own or chromium (the cold start of `node embedded/dist/main.js`, the lists
 * against a bare Fastify, the dashboard's first load) are the bench's alone; the rebuild of every
 * read model runs here in-process (`ProjectionRunner.rebuildAll`, what `projections:rebuild`
 * runs) and must give the same results.
 */
const CANDIDATS = Number(process.env.SESSION_SPEC_SIZE ?? 2000);
jest.setTimeout(300_000);

describe(`a national session of ${CANDIDATS} candidates, told through the product's commands`, () => {
  let dataDir: string;
  let story: Story;
  let keys: readonly LookupKey[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'session-nationale-'));
    story = await openStory({ dataDir, candidats: CANDIDATS, projectionsThread: false });
  });

  afterAll(async () => {
    await story?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('places every candidate, no site over capacity, candidate numbers unique', async () => {
    const allocation = await allocationPhase(story);
    expect(allocation.checks.failures).toEqual([]);
    expect(allocation.checks.everyCandidatePlaced).toBe(true);
    expect(allocation.checks.sitesOverCapacityBySeats).toBe(0);
    expect(allocation.checks.sitesOverCapacityByList).toBe(0);
    expect(allocation.checks.listedAllocated).toBe(CANDIDATS);
    expect(allocation.checks.uniqueCandidateNumbers).toBe(CANDIDATS);
    // Every read model reached the log's head at the run's end (histories and statistics too).
    expect(allocation.slowest.length).toBeGreaterThan(0);
  });

  it('records presences and 10 marks a candidate on every site’s grade sheets', async () => {
    const grades = await gradesPhase(story);
    // One sheet per épreuve of every site that received candidates.
    expect(grades.sheets).toBeGreaterThan(0);
    expect(grades.sheets % story.epreuves.length).toBe(0);
    expect(grades.sheets).toBeLessThanOrEqual(story.setup.capacityOf.size * story.epreuves.length);
    let present = 0;
    for (let i = 0; i < CANDIDATS; i += 1)
      story.epreuves.forEach((epreuve, e) => {
        if (!storyMark(i, e, epreuve.noteMax).absent) present += 1;
      });
    expect(grades.marks).toBe(present);
  });

  it('closes the 20 juries: every result readable and equal to its recomputation', async () => {
    const deliberation = await deliberationPhase(story);
    keys = deliberation.keys;
    expect(deliberation.checks.failures).toEqual([]);
    expect(deliberation.results).toBe(CANDIDATS);
    // Each outcome occurs: the recomputation compares admitted, failed, eliminated and absent.
    for (const outcome of ['admis', 'ajourne', 'elimine', 'absent'])
      expect(deliberation.tally[outcome]).toBeGreaterThan(0);
    // The recomputation itself: candidate 0 is absent at the first épreuve, candidate 1 is not.
    expect(expectedResult(story.epreuves, 0).resultat).toBe('absent');
    expect(expectedResult(story.epreuves, 1).moyenne).not.toBeNull();
    expect(keys.length).toBe(Math.min(CANDIDATS, 20_000));
  });

  it('publishes: the public lookup finds published candidates, and not an unknown number', async () => {
    const { eventStore, readStore } = story.ports;
    const { position } = await setResultsVisibility(
      { eventStore, readStore },
      story.setup.sessionId,
      { visible: true, moyenneVisible: true },
      story.setup.context('mesure-publication'),
    );
    await waitUntilPublished(readStore, position, 60_000);
    const ask: Ask = async (body) => {
      const answer = await story.app.inject({
        method: 'POST',
        url: '/api/public/resultats',
        payload: body,
      });
      return { status: answer.statusCode, body: answer.body };
    };
    const lookup = await checkPublicLookup(ask, keys);
    expect(lookup.failures).toEqual([]);
    expect(lookup.found).toBeGreaterThanOrEqual(50);
    expect(lookup.unknownStatus).toBe(404);
  });

  it('rebuilds every read model from zero to the same results', async () => {
    await story.stopProduct();
    const { eventStore, readStore } = story.ports;
    const rebuilt = await ProjectionRunner.rebuildAll(eventStore, readStore, allProjections(), {
      owner: `${STORY_ACTOR.id}-reconstruction`,
    });
    expect(rebuilt).toHaveLength(allProjections().length);
    const again = await checkResults(story);
    expect(again.checks.failures).toEqual([]);
    expect(again.results).toBe(CANDIDATS);
  });
});
