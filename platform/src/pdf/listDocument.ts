import PDFDocument from 'pdfkit';
import type { Writable } from 'node:stream';

export interface Column<Row> {
  readonly header: string;
  /** Share of the usable width. */
  readonly width: number;
  readonly value: (row: Row) => string;
}

export interface ListDocumentOptions<Row> {
  readonly title: string;
  /** A line under the title (the session). */
  readonly subtitle?: string;
  readonly editedAt: Date;
  /** The office's time zone, in which « Édité le … » is printed (default: the process's). */
  readonly timeZone?: string;
  readonly columns: readonly Column<Row>[];
  /**
   * For a document of several parts (the sites of a centre): each row's part, rows arriving part
   * after part; every part starts on a new page under its own heading.
   */
  readonly section?: (row: Row) => string;
  /** A row's least height (an attendance list leaves room to sign). */
  readonly rowHeight?: number;
  /**
   * Who signs each part (each section, or the whole list): a block per name under the table, with
   * room for the name, the date and the signature (a grade sheet's examiner and jury president).
   */
  readonly signatures?: readonly string[];
  readonly rows: AsyncIterable<Row>;
  /** A last row in bold under the table (a report's totals), one text per column. */
  readonly totals?: readonly string[];
  /** Right-aligned columns (the figures of a report), by index. */
  readonly alignRight?: readonly number[];
  /** Headers too long for their column wrap (the header row grows); default one line each. */
  readonly wrapHeaders?: boolean;
  /** A landscape page (a report with many columns). */
  readonly landscape?: boolean;
  /** Rows expected, for the progress bar (0 when unknown). */
  readonly total: number;
  readonly onProgress?: (percent: number) => Promise<void> | void;
}

/**
 * pdfkit parses the metrics (AFM) of each standard font again for every new document (about 5 ms,
 * most of the cost of a one-page document), and looks kerning pairs up by building a string key
 * for every pair of letters it measures (a quarter of a long list's time, and most of its garbage).
 * Metrics never change: each font's parse is kept and shared read-only by later documents, with its
 * pairs indexed by letter. pdfkit does not export its AFM class, so it is reached through a first
 * document; should its internals change, nothing is patched and pdfkit works as it always did.
 */
const shareFontMetrics = (): void => {
  type Afm = {
    parse(contents: string): void;
    getKernPair(left: string, right: string): number;
    kernPairs: Record<string, number>;
    kernIndex?: Map<string, Map<string, number>>;
  } & Record<string, unknown>;
  const probe = new PDFDocument() as unknown as {
    _font?: { font?: { constructor?: { prototype?: Afm } } };
  };
  const prototype = probe._font?.font?.constructor?.prototype;
  if (
    !prototype ||
    typeof prototype.parse !== 'function' ||
    typeof prototype.getKernPair !== 'function'
  )
    return;
  const parse = prototype.parse;
  const parsed = new Map<string, Record<string, unknown>>();
  const FIELDS = ['attributes', 'glyphWidths', 'boundingBoxes', 'kernPairs', 'kernIndex'];
  prototype.parse = function (this: Afm, contents: string) {
    const known = parsed.get(contents);
    if (known) {
      Object.assign(this, known);
      return;
    }
    parse.call(this, contents);
    const index = new Map<string, Map<string, number>>();
    for (const [pair, value] of Object.entries(this.kernPairs)) {
      const [left, right] = pair.split('\0') as [string, string];
      let rights = index.get(left);
      if (!rights) index.set(left, (rights = new Map()));
      rights.set(right, value);
    }
    this.kernIndex = index;
    parsed.set(contents, Object.fromEntries(FIELDS.map((field) => [field, this[field]])));
  };
  const getKernPair = prototype.getKernPair;
  prototype.getKernPair = function (this: Afm, left: string, right: string) {
    return this.kernIndex
      ? (this.kernIndex.get(left)?.get(right) ?? 0)
      : getKernPair.call(this, left, right);
  };
};
shareFontMetrics();

const MARGIN = 40;
const BLUE = '#234683';

/** « Édité le DD/MM/YYYY à HH h MM » in the office's time zone. */
export const editedOn = (at: Date, timeZone?: string): string => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('fr-FR', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `Édité le ${parts.day}/${parts.month}/${parts.year} à ${parts.hour} h ${parts.minute}`;
};

/** Helvetica (a standard PDF font) has no U+202F: French number spacing uses U+00A0 instead. */
export const pdfText = (value: string): string => value.replace(/\u202f/g, '\u00a0');

/** A list's pages: the table's geometry and where a page ends. */
interface ListPage {
  readonly doc: PDFKit.PDFDocument;
  readonly width: number;
  /** Each column's left edge. */
  readonly xs: readonly number[];
  /** Each column's text width. */
  readonly cellWidths: readonly number[];
  /** Right-aligned columns, by index. */
  readonly right: ReadonlySet<number>;
  bottom(): number;
}

const listPage = <Row>(doc: PDFKit.PDFDocument, options: ListDocumentOptions<Row>): ListPage => {
  const width = doc.page.width - 2 * MARGIN;
  const xs: number[] = [];
  let x = MARGIN;
  for (const column of options.columns) {
    xs.push(x);
    x += column.width * width;
  }
  return {
    doc,
    width,
    xs,
    cellWidths: options.columns.map((column) => column.width * width - 8),
    right: new Set(options.alignRight ?? []),
    bottom: (): number => doc.page.height - doc.page.margins.bottom,
  };
};

/** The table's header row, white on blue. */
const drawListHeader = <Row>(
  { doc, width, xs, right }: ListPage,
  options: ListDocumentOptions<Row>,
): void => {
  const y = doc.y;
  doc.font('Helvetica-Bold').fontSize(9);
  const texts = options.columns.map((column) => pdfText(column.header));
  const widthOf = (i: number) => options.columns[i]!.width * width - 8;
  // One line each, as lists always were; a report's long headers wrap within their column.
  const height = options.wrapHeaders
    ? Math.max(18, ...texts.map((text, i) => doc.heightOfString(text, { width: widthOf(i) }) + 8))
    : 18;
  doc.rect(MARGIN, y, width, height).fill(BLUE);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(9);
  texts.forEach((text, i) =>
    doc.text(
      text,
      xs[i]! + 4,
      y + 5,
      options.wrapHeaders
        ? { width: widthOf(i), align: right.has(i) ? 'right' : 'left' }
        : { width: widthOf(i), lineBreak: false },
    ),
  );
  doc.fillColor('#000000').font('Helvetica').fontSize(9);
  doc.y = y + height + 4;
};

/** The title, the subtitle and « Édité le … ». */
const drawListTitle = <Row>(doc: PDFKit.PDFDocument, options: ListDocumentOptions<Row>): void => {
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(BLUE)
    .text(pdfText(options.title), MARGIN, MARGIN);
  if (options.subtitle)
    doc.font('Helvetica').fontSize(11).fillColor('#000000').text(pdfText(options.subtitle));
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#444444')
    .text(editedOn(options.editedAt, options.timeZone));
  doc.moveDown(1);
};

/** A part's heading (a site of a centre). */
const drawPartHeading = (doc: PDFKit.PDFDocument, title: string): void => {
  doc.font('Helvetica-Bold').fontSize(12).fillColor(BLUE).text(pdfText(title), MARGIN, doc.y);
  doc.fillColor('#000000').font('Helvetica').fontSize(9);
  doc.moveDown(0.5);
};

/** A block per signer under the table, on a new page when they no longer fit. */
const drawSignatureBlocks = (
  { doc, width, bottom }: ListPage,
  signers: readonly string[],
): void => {
  if (signers.length === 0) return;
  const blockHeight = 70;
  if (doc.y + blockHeight + 12 > bottom()) {
    doc.addPage();
    doc.y = MARGIN;
  }
  const top = doc.y + 12;
  const blockWidth = width / signers.length;
  signers.forEach((signer, i) => {
    const left = MARGIN + i * blockWidth;
    doc
      .rect(left + 4, top, blockWidth - 8, blockHeight)
      .lineWidth(0.5)
      .stroke('#888888');
    doc
      .fillColor('#000000')
      .font('Helvetica-Bold')
      .fontSize(9)
      .text(pdfText(signer), left + 10, top + 6, { width: blockWidth - 20, lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#444444')
      .text('Nom, date et signature', left + 10, top + 20, {
        width: blockWidth - 20,
        lineBreak: false,
      });
  });
  doc.fillColor('#000000').font('Helvetica').fontSize(9);
  doc.y = top + blockHeight + 6;
};

/** A row's cells at `y`: on one line when `single` says it fits, else wrapped in its column. */
const drawCells = (
  { doc, xs, cellWidths, right }: ListPage,
  values: readonly string[],
  y: number,
  single: readonly boolean[],
): void =>
  values.forEach((value, i) =>
    doc.text(
      value,
      xs[i]! + 4,
      y,
      right.has(i)
        ? { width: cellWidths[i]!, align: 'right', lineBreak: !single[i] }
        : single[i]
          ? { lineBreak: false }
          : { width: cellWidths[i]! },
    ),
  );

/** The totals row in bold under a blue rule, on a new page (under its header) when needed. */
const drawTotals = <Row>(
  page: ListPage,
  options: ListDocumentOptions<Row>,
  totals: readonly string[],
  lineHeight: number,
): void => {
  const { doc, width, cellWidths } = page;
  const values = totals.map(pdfText);
  doc.font('Helvetica-Bold');
  const height =
    Math.max(
      lineHeight,
      ...values.map((value, i) => doc.heightOfString(value, { width: cellWidths[i]! })),
    ) + 6;
  if (doc.y + height > page.bottom()) {
    doc.addPage();
    doc.y = MARGIN;
    drawListHeader(page, options);
    doc.font('Helvetica-Bold');
  }
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN, y - 3)
    .lineTo(MARGIN + width, y - 3)
    .lineWidth(0.8)
    .stroke(BLUE);
  drawCells(
    page,
    values,
    y,
    values.map(() => false),
  );
  doc.y = y + height;
  doc.font('Helvetica');
};

/** « Page N sur M » at the foot of every page: the number of pages. */
const drawPageNumbers = ({ doc, width }: ListPage): number => {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    doc.switchToPage(range.start + i);
    const text = `Page ${i + 1} sur ${range.count}`;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#666666')
      // Written inside the bottom margin: pdfkit must not start a new page for it.
      .text(text, MARGIN, doc.page.height - MARGIN - 10, {
        width,
        align: 'right',
        lineBreak: false,
        height: 10,
      });
  }
  return range.count;
};

/**
 * A printed list: French title, "Édité le DD/MM/YYYY à HH h MM", a table whose header repeats on
 * every page, optionally a totals row in bold, and "Page N sur M" at the foot of each page. Rows
 * stream in: a long list never sits in memory as data, only as the pages being written. Shared by
 * the workers' documents and the query service's report exports.
 */
export const renderListDocument = async <Row>(
  out: Writable,
  options: ListDocumentOptions<Row>,
): Promise<{ pages: number }> => {
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.landscape ? 'landscape' : 'portrait',
    margins: { top: MARGIN, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: options.title, Producer: 'Examens Pro', Creator: 'Examens Pro' },
    lang: 'fr-FR',
  } as PDFKit.PDFDocumentOptions);
  doc.pipe(out);
  const page = listPage(doc, options);
  const { width, cellWidths } = page;
  const header = (): void => drawListHeader(page, options);
  const signatureBlocks = (): void => drawSignatureBlocks(page, options.signatures ?? []);

  drawListTitle(doc, options);
  let part: string | undefined;
  if (!options.section) header();
  const lineHeight = doc.currentLineHeight(true);
  const fontSize = 9;

  let count = 0;
  let reported = 0;
  for await (const row of options.rows) {
    if (options.section) {
      const next = options.section(row);
      if (next !== part) {
        if (part !== undefined) {
          signatureBlocks();
          doc.addPage();
          doc.y = MARGIN;
        }
        part = next;
        drawPartHeading(doc, next);
        header();
      }
    }
    const values = options.columns.map((column) => pdfText(column.value(row)));
    // Most cells hold on one line: measuring a width is far cheaper than laying out a paragraph.
    // No Helvetica glyph is wider than 1 em: a short enough text fits without being measured.
    const single = values.map(
      (value, i) =>
        value.length * fontSize <= cellWidths[i]! || doc.widthOfString(value) <= cellWidths[i]!,
    );
    const height =
      Math.max(
        (options.rowHeight ?? 0) - 6,
        lineHeight,
        ...values.map((value, i) =>
          single[i] ? lineHeight : doc.heightOfString(value, { width: cellWidths[i]! }),
        ),
      ) + 6;
    if (doc.y + height > page.bottom()) {
      doc.addPage();
      doc.y = MARGIN;
      header();
    }
    const y = doc.y;
    if (count % 2 === 1)
      doc
        .rect(MARGIN, y - 2, width, height)
        .fill('#f0f3f8')
        .fillColor('#000000');
    drawCells(page, values, y, single);
    doc.y = y + height;
    count += 1;
    const percent = options.total > 0 ? Math.floor((count / options.total) * 95) : 0;
    if (percent >= reported + 5) {
      reported = percent;
      await options.onProgress?.(percent);
    }
  }
  if (count === 0) {
    if (options.section) header();
    doc.font('Helvetica-Oblique').text('Aucun élément.', MARGIN, doc.y + 4);
  }
  if (options.totals) drawTotals(page, options, options.totals, lineHeight);
  if (count > 0) signatureBlocks();

  const pages = drawPageNumbers(page);
  // Resolve once every byte has gone to `out`: the caller may close it right after.
  const ended = new Promise<void>((resolve, reject) => {
    doc.once('end', resolve);
    doc.once('error', reject);
  });
  doc.end();
  await ended;
  return { pages };
};
