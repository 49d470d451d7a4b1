import type { Writable } from 'node:stream';
import {
  EXAM_LIST_COLUMNS,
  EXAM_LIST_TITLES,
  examListText,
  type DocumentTarget,
  type ExamListKind,
  type ExamListRow,
} from '@examens-pro/domain';
import { type ReadStore } from '@examens-pro/platform';
import { examListSource } from '@examens-pro/application';
import { renderListDocumentOffThread } from '../pdf/renderThread.js';

/**
 * An exam list (attendance or door list) of a session's site, or merged for a centre d'examen or a
 * département: each site on pages of its own under its heading. Rows are read here; pdfkit lays
 * them out in a render thread.
 */
export const renderExamList = async (
  out: Writable,
  readStore: ReadStore,
  kind: ExamListKind,
  cible: DocumentTarget,
  editedAt: Date,
  onProgress?: (percent: number) => Promise<void>,
): Promise<{ pages: number }> => {
  const source = await examListSource(readStore, cible, kind);
  return renderListDocumentOffThread<ExamListRow>(out, {
    title: EXAM_LIST_TITLES[kind],
    subtitle: [source.session, cible.libelle].filter(Boolean).join(' — '),
    editedAt,
    total: source.total,
    rows: source.rows(),
    columns: EXAM_LIST_COLUMNS[kind].map((column) => ({
      header: column.header,
      width: column.width,
      value: (row) => examListText(column.cell(row)),
    })),
    section: (row) => row.site,
    // Room to sign.
    ...(kind === 'liste-emargement' ? { rowHeight: 26 } : {}),
    onProgress,
  });
};
