import { comparePositions } from '@examens-pro/domain/kernel';
import type { ReadStore } from './port.js';

/** Waits until every named projection has reached `position`, at most `timeoutMs`; true when reached. */
export const waitForProjections = async (
  readStore: ReadStore,
  projections: readonly string[],
  position: string,
  timeoutMs: number,
): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  let delay = 2;
  for (;;) {
    const checkpoints = await Promise.all(projections.map((name) => readStore.getCheckpoint(name)));
    if (checkpoints.every((c) => comparePositions(c?.position ?? '0', position) >= 0)) return true;
    if (Date.now() >= deadline) return false;
    await sleep(Math.min(delay, Math.max(1, deadline - Date.now())));
    delay = Math.min(delay * 2, 25);
  }
};

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
