import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { hostname } from 'node:os';
import { openRedis } from '../startup/redis.js';
import {
  assertJobId,
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  type JobHandler,
  type JobInfo,
  type JobOptions,
  type JobQueue,
  type JobStatus,
} from './port.js';

export interface BullMqOptions {
  readonly url: string;
  /** Redis key prefix (tests use their own). */
  readonly prefix?: string;
  readonly queueName?: string;
  /**
   * How long a job stays its worker's without a sign of life (the lock, renewed at half this).
   * A worker that dies (`kill -9`, a lost machine) leaves its jobs « active » until then.
   */
  readonly lockDurationMs?: number;
  /** How often every worker looks for jobs whose worker is gone, and gives them to another. */
  readonly stalledIntervalMs?: number;
}

/**
 * A dead worker's job is taken up again within lock + check (≤ 15 s): BullMQ's defaults (30 s each)
 * left the jobs of a worker killed with `kill -9` active for up to 81 s. The lock is renewed every
 * 5 s by the worker's event loop, which PDF rendering never blocks that long (it runs in threads
 * or yields); a job whose lock lapses while it still runs is only made twice, never recorded twice
 * (the document's stream refuses a second outcome).
 */
export const JOB_LOCK_DURATION_MS = 10_000;
export const STALLED_JOBS_INTERVAL_MS = 5_000;

const STATUS: Record<string, JobStatus> = {
  waiting: 'waiting',
  prioritized: 'waiting',
  'waiting-children': 'waiting',
  delayed: 'delayed',
  active: 'active',
  completed: 'completed',
  failed: 'failed',
};

/** Redis away: already said once by `openRedis`; any other error of the queue is logged. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
const reportQueueError = (error: Error): void => {
  const code = (error as NodeJS.ErrnoException).code;
  if ((code && CONNECTION_CODES.has(code)) || /Connection is closed/.test(error.message)) return;
  console.warn(`File de tâches (BullMQ) : ${error.message}`);
};

/**
 * The distributed queue: BullMQ on Redis. Workers in any process compete for jobs; a job id is
 * refused while the job is kept (completed jobs are kept 7 days, failed ones until removed).
 */
export class BullMqJobQueue implements JobQueue {
  private readonly connection: Redis;
  private readonly queue: Queue;
  private readonly workers: Worker[] = [];
  private readonly prefix: string;
  private readonly queueName: string;

  constructor(private readonly options: BullMqOptions) {
    this.prefix = options.prefix ?? 'examens-pro';
    this.queueName = options.queueName ?? 'taches';
    // BullMQ blocks on Redis commands in workers: no retry limit per request.
    this.connection = openRedis(options.url, { maxRetriesPerRequest: null });
    this.queue = new Queue(this.queueName, {
      connection: this.connection,
      prefix: this.prefix,
      defaultJobOptions: {
        removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
        removeOnFail: false,
      },
    });
    this.queue.on('error', reportQueueError);
  }

  async enqueue(
    name: string,
    jobId: string,
    data: unknown,
    options: JobOptions = {},
  ): Promise<boolean> {
    assertJobId(jobId);
    if (await this.queue.getJob(jobId)) return false;
    const job = await this.queue.add(name, data, {
      jobId,
      attempts: Math.max(1, options.attempts ?? DEFAULT_ATTEMPTS),
      backoff: { type: 'exponential', delay: options.backoffMs ?? DEFAULT_BACKOFF_MS },
    });
    return job.id === jobId;
  }

  async work(
    handlers: Readonly<Record<string, JobHandler>>,
    options: { concurrency?: number } = {},
  ): Promise<void> {
    const worker = new Worker(
      this.queueName,
      async (job: Job) => {
        const handler = handlers[job.name];
        if (!handler) throw new Error(`Aucun traitement pour la tâche « ${job.name} ».`);
        return handler({
          id: job.id!,
          name: job.name,
          data: job.data as unknown,
          attempt: job.attemptsMade + 1,
          progress: (percent) => job.updateProgress(Math.max(0, Math.min(100, percent))),
        });
      },
      {
        connection: openRedis(this.options.url, { maxRetriesPerRequest: null }),
        prefix: this.prefix,
        concurrency: options.concurrency ?? 1,
        // The job's « processedBy »: which process took it (host and pid), for whoever investigates.
        name: `${hostname()}#${process.pid}`,
        lockDuration: this.options.lockDurationMs ?? JOB_LOCK_DURATION_MS,
        stalledInterval: this.options.stalledIntervalMs ?? STALLED_JOBS_INTERVAL_MS,
      },
    );
    // A failed try is already recorded on the job; the event only needs a listener.
    worker.on('failed', () => undefined);
    worker.on('error', reportQueueError);
    this.workers.push(worker);
    await worker.waitUntilReady();
  }

  async getJob(jobId: string): Promise<JobInfo | null> {
    const job = await this.queue.getJob(jobId);
    if (!job) return null;
    const status = STATUS[await job.getState()] ?? 'waiting';
    return {
      id: jobId,
      name: job.name,
      status,
      progress: status === 'completed' ? 100 : typeof job.progress === 'number' ? job.progress : 0,
      attemptsMade: job.attemptsMade,
      ...(job.failedReason && status !== 'completed' ? { failedReason: job.failedReason } : {}),
      ...(status === 'completed' ? { result: job.returnvalue as unknown } : {}),
      ...(job.processedBy ? { processedBy: job.processedBy } : {}),
    };
  }

  /** Removes every key of this queue (tests only). */
  async obliterate(): Promise<void> {
    await this.queue.obliterate({ force: true });
  }

  async close(): Promise<void> {
    for (const worker of this.workers) {
      const connection = worker.opts.connection as Redis;
      await worker.close();
      connection.disconnect();
    }
    await this.queue.close();
    this.connection.disconnect();
  }
}
