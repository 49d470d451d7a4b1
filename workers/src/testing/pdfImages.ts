import { execFileSync } from 'node:child_process';

/**
 * The images drawn on each page of a PDF (pdf.js operator lists: `paintImageXObject` and inline
 * images), with their size in pixels. Like `pdfText`, read in a child Node process (pdf.js is ES
 * modules only).
 */
export const pdfImages = (pdf: Buffer): { width: number; height: number }[][] => {
  const script = `
    import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    const doc = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), verbosity: 0 }).promise;
    const pages = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const list = await page.getOperatorList();
      const images = [];
      for (let k = 0; k < list.fnArray.length; k++) {
        const op = list.fnArray[k];
        if (op !== OPS.paintImageXObject && op !== OPS.paintInlineImageXObject) continue;
        const args = list.argsArray[k];
        const name = op === OPS.paintImageXObject ? args[0] : null;
        const image = name
          ? await new Promise((resolve) => page.objs.get(name, resolve))
          : args[0];
        images.push({ width: image?.width ?? args[1] ?? 0, height: image?.height ?? args[2] ?? 0 });
      }
      pages.push(images);
    }
    process.stdout.write(JSON.stringify(pages));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    input: pdf,
    cwd: __dirname,
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.toString('utf8')) as { width: number; height: number }[][];
};
