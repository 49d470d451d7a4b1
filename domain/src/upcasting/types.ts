/**
 * The type of an upcaster, in a file of its own: the upcasters (`legacyMetiers.ts`) import it from
 * here, and `upcast.ts`, which imports them, re-exports it.
 */

/** From the stored data of an old type, the current type and data. */
export type Upcaster = (data: unknown) => {
  readonly type: string;
  readonly data: unknown;
};
