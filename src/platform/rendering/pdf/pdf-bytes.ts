// One place where a PDF is made: an A4 pdfkit document written into memory, drawn by the caller, its bytes
// answered once it ends. Every document (invoice, quote, ticket voucher, proposal) starts here, so the page set-up,
// metadata and the fonts every script needs (pdf-fonts.ts) are decided once.
import type PDFKitDocument from 'pdfkit';
import { loadTextKit, useTextKit } from './pdf-fonts.js';

// pdfkit takes over half a second to load: loaded with the first PDF, not when the service starts.
let pdfkit: Promise<typeof PDFKitDocument> | undefined;

export interface PdfSetup {
  /** The PDF's Title and Author metadata (kept as given: metadata is not drawn with a font). */
  title: string;
  author: string;
  margins: { top: number; left: number; right: number; bottom: number };
  /** Pages kept in memory until the end, for "Page n of N" written once N is known. */
  bufferPages?: boolean;
  /** False when `draw` adds every page itself (one page per ticket). */
  autoFirstPage?: boolean;
}

/** The bytes of the A4 PDF that `draw` draws; `draw` must not end the document. */
export async function pdfBytes(setup: PdfSetup, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  pdfkit ??= import('pdfkit').then((module) => module.default);
  const [PDFDocument, kit] = await Promise.all([pdfkit, loadTextKit()]);
  const doc = new PDFDocument({
    // no default font: text is drawn in the embedded fonts only (script-text.ts), so no standard font is listed
    font: '',
    size: 'A4',
    margins: setup.margins,
    bufferPages: setup.bufferPages ?? false,
    autoFirstPage: setup.autoFirstPage ?? true,
    lang: 'en',
    displayTitle: true,
    info: { Title: setup.title, Author: setup.author },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    useTextKit(doc, kit);
    draw(doc);
  } finally {
    doc.end();
  }
  return finished;
}
