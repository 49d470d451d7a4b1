/** What the grade and presence queries share: their screens' route ids, and the session's reads. */
import {
  candidaturesCollection,
  gradeSettingsCollection,
  ValidationError,
  type CandidatureDocument,
  type GradeSettingsDocument,
  type RouteId,
} from '@examens-pro/domain';
import type { ReadStore } from '@examens-pro/platform';
import { readAllItems } from '@examens-pro/application';

export const GRID: RouteId = 'espace-examen/notes/liste-des-notes';
export const IMPORT: RouteId = 'espace-examen/notes/importation-des-notes';
export const SETTINGS: RouteId = 'espace-examen/notes/configuration';
export const PRESENCES: RouteId = 'espace-examen/presences-des-candidats/editer-les-presences';
export const PRESENCE_REPORT: RouteId = 'espace-examen/presences-des-candidats/bilan-des-presences';
export const SHEETS: RouteId = 'espace-examen/notes/telechargement-des-fiches-de-notes';

export const required = (value: string | undefined, message: string, field: string) => {
  if (!value?.trim()) throw new ValidationError(message, { [field]: message });
  return value.trim();
};

const settingsDefaults = (sessionId: string) => ({
  sessionId,
  importationOuverte: false,
  modificationOuverte: false,
  doubleSaisie: false,
  anonymat: false,
  anonymatLeve: false,
});

/** The session's grade settings, closed and off when never set. */
export const settingsOf = async (readStore: ReadStore, sessionId: string) => {
  const doc = await readStore
    .collection<GradeSettingsDocument>(gradeSettingsCollection)
    .get(sessionId);
  return doc
    ? {
        sessionId,
        importationOuverte: doc.importationOuverte,
        modificationOuverte: doc.modificationOuverte,
        doubleSaisie: doc.doubleSaisie,
        anonymat: doc.anonymat ?? false,
        anonymatLeve: doc.anonymatLeve ?? false,
      }
    : settingsDefaults(sessionId);
};

/** The sites with candidates allocated in the session, by name. */
export const sitesOf = async (readStore: ReadStore, sessionId: string) => {
  const groups = await readStore
    .collection<CandidatureDocument>(candidaturesCollection)
    .group({ filter: { sessionId, statut: 'affecte' }, by: ['siteId'] });
  const sites = new Map((await readAllItems(readStore, 'sites-composition')).map((s) => [s.id, s]));
  return groups
    .map((g) => ({
      id: String(g.key.siteId ?? ''),
      libelle: String(sites.get(String(g.key.siteId ?? ''))?.libelle ?? g.key.siteId),
      candidats: g.count,
    }))
    .filter((s) => s.id !== '')
    .sort((a, b) => a.libelle.localeCompare(b.libelle, 'fr'));
};
