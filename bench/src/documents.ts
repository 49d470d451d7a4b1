import { Writable } from 'node:stream';
import { renderListDocument } from '@examens-pro/workers';
import { round } from './machine.js';

/** A sink that counts bytes: the bench measures rendering, not the disk. */
const sink = () => {
  let bytes = 0;
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback();
    },
  });
  return { out, bytes: () => bytes };
};

async function* rows(n: number) {
  for (let i = 0; i < n; i += 1) {
    yield {
      code: `M${String(i).padStart(6, '0')}`,
      libelle: `Métier de la filière ${i % 40} — spécialité ${i}`,
      actif: i % 9 !== 0,
    };
  }
}

const columns = [
  { header: 'Code', width: 0.2, value: (r: { code: string }) => r.code },
  { header: 'Libellé', width: 0.62, value: (r: { libelle: string }) => r.libelle },
  {
    header: 'Statut',
    width: 0.18,
    value: (r: { actif: boolean }) => (r.actif ? 'Actif' : 'Inactif'),
  },
];

/** Single-page documents per second (a list of 20 rows each), and pages per second of one long list. */
export const benchDocuments = async (options: { singles: number; longPages: number }) => {
  const editedAt = new Date();
  let started = performance.now();
  for (let i = 0; i < options.singles; i += 1) {
    const { out } = sink();
    const { pages } = await renderListDocument(out, {
      title: 'Liste des métiers',
      editedAt,
      columns,
      rows: rows(20),
      total: 20,
    });
    if (pages !== 1) throw new Error(`1 page attendue, ${pages} obtenues`);
  }
  const singleSeconds = (performance.now() - started) / 1000;

  // About 43 rows fit a page: ask for enough rows to fill the pages wanted.
  const { out, bytes } = sink();
  started = performance.now();
  const { pages } = await renderListDocument(out, {
    title: 'Liste des métiers',
    editedAt,
    columns,
    rows: rows(options.longPages * 43),
    total: options.longPages * 43,
  });
  const longSeconds = (performance.now() - started) / 1000;
  return {
    singlePageDocuments: options.singles,
    singlePageDocumentsPerSecond: round(options.singles / singleSeconds, 0),
    longDocumentPages: pages,
    longDocumentSeconds: round(longSeconds),
    longDocumentPagesPerSecond: round(pages / longSeconds, 0),
    longDocumentMiB: round(bytes() / 2 ** 20),
  };
};
