import { createHash, randomUUID } from 'node:crypto';

const NAMESPACE = Buffer.from('8f6c2a1e4b7d4e0fa3b5c9d2e1f07a64', 'hex');

/**
 * Event ids derived from the command id (RFC 4122 version 5): a client retrying a command with the
 * same id appends the same event ids, which the event store recognises as already done.
 */
export const eventIdFor = (commandId: string, index: number): string => {
  const hash = createHash('sha1').update(NAMESPACE).update(`${commandId}#${index}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export const newId = (): string => randomUUID();
