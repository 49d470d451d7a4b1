// Brings up the servers the integration tests use, once, before any test file loads:
// - FerretDB (a MongoDB wire-protocol server), built by the project from tools/ferretdb-server
//   (cached in tools/ferretdb-server/bin) and started on a free port, unless MONGODB_URL is given;
// - Redis: the one at REDIS_URL or 127.0.0.1:6379 (CI starts it).
// A suite whose server cannot be reached is skipped with a loud line; with REQUIRE_SERVERS=1 (CI)
// the run fails instead.
const { spawn, spawnSync } = require('node:child_process');
const { existsSync, mkdtempSync, statSync } = require('node:fs');
const { createConnection, createServer } = require('node:net');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');
const { Redis } = require('ioredis');

const FERRET = resolve(__dirname, '../tools/ferretdb-server');
const BINARY = join(FERRET, 'bin', 'ferretdb-server');
const required = process.env.REQUIRE_SERVERS === '1';

const unavailable = (what) => {
  const line = `*** ${what} : les suites qui en dépendent sont IGNORÉES ***`;
  if (required) throw new Error(`${what} (REQUIRE_SERVERS=1)`);
  console.warn(`\n${line}\n`);
};

const goCommand = () =>
  [process.env.GO, 'go', '/usr/local/go/bin/go'].find(
    (candidate) => candidate && spawnSync(candidate, ['version']).status === 0,
  );

const buildFerretDb = () => {
  const sources = ['main.go', 'go.mod', 'go.sum'].map(
    (file) => statSync(join(FERRET, file)).mtimeMs,
  );
  if (existsSync(BINARY) && statSync(BINARY).mtimeMs > Math.max(...sources)) return BINARY;
  const go = goCommand();
  if (!go) return undefined;
  console.log('\nConstruction de FerretDB (tools/ferretdb-server, une fois : environ 1 min)…');
  const built = spawnSync(go, ['build', '-o', BINARY, '.'], {
    cwd: FERRET,
    stdio: 'inherit',
    env: { ...process.env, CGO_ENABLED: '0' },
  });
  return built.status === 0 ? BINARY : undefined;
};

const freePort = () =>
  new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

const answers = (port) =>
  new Promise((done) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

const startFerretDb = async () => {
  const binary = buildFerretDb();
  if (!binary) return undefined;
  const port = await freePort();
  const child = spawn(
    binary,
    ['-addr', `127.0.0.1:${port}`, '-data', mkdtempSync(join(tmpdir(), 'ferretdb-'))],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const deadline = Date.now() + 30_000;
  while (!(await answers(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      return undefined;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  globalThis.__FERRETDB__ = child;
  return `mongodb://127.0.0.1:${port}/?directConnection=true`;
};

const redisAnswers = async (url) => {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
};

/**
 * EventStoreDB and MongoDB 7 cannot be installed on every machine: where a Docker engine answers,
 * testcontainers starts them; EVENTSTORE_URL given by hand works too. Otherwise one line each says
 * their suites are skipped (this is not a failure, even in CI: no engine runs there).
 */
const startContainers = async () => {
  let testcontainers;
  try {
    testcontainers = require('testcontainers');
    await testcontainers.getContainerRuntimeClient();
  } catch {
    return {};
  }
  const { GenericContainer, Wait } = testcontainers;
  const started = [];
  const eventstore = await new GenericContainer('eventstore/eventstore:24.10')
    .withEnvironment({
      EVENTSTORE_INSECURE: 'true',
      EVENTSTORE_RUN_PROJECTIONS: 'None',
      EVENTSTORE_MEM_DB: 'true',
    })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
    .start();
  started.push(eventstore);
  const mongo = await new GenericContainer('mongo:7').withExposedPorts(27017).start();
  started.push(mongo);
  globalThis.__CONTAINERS__ = started;
  return {
    eventstore: `esdb://${eventstore.getHost()}:${eventstore.getMappedPort(2113)}?tls=false`,
    mongo: `mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}/?directConnection=true`,
  };
};

module.exports = async () => {
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const redis = await redisAnswers(redisUrl);
  process.env.TEST_REDIS_URL = redis ? redisUrl : '';
  if (!redis) unavailable(`Redis ne répond pas sur ${redisUrl}`);

  const mongoUrl = process.env.MONGODB_URL || (await startFerretDb());
  process.env.TEST_MONGODB_URL = mongoUrl ?? '';
  if (!mongoUrl)
    unavailable(
      'FerretDB ne peut être ni construit ni démarré (Go ≥ 1.24 requis), et MONGODB_URL est absent',
    );

  const containers = process.env.EVENTSTORE_URL ? {} : await startContainers();
  process.env.TEST_EVENTSTORE_URL = process.env.EVENTSTORE_URL || containers.eventstore || '';
  process.env.TEST_MONGO7_URL = containers.mongo || '';
  if (!process.env.TEST_EVENTSTORE_URL) {
    console.warn(
      '\n*** EventStoreDB : aucun moteur Docker et EVENTSTORE_URL absent, sa suite de contrat est IGNORÉE ***',
    );
  }
  if (!process.env.TEST_MONGO7_URL) {
    console.warn(
      '*** mongo:7 : aucun moteur Docker, la suite du read store sur MongoDB 7 est IGNORÉE (FerretDB la remplace) ***\n',
    );
  }
};
