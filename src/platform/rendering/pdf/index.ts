// PDFs, made in one place (pdf-bytes.ts) and laid out by one module: the business-document layout (header, party,
// items tables across pages, totals, page numbers) and the drawing primitives for documents of their own shape
// (the ticket voucher). Text goes through toHelveticaText: the standard fonts are used, nothing is embedded.
export {
  type DocumentFact,
  type DocumentHeader,
  type DocumentLayout,
  type DocumentParty,
  type DocumentSetup,
  drawClosingNote,
  drawDocumentHeader,
  drawItemsTable,
  drawParty,
  drawTotals,
  type ItemsTable,
  renderPdfDocument,
  type TableCell,
  type TableColumn,
  type TotalRow,
} from './document-layout.js';
export { toHelveticaText, UNSUPPORTED_TEXT_MARK } from './helvetica-text.js';
export { pdfBytes, type PdfSetup } from './pdf-bytes.js';
export { COLOR_MUTED, COLOR_TEXT, cut, FONT, FONT_BOLD } from './pdf-drawing.js';
