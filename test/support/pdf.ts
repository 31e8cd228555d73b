// What a PDF answer shows, as pdf.js extracts it, for tests that check a document's text.
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// pdf.js reads the metrics of the standard fonts (which our PDFs use without embedding) from its own package.
const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

export interface ReadPdf {
  /** Each page's text items joined by spaces. */
  pages: string[];
  /** The pages joined by spaces. */
  text: string;
  /** The document information (Title, Author, …). */
  info: Record<string, unknown>;
}

export async function readPdf(buffer: Buffer): Promise<ReadPdf> {
  const pdf = await getDocument({ data: new Uint8Array(buffer), standardFontDataUrl, isEvalSupported: false }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const content = await (await pdf.getPage(number)).getTextContent();
      pages.push(
        content.items
          .flatMap((item) => ('str' in item ? [item.str] : []))
          .join(' ')
          .replace(/\s+/g, ' '),
      );
    }
    const metadata = await pdf.getMetadata();
    return { pages, text: pages.join(' '), info: { ...metadata.info } };
  } finally {
    await pdf.destroy();
  }
}

/** The whole document's text. */
export async function pdfText(buffer: Buffer): Promise<string> {
  return (await readPdf(buffer)).text;
}
