import PDFDocument from 'pdfkit';
import type { Writable } from 'node:stream';
import { editedOn, pdfText } from '../pdf/listDocument.js';

/** A part of the minutes: one métier's candidates, its épreuves as columns. */
export interface MinutesSection {
  readonly title: string;
  /** « PRAT-COIF » over « /40 · coef. 2 ». */
  readonly epreuves: readonly { readonly code: string; readonly detail: string }[];
}

/** A signature block: the role, the person, their function. */
export interface MinutesSigner {
  readonly role: string;
  readonly nom: string;
  readonly fonction: string;
}

/** What the minutes say besides their rows (known before the first row is laid out). */
export interface MinutesLayout {
  readonly title: string;
  /** Lines under the title: examen, session, jury, centre, the arrêté and its date. */
  readonly heading: readonly string[];
  /** Repeated at the foot of every page (« PV — Jury national — Centre de Yaoundé »). */
  readonly footer: string;
  readonly sections: readonly MinutesSection[];
  /** After the tables: the counts, the jury's decisions with their reasons. */
  readonly summary: readonly string[];
  readonly notes: readonly string[];
  readonly signers: readonly MinutesSigner[];
}

/**
 * One row: its section's index, then rang, candidate number, name, one cell per épreuve of its
 * section, average, result.
 */
export type MinutesRow = readonly [section: number, ...cells: string[]];

export interface MinutesOptions {
  readonly layout: MinutesLayout;
  readonly editedAt: Date;
  readonly timeZone?: string;
  readonly total: number;
  readonly rows: AsyncIterable<MinutesRow>;
  readonly onProgress?: (percent: number) => Promise<void> | void;
}

const MARGIN = 36;
const BLUE = '#234683';
const FONT = 8;
/** Rang, N° candidat, Nom et prénoms, then the épreuves, then Moyenne and Résultat. */
const FIXED = { rang: 34, numero: 78, nom: 170, moyenne: 52, resultat: 128 };

/** The minutes' pages: their usable width, where they end, how a new one starts. */
interface MinutesPage {
  readonly doc: PDFKit.PDFDocument;
  readonly width: number;
  bottom(): number;
  newPage(): void;
}

/** A section's columns: x positions and widths. */
interface SectionGeometry {
  readonly widths: readonly number[];
  readonly xs: readonly number[];
}

/** Each section's column x positions and widths. */
const sectionGeometry = (section: MinutesSection, width: number): SectionGeometry => {
  const n = section.epreuves.length;
  const fixed = FIXED.rang + FIXED.numero + FIXED.nom + FIXED.moyenne + FIXED.resultat;
  // A mark needs little room: the name takes what the épreuves leave, or gives up what they need.
  const each = n > 0 ? Math.min(80, Math.max(30, (width - fixed) / n)) : 0;
  const nom = Math.max(90, width - (fixed - FIXED.nom) - each * n);
  const widths = [
    FIXED.rang,
    FIXED.numero,
    nom,
    ...section.epreuves.map(() => each),
    FIXED.moyenne,
    FIXED.resultat,
  ];
  const xs: number[] = [];
  let x = MARGIN;
  for (const w of widths) {
    xs.push(x);
    x += w;
  }
  return { widths, xs };
};

/** A section's table header: the fixed columns, each épreuve's code over its scale. */
const drawSectionHeader = (
  { doc, width }: MinutesPage,
  section: MinutesSection,
  { widths, xs }: SectionGeometry,
): void => {
  const y = doc.y;
  doc.rect(MARGIN, y, width, 24).fill(BLUE);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(FONT);
  const titles: [string, string][] = [
    ['Rang', ''],
    ['N° candidat', ''],
    ['Nom et prénoms', ''],
    ...section.epreuves.map((e): [string, string] => [e.code, e.detail]),
    ['Moyenne', '/ 20'],
    ['Résultat', ''],
  ];
  titles.forEach(([title, detail], i) => {
    doc.font('Helvetica-Bold').text(pdfText(title), xs[i]! + 3, y + 3, {
      width: widths[i]! - 6,
      lineBreak: false,
    });
    if (detail)
      doc.font('Helvetica').text(pdfText(detail), xs[i]! + 3, y + 13, {
        width: widths[i]! - 6,
        lineBreak: false,
      });
  });
  doc.fillColor('#000000').font('Helvetica').fontSize(FONT);
  doc.y = y + 27;
};

/** Every row under its section's heading and header (repeated on a new page): rows drawn. */
const drawMinutesRows = async (page: MinutesPage, options: MinutesOptions): Promise<number> => {
  const { doc, width, bottom } = page;
  const { layout } = options;
  const geometry = layout.sections.map((section) => sectionGeometry(section, width));
  const header = (index: number): void =>
    drawSectionHeader(page, layout.sections[index]!, geometry[index]!);
  let part: number | undefined;
  let count = 0;
  let striped = 0;
  let reported = 0;
  const lineHeight = 12;
  for await (const row of options.rows) {
    const [index, ...cells] = row;
    if (index !== part) {
      if (part !== undefined) doc.moveDown(0.8);
      if (doc.y + 60 > bottom()) page.newPage();
      part = index;
      striped = 0;
      doc
        .font('Helvetica-Bold')
        .fontSize(11)
        .fillColor(BLUE)
        .text(pdfText(layout.sections[index]!.title), MARGIN, doc.y);
      doc.moveDown(0.3);
      header(index);
    }
    const { widths, xs } = geometry[index]!;
    const texts = cells.map(pdfText);
    doc.fontSize(FONT);
    const height =
      Math.max(
        lineHeight,
        ...texts.map((t, i) =>
          doc.widthOfString(t) <= widths[i]! - 6
            ? lineHeight
            : doc.heightOfString(t, { width: widths[i]! - 6 }),
        ),
      ) + 4;
    if (doc.y + height > bottom()) {
      page.newPage();
      header(index);
    }
    const y = doc.y;
    if (striped % 2 === 1)
      doc
        .rect(MARGIN, y - 2, width, height)
        .fill('#f0f3f8')
        .fillColor('#000000');
    texts.forEach((t, i) => {
      // The result stands out; a jury's decision is read as such.
      doc.font(i === texts.length - 1 ? 'Helvetica-Bold' : 'Helvetica');
      doc.text(t, xs[i]! + 3, y, { width: widths[i]! - 6 });
    });
    doc.font('Helvetica');
    doc.y = y + height;
    count += 1;
    striped += 1;
    const percent = options.total > 0 ? Math.floor((count / options.total) * 90) : 0;
    if (percent >= reported + 5) {
      reported = percent;
      await options.onProgress?.(percent);
    }
  }
  return count;
};

/** The signature blocks, four to a row. */
const drawSigners = (page: MinutesPage, signers: readonly MinutesSigner[]): void => {
  const { doc, width } = page;
  const perRow = 4;
  const blockWidth = width / perRow;
  const blockHeight = 84;
  doc.moveDown(0.8);
  for (let i = 0; i < signers.length; i += perRow) {
    if (doc.y + blockHeight + 8 > page.bottom()) page.newPage();
    const top = doc.y;
    signers.slice(i, i + perRow).forEach((signer, j) => {
      const left = MARGIN + j * blockWidth;
      doc
        .rect(left + 4, top, blockWidth - 8, blockHeight)
        .lineWidth(0.5)
        .stroke('#888888');
      doc
        .fillColor('#000000')
        .font('Helvetica-Bold')
        .fontSize(9)
        .text(pdfText(signer.role), left + 10, top + 6, {
          width: blockWidth - 20,
          lineBreak: false,
        });
      doc
        .font('Helvetica')
        .fontSize(9)
        .text(pdfText(signer.nom), left + 10, top + 19, {
          width: blockWidth - 20,
          lineBreak: false,
        });
      doc
        .fontSize(8)
        .fillColor('#444444')
        .text(pdfText(signer.fonction), left + 10, top + 31, {
          width: blockWidth - 20,
          lineBreak: false,
        });
      doc.text('Signature', left + 10, top + blockHeight - 14, {
        width: blockWidth - 20,
        lineBreak: false,
      });
    });
    doc.fillColor('#000000');
    doc.y = top + blockHeight + 8;
  }
};

/** The footer and « Page N sur M » on every page: the number of pages. */
const drawMinutesFeet = ({ doc, width }: MinutesPage, options: MinutesOptions): number => {
  const edited = editedOn(options.editedAt, options.timeZone);
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    doc.switchToPage(range.start + i);
    const y = doc.page.height - MARGIN - 8;
    doc.font('Helvetica').fontSize(7).fillColor('#666666');
    doc.text(pdfText(`${options.layout.footer} — ${edited}`), MARGIN, y, {
      width: width * 0.8,
      lineBreak: false,
      height: 10,
    });
    doc.text(`Page ${i + 1} sur ${range.count}`, MARGIN, y, {
      width,
      align: 'right',
      lineBreak: false,
      height: 10,
    });
  }
  return range.count;
};

/**
 * The minutes of a jury's deliberation for one centre d'examen, landscape A4: the heading (examen,
 * session, jury, centre, « Arrêté n° … du DD/MM/YYYY »), one table per métier whose columns are its
 * épreuves (each mark on its scale, « Abs. » for an absent candidate), the average on 20 and the
 * result (« Admis (décision du jury) » where the jury decided), the counts and the jury's decisions,
 * then the signature blocks of the president and the members. « Page N sur M » and the edition time
 * at the foot of every page.
 */
export const renderMinutes = async (
  out: Writable,
  options: MinutesOptions,
): Promise<{ pages: number }> => {
  const { layout } = options;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, bottom: MARGIN + 18, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: layout.title, Producer: 'Examens Pro', Creator: 'Examens Pro' },
    lang: 'fr-FR',
  } as PDFKit.PDFDocumentOptions);
  doc.pipe(out);
  const width = doc.page.width - 2 * MARGIN;
  const bottom = (): number => doc.page.height - doc.page.margins.bottom;
  const page: MinutesPage = {
    doc,
    width,
    bottom,
    newPage: () => {
      doc.addPage();
      doc.y = MARGIN;
    },
  };

  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .fillColor(BLUE)
    .text(pdfText(layout.title.toUpperCase()), MARGIN, MARGIN, { width, align: 'center' });
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(10).fillColor('#000000');
  for (const line of layout.heading) doc.text(pdfText(line), MARGIN, doc.y, { width });
  doc.moveDown(0.8);

  const count = await drawMinutesRows(page, options);
  if (count === 0)
    doc
      .font('Helvetica-Oblique')
      .fontSize(10)
      .text('Aucun candidat délibéré dans ce centre.', MARGIN, doc.y);

  // The counts and the jury's decisions.
  doc.moveDown(1);
  for (const [lines, font] of [
    [layout.summary, 'Helvetica-Bold'],
    [layout.notes, 'Helvetica'],
  ] as const)
    for (const line of lines) {
      doc.font(font).fontSize(9).fillColor('#000000');
      if (doc.y + doc.heightOfString(pdfText(line), { width }) > bottom()) page.newPage();
      doc.text(pdfText(line), MARGIN, doc.y, { width });
      doc.moveDown(0.2);
    }

  drawSigners(page, layout.signers);
  const pages = drawMinutesFeet(page, options);
  const ended = new Promise<void>((resolve, reject) => {
    doc.once('end', resolve);
    doc.once('error', reject);
  });
  doc.end();
  await ended;
  return { pages };
};
