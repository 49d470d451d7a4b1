import type { Writable } from 'node:stream';
import { listCollection, referenceList, type ListItemDocument } from '@examens-pro/domain';
import type { ReadStore } from '@examens-pro/platform';
import { renderListDocumentOffThread } from '../pdf/renderThread.js';

/**
 * "Liste des métiers": every métier, active or not, in French alphabetical order. Rows are read
 * here; pdfkit lays them out in a render thread.
 */
export const renderMetiersList = async (
  out: Writable,
  readStore: ReadStore,
  editedAt: Date,
  onProgress?: (percent: number) => Promise<void>,
): Promise<{ pages: number }> => {
  const metiers = readStore.collection<ListItemDocument>(listCollection(referenceList('metiers')!));
  return renderListDocumentOffThread<ListItemDocument>(out, {
    title: 'Liste des métiers',
    editedAt,
    total: await metiers.count(),
    rows: metiers.stream({ sort: [{ field: 'libelle', order: 'ASC' }], batchSize: 500 }),
    columns: [
      { header: 'Code', width: 0.2, value: (m) => m.code },
      { header: 'Libellé', width: 0.62, value: (m) => m.libelle },
      { header: 'Statut', width: 0.18, value: (m) => (m.actif ? 'Actif' : 'Inactif') },
    ],
    onProgress,
  });
};
