import {
  DEMONSTRATION_PROVIDER,
  formatDateTimeIn,
  receiptLines,
  receiptLinkExpiryDay,
  type ReceiptContent,
} from '@examens-pro/domain';

const MARGIN = 56;
const BLUE = '#234683';
/** Helvetica has no U+202F (the narrow space of French numbers): a no-break space instead. */
const pdfText = (value: string): string => value.replace(/\u202f/g, '\u00a0');

/**
 * An online payment's receipt, one A4 page: the State's heading, the receipt's lines (number,
 * dossier, candidate, examen and session, amount in FCFA, day, channel, provider's reference) and,
 * for the sandbox, that no money moved; the day its link expires (a year). Made on demand from the payment's events (the same lines
 * every time), dated by the payment, never by its download.
 */
export const renderReceipt = async (receipt: ReceiptContent, timeZone: string): Promise<Buffer> => {
  // Loaded on the first receipt: the services that never print one never load pdfkit.
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const demonstration = receipt.fournisseur === DEMONSTRATION_PROVIDER;
    const doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      info: {
        Title: pdfText(`Reçu de paiement ${receipt.numeroRecu}`),
        Subject: pdfText(`Frais d’examen — dossier ${receipt.numeroDossier}`),
        Producer: 'Examens Pro',
        Creator: 'Examens Pro',
        CreationDate: new Date(receipt.payeLe),
      },
      lang: 'fr-FR',
    } as PDFKit.PDFDocumentOptions);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const width = doc.page.width - 2 * MARGIN;

    doc.font('Helvetica-Bold').fontSize(10).fillColor('#000000');
    doc.text('RÉPUBLIQUE DU CAMEROUN', MARGIN, MARGIN, { width, align: 'center' });
    doc
      .font('Helvetica-Oblique')
      .fontSize(9)
      .text('Paix – Travail – Patrie', { width, align: 'center' });
    doc.moveDown(0.4);
    doc
      .font('Helvetica')
      .fontSize(9)
      .text('Office des examens — Examens Pro', { width, align: 'center' });
    doc.moveDown(1.5);
    doc.font('Helvetica-Bold').fontSize(18).fillColor(BLUE);
    doc.text('REÇU DE PAIEMENT', MARGIN, doc.y, { width, align: 'center' });
    doc.font('Helvetica').fontSize(11).fillColor('#000000');
    doc.text('Frais d’examen — paiement en ligne', { width, align: 'center' });
    if (demonstration) {
      doc.moveDown(0.6);
      doc
        .font('Helvetica-Bold')
        .fontSize(11)
        .fillColor('#b00020')
        .text('MODE DÉMONSTRATION — aucun paiement réel n’a été effectué', MARGIN, doc.y, {
          width,
          align: 'center',
        });
    }
    doc.moveDown(1.5);

    // The lines: label on the left, value on the right, a rule under each.
    const labelWidth = 170;
    for (const [label, value] of receiptLines(receipt)) {
      const top = doc.y;
      const emphasis = label === 'Montant payé' || label === 'Reçu n°';
      doc.font('Helvetica').fontSize(10).fillColor('#555555');
      doc.text(pdfText(label), MARGIN, top + 4, { width: labelWidth });
      doc
        .font(emphasis ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(emphasis ? 13 : 11)
        .fillColor('#000000');
      doc.text(pdfText(value), MARGIN + labelWidth, top + 3, { width: width - labelWidth });
      const bottom = Math.max(doc.y, top + 20) + 5;
      doc
        .moveTo(MARGIN, bottom)
        .lineTo(MARGIN + width, bottom)
        .lineWidth(0.5)
        .strokeColor('#c8cdd8')
        .stroke();
      doc.y = bottom + 2;
    }

    doc.moveDown(2);
    doc.font('Helvetica').fontSize(9).fillColor('#333333');
    doc.text(
      pdfText(
        `Paiement confirmé le ${formatDateTimeIn(receipt.payeLe, timeZone)} par le fournisseur de paiement (${receipt.fournisseurLibelle}) et enregistré sur le dossier ${receipt.numeroDossier}.`,
      ),
      MARGIN,
      doc.y,
      { width },
    );
    doc.moveDown(0.5);
    doc.text(
      pdfText(
        `Ce reçu se télécharge de nouveau avec le lien remis lors du paiement ; conservez-le. Le numéro de dossier seul ne permet pas de l’obtenir. Ce lien est valable un an : il expire le ${receiptLinkExpiryDay(receipt.lienExpireLe, timeZone)}.`,
      ),
      { width },
    );
    doc.end();
  });
};
