// Probes the servers integration tests need, once, before any test file loads: a suite whose
// server does not answer is reported as skipped, with a loud line, never as passed.
const { Redis } = require('ioredis');

module.exports = async () => {
  const url = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    retryStrategy: () => null,
  });
  let available = false;
  try {
    await client.connect();
    available = (await client.ping()) === 'PONG';
  } catch {
    available = false;
  } finally {
    client.disconnect();
  }
  process.env.TEST_REDIS_URL = available ? url : '';
  if (!available)
    console.warn(`\n*** Redis ne répond pas sur ${url} : les suites BullMQ sont IGNORÉES ***\n`);
};
