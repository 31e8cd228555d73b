// PDFs, made in one place (pdf-bytes.ts) and laid out by one module: the business-document layout (header, party,
// items tables across pages, totals, page numbers) and the drawing primitives for documents of their own shape
// (the ticket voucher). Text in any script the embedded Noto fonts hold, shaped and ordered right to left where it
// reads so (pdf-fonts.ts, script-text.ts).
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
export { pdfBytes, type PdfSetup } from './pdf-bytes.js';
export {
  COLOR_MUTED,
  COLOR_TEXT,
  cut,
  drawLine,
  drawWrapped,
  ensureSpace,
  FONT,
  FONT_BOLD,
  MARGIN,
  measure,
  rule,
  type TextStyle,
} from './pdf-drawing.js';
export { UNSUPPORTED_TEXT_MARK } from './script-text.js';
