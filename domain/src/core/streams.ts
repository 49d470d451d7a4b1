/** Streams are named `<category>-<id>`; the category never contains a dash-free ambiguity we rely on. */
export const streamName = (category: string, id: string): string => `${category}-${id}`;

/** Reservation streams guard a unique value: `<resource>-code-<CODE>`. */
export const uniqueValueStream = (resource: string, field: string, value: string): string =>
  `${resource}-${field}-${value}`;

export const categoryOf = (
  stream: string,
  knownCategories: readonly string[],
): string | undefined =>
  [...knownCategories]
    .sort((a, b) => b.length - a.length)
    .find((category) => stream.startsWith(`${category}-`));
