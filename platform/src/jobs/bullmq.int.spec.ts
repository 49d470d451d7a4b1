import { randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { jobQueueContract } from '../testing/jobQueueContract.js';
import { BullMqJobQueue } from './bullmq.js';

// Set by the global setup when Redis answered (REDIS_URL, or 127.0.0.1:6379); CI starts one.
const url = process.env.TEST_REDIS_URL;

if (!url) {
  describe('job queue contract: BullMQ', () => {
    it.skip('IGNORÉ : Redis ne répond pas (voir REDIS_URL)', () => undefined);
  });
} else {
  jobQueueContract('BullMQ', async () => {
    const queue = new BullMqJobQueue({ url, prefix: `test-${randomUUID().slice(0, 8)}` });
    return {
      queue,
      teardown: async () => {
        await queue.obliterate();
        await queue.close();
      },
    };
  });
}
