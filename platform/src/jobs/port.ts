/** A job queue: deterministic job ids, progress, retries with backoff, failures kept. */
export interface JobOptions {
  /** Tries in all, the first included (default 3). */
  readonly attempts?: number;
  /** Delay before the first retry; each next one doubles (default 1000 ms). */
  readonly backoffMs?: number;
}

export type JobStatus = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed';

export interface JobInfo {
  readonly id: string;
  readonly name: string;
  readonly status: JobStatus;
  /** 0 to 100. */
  readonly progress: number;
  readonly attemptsMade: number;
  readonly failedReason?: string;
  readonly result?: unknown;
  /** The process that took it last (`host#pid`), where the queue knows it (BullMQ). */
  readonly processedBy?: string;
}

export interface JobContext<Data = unknown> {
  readonly id: string;
  readonly name: string;
  readonly data: Data;
  /** 1 for the first try. */
  readonly attempt: number;
  progress(percent: number): Promise<void>;
}

export type JobHandler = (job: JobContext) => Promise<unknown>;

export interface JobQueue {
  /**
   * Adds a job under a deterministic id. Returns false when a job with this id is still kept
   * (waiting, running, done or failed): a reactor that sees the same event twice enqueues once.
   */
  enqueue(name: string, jobId: string, data: unknown, options?: JobOptions): Promise<boolean>;
  /** Starts processing jobs with the handler registered for their name. */
  work(
    handlers: Readonly<Record<string, JobHandler>>,
    options?: { readonly concurrency?: number },
  ): Promise<void>;
  getJob(jobId: string): Promise<JobInfo | null>;
  close(): Promise<void>;
}

/** Job ids travel to Redis keys: no colon, bounded length. */
export const assertJobId = (jobId: string): void => {
  if (!/^[A-Za-z0-9._-]{1,200}$/.test(jobId))
    throw new Error(`Identifiant de tâche invalide : ${jobId}`);
};

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 1000;
