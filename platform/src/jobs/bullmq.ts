import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
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
}

const STATUS: Record<string, JobStatus> = {
  waiting: 'waiting',
  prioritized: 'waiting',
  'waiting-children': 'waiting',
  delayed: 'delayed',
  active: 'active',
  completed: 'completed',
  failed: 'failed',
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
    this.connection = new Redis(options.url, { maxRetriesPerRequest: null });
    this.queue = new Queue(this.queueName, {
      connection: this.connection,
      prefix: this.prefix,
      defaultJobOptions: {
        removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
        removeOnFail: false,
      },
    });
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
        connection: new Redis(this.options.url, { maxRetriesPerRequest: null }),
        prefix: this.prefix,
        concurrency: options.concurrency ?? 1,
      },
    );
    // A failed try is already recorded on the job; the event only needs a listener.
    worker.on('failed', () => undefined);
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
