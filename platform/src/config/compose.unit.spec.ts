import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { CONTENT_SECURITY_POLICY } from '../http/security.js';

const ROOT = resolve(__dirname, '../../..');
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<
    string,
    {
      image?: string;
      command?: string[];
      environment?: Record<string, string>;
      volumes?: string[];
      healthcheck?: {
        test?: string[];
        interval?: string;
        timeout?: string;
        retries?: number;
        start_period?: string;
      };
      restart?: string;
      depends_on?: Record<string, { condition?: string }>;
      build?: { target?: string };
      networks?: Record<string, { ipv4_address?: string }>;
    }
  >;
  volumes: Record<string, unknown>;
};

/** Every `process.env.X` the product's code reads (tests, benchmarks and journeys aside). */
const variablesReadByCode = (): Set<string> => {
  const found = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) {
        // testing/ and crash/ hold test harnesses, not product code.
        if (!['node_modules', 'dist', 'testing', 'crash'].includes(entry)) walk(path);
      } else if (/\.ts$/.test(entry) && !/(\.spec|^test[A-Z]\w*)\.ts$/.test(entry)) {
        for (const match of readFileSync(path, 'utf8').matchAll(
          /(?:process\.)?env\.([A-Z_][A-Z0-9_]*)/g,
        ))
          found.add(match[1]!);
      }
    }
  };
  for (const workspace of [
    'platform',
    'command-service',
    'query-service',
    'projections',
    'workers',
    'embedded',
  ]) {
    walk(join(ROOT, workspace, 'src'));
  }
  return found;
};

const APP_SERVICES = [
  'command-service',
  'query-service',
  'public-service',
  'projections',
  'workers',
];
// Read by the code but meaningful only in one mode or with a safe default.
const OPTIONAL = new Set([
  'HOST',
  'PUBLIC_URL',
  'WORKER_CONCURRENCY',
  'LOG_LEVEL',
  'DOCUMENTS_DIR',
  // The first administrator (command-service only; a random password is printed when absent).
  'ADMIN_LOGIN',
  'ADMIN_PASSWORD',
  'BUILD_ID',
  // Requests per client address on the sign-in POSTs (30 a minute by default).
  'AUTH_RATE_LIMIT_MAX',
  'AUTH_RATE_LIMIT_WINDOW_SECONDS',
  // The office's time zone (Africa/Douala by default).
  'TIME_ZONE',
  // Notices: SMTP when set, else the outbox of .eml files beside the documents.
  'SMTP_URL',
  'MAIL_FROM',
  // Online payments: none unless a provider is configured, the sandbox only when chosen
  // (public-service only).
  'PAYMENT_PROVIDER',
  'PAYMENT_WEBHOOK_SECRET',
  'PAYMENT_PROVIDER_NAME',
  'PAYMENT_CHECKOUT_URL',
  // Seals the signing certificate; derived from SESSION_SECRET (given to every service) when absent.
  'CERTIFICATE_KEY',
]);

describe('docker-compose.yml (distributed mode)', () => {
  const read = variablesReadByCode();

  it('runs every part of the product and the three servers, each app service on its entry point', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      [
        'command-service',
        'eventstore',
        'gateway',
        'mongo',
        'projections',
        'public-service',
        'query-service',
        'redis',
        'workers',
      ].sort(),
    );
    const entry = (service: string) => compose.services[service]!.command!.join(' ');
    expect(entry('command-service')).toBe('node command-service/dist/server.js');
    expect(entry('query-service')).toBe('node query-service/dist/server.js');
    expect(entry('public-service')).toBe('node query-service/dist/server.js');
    expect(entry('projections')).toBe('node projections/dist/main.js');
    expect(entry('workers')).toBe('node workers/dist/main.js');
  });

  it('gives each app service only variables the code reads, and every one it needs', () => {
    for (const service of APP_SERVICES) {
      const environment = compose.services[service]!.environment ?? {};
      for (const name of Object.keys(environment))
        expect({ service, name, read: read.has(name) }).toEqual({ service, name, read: true });
      for (const name of read) {
        if (OPTIONAL.has(name)) continue;
        expect({ service, name, given: name in environment }).toEqual({
          service,
          name,
          given: true,
        });
      }
      expect(environment.EVENTSTORE_URL).toMatch(/^esdb:\/\/eventstore:2113/);
      expect(environment.MONGODB_URL).toMatch(
        /^mongodb:\/\/examens:\$\{MONGO_PASSWORD:\?[^}]+\}@mongo:27017\/.*authSource=admin.*w=majority/,
      );
      expect(environment.REDIS_URL).toMatch(/^redis:\/\/:\$\{REDIS_PASSWORD:\?[^}]+\}@redis:6379$/);
    }
  });

  it('requires a password for MongoDB and Redis, from the environment: none is written in the repository', () => {
    const required = (name: string) => new RegExp(`^\\$\\{${name}:\\?[^}]+\\}$`);
    const mongo = compose.services.mongo!.environment!;
    expect(mongo.MONGO_INITDB_ROOT_USERNAME).toBe('examens');
    expect(mongo.MONGO_INITDB_ROOT_PASSWORD).toMatch(required('MONGO_PASSWORD'));
    const redis = compose.services.redis!.command!;
    expect(redis[redis.indexOf('--requirepass') + 1]).toMatch(required('REDIS_PASSWORD'));
    // redis-cli (the healthcheck) authenticates from REDISCLI_AUTH.
    expect(compose.services.redis!.environment!.REDISCLI_AUTH).toMatch(required('REDIS_PASSWORD'));
    // Every connection URL of every app service carries the password, by reference only.
    for (const service of APP_SERVICES) {
      const environment = compose.services[service]!.environment!;
      expect(environment.MONGODB_URL).toContain('examens:${MONGO_PASSWORD:?');
      expect(environment.REDIS_URL).toContain(':${REDIS_PASSWORD:?');
    }
    // No password, nor a default for one, anywhere in the compose files or the gateway's.
    const text = ['docker-compose.yml', 'docker-compose.tls.yml']
      .map((file) => readFileSync(join(ROOT, file), 'utf8'))
      .join('\n');
    expect(text).not.toMatch(/_PASSWORD:-/);
    expect(text).not.toMatch(
      /(PASSWORD|requirepass)['"]?\s*[:=,]?\s*['"]?[A-Za-z0-9]{4,}['"]?\s*$/m,
    );
    for (const url of text.matchAll(/(mongodb|redis):\/\/([^@\s]*)@/g))
      expect(url[2]).toMatch(/^(examens)?:\$\{(MONGO|REDIS)_PASSWORD:\?[^}]+\}$/);
  });

  it('keeps jobs safe in Redis (AOF every second, no eviction) and data in volumes', () => {
    const redis = compose.services.redis!.command!.join(' ');
    expect(redis).toContain('--appendonly yes');
    expect(redis).toContain('--appendfsync everysec');
    expect(redis).toContain('--maxmemory-policy noeviction');
    for (const service of ['query-service', 'workers']) {
      expect(compose.services[service]!.volumes).toContain('documents:/documents');
      expect(compose.services[service]!.environment!.DOCUMENTS_DIR).toBe('/documents');
    }
    expect(Object.keys(compose.volumes)).toEqual(
      expect.arrayContaining(['eventstore-data', 'mongo-data', 'redis-data', 'documents']),
    );
  });

  it('has a healthcheck for every server and HTTP service', () => {
    for (const service of [
      'eventstore',
      'mongo',
      'redis',
      'command-service',
      'query-service',
      'gateway',
    ]) {
      expect({ service, healthcheck: Boolean(compose.services[service]!.healthcheck) }).toEqual({
        service,
        healthcheck: true,
      });
    }
  });

  it('checks every app process on /api/ready (after a first start long enough to project the log) and restarts it', () => {
    // Every service that runs one of the product's entry points is an app process.
    const running = Object.keys(compose.services).filter((service) =>
      /^node \S+\/dist\/\S+\.js$/.test((compose.services[service]!.command ?? []).join(' ')),
    );
    expect(running.sort()).toEqual([...APP_SERVICES].sort());
    const seconds = (duration?: string): number => {
      const match = /^(\d+)(s|m)$/.exec(duration ?? '');
      return match ? Number(match[1]) * (match[2] === 'm' ? 60 : 1) : NaN;
    };
    for (const service of APP_SERVICES) {
      const { healthcheck, restart, environment } = compose.services[service]!;
      const test = (healthcheck?.test ?? []).join(' ');
      // Projections and workers serve /api/ready only when PORT is set; the check asks that port.
      expect({ service, port: environment?.PORT }).toEqual({ service, port: '8080' });
      expect({ service, test }).toEqual({
        service,
        test: expect.stringContaining(`http://127.0.0.1:${environment?.PORT}/api/ready`),
      });
      expect(test).not.toContain('/api/health');
      // The image has no curl: node's fetch does the request.
      expect(healthcheck?.test?.slice(0, 3)).toEqual(['CMD', 'node', '-e']);
      expect({ service, startPeriod: seconds(healthcheck?.start_period) >= 120 }).toEqual({
        service,
        startPeriod: true,
      });
      expect(seconds(healthcheck?.timeout)).toBeLessThan(seconds(healthcheck?.interval));
      expect(healthcheck?.retries).toBeGreaterThanOrEqual(3);
      expect({ service, restart }).toEqual({ service, restart: 'unless-stopped' });
    }
    // The servers and the gateway come back too: a process that only waits for them is no use alone.
    for (const service of ['eventstore', 'mongo', 'redis', 'gateway'])
      expect({ service, restart: compose.services[service]!.restart }).toEqual({
        service,
        restart: 'unless-stopped',
      });
  });

  it('starts the gateway once the three HTTP services are ready, the rest once the servers are', () => {
    const healthy = (names: string[]) =>
      Object.fromEntries(names.map((name) => [name, { condition: 'service_healthy' }]));
    expect(compose.services.gateway!.depends_on).toEqual(
      healthy(['command-service', 'query-service', 'public-service']),
    );
    // No app process waits for another: each one says in /api/ready what it still waits for.
    for (const service of APP_SERVICES)
      expect({ service, dependsOn: compose.services[service]!.depends_on }).toEqual({
        service,
        dependsOn: healthy(['eventstore', 'mongo', 'redis']),
      });
  });

  it('builds the app on node:22-bookworm-slim, and routes reads to query-service, the rest to command-service', () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/FROM node:22-bookworm-slim AS build/);
    expect(dockerfile).toMatch(/FROM node:22-bookworm-slim AS app/);
    const nginx = readFileSync(join(ROOT, 'gateway/nginx.conf'), 'utf8');
    expect(nginx).toMatch(/GET query_service;/);
    expect(nginx).toMatch(/HEAD query_service;/);
    expect(nginx).toMatch(/default command_service;/);
    // GET /api/auth/csrf and /session belong to the sign-in service (command-service).
    expect(nginx).toMatch(/location \/api\/auth\/ \{\s*proxy_pass http:\/\/command_service;/);
    // Every method of the public calls to the query service's public replicas.
    expect(nginx).toMatch(/location \/api\/public\/ \{\s*proxy_pass http:\/\/public_service;/);
    expect(compose.services['public-service']!.command).toEqual([
      'node',
      'query-service/dist/server.js',
    ]);
    expect(nginx).toMatch(/try_files \$uri \/index\.html;/);
  });

  it('trusts X-Forwarded-For from the gateway only, which forwards the peer’s address', () => {
    const gateway = compose.services.gateway!.networks?.default?.ipv4_address;
    expect(gateway).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    for (const service of APP_SERVICES)
      expect({ service, trusted: compose.services[service]!.environment!.TRUSTED_PROXIES }).toEqual(
        { service, trusted: gateway },
      );
    const nginx = readFileSync(join(ROOT, 'gateway/nginx.conf'), 'utf8');
    expect(nginx).not.toMatch(/\$proxy_add_x_forwarded_for/);
    const forwarded = [...nginx.matchAll(/proxy_set_header X-Forwarded-For (\S+);/g)];
    expect(forwarded.map((m) => m[1])).toEqual(['$remote_addr', '$remote_addr', '$remote_addr']);
  });

  it('logs method and path only: no query string, no receipt token', () => {
    const nginx = readFileSync(join(ROOT, 'gateway/nginx.conf'), 'utf8');
    const format = /log_format (\S+) '([^']*)';/.exec(nginx);
    expect(format?.[2]).toContain('$request_method $logged_path');
    expect(format?.[2]).not.toMatch(/\$(request|request_uri|args|query_string|arg_\w+)\b/);
    expect(nginx).toContain(`access_log /var/log/nginx/access.log ${format?.[1]};`);
    expect([...nginx.matchAll(/^\s*access_log /gm)]).toHaveLength(1);
    expect(nginx).toMatch(
      /~\^\/api\/public\/paiements\/recus\/ \/api\/public\/paiements\/recus\/\.\.\.;/,
    );
  });

  it('sends the services’ security headers with the UI files the gateway serves itself', () => {
    const nginx = readFileSync(join(ROOT, 'gateway/nginx.conf'), 'utf8');
    const value = (variable: string): string => {
      const block = new RegExp(`map [^{]+ \\$${variable} \\{([^}]*)\\}`).exec(nginx)?.[1] ?? '';
      return /default "([^"]*)";/.exec(block)?.[1] ?? '';
    };
    const policy = Object.fromEntries(
      value('ui_content_security_policy')
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources]),
    );
    expect(policy).toEqual(CONTENT_SECURITY_POLICY);
    expect(value('ui_nosniff')).toBe('nosniff');
    expect(value('ui_frame_options')).toBe('DENY');
    expect(value('ui_referrer_policy')).toBe('strict-origin-when-cross-origin');
    for (const [header, variable] of [
      ['Content-Security-Policy', 'ui_content_security_policy'],
      ['X-Content-Type-Options', 'ui_nosniff'],
      ['X-Frame-Options', 'ui_frame_options'],
      ['Referrer-Policy', 'ui_referrer_policy'],
      ['Strict-Transport-Security', 'ui_strict_transport_security'],
    ])
      expect(nginx).toMatch(new RegExp(`\\n  add_header ${header} \\$${variable} always;`));
    // A location with an add_header of its own would drop the server's (nginx does not merge them).
    const locations = nginx.split(/\n {2}location /).slice(1);
    for (const location of locations) expect(location).not.toMatch(/add_header/);
  });
});
