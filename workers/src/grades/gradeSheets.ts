import type { Writable } from 'node:stream';
import { formatMark, type DocumentTarget } from '@examens-pro/domain';
import { gradeSheetsSource, type GradeSheetLine } from '@examens-pro/application';
import type { ReadStore } from '@examens-pro/platform';
import { renderListDocumentOffThread } from '../pdf/renderThread.js';

/**
 * The grade sheets of an épreuve (« Téléchargement des fiches de notes »): per site, the candidate
 * numbers in order with an empty mark column (« Absent » where the presences say so), on pages of
 * their own, closed by the examiner's and the jury president's signature blocks.
 */
export const renderGradeSheets = async (
  out: Writable,
  readStore: ReadStore,
  cible: DocumentTarget,
  editedAt: Date,
  onProgress?: (percent: number) => Promise<void>,
): Promise<{ pages: number }> => {
  if (!cible.epreuveId) throw new Error('fiche de notes sans épreuve');
  const source = await gradeSheetsSource(readStore, { ...cible, epreuveId: cible.epreuveId });
  return renderListDocumentOffThread<GradeSheetLine>(out, {
    title: `Fiche de notes — ${source.epreuve.code} ${source.epreuve.libelle}`,
    subtitle: [source.session, `Note sur ${formatMark(source.epreuve.noteMax)}`]
      .filter(Boolean)
      .join(' — '),
    editedAt,
    total: source.total,
    rows: source.rows(),
    columns: [
      ...(source.anonyme
        ? [
            {
              header: 'N° d’anonymat',
              width: 0.32,
              value: (row: GradeSheetLine) => row.numeroCandidat,
            },
          ]
        : [
            {
              header: 'N° candidat',
              width: 0.22,
              value: (row: GradeSheetLine) => row.numeroCandidat,
            },
            { header: 'Table', width: 0.1, value: (row: GradeSheetLine) => row.numeroTable },
          ]),
      {
        header: `Note / ${formatMark(source.epreuve.noteMax)}`,
        width: 0.2,
        value: (row) => (row.absent ? 'Absent' : ''),
      },
      { header: 'Note en lettres', width: 0.24, value: () => '' },
      { header: 'Observations', width: 0.24, value: () => '' },
    ],
    section: (row) => row.site,
    // Room to write a mark by hand.
    rowHeight: 22,
    signatures: ['Le correcteur', 'Le président du jury'],
    onProgress,
  });
};
