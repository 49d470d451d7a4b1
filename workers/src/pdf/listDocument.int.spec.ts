import { describe, expect, it } from '@jest/globals';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pdfText } from '../testing/pdfText.js';
import { renderListDocument } from './listDocument.js';

async function* rows(n: number) {
  for (let i = 1; i <= n; i += 1)
    yield {
      code: `M${String(i).padStart(4, '0')}`,
      libelle: `Métier numéro ${i} — Électricité`,
      actif: i % 7 !== 0,
    };
}

const render = async (n: number, progress: number[] = []) => {
  const out = new PassThrough();
  const bytes = buffer(out);
  const { pages } = await renderListDocument(out, {
    title: 'Liste des métiers',
    editedAt: new Date(2026, 10, 22, 9, 5),
    total: n,
    rows: rows(n),
    columns: [
      { header: 'Code', width: 0.2, value: (r) => r.code },
      { header: 'Libellé', width: 0.6, value: (r) => r.libelle },
      { header: 'Statut', width: 0.2, value: (r) => (r.actif ? 'Actif' : 'Inactif') },
    ],
    onProgress: (p) => {
      progress.push(p);
    },
  });
  return { pages, text: pdfText(await bytes) };
};

describe('printed list (pdfkit)', () => {
  it('has a French title, the edition date, a table with accents, and page numbers', async () => {
    const { pages, text } = await render(3);
    expect(pages).toBe(1);
    expect(text).toHaveLength(1);
    expect(text[0]).toContain('Liste des métiers');
    expect(text[0]).toContain('Édité le 22/11/2026 à 09 h 05');
    expect(text[0]).toContain('Métier numéro 2 — Électricité');
    expect(text[0]).toContain('Libellé');
    expect(text[0]).toContain('Page 1 sur 1');
  });

  it('runs over several pages, repeating the header and numbering every page, and reports progress', async () => {
    const progress: number[] = [];
    const { pages, text } = await render(200, progress);
    expect(pages).toBeGreaterThan(3);
    expect(text).toHaveLength(pages);
    text.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} sur ${pages}`);
      expect(page).toContain('Statut');
    });
    expect(text.join('\n')).toContain('M0200');
    expect(progress.length).toBeGreaterThan(5);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('says so when the list is empty', async () => {
    const { text } = await render(0);
    expect(text[0]).toContain('Aucun élément.');
  });
});
