import { execFileSync } from 'node:child_process';

/**
 * The text of a PDF, page by page, read with pdf.js (pdfjs-dist). pdf.js ships as ES modules only,
 * which jest's CommonJS runtime cannot load: the reading runs in a child Node process.
 */
export const pdfText = (pdf: Buffer): string[] => {
  const script = `
    import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    const doc = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), verbosity: 0 }).promise;
    const pages = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      pages.push(content.items.map((item) => item.str + (item.hasEOL ? '\\n' : '')).join(''));
    }
    process.stdout.write(JSON.stringify(pages));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    input: pdf,
    cwd: __dirname,
    maxBuffer: 256 * 1024 * 1024,
  });
  return JSON.parse(out.toString('utf8')) as string[];
};
