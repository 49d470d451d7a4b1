import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './network.js';

/** Debian's nginx, where it is installed (`.ci/run` installs it). */
export const NGINX_BINARY = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));

/** The repository (this file is in platform/src/testing or platform/dist/testing). */
const REPOSITORY = resolve(__dirname, '../../..');

export interface LocalGatewayOptions {
  /** Each upstream group of `gateway/nginx.conf` (command_service…) → the local ports serving it. */
  readonly upstreams: Readonly<Record<string, readonly number[]>>;
  /** The folder served as the UI (the built admin-ui, or any folder). */
  readonly root?: string;
  /** The access log also names the replica that answered (`$upstream_addr`, last on the line). */
  readonly logUpstream?: boolean;
}

export interface LocalGateway {
  readonly port: number;
  /** Its folder: `proxies/` (the office's proxies), `logs/`, the configuration. */
  readonly dir: string;
  /** Runs nginx on this gateway's configuration (`-t`, `-s reload`…). */
  nginx(...args: string[]): void;
  /** The access log's lines. */
  accessLog(): string[];
  /** nginx stopped and its folder removed. */
  stop(): void;
}

/**
 * The gateway as shipped (`gateway/nginx.conf`), run by the local nginx on a free port of
 * 127.0.0.1, its upstreams pointed at local ports and its paths into a folder of its own.
 * Answers once nginx answers `/health`.
 */
export const startLocalGateway = async (options: LocalGatewayOptions): Promise<LocalGateway> => {
  if (!NGINX_BINARY) throw new Error('nginx est introuvable (apt-get install -y nginx).');
  const dir = mkdtempSync(join(tmpdir(), 'passerelle-'));
  mkdirSync(join(dir, 'proxies'));
  mkdirSync(join(dir, 'logs'));
  const port = await freePort();
  let site = readFileSync(join(REPOSITORY, 'gateway/nginx.conf'), 'utf8');
  for (const [upstream, ports] of Object.entries(options.upstreams)) {
    const shipped = new RegExp(`upstream ${upstream} \\{ server [a-z-]+:8080; \\}`);
    if (!shipped.test(site))
      throw new Error(`gateway/nginx.conf : upstream ${upstream} introuvable`);
    const servers = ports.map((p) => `server 127.0.0.1:${p};`).join(' ');
    site = site.replace(shipped, `upstream ${upstream} { ${servers} }`);
  }
  if (/server [a-z-]+:8080;/.test(site))
    throw new Error('gateway/nginx.conf : un upstream n’a pas de port local');
  site = site
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('/etc/nginx/proxies/', `${dir}/proxies/`)
    .replace('/var/log/nginx/access.log', `${dir}/logs/access.log`)
    .replace('root /usr/share/nginx/html;', `root ${options.root ?? dir};`);
  if (options.logUpstream)
    site = site.replace(
      /log_format without_personal_data '([^']*)';/,
      "log_format without_personal_data '$1 $upstream_addr';",
    );
  if (!site.includes(`${dir}/proxies/*.conf`))
    throw new Error('gateway/nginx.conf : le dossier des proxys n’a pas été remplacé');
  writeFileSync(join(dir, 'site.conf'), site);
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/logs/error.log;`,
      'events {}',
      'http {',
      '  include /etc/nginx/mime.types;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (name) => `  ${name}_temp_path ${dir}/${name};`,
      ),
      `  include ${dir}/site.conf;`,
      '}',
    ].join('\n'),
  );
  const nginx = (...args: string[]): void => {
    const result = spawnSync(NGINX_BINARY, ['-p', dir, '-c', join(dir, 'nginx.conf'), ...args]);
    if (result.status !== 0) throw new Error(`nginx ${args.join(' ')} : ${String(result.stderr)}`);
  };
  nginx('-t');
  nginx();
  // nginx forks and answers in its own time.
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    port,
    dir,
    nginx,
    accessLog: () => {
      const file = join(dir, 'logs/access.log');
      return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
    },
    stop: () => {
      if (existsSync(join(dir, 'nginx.pid'))) {
        try {
          nginx('-s', 'stop');
        } catch {
          // already gone
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
