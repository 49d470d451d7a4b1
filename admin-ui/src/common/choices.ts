export interface SessionChoice {
  readonly id: string;
  readonly libelle: string;
  readonly statut?: string;
}

export interface Named {
  readonly id: string;
  readonly libelle: string;
}

/** `filter=…&range=…&sort=…` in the lists' dialect (ra-data-simple-rest). */
export const listQuery = (
  filter: Record<string, unknown>,
  sort: [string, 'ASC' | 'DESC'] = ['libelle', 'ASC'],
  range: [number, number] = [0, 999],
): string =>
  new URLSearchParams({
    filter: JSON.stringify(filter),
    sort: JSON.stringify(sort),
    range: JSON.stringify(range),
  }).toString();
