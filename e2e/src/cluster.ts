import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  NGINX_BINARY,
  startLocalGateway,
  type LocalGateway,
} from '@examens-pro/platform/testing/gateway';
import { ARTIFACTS, freePort } from './harness';

/**
 * The distributed mode as an operator runs it, on one machine: every part a separate OS process
 * started from its `dist` entry point, FerretDB (MongoDB's protocol) for the read models, Redis for
 * sessions, limits and jobs, one shared DATA_DIR (the SQLite event log, unless an EventStoreDB is
 * given), and Debian's nginx with `gateway/nginx.conf` as shipped in front, its upstreams pointed at
 * the local ports. Each process writes its output to `e2e/artifacts/distributed/<name>.log`.
 */
const ROOT = resolve(__dirname, '../..');

export type Role = 'command' | 'query' | 'projections' | 'workers';

const ENTRY: Record<Role, string> = {
  command: 'command-service/dist/server.js',
  query: 'query-service/dist/server.js',
  projections: 'projections/dist/main.js',
  workers: 'workers/dist/main.js',
};

/** The gateway's upstream groups, and the role whose replicas serve each. */
const UPSTREAMS: Record<string, Role> = {
  command_service: 'command',
  query_service: 'query',
  public_service: 'query',
};

export interface Member {
  readonly name: string;
  readonly role: Role;
  readonly port: number;
  child?: ChildProcess;
  /** Times this member was started (its log file is appended to). */
  starts: number;
  /** Stopped with SIGSTOP, not continued yet. */
  frozen?: boolean;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** What the journey needs from its servers; missing ones make it skip (or fail under REQUIRE_SERVERS). */
export const clusterServers = (): {
  mongodbUrl?: string;
  redisUrl?: string;
  eventStoreUrl?: string;
  nginx?: string;
} => ({
  mongodbUrl: process.env.TEST_MONGODB_URL || undefined,
  redisUrl: process.env.TEST_REDIS_URL || undefined,
  // An EventStoreDB of its own (empty: every process projects the whole log), only when given.
  eventStoreUrl: process.env.E2E_EVENTSTORE_URL || undefined,
  nginx: NGINX_BINARY,
});

export interface ClusterOptions {
  readonly replicas: Readonly<Record<Role, number>>;
  /** More environment for every process (the first administrator's…). */
  readonly env?: Readonly<Record<string, string>>;
}

/** A MongoDB URL naming another database (FerretDB's test URL names none). */
const withDatabase = (url: string, name: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

export class Cluster {
  readonly members: Member[] = [];
  readonly dataDir: string;
  readonly mongodbUrl: string;
  readonly redisUrl: string;
  readonly eventStoreUrl?: string;
  private gateway?: LocalGateway;
  private readonly logDir: string;

  private constructor(
    private readonly options: ClusterOptions,
    servers: { mongodbUrl: string; redisUrl: string; eventStoreUrl?: string },
  ) {
    const id = Date.now().toString(36);
    this.dataDir = mkdtempSync(join(tmpdir(), 'distribue-'));
    this.mongodbUrl = withDatabase(servers.mongodbUrl, `distribue_${id}`);
    // A Redis database of its own, emptied first: the sessions, limits and jobs of this run only.
    const redis = new URL(servers.redisUrl);
    redis.pathname = '/9';
    this.redisUrl = redis.toString();
    this.eventStoreUrl = servers.eventStoreUrl;
    this.logDir = join(ARTIFACTS, 'distributed');
    rmSync(this.logDir, { recursive: true, force: true });
    mkdirSync(this.logDir, { recursive: true });
  }

  static async create(options: ClusterOptions): Promise<Cluster> {
    const servers = clusterServers();
    if (!servers.mongodbUrl || !servers.redisUrl || !servers.nginx)
      throw new Error('FerretDB, Redis et nginx sont requis pour le parcours distribué.');
    const cluster = new Cluster(options, {
      mongodbUrl: servers.mongodbUrl,
      redisUrl: servers.redisUrl,
      eventStoreUrl: servers.eventStoreUrl,
    });
    for (const role of Object.keys(options.replicas) as Role[]) {
      for (let i = 1; i <= options.replicas[role]; i++) {
        cluster.members.push({ name: `${role}-${i}`, role, port: await freePort(), starts: 0 });
      }
    }
    return cluster;
  }

  /** The gateway's address: what a browser or an operator's client uses. */
  get url(): string {
    if (!this.gateway) throw new Error('La passerelle n’est pas démarrée.');
    return `http://127.0.0.1:${this.gateway.port}`;
  }

  member(name: string): Member {
    const found = this.members.find((m) => m.name === name);
    if (!found) throw new Error(`Aucun processus ${name}.`);
    return found;
  }

  byRole(role: Role): Member[] {
    return this.members.filter((m) => m.role === role);
  }

  /** The member whose process has this pid (a lease's or a job's owner names it). */
  byPid(pid: number): Member | undefined {
    return this.members.find((m) => m.child?.pid === pid && m.child.exitCode === null);
  }

  private environment(member: Member): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(member.port),
      HOST: '127.0.0.1',
      DATA_DIR: this.dataDir,
      MONGODB_URL: this.mongodbUrl,
      REDIS_URL: this.redisUrl,
      EVENTSTORE_URL: this.eventStoreUrl ?? '',
      SESSION_SECRET: 'secret-de-session-du-parcours-distribue-0123456789',
      PUBLIC_URL: this.url,
      // The gateway is on this machine: its X-Forwarded-For is believed from 127.0.0.1 only.
      TRUSTED_PROXIES: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WORKER_CONCURRENCY: '2',
      ...this.options.env,
    };
  }

  /** Starts the members given (all by default) at the same moment, as compose starts replicas. */
  start(...members: Member[]): void {
    for (const member of members.length > 0 ? members : this.members) {
      if (member.child && member.child.exitCode === null && member.child.signalCode === null)
        throw new Error(`${member.name} tourne déjà.`);
      const log = createWriteStream(join(this.logDir, `${member.name}.log`), { flags: 'a' });
      member.starts += 1;
      log.write(`\n===== démarrage ${member.starts} (${new Date().toISOString()}) =====\n`);
      const child = spawn(process.execPath, [join(ROOT, ENTRY[member.role])], {
        cwd: ROOT,
        env: this.environment(member),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.pipe(log, { end: false });
      child.stderr!.pipe(log, { end: false });
      child.once('exit', (code, signal) =>
        log.end(`===== arrêt : ${signal ?? `code ${code}`} (${new Date().toISOString()}) =====\n`),
      );
      member.child = child;
    }
  }

  /** Answers when the member's `/api/ready` says 200 (ms taken); fails after `timeoutMs`. */
  async waitReady(member: Member, timeoutMs = 120_000): Promise<number> {
    const started = Date.now();
    let last = 'aucune réponse';
    while (Date.now() - started < timeoutMs) {
      if (!this.running(member))
        throw new Error(`${member.name} s’est arrêté au démarrage (voir ${member.name}.log).`);
      try {
        const response = await fetch(`http://127.0.0.1:${member.port}/api/ready`);
        if (response.ok) return Date.now() - started;
        last = `${response.status} ${await response.text()}`;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`${member.name} n’est pas prêt après ${timeoutMs} ms : ${last}`);
  }

  running(member: Member): boolean {
    return Boolean(
      member.child && member.child.exitCode === null && member.child.signalCode === null,
    );
  }

  /** Sends a signal (SIGKILL, SIGSTOP, SIGCONT…); answers once a killed process is gone. */
  async signal(member: Member, signal: NodeJS.Signals): Promise<void> {
    const child = member.child;
    if (!child) throw new Error(`${member.name} n’a pas été démarré.`);
    const exited = new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) done();
      else child.once('exit', () => done());
    });
    child.kill(signal);
    if (signal === 'SIGSTOP') member.frozen = true;
    if (signal === 'SIGCONT') member.frozen = false;
    if (signal === 'SIGKILL' || signal === 'SIGTERM') await exited;
  }

  /** Stops every running member as an operator does (SIGTERM), at the same moment. */
  async stopAll(): Promise<void> {
    await Promise.all(
      this.members.filter((m) => this.running(m)).map((m) => this.signal(m, 'SIGTERM')),
    );
  }

  /** nginx with `gateway/nginx.conf` as shipped: its upstreams are every replica of their role. */
  async startGateway(): Promise<void> {
    this.gateway = await startLocalGateway({
      upstreams: Object.fromEntries(
        Object.entries(UPSTREAMS).map(([name, role]) => [
          name,
          this.byRole(role).map((m) => m.port),
        ]),
      ),
      root: join(ROOT, 'admin-ui/dist'),
      // The access log says which replica answered (the journey checks both query services did).
      logUpstream: true,
    });
  }

  /** The gateway's access log: one line per request, ending with the replica that answered. */
  accessLog(): string[] {
    return this.gateway?.accessLog() ?? [];
  }

  /** Everything stopped and removed (the processes' logs stay in the artefacts). */
  async destroy(): Promise<void> {
    for (const member of this.members) {
      if (member.frozen) await this.signal(member, 'SIGCONT');
    }
    await Promise.race([this.stopAll(), sleep(15_000)]);
    for (const member of this.members) if (this.running(member)) member.child!.kill('SIGKILL');
    this.gateway?.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
