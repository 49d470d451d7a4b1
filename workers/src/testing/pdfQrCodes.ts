import { execFileSync } from 'node:child_process';

/**
 * The QR codes printed on each page of a PDF, read back as a phone would: each page rendered by
 * pdf.js (on @napi-rs/canvas, pdf.js' own canvas for Node) at `scale` (3: 216 dpi), then decoded
 * by jsQR; null for a page without a readable code. Tests only. pdf.js ships as ES modules only,
 * which jest's CommonJS runtime cannot load: the reading runs in a child Node process.
 */
export const pdfQrCodes = (pdf: Buffer, scale = 3): (string | null)[] => {
  const script = `
    import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
    import jsQR from 'jsqr';
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    const doc = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), verbosity: 0 }).promise;
    const found = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const viewport = page.getViewport({ scale: ${Number(scale)} });
      const width = Math.ceil(viewport.width);
      const height = Math.ceil(viewport.height);
      const { canvas, context } = doc.canvasFactory.create(width, height);
      await page.render({ canvas, canvasContext: context, viewport }).promise;
      const image = context.getImageData(0, 0, width, height);
      const code = jsQR(image.data, width, height);
      found.push(code ? code.data : null);
      page.cleanup();
    }
    process.stdout.write(JSON.stringify(found));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    input: pdf,
    cwd: __dirname,
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.toString('utf8')) as (string | null)[];
};
