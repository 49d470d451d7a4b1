import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Writable } from 'node:stream';
import {
  formatFrenchDay,
  formatVerificationCode,
  genderWords,
  type AttestationLayout,
  type AttestationPage,
} from '@examens-pro/domain';
import { pdfText } from '../pdf/listDocument.js';

const BLUE = '#234683';
const GOLD = '#9a7b2f';
/** Room kept around every element: nothing ever reaches pdfkit's automatic page break. */
const MARGIN = 20;

/**
 * The QR code of a page's address: the `qrcode` package's symbol (error correction M, the mask it
 * judges best), its modules row by row (1: dark).
 */
export interface QrSymbol {
  readonly size: number;
  readonly modules: Uint8Array;
}

export const qrSymbol = (text: string): QrSymbol => {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, modules: Uint8Array.from(modules.data) };
};

/**
 * A page with its QR symbol made beforehand (by the thread that reads the pages, so that the
 * render thread only draws it: the two cores share the work).
 */
export type AttestationPageToDraw = AttestationPage & { readonly symbole?: QrSymbol };

export interface AttestationsOptions {
  readonly layout: AttestationLayout;
  readonly pages: AsyncIterable<AttestationPageToDraw>;
  /** Pages expected, for the progress bar. */
  readonly total: number;
  readonly onProgress?: (percent: number) => Promise<void> | void;
}

type Doc = PDFKit.PDFDocument;

/**
 * A QR symbol drawn as filled squares, `size` points wide, its quiet zone included: sharp at any
 * zoom and on any printer.
 */
const drawQrCode = (doc: Doc, symbol: QrSymbol, x: number, y: number, size: number): void => {
  const modules = {
    size: symbol.size,
    get: (r: number, c: number) => symbol.modules[r * symbol.size + c],
  };
  const quiet = 4;
  const unit = size / (modules.size + 2 * quiet);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  // One rectangle per run of dark modules in a row: a few hundred path operations per code.
  for (let row = 0; row < modules.size; row += 1) {
    let start = -1;
    for (let col = 0; col <= modules.size; col += 1) {
      const dark = col < modules.size && modules.get(row, col) === 1;
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        doc.rect(x + (quiet + start) * unit, y + (quiet + row) * unit, (col - start) * unit, unit);
        start = -1;
      }
    }
  }
  doc.fill('#000000');
  doc.restore();
};

const day = (iso: string): string => formatFrenchDay(iso) || '—';

const averages = new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
/** « 12,50 »: an average as the results print it, two decimals. */
const average = (value: number): string => pdfText(averages.format(value));

/** « MBALLA Alain Marie ». */
const fullName = (page: AttestationPage): string =>
  `${page.nom.toLocaleUpperCase('fr-FR')} ${page.prenoms}`.trim();

/** The verification block: the QR code, the code in groups, where to check it. */
const verification = (
  doc: Doc,
  page: AttestationPageToDraw,
  x: number,
  y: number,
  width: number,
  mention?: string,
) => {
  const qr = 96;
  drawQrCode(doc, page.symbole ?? qrSymbol(page.adresse), x, y, qr);
  const left = x + qr + 12;
  const textWidth = width - qr - 12;
  const line = (text: string, top: number, font = 'Helvetica', size = 8.5) =>
    doc
      .font(font)
      .fontSize(size)
      .fillColor(font === 'Courier-Bold' ? '#000000' : '#444444')
      .text(pdfText(text), left, y + top, { width: textWidth, lineBreak: false, height: size + 4 });
  line('Code de vérification', 10);
  line(formatVerificationCode(page.code), 24, 'Courier-Bold', 16);
  line('Vérifiez ce document sur', 50);
  line(page.adresse.split('?')[0]!, 62, 'Helvetica-Bold');
  // Wraps where the block ends (it did not fit on one line: « QR. » was cut).
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor('#444444')
    .text(pdfText('en saisissant ce code ou en lisant le code QR.'), left, y + 74, {
      width: textWidth,
      height: 22,
    });
  // On two lines at most, smaller: it wraps where the block ends.
  if (mention)
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor('#444444')
      .text(pdfText(mention), left, y + 98, { width: textWidth, height: 18 });
};

/** The signature block: « Fait le … », the signatory's title, signature and name. */
const signature = (
  doc: Doc,
  layout: AttestationLayout,
  image: unknown,
  page: AttestationPage,
  x: number,
  y: number,
  width: number,
) => {
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor('#000000')
    .text(`Fait le ${day(page.delivreeLe)}`, x, y, { width, align: 'center', lineBreak: false });
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(pdfText(layout.signataire.titre), x, y + 18, { width, align: 'center', height: 28 });
  if (image)
    doc.image(image as Buffer, x + (width - 150) / 2, y + 48, { fit: [150, 60], align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(pdfText(layout.signataire.nom), x, y + 114, {
      width,
      align: 'center',
      lineBreak: false,
    });
};

const attestationPage = (
  doc: Doc,
  layout: AttestationLayout,
  image: unknown,
  page: AttestationPage,
) => {
  const W = doc.page.width;
  const H = doc.page.height;
  const left = 60;
  const width = W - 2 * left;
  const words = genderWords(page.sexe);
  doc
    .lineWidth(2)
    .strokeColor(BLUE)
    .rect(28, 28, W - 56, H - 56)
    .stroke();
  doc
    .lineWidth(0.6)
    .strokeColor(GOLD)
    .rect(34, 34, W - 68, H - 68)
    .stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor(BLUE)
    .text(pdfText(layout.examen), left, 70, { width, align: 'center', height: 34 });
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor('#000000')
    .text(pdfText(`Session : ${layout.session}`), left, 106, { width, align: 'center' });
  doc
    .font('Helvetica-Bold')
    .fontSize(24)
    .fillColor(BLUE)
    .text('ATTESTATION DE RÉUSSITE', left, 160, { width, align: 'center', lineBreak: false });
  doc
    .moveTo(W / 2 - 80, 198)
    .lineTo(W / 2 + 80, 198)
    .lineWidth(1)
    .strokeColor(GOLD)
    .stroke();
  const moyenne =
    page.moyenne === null ? '' : `, avec la moyenne de ${average(page.moyenne)} sur 20`;
  const body = [
    `Nous, ${layout.signataire.nom}, ${layout.signataire.titre}, attestons que ${words.civilite} ${fullName(page)}, ${words.ne} le ${day(page.dateNaissance)}${page.lieuNaissance ? ` à ${page.lieuNaissance}` : ''}, numéro de dossier ${page.numeroDossier}, numéro de candidat ${page.numeroCandidat}, a été déclaré${page.sexe === 'F' ? 'e' : ''} ${words.admis} à l’examen « ${layout.examen} », session ${layout.session}, dans le métier « ${page.metier} »${moyenne}, par l’arrêté n° ${page.numeroArrete} du ${day(page.dateArrete)}.`,
    'En foi de quoi, la présente attestation lui est délivrée pour servir et valoir ce que de droit.',
  ];
  doc.font('Helvetica').fontSize(12.5).fillColor('#000000');
  let y = 235;
  for (const paragraph of body) {
    doc.text(pdfText(paragraph), left, y, { width, align: 'justify', lineGap: 5, height: 200 });
    y = doc.y + 14;
  }
  // The candidate in short, as staff look them up.
  const facts: [string, string][] = [
    ['Nom et prénoms', fullName(page)],
    ['Métier', page.metier],
    ['Numéro de candidat', page.numeroCandidat],
    ['Département', page.departement],
  ];
  y = Math.max(y + 6, 470);
  doc
    .lineWidth(0.5)
    .strokeColor('#bbbbbb')
    .rect(left, y, width, facts.length * 17 + 10)
    .stroke();
  facts.forEach(([label, value], i) => {
    doc
      .font('Helvetica')
      .fontSize(9.5)
      .fillColor('#555555')
      .text(label, left + 10, y + 8 + i * 17, { width: 140, lineBreak: false });
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('#000000')
      .text(pdfText(value || '—'), left + 150, y + 7 + i * 17, {
        width: width - 160,
        lineBreak: false,
        height: 14,
      });
  });
  signature(doc, layout, image, page, W / 2 + 10, 600, width / 2 - 10);
  verification(doc, page, left, H - 164, width / 2 + 30, layout.mention);
};

const diplomaPage = (
  doc: Doc,
  layout: AttestationLayout,
  image: unknown,
  page: AttestationPage,
) => {
  const W = doc.page.width;
  const H = doc.page.height;
  const left = 70;
  const width = W - 2 * left;
  const words = genderWords(page.sexe);
  doc
    .lineWidth(6)
    .strokeColor(BLUE)
    .rect(24, 24, W - 48, H - 48)
    .stroke();
  doc
    .lineWidth(1.2)
    .strokeColor(GOLD)
    .rect(36, 36, W - 72, H - 72)
    .stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .fillColor(BLUE)
    .text(pdfText(layout.examen), left, 62, { width, align: 'center', height: 36 });
  doc
    .font('Helvetica-Bold')
    .fontSize(44)
    .fillColor(BLUE)
    .text('DIPLÔME', left, 100, { width, align: 'center', lineBreak: false });
  doc
    .font('Helvetica-Oblique')
    .fontSize(13)
    .fillColor('#000000')
    .text('décerné à', left, 160, { width, align: 'center', lineBreak: false });
  doc
    .font('Helvetica-Bold')
    .fontSize(24)
    .text(pdfText(`${words.civilite} ${fullName(page)}`), left, 182, {
      width,
      align: 'center',
      height: 30,
      lineBreak: false,
    });
  doc
    .font('Helvetica')
    .fontSize(12)
    .text(
      pdfText(
        `${words.ne} le ${day(page.dateNaissance)}${page.lieuNaissance ? ` à ${page.lieuNaissance}` : ''} — numéro de candidat ${page.numeroCandidat}`,
      ),
      left,
      218,
      { width, align: 'center', lineBreak: false },
    );
  doc.text(
    pdfText(`pour avoir satisfait aux épreuves de la session ${layout.session}, dans le métier`),
    left,
    246,
    { width, align: 'center', lineBreak: false },
  );
  doc.font('Helvetica-Bold').fontSize(20).fillColor(BLUE).text(pdfText(page.metier), left, 266, {
    width,
    align: 'center',
    height: 26,
    lineBreak: false,
  });
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor('#000000')
    .text(
      pdfText(
        `${page.moyenne === null ? '' : `Moyenne : ${average(page.moyenne)} sur 20 — `}Arrêté n° ${page.numeroArrete} du ${day(page.dateArrete)}`,
      ),
      left,
      300,
      { width, align: 'center', lineBreak: false },
    );
  signature(doc, layout, image, page, W - 330, 350, 260);
  verification(doc, page, 64, H - 160, 340, layout.mention);
};

interface PdfImage {
  /** The image's object: its `offset` is set once written (a PNG's alpha is decoded asynchronously). */
  obj: { offset?: number } | null;
  embed(doc: PDFKit.PDFDocument): void;
}

/**
 * An image opened and written into the document at once: pdfkit decodes a PNG with transparency
 * asynchronously and writes its object whenever that ends, among the pages, so the file's bytes
 * would depend on timing. Waiting for it here puts the image at one place in every run.
 */
const embeddedImage = async (doc: PDFKit.PDFDocument, src: Buffer): Promise<PdfImage> => {
  const image = (doc as unknown as { openImage(src: Buffer): PdfImage }).openImage(src);
  image.embed(doc);
  const since = Date.now();
  while (image.obj?.offset === undefined) {
    if (Date.now() - since > 10_000) throw new Error('image illisible');
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return image;
};

/**
 * Attestations de réussite (A4, portrait) or diplomas (A4, landscape): one page per admitted
 * candidate, with the signatory of the configuration and the candidate's verification code, in
 * groups and as a QR code of its public address. Pages stream in and are written as they come.
 * Nothing depends on the clock: the metadata's dates (and the file identifier pdfkit draws from
 * them) are the layout's `creationDate`, so an unchanged document is made again byte for byte.
 */
export const renderAttestations = async (
  out: Writable,
  options: AttestationsOptions,
): Promise<{ pages: number }> => {
  const { layout } = options;
  const created = new Date(layout.creationDate);
  const diploma = layout.kind === 'diplomes';
  const doc = new PDFDocument({
    size: 'A4',
    layout: diploma ? 'landscape' : 'portrait',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    autoFirstPage: false,
    info: {
      Title: pdfText(layout.title),
      Author: pdfText(layout.signataire.nom),
      Producer: 'Examens Pro',
      Creator: 'Examens Pro',
      CreationDate: created,
      ModDate: created,
    },
    lang: 'fr-FR',
  } as PDFKit.PDFDocumentOptions);
  doc.pipe(out);
  // The signature is embedded once, before the first page, and drawn on every page.
  let image: unknown;
  if (layout.signataire.image)
    try {
      image = await embeddedImage(doc, Buffer.from(layout.signataire.image));
    } catch {
      throw new Error(
        `l’image de la signature de ${layout.signataire.nom} est illisible : déposez-la de nouveau sous Configuration → Signataires`,
      );
    }
  let count = 0;
  let reported = 0;
  for await (const page of options.pages) {
    doc.addPage();
    if (diploma) diplomaPage(doc, layout, image, page);
    else attestationPage(doc, layout, image, page);
    count += 1;
    const percent = options.total > 0 ? Math.floor((count / options.total) * 95) : 0;
    if (percent >= reported + 5) {
      reported = percent;
      await options.onProgress?.(percent);
    }
  }
  if (count === 0) {
    doc.addPage();
    doc
      .font('Helvetica-Oblique')
      .fontSize(11)
      .text('Aucun candidat admis à imprimer.', 60, 60, { lineBreak: false });
  }
  const ended = new Promise<void>((resolve, reject) => {
    doc.once('end', resolve);
    doc.once('error', reject);
  });
  doc.end();
  await ended;
  return { pages: Math.max(count, 1) };
};
