/**
 * Centres stay apart: a user attached to a centre de dépôt (an enrôleur) reads,
 * searches, exports, downloads and requests only that centre's candidates. Most screens are cut to
 * the caller's centre (resources kept per centre: `scopedBy`). The exam's national work is not:
 * marks and presences per site and épreuve, juries' deliberations, procès-verbaux, exam incidents
 * and the départements' admission decisions mix every centre's candidates and are made by the
 * central services; a centre-attached account does not reach what only these permissions open
 * (404, as if it did not exist), whatever its profile holds.
 */
export const NATIONAL_PERMISSIONS: ReadonlySet<string> = new Set([
  'note.telecharger-fiches',
  'note.importer',
  'note.lister',
  'note.modifier',
  'note.autoriser-importation',
  'note.autoriser-modification',
  'note.historique',
  'presence.enregistrer',
  'presence.consulter',
  'deliberation.deliberer',
  'deliberation.visibilite-resultats',
  'deliberation.reference',
  'pv.archiver',
  'pv.consulter',
  'incident-examen.enregistrer',
  'incident-examen.lister',
  'decision.ampliations',
  'decision.references-departement',
  'decision.deposer-signature',
  'decision.apposer-signature',
  'decision.telecharger',
  'decision.visas',
  'decision.types-visas',
  // The product's own administration: every centre's sign-ins, the whole product's maintenance.
  'administration.journal-connexions',
  'administration.maintenance',
]);

/** Whether a route's requirement is national work only (every permission opening it is). */
export const nationalOnly = (anyOf: readonly string[]): boolean =>
  anyOf.length > 0 && anyOf.every((permission) => NATIONAL_PERMISSIONS.has(permission));

/**
 * The permissions a user can use: a centre-attached user's without the national ones (their
 * screens are not offered to them; the services answer 404 there anyway).
 */
export const usablePermissions = (
  permissions: Iterable<string>,
  centreDepotId: string | null | undefined,
): string[] =>
  [...permissions].filter((code) => !centreDepotId || !NATIONAL_PERMISSIONS.has(code)).sort();
