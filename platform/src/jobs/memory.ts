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

interface Job {
  id: string;
  name: string;
  data: unknown;
  status: JobStatus;
  progress: number;
  attemptsMade: number;
  attempts: number;
  backoffMs: number;
  failedReason?: string;
  result?: unknown;
  finishedAt?: number;
}

/**
 * The embedded queue: jobs live in this process. Nothing is lost for good on a restart: the
 * workers' start-up reconciliation enqueues again every requested job that has no outcome event.
 */
export class InProcessJobQueue implements JobQueue {
  private readonly jobs = new Map<string, Job>();
  private readonly ready: string[] = [];
  private handlers: Readonly<Record<string, JobHandler>> = {};
  private concurrency = 0;
  private running = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly keepCompleted = 10_000) {}

  async enqueue(
    name: string,
    jobId: string,
    data: unknown,
    options: JobOptions = {},
  ): Promise<boolean> {
    assertJobId(jobId);
    if (this.closed || this.jobs.has(jobId)) return false;
    this.jobs.set(jobId, {
      id: jobId,
      name,
      data,
      status: 'waiting',
      progress: 0,
      attemptsMade: 0,
      attempts: Math.max(1, options.attempts ?? DEFAULT_ATTEMPTS),
      backoffMs: options.backoffMs ?? DEFAULT_BACKOFF_MS,
    });
    this.ready.push(jobId);
    this.pump();
    return true;
  }

  async work(
    handlers: Readonly<Record<string, JobHandler>>,
    options: { concurrency?: number } = {},
  ): Promise<void> {
    this.handlers = { ...this.handlers, ...handlers };
    this.concurrency = Math.max(this.concurrency, options.concurrency ?? 1);
    this.pump();
  }

  private pump(): void {
    while (!this.closed && this.running < this.concurrency) {
      const index = this.ready.findIndex(
        (id) => this.handlers[this.jobs.get(id)?.name ?? ''] !== undefined,
      );
      if (index < 0) return;
      const [id] = this.ready.splice(index, 1);
      const job = this.jobs.get(id!);
      if (job) void this.run(job);
    }
  }

  private async run(job: Job): Promise<void> {
    this.running += 1;
    job.status = 'active';
    job.attemptsMade += 1;
    try {
      job.result = await this.handlers[job.name]!({
        id: job.id,
        name: job.name,
        data: job.data,
        attempt: job.attemptsMade,
        progress: async (percent) => {
          job.progress = Math.max(0, Math.min(100, percent));
        },
      });
      job.status = 'completed';
      job.progress = 100;
      job.finishedAt = Date.now();
      this.evictCompleted();
    } catch (error) {
      job.failedReason = (error as Error).message;
      if (job.attemptsMade < job.attempts && !this.closed) {
        job.status = 'delayed';
        const timer = setTimeout(
          () => {
            this.timers.delete(timer);
            job.status = 'waiting';
            this.ready.push(job.id);
            this.pump();
          },
          job.backoffMs * 2 ** (job.attemptsMade - 1),
        );
        this.timers.add(timer);
      } else {
        // Failures are kept: they are what an operator looks at.
        job.status = 'failed';
        job.finishedAt = Date.now();
      }
    } finally {
      this.running -= 1;
      this.pump();
    }
  }

  private evictCompleted(): void {
    const completed = [...this.jobs.values()].filter((j) => j.status === 'completed');
    if (completed.length <= this.keepCompleted) return;
    completed.sort((a, b) => (a.finishedAt ?? 0) - (b.finishedAt ?? 0));
    for (const job of completed.slice(0, completed.length - this.keepCompleted))
      this.jobs.delete(job.id);
  }

  async getJob(jobId: string): Promise<JobInfo | null> {
    const job = this.jobs.get(jobId);
    if (!job) return null;
    return {
      id: job.id,
      name: job.name,
      status: job.status,
      progress: job.progress,
      attemptsMade: job.attemptsMade,
      ...(job.failedReason !== undefined && job.status !== 'completed'
        ? { failedReason: job.failedReason }
        : {}),
      ...(job.status === 'completed' ? { result: job.result } : {}),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
