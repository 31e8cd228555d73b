// The text of a PDF answer as pdf.js extracts it, for tests that check what a document shows.
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

/** Every page's text items joined by spaces, pages joined by spaces. */
export async function pdfText(buffer: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(buffer), standardFontDataUrl, isEvalSupported: false }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const content = await (await pdf.getPage(number)).getTextContent();
      pages.push(content.items.flatMap((item) => ('str' in item ? [item.str] : [])).join(' '));
    }
    return pages.join(' ').replace(/\s+/g, ' ');
  } finally {
    await pdf.destroy();
  }
}
