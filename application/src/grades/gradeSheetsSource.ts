/** The grade sheets printed for an épreuve: each site's candidates, or its anonymous copies. */
import {
  candidaturesCollection,
  gradeSettingsCollection,
  gradeSheetId,
  listCollection,
  marksCollection,
  referenceList,
  sessionsCollection,
  type CandidatureDocument,
  type DocumentTarget,
  type GradeSettingsDocument,
  type MarkDocument,
  type ReadModelDocument,
} from '@examens-pro/domain';
import type { ReadStore } from '@examens-pro/platform';
import { targetSites } from '../allocation/examLists.js';
import { epreuveOf, isAnonymous, sheetRoster } from './gradeReads.js';

type Doc = ReadModelDocument & Record<string, unknown>;

/** One line of a grade sheet: a candidate number, and « Absent » where the presences say so. */
export interface GradeSheetLine {
  /** The candidate's number, or on an anonymous sheet the copy's anonymity number. */
  readonly numeroCandidat: string;
  readonly numeroTable: string;
  readonly absent: boolean;
  readonly site: string;
}

/**
 * The grade sheets of an épreuve for a target (one site, or the sites of a centre d'examen or
 * département): each site's candidates composing it, in candidate-number order, absents marked
 * where the presences were recorded; the épreuve named with its scale.
 */
export const gradeSheetsSource = async (
  readStore: ReadStore,
  cible: Omit<DocumentTarget, 'libelle'> & { epreuveId: string },
) => {
  const epreuve = await readStore
    .collection<Doc>(listCollection(referenceList('epreuves')!))
    .get(cible.epreuveId);
  if (!epreuve) throw new Error('épreuve introuvable');
  const found = epreuveOf(epreuve);
  const rules = await readStore
    .collection<GradeSettingsDocument>(gradeSettingsCollection)
    .get(cible.sessionId);
  const anonyme = isAnonymous(
    { anonymat: rules?.anonymat ?? false, anonymatLeve: rules?.anonymatLeve ?? false },
    found,
  );
  const { chosen, heading } = await targetSites(readStore, cible);
  const session = await readStore.collection<Doc>(sessionsCollection).get(cible.sessionId);
  const rosters = await Promise.all(
    chosen.map(async (site) => {
      const roster = await sheetRoster(readStore, cible.sessionId, found, site.id);
      const marks = await readStore.collection<MarkDocument>(marksCollection).list({
        filter: { feuilleId: gradeSheetId(cible.sessionId, found.id, site.id) },
        limit: 10_000,
      });
      const absent = new Set(
        marks.items.filter((m) => m.presence === 'absent').map((m) => m.candidatureId),
      );
      if (anonyme) {
        // The copies by anonymity number, in that order: nothing ties them to the candidates.
        const copies = marks.items.filter((m) => m.numeroAnonymat);
        if (copies.length < roster.length)
          throw new Error(
            `Les copies de « ${found.code} » sont anonymes : leurs numéros d’anonymat ne sont pas encore attribués au site « ${String(site.libelle ?? '')} ».`,
          );
        return copies
          .sort((a, b) => a.numeroAnonymat!.localeCompare(b.numeroAnonymat!))
          .map((m): GradeSheetLine => ({
            numeroCandidat: m.numeroAnonymat!,
            numeroTable: '',
            absent: absent.has(m.candidatureId),
            site: `${heading(site)} — ${found.code} ${found.libelle}`,
          }));
      }
      const tables = new Map(
        (
          await readStore
            .collection<CandidatureDocument>(candidaturesCollection)
            .getMany(roster.map((c) => c.candidatureId))
        ).map((d) => [d.id, d.numeroTable]),
      );
      return roster.map((c): GradeSheetLine => ({
        numeroCandidat: c.numeroCandidat,
        numeroTable: String(tables.get(c.candidatureId) ?? ''),
        absent: absent.has(c.candidatureId),
        site: `${heading(site)} — ${found.code} ${found.libelle}`,
      }));
    }),
  );
  return {
    session: String(session?.libelle ?? ''),
    epreuve: found,
    anonyme,
    total: rosters.reduce((sum, r) => sum + r.length, 0),
    async *rows(): AsyncGenerator<GradeSheetLine> {
      for (const roster of rosters) yield* roster;
    },
  };
};
