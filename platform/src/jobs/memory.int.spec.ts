import { jobQueueContract } from '../testing/jobQueueContract.js';
import { InProcessJobQueue } from './memory.js';

jobQueueContract('in-process', async () => {
  const queue = new InProcessJobQueue();
  return { queue, teardown: () => queue.close() };
});
