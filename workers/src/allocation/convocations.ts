import PDFDocument from 'pdfkit';
import type { Writable } from 'node:stream';
import type { ConvocationPage } from '@examens-pro/domain';
import { editedOn, pdfText } from '../pdf/listDocument.js';

const MARGIN = 50;
const BLUE = '#234683';

export interface ConvocationsOptions {
  readonly editedAt: Date;
  readonly timeZone?: string;
  readonly pages: AsyncIterable<ConvocationPage>;
  /** Pages expected, for the progress bar. */
  readonly total: number;
  /** What every candidate brings (the domain's list, given by the caller). */
  readonly toBring: readonly string[];
  readonly onProgress?: (percent: number) => Promise<void> | void;
}

const day = (iso: string) => (iso ? iso.split('-').reverse().join('/') : '');

/** A label in grey over its value in bold (« — » when empty), in a column of `width` at `x`. */
const drawLine = (
  doc: PDFKit.PDFDocument,
  label: string,
  value: string,
  x: number,
  width: number,
): void => {
  doc.font('Helvetica').fontSize(9).fillColor('#555555').text(pdfText(label), x, doc.y, { width });
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('#000000')
    .text(pdfText(value || '—'), x, doc.y, {
      width,
    });
  doc.moveDown(0.4);
};

/** The title, the examen and session, then two columns: the candidate, the place. */
const drawCandidateAndPlace = (doc: PDFKit.PDFDocument, page: ConvocationPage, width: number) => {
  doc.font('Helvetica-Bold').fontSize(20).fillColor(BLUE).text('CONVOCATION', MARGIN, MARGIN, {
    width,
    align: 'center',
  });
  doc
    .font('Helvetica')
    .fontSize(12)
    .fillColor('#000000')
    .text(pdfText([page.examen, page.session].filter(Boolean).join(' — ')), {
      width,
      align: 'center',
    });
  doc.moveDown(1);
  // Two columns: the candidate, the place.
  const top = doc.y;
  const half = width / 2 - 10;
  doc.font('Helvetica-Bold').fontSize(12).fillColor(BLUE).text('Candidat', MARGIN, top);
  doc.moveDown(0.3);
  drawLine(doc, 'Nom et prénoms', page.candidat, MARGIN, half);
  drawLine(
    doc,
    'Né(e) le',
    [day(page.dateNaissance), page.lieuNaissance].filter(Boolean).join(' à '),
    MARGIN,
    half,
  );
  drawLine(doc, 'Numéro de dossier', page.numeroDossier, MARGIN, half);
  drawLine(doc, 'Numéro de candidat', page.numeroCandidat, MARGIN, half);
  drawLine(doc, 'Métier', page.metier, MARGIN, half);
  const left = doc.y;
  const right = MARGIN + width / 2 + 10;
  doc.font('Helvetica-Bold').fontSize(12).fillColor(BLUE).text('Lieu de composition', right, top);
  doc.moveDown(0.3);
  drawLine(doc, 'Site de composition', page.site, right, half);
  drawLine(doc, 'Centre d’examen', page.centre, right, half);
  drawLine(doc, 'Adresse', page.adresse, right, half);
  drawLine(doc, 'Numéro de table', String(page.numeroTable), right, half);
  doc.y = Math.max(left, doc.y) + 10;
};

/** The épreuves: a table of dates, times and durations, or the centre's promise of one. */
const drawEpreuves = (doc: PDFKit.PDFDocument, page: ConvocationPage, width: number): void => {
  doc.font('Helvetica-Bold').fontSize(12).fillColor(BLUE).text('Épreuves', MARGIN, doc.y);
  doc.moveDown(0.3);
  const columns = [
    { header: 'Épreuve', width: 0.46 },
    { header: 'Date', width: 0.18 },
    { header: 'Heure', width: 0.2 },
    { header: 'Durée', width: 0.16 },
  ];
  let y = doc.y;
  doc.rect(MARGIN, y, width, 16).fill(BLUE);
  let x = MARGIN;
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#ffffff');
  for (const column of columns) {
    doc.text(column.header, x + 4, y + 4, { width: column.width * width - 8, lineBreak: false });
    x += column.width * width;
  }
  y += 20;
  doc.font('Helvetica').fontSize(9).fillColor('#000000');
  for (const epreuve of page.epreuves) {
    x = MARGIN;
    const cells = [epreuve.libelle, epreuve.date, epreuve.heure, epreuve.duree];
    cells.forEach((cell, i) => {
      doc.text(pdfText(cell), x + 4, y, {
        width: columns[i]!.width * width - 8,
        lineBreak: false,
      });
      x += columns[i]!.width * width;
    });
    y += 15;
  }
  if (page.epreuves.length === 0) {
    doc
      .font('Helvetica-Oblique')
      .text('Le calendrier des épreuves sera communiqué par le centre.', MARGIN + 4, y);
    y += 15;
  }
  doc.y = y + 8;
};

/** One candidate's page, from the title to its foot. */
const drawConvocationPage = (
  doc: PDFKit.PDFDocument,
  page: ConvocationPage,
  toBring: readonly string[],
  edited: string,
): void => {
  doc.addPage();
  const width = doc.page.width - 2 * MARGIN;
  drawCandidateAndPlace(doc, page, width);
  drawEpreuves(doc, page, width);
  if (page.amenagement) {
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(BLUE)
      .text('Aménagement accordé', MARGIN, doc.y);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#000000')
      .text(pdfText(page.amenagement), MARGIN, doc.y, { width });
    doc.moveDown(0.6);
  }
  doc.font('Helvetica-Bold').fontSize(11).fillColor(BLUE).text('À apporter', MARGIN, doc.y);
  doc.font('Helvetica').fontSize(10).fillColor('#000000');
  for (const item of toBring)
    doc.text(`• ${pdfText(item)}`, MARGIN + 8, doc.y, { width: width - 8 });
  doc.moveDown(0.6);
  doc
    .fontSize(9)
    .fillColor('#444444')
    .text(
      'Présentez-vous au site de composition trente minutes avant le début de la première épreuve. Tout retard peut entraîner le refus de l’accès à la salle.',
      MARGIN,
      doc.y,
      { width },
    );
  doc
    .fontSize(8)
    .fillColor('#666666')
    .text(`${edited} — ${pdfText(page.numeroCandidat)}`, MARGIN, doc.page.height - MARGIN - 10, {
      width,
      align: 'right',
      lineBreak: false,
      height: 10,
    });
};

/**
 * Convocations: one A4 page per candidate — the examen and session, the candidate (name, birth,
 * dossier and candidate numbers, métier), where they sit (site, centre, address, table), their
 * épreuves with dates, times and durations, their accommodation, and what to bring. Pages stream
 * in and are written as they come: 200,000 convocations never sit in memory.
 */
export const renderConvocations = async (
  out: Writable,
  options: ConvocationsOptions,
): Promise<{ pages: number }> => {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    autoFirstPage: false,
    info: { Title: 'Convocations', Producer: 'Examens Pro', Creator: 'Examens Pro' },
    lang: 'fr-FR',
  } as PDFKit.PDFDocumentOptions);
  doc.pipe(out);
  const edited = editedOn(options.editedAt, options.timeZone);
  let count = 0;
  let reported = 0;
  for await (const page of options.pages) {
    drawConvocationPage(doc, page, options.toBring, edited);
    count += 1;
    const percent = options.total > 0 ? Math.floor((count / options.total) * 95) : 0;
    if (percent >= reported + 5) {
      reported = percent;
      await options.onProgress?.(percent);
    }
  }
  if (count === 0) {
    doc.addPage();
    doc.font('Helvetica-Oblique').fontSize(11).text('Aucun candidat affecté.', MARGIN, MARGIN);
  }
  const ended = new Promise<void>((resolve, reject) => {
    doc.once('end', resolve);
    doc.once('error', reject);
  });
  doc.end();
  await ended;
  return { pages: Math.max(count, 1) };
};
