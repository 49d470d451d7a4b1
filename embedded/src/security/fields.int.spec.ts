import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ExportTable } from '@examens-pro/domain';
import { csvExport, csvText, xlsxExport } from '@examens-pro/query-service';
import { startTestApp, type Agent } from '../testApp.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** Names every object inherits: never a field of anything. */
const INHERITED = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('field whitelists hold own fields only', () => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.asAdmin();
  });
  afterAll(async () => t?.close());

  /** The answer to `url`, as the test reads it: its status, and its message when it is French. */
  const asked = async (url: string) => {
    const response = await admin.inject({ method: 'GET', url });
    const body = response.json<{ message?: string }>();
    return {
      url: decodeURIComponent(url),
      status: response.statusCode,
      french: /champ|Filtre|Tri|range/.test(body.message ?? '') ? 'oui' : body.message,
    };
  };

  it('refuses a sort or a filter on an inherited name, on lists and exports, in French (400, never 500)', async () => {
    for (const base of ['/api/metiers', '/api/metiers/export.csv', '/api/utilisateurs']) {
      for (const name of INHERITED) {
        for (const url of [
          `${base}?sort=${q([name, 'ASC'])}`,
          `${base}?filter=${q({ [name]: 'x' })}`,
          `${base}?filter=${q({ [`${name}_gte`]: 'x' })}`,
          `${base}?filter=${q({ [name]: ['x', 'y'] })}`,
        ]) {
          const answer = await asked(url);
          expect(answer).toEqual({ url: answer.url, status: 400, french: 'oui' });
        }
      }
    }
  });

  it('refuses a bound that orders nothing and a page out of range (400, never 500)', async () => {
    for (const base of ['/api/metiers', '/api/metiers/export.csv']) {
      for (const url of [
        `${base}?filter=${q({ libelle_gte: true })}`,
        `${base}?filter=${q({ libelle_lt: null })}`,
        // Exports take every row: a range is a list's only.
        ...(base.endsWith('.csv') ? [] : [`${base}?range=${q([1e19, 1e19])}`]),
      ]) {
        const answer = await asked(url);
        expect(answer).toEqual({ url: answer.url, status: 400, french: 'oui' });
      }
    }
  });

  it('still sorts and filters on declared fields', async () => {
    const listed = await admin.inject({
      method: 'GET',
      url: `/api/metiers?sort=${q(['libelle', 'ASC'])}&filter=${q({ actif: true })}`,
    });
    expect(listed.statusCode).toBe(200);
  });

  it('refuses inherited names in a command’s body without a 500, and adds no such field', async () => {
    for (const name of INHERITED) {
      const created = await admin.inject({
        method: 'POST',
        url: '/api/metiers',
        headers: { 'content-type': 'application/json' },
        payload: `{"code":"M${INHERITED.indexOf(name)}","libelle":"Métier ${name}","${name}":{"polluted":true}}`,
      });
      expect({ name, status: created.statusCode < 500 }).toEqual({ name, status: true });
      expect(created.json<{ message: string }>().message).not.toMatch(/interne/);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a list column named after an inherited name as an unknown column', async () => {
    for (const name of INHERITED) {
      const response = await admin.inject({
        method: 'POST',
        url: '/api/notes/importation?sessionId=s1',
        headers: { 'content-type': 'text/csv' },
        payload: `numero_candidat;code_epreuve;note;${name}\n1;E1;12;x\n`,
      });
      expect({
        name,
        status: response.statusCode,
        message: response.json<{ message: string }>().message,
      }).toEqual({
        name,
        status: 400,
        message: expect.stringMatching(new RegExp(`inconnue : ${name.toLowerCase()}\\.`)),
      });
    }
  });
});

describe('the formula guard of every CSV and XLSX export', () => {
  /** Texts a spreadsheet could take for a formula, after a space, a tab, a CR or a LF too. */
  const HOSTILE = [
    '=1+1',
    '+1+1',
    '-1+1',
    '@SUM(A1)',
    ' =HYPERLINK("http://example.invalid")',
    '\t=1+1',
    '\r=1+1',
    '\n=1+1',
    '  +1',
    '\u00a0=1+1',
    '\tTexte',
    '\nTexte',
  ];
  const table: ExportTable = {
    name: 'essai',
    columns: [{ header: 'Texte', cell: (row: Record<string, unknown>) => row.texte as string }],
  } as unknown as ExportTable;

  it('prefixes each such text with an apostrophe in the CSV', () => {
    for (const text of HOSTILE)
      expect({ text, csv: csvText(text) }).toEqual({ text, csv: `'${text}` });
    // Ordinary texts are written as they are.
    for (const text of ['Paul', ' Paul', 'A-1', 'x=1', '12 + 3']) expect(csvText(text)).toBe(text);
  });

  it('writes them neutralised in the CSV and XLSX files themselves', async () => {
    const batches = async function* () {
      yield HOSTILE.map((texte) => [texte]);
    };
    const csv = await new Promise<string>((resolve, reject) => {
      const parts: Buffer[] = [];
      csvExport(table, batches())
        .on('data', (chunk: Buffer | string) => parts.push(Buffer.from(chunk)))
        .on('end', () => resolve(Buffer.concat(parts).toString('utf8')))
        .on('error', reject);
    });
    for (const text of HOSTILE) expect(csv).toContain(`'${text.replace(/"/g, '""')}`);

    const bytes = await new Promise<Buffer>((resolve, reject) => {
      const parts: Buffer[] = [];
      xlsxExport(table, batches(), reject)
        .on('data', (chunk: Buffer) => parts.push(chunk))
        .on('end', () => resolve(Buffer.concat(parts)))
        .on('error', reject);
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.read(Readable.from(bytes));
    const cells = book.worksheets[0]!.getColumn(1).values.slice(2);
    // (XML reads a carriage return back as a line feed.)
    expect(cells).toEqual(HOSTILE.map((text) => `'${text}`.replace(/\r/g, '\n')));
  });
});
