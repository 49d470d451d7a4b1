import type { Writable } from 'node:stream';
import {
  extractionText,
  extractionTitle,
  frenchCount,
  sexeLabel,
  type DocumentTarget,
  type ExtractionLine,
  type ExtractionQuery,
} from '@examens-pro/domain';
import { type ReadStore } from '@examens-pro/platform';
import { extractionFilter, extractionNames, extractionSource } from '@examens-pro/application';
import { renderListDocumentOffThread } from '../pdf/renderThread.js';

/**
 * The columns an A4 page holds: the screen's and the spreadsheets' but the sex, the département
 * and the zone (the title names them when filtered by), the name and first names in one.
 */
const PRINTED: readonly (readonly [string, number, keyof ExtractionLine])[] = [
  ['Rang', 0.06, 'rang'],
  ['Rang jury', 0.1, 'rangJury'],
  ['N° candidat', 0.17, 'numeroCandidat'],
  ['Nom et prénoms', 0.2, 'nom'],
  ['Métier', 0.12, 'metierId'],
  ['Centre de dépôt', 0.15, 'centreDepotId'],
  ['Moyenne', 0.1, 'moyenne'],
  ['Résultat', 0.1, 'resultat'],
];

/**
 * « Extraction par rang des admis » as a printed list: the session's admitted candidates of the
 * target's filters, ranked again over that set (the same lines as the screen and its exports), the
 * first N when asked. The target carries an enrôleur's centre already (imposed at the request).
 */
export const renderAdmissionExtraction = async (
  out: Writable,
  readStore: ReadStore,
  cible: DocumentTarget,
  editedAt: Date,
  onProgress?: (percent: number) => Promise<void>,
): Promise<{ pages: number }> => {
  const query: ExtractionQuery = {
    sessionId: cible.sessionId,
    filters: {
      ...(cible.metierId ? { metierId: cible.metierId } : {}),
      ...(cible.centreDepotId ? { centreDepotId: cible.centreDepotId } : {}),
      ...(cible.departementId ? { departementId: cible.departementId } : {}),
      ...(cible.zoneId ? { zoneId: cible.zoneId } : {}),
      ...(cible.sexe ? { sexe: cible.sexe } : {}),
    },
    top: cible.top ?? null,
  };
  const source = await extractionSource(readStore, query, extractionFilter(query));
  const nameOf = await extractionNames(readStore);
  const named = (resource: string, id?: string) => (id ? (nameOf(resource, id) ?? id) : '');
  return renderListDocumentOffThread<ExtractionLine>(out, {
    title: extractionTitle(
      [
        named('metiers', cible.metierId),
        named('centres-depot', cible.centreDepotId),
        named('departements', cible.departementId),
        named('zones', cible.zoneId),
        cible.sexe ? sexeLabel(cible.sexe) : '',
      ],
      query.top,
    ),
    subtitle: `${source.session} — ${frenchCount(source.total, 'admis', 'admis')}`,
    editedAt,
    total: source.total,
    rows: source.rows(),
    columns: PRINTED.map(([header, width, field]) => ({
      header,
      width,
      value: (line: ExtractionLine) =>
        field === 'nom'
          ? `${line.nom} ${line.prenoms}`.trim()
          : extractionText(line, field, nameOf),
    })),
    onProgress,
  });
};
