/** Positions are opaque decimal strings that compare as numbers (EventStoreDB commit positions exceed 2^53). */
export const comparePositions = (a: string, b: string): number => {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

export const START_POSITION = '0';

export const isPosition = (value: string): boolean => /^\d{1,30}$/.test(value);
