import dayjs from 'dayjs';
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
  readonly editedAt: Date;
  readonly columns: readonly Column<Row>[];
  readonly rows: AsyncIterable<Row>;
  /** Rows expected, for the progress bar (0 when unknown). */
  readonly total: number;
  readonly onProgress?: (percent: number) => Promise<void> | void;
}

const MARGIN = 40;
const BLUE = '#234683';

/** Helvetica (a standard PDF font) has no U+202F: French number spacing uses U+00A0 instead. */
export const pdfText = (value: string): string => value.replace(/\u202f/g, '\u00a0');

/**
 * A printed list: French title, "Édité le DD/MM/YYYY à HH h MM", a table whose header repeats on
 * every page, and "Page N sur M" at the foot of each page. Rows stream in: a long list never
 * sits in memory as data, only as the pages being written.
 */
export const renderListDocument = async <Row>(
  out: Writable,
  options: ListDocumentOptions<Row>,
): Promise<{ pages: number }> => {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: options.title, Producer: 'Examens Pro', Creator: 'Examens Pro' },
    lang: 'fr-FR',
  } as PDFKit.PDFDocumentOptions);
  doc.pipe(out);
  const width = doc.page.width - 2 * MARGIN;
  const xs: number[] = [];
  let x = MARGIN;
  for (const column of options.columns) {
    xs.push(x);
    x += column.width * width;
  }
  const bottom = (): number => doc.page.height - doc.page.margins.bottom;

  const header = (): void => {
    const y = doc.y;
    doc.rect(MARGIN, y, width, 18).fill(BLUE);
    doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(9);
    options.columns.forEach((column, i) =>
      doc.text(pdfText(column.header), xs[i]! + 4, y + 5, {
        width: column.width * width - 8,
        lineBreak: false,
      }),
    );
    doc.fillColor('#000000').font('Helvetica').fontSize(9);
    doc.y = y + 22;
  };

  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(BLUE)
    .text(pdfText(options.title), MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#444444')
    .text(`Édité le ${dayjs(options.editedAt).format('DD/MM/YYYY [à] HH [h] mm')}`);
  doc.moveDown(1);
  header();

  let count = 0;
  let reported = 0;
  for await (const row of options.rows) {
    const values = options.columns.map((column) => pdfText(column.value(row)));
    const height =
      Math.max(
        ...values.map((value, i) =>
          doc.heightOfString(value, { width: options.columns[i]!.width * width - 8 }),
        ),
      ) + 6;
    if (doc.y + height > bottom()) {
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
    values.forEach((value, i) =>
      doc.text(value, xs[i]! + 4, y, { width: options.columns[i]!.width * width - 8 }),
    );
    doc.y = y + height;
    count += 1;
    const percent = options.total > 0 ? Math.floor((count / options.total) * 95) : 0;
    if (percent >= reported + 5) {
      reported = percent;
      await options.onProgress?.(percent);
    }
  }
  if (count === 0) doc.font('Helvetica-Oblique').text('Aucun élément.', MARGIN, doc.y + 4);

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
  // Resolve once every byte has gone to `out`: the caller may close it right after.
  const ended = new Promise<void>((resolve, reject) => {
    doc.once('end', resolve);
    doc.once('error', reject);
  });
  doc.end();
  await ended;
  return { pages: range.count };
};
