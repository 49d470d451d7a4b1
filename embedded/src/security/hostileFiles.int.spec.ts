import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, createDeflateRaw, deflateRawSync, deflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { PERSON_LIST_COLUMNS } from '@examens-pro/domain';
import { startTestApp, type Agent } from '../testApp.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

const MB = 1024 * 1024;
const GB = 1024 * MB;
/**
 * What refusing a hostile file may add to the process's memory (rss). The product at rest weighs
 * well under 200 MB: it stays under 300 MB. (The test runner's own process already weighs about
 * 300 MB, so the growth is what is measured; before the fix a lying workbook took it past 1 GB.)
 */
const RSS_GROWTH_LIMIT = 100 * MB;

/** One zip entry, deflated, with the sizes its headers will declare (true or not). */
interface ZipEntry {
  readonly name: string;
  readonly deflated: Buffer;
  readonly crc: number;
  readonly size: number;
  /** What the local header and the central directory say it inflates to (default: `size`). */
  readonly declared?: number;
}

const entryOf = (name: string, text: string): ZipEntry => {
  const data = Buffer.from(text, 'utf8');
  return { name, deflated: deflateRawSync(data), crc: crc32(data), size: data.length };
};

/** A zip as a spreadsheet program writes one: local headers, data, central directory. */
const zipOf = (entries: readonly ZipEntry[]): Buffer => {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const declared = entry.declared ?? entry.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    parts.push(local, name, entry.deflated);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.deflated.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    directory.push(central, name);
    offset += local.length + name.length + entry.deflated.length;
  }
  const centralSize = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...directory, end]);
};

/**
 * `xl/sharedStrings.xml` of one string of `size` letters, deflated as a stream (about 1 MB for 1 GB):
 * never held inflated by the test.
 */
const hugeSharedStrings = async (size: number): Promise<ZipEntry> => {
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>',
  );
  const tail = Buffer.from('</t></si></sst>');
  const letters = Buffer.alloc(MB, 0x41);
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  let crc = crc32(head);
  deflate.write(head);
  for (let written = 0; written < size; written += letters.length) {
    const part = letters.subarray(0, Math.min(letters.length, size - written));
    crc = crc32(part, crc);
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  crc = crc32(tail, crc);
  deflate.end(tail);
  await ended;
  return {
    name: 'xl/sharedStrings.xml',
    deflated: Buffer.concat(out),
    crc,
    size: head.length + size + tail.length,
  };
};

const COLUMNS = PERSON_LIST_COLUMNS;

const cell = (ref: string, text: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** A workbook of one sheet (its header, then a row whose name is shared string 0), around `strings`. */
const workbookAround = (strings: ZipEntry): Buffer => {
  const letters = 'ABCDEFGHI';
  const header = COLUMNS.map((name, i) => cell(`${letters[i]}1`, name)).join('');
  const sheet = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">${header}</row><row r="2"><c r="A2" t="s"><v>0</v></c></row></sheetData></worksheet>`;
  return zipOf([
    entryOf(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    ),
    entryOf(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    entryOf(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Liste" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    entryOf(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    ),
    strings,
    entryOf('xl/worksheets/sheet1.xml', sheet),
  ]);
};

/** A PNG's header saying `width` × `height`, its data a few bytes: nothing a decoder could draw. */
const pngClaiming = (width: number, height: number, before?: string): Buffer => {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // 8 bits
  ihdr.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    // A chunk before IHDR, where the format allows none (a lenient decoder reads on to IHDR).
    ...(before ? [chunk(before, Buffer.from('x'))] : []),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** A JPEG's markers saying `width` × `height` (a baseline frame header), no image data. */
const jpegClaiming = (width: number, height: number): Buffer => {
  const sof = Buffer.from([
    0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11,
    0x01,
  ]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  const app0 = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
    0x00, 0x00,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
};

describe('hostile files are refused, not swallowed', () => {
  let t: TestApp;
  let admin: Agent;
  let strings1GB: ZipEntry;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.asAdmin();
    strings1GB = await hugeSharedStrings(GB);
  }, 120_000);
  afterAll(async () => t?.close());

  /** Every file the documents folder holds. */
  const storedFiles = (): string[] => {
    const dir = join(t.dir, 'documents');
    const walk = (folder: string): string[] =>
      existsSync(folder)
        ? readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
            entry.isDirectory()
              ? walk(join(folder, entry.name))
              : [join(folder, entry.name).slice(dir.length)],
          )
        : [];
    return walk(dir).sort();
  };

  /**
   * Sends `payload`, sampling the process's memory until the answer: the answer, the highest rss,
   * and whether anything was written (an event appended, a file stored).
   */
  const sent = async (url: string, type: string, payload: Buffer, headers = {}) => {
    const position = await t.eventStore.headPosition();
    const files = storedFiles();
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 20);
    const started = Date.now();
    try {
      const response = await admin.inject({
        method: 'POST',
        url,
        headers: { 'content-type': type, ...headers },
        payload,
      });
      peak = Math.max(peak, process.memoryUsage.rss());
      return {
        response,
        before,
        peak,
        seconds: (Date.now() - started) / 1000,
        written:
          (await t.eventStore.headPosition()) !== position ||
          JSON.stringify(storedFiles()) !== JSON.stringify(files),
      };
    } finally {
      clearInterval(sampler);
    }
  };

  const expectRefused = (
    what: string,
    outcome: Awaited<ReturnType<typeof sent>>,
    message: RegExp,
  ) => {
    const body = outcome.response.json<{ message: string; code: string }>();
    expect({
      what,
      status: outcome.response.statusCode,
      code: body.code,
      message: message.test(body.message) ? 'clair' : body.message,
      written: outcome.written,
      rssGrowthUnderLimit:
        outcome.peak - outcome.before < RSS_GROWTH_LIMIT
          ? true
          : `${Math.round(outcome.before / MB)} → ${Math.round(outcome.peak / MB)} Mo`,
    }).toEqual({
      what,
      status: 400,
      code: 'fichier-trop-volumineux',
      message: 'clair',
      written: false,
      rssGrowthUnderLimit: true,
    });
  };

  const TOO_BIG = /décompressé.*refusé/;

  it('refuses a zip whose directory lies about a 1 GB shared-strings entry', async () => {
    // Both headers say 1 MB (or 90 MB, within every declared limit); the entry inflates to 1 GB.
    for (const declared of [MB, 90 * MB]) {
      const lying = workbookAround({ ...strings1GB, declared });
      expect(lying.length).toBeLessThan(3 * MB);
      for (const url of ['/api/listes-candidats/verifier', '/api/notes/importation?sessionId=s1']) {
        const outcome = await sent(url, 'application/octet-stream', lying);
        expectRefused(`menteur ${declared / MB} Mo ${url}`, outcome, TOO_BIG);
        expect(outcome.seconds).toBeLessThan(10);
      }
    }
  }, 240_000);

  it('refuses a 1 GB shared-strings entry compressed to about a megabyte', async () => {
    const honest = workbookAround(strings1GB);
    const outcome = await sent(
      '/api/listes-candidats/verifier',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      honest,
    );
    expectRefused('honnête', outcome, TOO_BIG);
    expect(outcome.seconds).toBeLessThan(2);
  }, 60_000);

  it('refuses a zip whose entry says less than it inflates to, even a small one', async () => {
    // 40 MB of text, said to be 40 kB: small for the budget, but a lie.
    const strings = await hugeSharedStrings(40 * MB);
    const outcome = await sent(
      '/api/listes-candidats/verifier',
      'application/octet-stream',
      workbookAround({ ...strings, declared: 40 * 1024 }),
    );
    expectRefused('petit menteur', outcome, TOO_BIG);
  }, 60_000);

  it('still reads an honest workbook', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Liste');
    sheet.addRow(COLUMNS);
    sheet.addRow(['Essomba', 'Paul', 'X', 'Camerounaise', 'Yaoundé', '699000001', 'MAT00001']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const response = await admin.inject({
      method: 'POST',
      url: '/api/listes-candidats/verifier',
      headers: { 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    // Read to its rows: the row's own problem (the sex), never the file's.
    expect(response.statusCode).toBe(400);
    expect(response.json<{ code: string; lignes: { ligne: number }[] }>()).toMatchObject({
      code: 'liste-invalide',
      lignes: [{ ligne: 2 }],
    });
  });

  it('refuses a 20,000 × 20,000 image on every image upload, nothing stored', async () => {
    const png = pngClaiming(20_000, 20_000);
    const jpeg = jpegClaiming(20_000, 20_000);
    expect(png.length).toBeLessThan(200);
    const PIXELS = /trop grande.*400\s000\s000 pixels/;
    for (const [url, headers] of [
      ['/api/images', {}],
      ['/api/signatures-ministre', {}],
      ['/api/candidatures/c1/pieces/p1', { 'if-match': '"1"' }],
      ['/api/candidatures/c1/correction-identite/document', {}],
      ['/api/incidents-inscription/i1/piece-jointe', { 'if-match': '"1"' }],
    ] as const)
      for (const [type, bytes] of [
        ['image/png', png],
        ['image/jpeg', jpeg],
      ] as const)
        expectRefused(`${url} ${type}`, await sent(url, type, bytes, headers), PIXELS);
    // An image of a sensible size is still taken.
    const small = await sent('/api/images', 'image/png', pngClaiming(600, 200));
    expect(small.response.statusCode).toBe(201);
  });

  it('refuses a PNG whose IHDR is not first, and a PNG a PDF could not decode in 64 MB', async () => {
    const hidden = await sent('/api/images', 'image/png', pngClaiming(20_000, 20_000, 'tEXt'));
    expect({
      status: hidden.response.statusCode,
      message: hidden.response.json<{ message: string }>().message,
      written: hidden.written,
    }).toEqual({
      status: 400,
      message: 'Cette image PNG est illisible : son en-tête (IHDR) manque.',
      written: false,
    });
    // 30 million pixels: a JPEG goes into a PDF undecoded, a PNG is decoded (4 bytes a pixel).
    const png = await sent('/api/images', 'image/png', pngClaiming(6_000, 5_000));
    expectRefused('PNG 30 Mpx', png, /30\s000\s000 pixels, 16\s000\s000 au plus/);
    const jpeg = await sent('/api/images', 'image/jpeg', jpegClaiming(6_000, 5_000));
    expect(jpeg.response.statusCode).toBe(201);
  });
});
