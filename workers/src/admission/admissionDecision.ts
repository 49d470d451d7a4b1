import { createHash } from 'node:crypto';
import type { Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import PDFDocument from 'pdfkit';
import {
  decisionTitle,
  type DocumentTarget,
  formatDateTimeIn,
  formatFrenchDay,
  frenchCount,
  visaLine,
  type DecisionCandidate,
  type DecisionContent,
} from '@examens-pro/domain';
import {
  officeTimeZone,
  type DocumentStorage,
  type EventStore,
  type ReadStore,
} from '@examens-pro/platform';
import { decisionDocumentSource } from '@examens-pro/application';
import { editedOn, pdfText } from '../pdf/listDocument.js';

export interface AdmissionDecisionPdf {
  readonly contenu: DecisionContent;
  readonly candidats: readonly DecisionCandidate[];
  /** Signed: the signature's image (its bytes), its version and SHA-256, when and by whom. */
  readonly signature: {
    readonly image: Buffer;
    readonly numero: number;
    readonly sha256: string;
    readonly appliqueeLe: string;
    readonly appliqueePar: string;
  } | null;
  /** The decision's version (1, 2…: a later version replaces a signed one). */
  readonly numero: number;
  /** A draft that could not list every candidate (a jury still deliberating). */
  readonly avertissement: string | null;
  readonly editedAt: Date;
  readonly timeZone: string;
  readonly onProgress?: (percent: number) => Promise<void> | void;
  /** A signed decision's electronic signature, said at the foot of each page. */
  readonly mention?: string;
}

const MARGIN = 50;
const BLUE = '#234683';
const GREY = '#555555';
const FONT = 9;
/** N°, N° candidat, Nom, Prénoms, Né(e) le, Métier: shares of the width. */
const COLUMNS = [
  { header: 'N°', width: 0.06 },
  { header: 'N° candidat', width: 0.19 },
  { header: 'Nom', width: 0.19 },
  { header: 'Prénoms', width: 0.22 },
  { header: 'Né(e) le', width: 0.12 },
  { header: 'Métier', width: 0.22 },
] as const;

const nf = new Intl.NumberFormat('fr-FR');

/** The decision's pages: their usable width, and how text flows onto them. */
interface DecisionPage {
  readonly doc: PDFKit.PDFDocument;
  readonly width: number;
  /** The lowest y a line may reach on the current page. */
  bottom(): number;
  /** A new page unless `height` still fits on this one. */
  ensure(height: number): void;
  /** A justified paragraph across the width. */
  paragraph(value: string, font?: string, size?: number, gap?: number): void;
}

const decisionPage = (doc: PDFKit.PDFDocument): DecisionPage => {
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  return {
    doc,
    width,
    bottom,
    ensure: (height) => {
      if (doc.y + height > bottom()) {
        doc.addPage();
        doc.y = MARGIN;
      }
    },
    paragraph: (value, font = 'Helvetica', size = 10, gap = 0.3) => {
      doc.font(font).fontSize(size).fillColor('#000000');
      doc.text(pdfText(value), MARGIN, doc.y, { width, align: 'justify' });
      doc.moveDown(gap);
    },
  };
};

/** The State's heading, then the decision's title, its département and a draft's warnings. */
const drawDecisionHeading = (
  { doc, width }: DecisionPage,
  options: AdmissionDecisionPdf,
  title: string,
): void => {
  const { contenu, signature } = options;
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#000000');
  doc.text('RÉPUBLIQUE DU CAMEROUN', MARGIN, MARGIN, { width, align: 'center' });
  doc
    .font('Helvetica-Oblique')
    .fontSize(9)
    .text('Paix – Travail – Patrie', { width, align: 'center' });
  doc.moveDown(1.2);
  if (!signature)
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('#b00020')
      .text('PROJET — Signature non apposée', MARGIN, doc.y, { width, align: 'center' })
      .moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(14).fillColor(BLUE);
  doc.text(pdfText(title), MARGIN, doc.y, { width, align: 'center' });
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(10).fillColor('#000000');
  doc.text(
    pdfText(
      `Département : ${contenu.departement.libelle}${contenu.departement.zone ? ` (région : ${contenu.departement.zone})` : ''}${options.numero > 1 ? ` — version ${options.numero}` : ''}`,
    ),
    { width, align: 'center' },
  );
  if (options.avertissement) {
    doc.moveDown(0.5);
    doc
      .font('Helvetica-Oblique')
      .fontSize(9)
      .fillColor('#b00020')
      .text(pdfText(options.avertissement), MARGIN, doc.y, { width, align: 'center' });
  }
  doc.moveDown(1.2);
};

/** « LE MINISTRE, », the visas, the session's arrêté, « DÉCIDE : » and Article 1er. */
const drawDecisionPreamble = (
  page: DecisionPage,
  contenu: DecisionContent,
  candidats: readonly DecisionCandidate[],
): void => {
  const { doc, width, paragraph } = page;
  paragraph('LE MINISTRE,', 'Helvetica-Bold', 11, 0.6);
  for (const visa of contenu.visas) paragraph(visaLine(visa));
  if (contenu.arrete)
    paragraph(
      `Vu l’arrêté n° ${contenu.arrete.numeroArrete} du ${formatFrenchDay(contenu.arrete.dateArrete)} relatif à l’examen ${contenu.examen.libelle}, session ${contenu.session.libelle} ;`,
    );
  else
    paragraph('Vu l’arrêté n° …… du …… relatif à l’examen (référence d’examen non enregistrée) ;');
  paragraph('Vu les procès-verbaux des délibérations des jurys ;');
  doc.moveDown(0.5);
  page.ensure(40);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text('DÉCIDE :', MARGIN, doc.y, { width, align: 'center' })
    .moveDown(0.6);
  const count = frenchCount(candidats.length, 'candidat');
  paragraph(
    `Article 1er. — Sont déclarés admis à l’examen ${contenu.examen.libelle}${contenu.examen.code && contenu.examen.code !== contenu.examen.libelle ? ` (${contenu.examen.code})` : ''}, session ${contenu.session.libelle}, les candidats du département ${contenu.departement.libelle} dont les noms suivent (${count}) :`,
  );
  doc.moveDown(0.3);
};

/** The table of admitted candidates, its header repeated on every page. */
const drawCandidateTable = async (
  page: DecisionPage,
  candidats: readonly DecisionCandidate[],
  onProgress: AdmissionDecisionPdf['onProgress'],
): Promise<void> => {
  const { doc, width, bottom } = page;
  const xs: number[] = [];
  let x = MARGIN;
  for (const column of COLUMNS) {
    xs.push(x);
    x += column.width * width;
  }
  const header = () => {
    const y = doc.y;
    doc.rect(MARGIN, y, width, 16).fill(BLUE);
    doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(8.5);
    COLUMNS.forEach((column, i) =>
      doc.text(column.header, xs[i]! + 3, y + 4, {
        width: column.width * width - 6,
        lineBreak: false,
      }),
    );
    doc.fillColor('#000000').font('Helvetica').fontSize(FONT);
    doc.y = y + 19;
  };
  page.ensure(40);
  header();
  doc.font('Helvetica').fontSize(FONT);
  const lineHeight = doc.currentLineHeight(true);
  let reported = 0;
  for (const [index, c] of candidats.entries()) {
    const values = [
      nf.format(index + 1),
      c.numeroCandidat,
      c.nom,
      c.prenoms,
      formatFrenchDay(c.dateNaissance),
      c.metier,
    ].map(pdfText);
    const height =
      Math.max(
        lineHeight,
        ...values.map((value, i) =>
          doc.heightOfString(value, { width: COLUMNS[i]!.width * width - 6 }),
        ),
      ) + 5;
    if (doc.y + height > bottom()) {
      doc.addPage();
      doc.y = MARGIN;
      header();
    }
    const y = doc.y;
    if (index % 2 === 1)
      doc
        .rect(MARGIN, y - 2, width, height)
        .fill('#f0f3f8')
        .fillColor('#000000');
    values.forEach((value, i) =>
      doc.text(value, xs[i]! + 3, y, { width: COLUMNS[i]!.width * width - 6 }),
    );
    doc.y = y + height;
    const percent = candidats.length > 0 ? Math.floor(((index + 1) / candidats.length) * 90) : 0;
    if (percent >= reported + 10) {
      reported = percent;
      await onProgress?.(percent);
      // A long list leaves room to the event loop (HTTP, progress, leases).
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  if (candidats.length === 0)
    doc
      .font('Helvetica-Oblique')
      .text('Aucun candidat admis.', MARGIN + 4, doc.y + 2)
      .moveDown();
};

/** The signature block (right) beside the ampliations (left). */
const drawSignatureBlock = (page: DecisionPage, options: AdmissionDecisionPdf): void => {
  const { doc, width } = page;
  const { contenu, signature } = options;
  const blockHeight = 150;
  page.ensure(Math.max(blockHeight, 40 + 14 * contenu.ampliations.length));
  const top = doc.y;
  const half = width / 2;
  const right = MARGIN + half + 10;
  const blockWidth = half - 10;
  doc.font('Helvetica').fontSize(10).fillColor('#000000');
  const fait = signature
    ? `Fait à Yaoundé, le ${formatDateTimeIn(signature.appliqueeLe, options.timeZone).slice(0, 10)}`
    : 'Fait à Yaoundé, le ……';
  doc.text(pdfText(fait), right, top, { width: blockWidth, align: 'center' });
  doc
    .font('Helvetica-Bold')
    .text('Le Ministre', right, doc.y + 4, { width: blockWidth, align: 'center' });
  const imageTop = doc.y + 6;
  if (signature) {
    doc.image(signature.image, right + (blockWidth - 170) / 2, imageTop, {
      fit: [170, 80],
      align: 'center',
      valign: 'center',
    });
  } else {
    doc
      .rect(right + (blockWidth - 170) / 2, imageTop, 170, 80)
      .dash(3, { space: 3 })
      .lineWidth(0.7)
      .stroke('#999999')
      .undash();
    doc
      .font('Helvetica-Oblique')
      .fontSize(10)
      .fillColor('#b00020')
      .text('Signature non apposée', right, imageTop + 34, { width: blockWidth, align: 'center' });
  }
  const afterSignature = imageTop + 86;
  doc.fillColor('#000000');
  let y = top;
  if (contenu.ampliations.length > 0) {
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .text('Ampliations :', MARGIN, y, { width: half - 10 });
    doc.font('Helvetica').fontSize(9);
    for (const ampliation of contenu.ampliations)
      doc.text(pdfText(`- ${ampliation}`), MARGIN + 6, doc.y + 1, { width: half - 16 });
    y = doc.y;
  }
  doc.y = Math.max(y, afterSignature) + 6;
};

/** Each page's foot, and on a draft a « PROJET » across every page: the number of pages. */
const drawDecisionFeet = ({ doc, width }: DecisionPage, options: AdmissionDecisionPdf): number => {
  const { signature } = options;
  const range = doc.bufferedPageRange();
  const foot = signature
    ? `Signature du ministre apposée le ${formatDateTimeIn(signature.appliqueeLe, options.timeZone)} par ${signature.appliqueePar} (version ${signature.numero}, SHA-256 ${signature.sha256.slice(0, 16)}…)`
    : `Projet ${editedOn(options.editedAt, options.timeZone).toLowerCase()}`;
  for (let i = 0; i < range.count; i += 1) {
    doc.switchToPage(range.start + i);
    if (!signature) {
      doc.save();
      doc.rotate(-40, { origin: [doc.page.width / 2, doc.page.height / 2] });
      doc
        .font('Helvetica-Bold')
        .fontSize(110)
        .fillColor('#c8c8c8')
        .fillOpacity(0.35)
        .text('PROJET', 0, doc.page.height / 2 - 55, {
          width: doc.page.width,
          align: 'center',
          lineBreak: false,
        });
      doc.restore();
    }
    // Written inside the bottom margin: pdfkit must not start a new page for them.
    if (options.mention)
      doc
        .font('Helvetica')
        .fontSize(7.5)
        .fillColor(GREY)
        .fillOpacity(1)
        .text(pdfText(options.mention), MARGIN, doc.page.height - MARGIN - 14, {
          width: width * 0.8,
          lineBreak: false,
          height: 10,
        });
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(GREY)
      .fillOpacity(1)
      .text(`Page ${i + 1} sur ${range.count}`, MARGIN, doc.page.height - MARGIN - 14, {
        width,
        align: 'right',
        lineBreak: false,
        height: 10,
      })
      .text(pdfText(foot), MARGIN, doc.page.height - MARGIN - 2, {
        width,
        lineBreak: false,
        height: 10,
      });
  }
  return range.count;
};

/**
 * A département's admission decision, A4: the State's heading, « Décision n° … portant admission
 * des candidats à l’examen … — session … », « Le Ministre », the visas in order (« Vu … ; »), the
 * session's arrêté, « DÉCIDE : », Article 1er and the table of admitted candidates (n°, candidate
 * number, nom, prénoms, date of birth, métier; its header repeated on every page), Article 2, the
 * ampliations and the signature block: the applied image once signed (with its version and
 * SHA-256 at the foot of every page), else « Signature non apposée » and a « PROJET » watermark on
 * every page.
 */
export const renderAdmissionDecision = async (
  out: Writable,
  options: AdmissionDecisionPdf,
): Promise<{ pages: number }> => {
  const { contenu, candidats, signature } = options;
  const title = decisionTitle(contenu);
  const signedAt = signature ? new Date(signature.appliqueeLe) : options.editedAt;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: pdfText(title),
      Subject: `Département : ${contenu.departement.libelle}`,
      Producer: 'Examens Pro',
      Creator: 'Examens Pro',
      CreationDate: signedAt,
    },
    lang: 'fr-FR',
  } as PDFKit.PDFDocumentOptions);
  doc.pipe(out);
  const page = decisionPage(doc);
  drawDecisionHeading(page, options, title);
  drawDecisionPreamble(page, contenu, candidats);
  await drawCandidateTable(page, candidats, options.onProgress);
  doc.moveDown(1);
  page.paragraph(
    'Article 2. — La présente décision sera enregistrée, publiée et communiquée partout où besoin sera.',
  );
  doc.moveDown(1);
  drawSignatureBlock(page, options);
  const pages = drawDecisionFeet(page, options);
  const ended = new Promise<void>((resolve, reject) => {
    doc.once('end', resolve);
    doc.once('error', reject);
  });
  doc.end();
  await ended;
  await options.onProgress?.(95);
  return { pages };
};

/**
 * The document `decision-admission`: a signed decision's PDF from what its signature froze (the
 * image read from its stored file, checked against its SHA-256), or a département's draft of now.
 */
export const renderDecisionDocument = async (
  out: Writable,
  deps: { eventStore: EventStore; readStore: ReadStore; storage: DocumentStorage },
  cible: DocumentTarget,
  editedAt: Date,
  onProgress?: (percent: number) => Promise<void>,
  mention?: string,
): Promise<{ pages: number; date: Date }> => {
  const source = await decisionDocumentSource(deps.eventStore, deps.readStore, cible);
  let signature: AdmissionDecisionPdf['signature'] = null;
  if (source.signature) {
    const image = await buffer(deps.storage.read(source.signature.fichier));
    if (createHash('sha256').update(image).digest('hex') !== source.signature.sha256)
      throw new Error('l’image de la signature ne correspond plus à son empreinte');
    signature = {
      image,
      numero: source.signature.numero,
      sha256: source.signature.sha256,
      appliqueeLe: source.signature.appliqueeLe,
      appliqueePar: source.signature.appliqueePar,
    };
  }
  const rendered = await renderAdmissionDecision(out, {
    contenu: source.contenu,
    candidats: source.candidats,
    signature,
    numero: source.numero,
    avertissement: source.avertissement,
    editedAt,
    timeZone: officeTimeZone(),
    ...(onProgress ? { onProgress } : {}),
    ...(mention ? { mention } : {}),
  });
  // A signed decision's date is its signature's: the PDF's creation date and its signing time.
  return { ...rendered, date: signature ? new Date(signature.appliqueeLe) : editedAt };
};
