/**
 * A user is allowed when they hold one of the permissions required. An empty requirement allows
 * nobody: a route open to any signed-in user says so where it is checked, never through this.
 * In the kernel, so that the sessions of the platform apply the very rule the route table does.
 */
export const allows = (held: ReadonlySet<string>, anyOf: readonly string[]): boolean =>
  anyOf.some((code) => held.has(code));
