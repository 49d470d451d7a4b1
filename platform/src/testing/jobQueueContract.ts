import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { JobInfo, JobQueue } from '../jobs/port.js';

export interface JobQueueHarness {
  readonly queue: JobQueue;
  teardown(): Promise<void>;
}

const until = async (probe: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('Délai dépassé en attendant la tâche.');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/** The job-queue contract: every adapter runs it by supplying a factory. */
export const jobQueueContract = (name: string, factory: () => Promise<JobQueueHarness>): void => {
  describe(`job queue contract: ${name}`, () => {
    let harness: JobQueueHarness;
    let queue: JobQueue;
    beforeEach(async () => {
      harness = await factory();
      queue = harness.queue;
    });
    afterEach(async () => harness.teardown());

    const id = (): string => `job-${randomUUID()}`;
    const status = async (jobId: string): Promise<JobInfo | null> => queue.getJob(jobId);
    const settled = (jobId: string) =>
      until(async () => ['completed', 'failed'].includes((await status(jobId))?.status ?? ''));

    it('runs a job enqueued twice under one deterministic id once, and keeps it', async () => {
      const runs: unknown[] = [];
      await queue.work({ compter: async (job) => runs.push(job.data) });
      const jobId = id();
      expect(await queue.enqueue('compter', jobId, { n: 1 })).toBe(true);
      expect(await queue.enqueue('compter', jobId, { n: 2 })).toBe(false);
      await settled(jobId);
      expect(await queue.enqueue('compter', jobId, { n: 3 })).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(runs).toEqual([{ n: 1 }]);
      expect(await status(jobId)).toMatchObject({
        id: jobId,
        name: 'compter',
        status: 'completed',
        progress: 100,
      });
    });

    it('reports progress while the job runs, and its result when done', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      await queue.work({
        long: async (job) => {
          await job.progress(40);
          await gate;
          return { pages: 12 };
        },
      });
      const jobId = id();
      await queue.enqueue('long', jobId, {});
      await until(async () => (await status(jobId))?.progress === 40);
      expect((await status(jobId))?.status).toBe('active');
      release();
      await settled(jobId);
      expect(await status(jobId)).toMatchObject({
        status: 'completed',
        result: { pages: 12 },
        attemptsMade: 1,
      });
    });

    it('retries a failing job with a growing delay until it succeeds', async () => {
      const tries: number[] = [];
      await queue.work({
        fragile: async (job) => {
          tries.push(Date.now());
          if (job.attempt < 3) throw new Error(`échec ${job.attempt}`);
          return 'ok';
        },
      });
      const jobId = id();
      await queue.enqueue('fragile', jobId, {}, { attempts: 3, backoffMs: 100 });
      await settled(jobId);
      expect(await status(jobId)).toMatchObject({
        status: 'completed',
        attemptsMade: 3,
        result: 'ok',
      });
      expect(tries).toHaveLength(3);
      expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(90);
      expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(180);
    });

    it('keeps a job that failed every try, with its reason', async () => {
      await queue.work({
        cassee: async () => {
          throw new Error('Modèle de document introuvable');
        },
      });
      const jobId = id();
      await queue.enqueue('cassee', jobId, {}, { attempts: 2, backoffMs: 20 });
      await settled(jobId);
      expect(await status(jobId)).toMatchObject({
        status: 'failed',
        attemptsMade: 2,
        failedReason: 'Modèle de document introuvable',
      });
      expect(await queue.enqueue('cassee', jobId, {})).toBe(false);
    });

    it('answers null for a job it never had, and refuses ids Redis keys cannot hold', async () => {
      expect(await status(id())).toBeNull();
      await expect(queue.enqueue('x', 'avec:deux-points', {})).rejects.toThrow(
        'Identifiant de tâche invalide',
      );
    });
  });
};
