// The layout business documents share (the invoice now, the quote next): an A4 page set-up, a header with the
// issuer and the document's facts, a party block, items tables that continue across pages under a repeated
// header, a totals block, a closing note, and "Page n of N" on every page. Each piece takes plain data with
// its texts already formatted, so a document type decides only what it shows, never how it is laid out.
// Rendering does no I/O: pdfkit writes into memory, with the fonts read once (pdf-bytes.ts, pdf-fonts.ts).

import {
  BODY_SIZE,
  BOTTOM_MARGIN,
  type Box,
  COLOR_HEADER_FILL,
  COLOR_MUTED,
  bottomLimit,
  cut,
  type DocumentLayout,
  drawFlowing,
  drawLine,
  drawWrapped,
  ensureSpace,
  FONT_BOLD,
  GAP,
  MARGIN,
  measure,
  rule,
  type TextStyle,
} from './pdf-drawing.js';
import { pdfBytes } from './pdf-bytes.js';
import { lineHeight } from './script-text.js';

export type { DocumentLayout } from './pdf-drawing.js';

const ROW_PADDING = 4;
const DETAIL_SIZE = 8;
const TABLE_HEADER_HEIGHT = 18;
// A table header never ends a page on its own: it needs room for at least one short row below it.
const ROOM_FOR_FIRST_ROW = 30;
const CAPTION_HEIGHT = 16;
// Cell texts are cut to these lengths so that one table row always fits on a page.
const MAX_WRAPPED_CHARACTERS = 1200;
const MAX_DETAIL_CHARACTERS = 400;
// The page line is cut so it never wraps: a wrapped line that low would start a new page.
const MAX_PAGE_LABEL_CHARACTERS = 68;

export interface DocumentSetup {
  /** The PDF's Title metadata, e.g. "Invoice INV-1" (kept as given: metadata is not drawn with a font). */
  title: string;
  /** The PDF's Author metadata: the issuing tenant. */
  author: string;
  /** Heads every page after the first, followed by "(continued)". */
  runningTitle: string;
  /** Starts the line at the foot of every page: "<pageLabel> - Page n of N". */
  pageLabel: string;
}

/** The document as the bytes of an A4 PDF: `drawContent` draws the sections, then every page gets its number. */
export function renderPdfDocument(
  setup: DocumentSetup,
  drawContent: (layout: DocumentLayout) => void,
): Promise<Buffer> {
  const margins = { top: MARGIN, left: MARGIN, right: MARGIN, bottom: BOTTOM_MARGIN };
  // pages stay in memory so that "of N" can be written once N is known
  return pdfBytes({ title: setup.title, author: setup.author, margins, bufferPages: true }, (doc) => {
    const layout: DocumentLayout = {
      doc,
      left: MARGIN,
      right: doc.page.width - MARGIN,
      y: MARGIN,
      runningTitle: setup.runningTitle,
    };
    drawContent(layout);
    drawPageNumbers(layout, cut(setup.pageLabel, MAX_PAGE_LABEL_CHARACTERS));
  });
}

function drawPageNumbers(layout: DocumentLayout, pageLabel: string): void {
  const { doc } = layout;
  const range = doc.bufferedPageRange();
  const box = { x: layout.left, width: layout.right - layout.left };
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const text = `${pageLabel} - Page ${index - range.start + 1} of ${range.count}`;
    // lineBreak is off in drawLine, so writing below the bottom margin adds no page
    drawLine(doc, text, box, doc.page.height - 35, 'center', { size: 7.5, color: COLOR_MUTED });
  }
}

// ---- header ----

/** One labelled fact beside the title, e.g. "Due date  26 Mar 2025". */
export interface DocumentFact {
  label: string;
  value: string;
  strong?: boolean;
  color?: string;
}

export interface DocumentHeader {
  issuerName: string;
  issuerAddress?: string;
  /** The kind of document in large capitals at the top right, e.g. "INVOICE". */
  title: string;
  facts: DocumentFact[];
}

/** The issuer's name and address on the left; the title and the facts on the right; a rule below both. */
export function drawDocumentHeader(layout: DocumentLayout, header: DocumentHeader): void {
  const { doc } = layout;
  const top = layout.y;
  const metaWidth = 210;
  const metaX = layout.right - metaWidth;
  const identityWidth = metaX - GAP * 2 - layout.left;

  let leftY = top;
  leftY += drawWrapped(doc, header.issuerName, layout.left, leftY, identityWidth, { font: FONT_BOLD, size: 16 });
  if (header.issuerAddress) {
    leftY += 4;
    leftY += drawWrapped(doc, header.issuerAddress, layout.left, leftY, identityWidth, { color: COLOR_MUTED });
  }

  const meta = { x: metaX, width: metaWidth };
  let rightY = top;
  rightY += drawLine(doc, header.title, meta, rightY, 'right', { font: FONT_BOLD, size: 20 }) + 8;
  const labelBox = { x: metaX, width: 70 };
  const valueBox = { x: metaX + 74, width: metaWidth - 74 };
  for (const fact of header.facts) {
    drawLine(doc, fact.label, labelBox, rightY, 'left', { color: COLOR_MUTED });
    rightY += drawLine(doc, fact.value, valueBox, rightY, 'right', factStyle(fact)) + 3;
  }

  layout.y = Math.max(leftY, rightY) + 14;
  rule(layout, layout.y);
  layout.y += 14;
}

function factStyle(fact: DocumentFact): TextStyle {
  const style: TextStyle = {};
  if (fact.strong) style.font = FONT_BOLD;
  if (fact.color) style.color = fact.color;
  return style;
}

// ---- party ----

/** A party to the document under a small heading, e.g. "BILL TO": the name, then one line per detail. */
export interface DocumentParty {
  heading: string;
  name: string;
  /** Contact lines (email, phone, address) in the order shown; empty ones are skipped. */
  details: Array<string | undefined>;
}

export function drawParty(layout: DocumentLayout, party: DocumentParty): void {
  const { doc } = layout;
  const width = (layout.right - layout.left) * 0.6;
  let y = layout.y;
  y += drawLine(doc, party.heading, { x: layout.left, width }, y, 'left', {
    font: FONT_BOLD,
    size: 8,
    color: COLOR_MUTED,
  });
  y += 3;
  y += drawWrapped(doc, party.name, layout.left, y, width, { font: FONT_BOLD, size: 11 });
  for (const detail of party.details) {
    if (detail) y += 2 + drawWrapped(doc, detail, layout.left, y, width, {});
  }
  layout.y = y + 18;
}

// ---- items table ----

export interface TableColumn {
  heading: string;
  /** In points; the one column without a width takes the room the others leave. */
  width?: number;
  align: 'left' | 'right';
  /**
   * A wrapping cell flows onto as many lines as it needs (cut to `maxCharacters`, 1200 unless said) and may carry a
   * smaller detail line under it; other cells stay on one line, their font shrinking to fit.
   */
  wraps?: boolean;
  maxCharacters?: number;
}

/** A cell's text, or a text with a smaller second line under it (shown in wrapping columns only). */
export type TableCell = string | { text: string; detail?: string };

export interface ItemsTable {
  /** A title above the table, e.g. "Payments". */
  caption?: string;
  columns: TableColumn[];
  /** One cell per column, in the columns' order. */
  rows: TableCell[][];
  /** Shown in the first column when there are no rows. */
  emptyText?: string;
  /** Room left below the table, in points (12 unless said). */
  spaceAfter?: number;
}

/** The table with its header, continued on new pages (header repeated) when the rows do not fit. */
export function drawItemsTable(layout: DocumentLayout, table: ItemsTable): void {
  const columns = placeColumns(layout, table.columns);
  const header = () => drawTableHeader(layout, columns);
  ensureSpace(layout, (table.caption ? CAPTION_HEIGHT : 0) + TABLE_HEADER_HEIGHT + ROOM_FOR_FIRST_ROW);
  if (table.caption) {
    const captionBox = { x: layout.left, width: 200 };
    layout.y += drawLine(layout.doc, table.caption, captionBox, layout.y, 'left', { font: FONT_BOLD, size: 10 });
    layout.y += 6;
  }
  header();

  const first = columns[0];
  if (table.rows.length === 0 && table.emptyText !== undefined && first) {
    layout.y += ROW_PADDING;
    layout.y += drawLine(layout.doc, table.emptyText, first.box, layout.y, 'left', { color: COLOR_MUTED });
    layout.y += ROW_PADDING;
    rule(layout, layout.y);
  }
  for (const cells of table.rows) drawTableRow(layout, columns, cells, header);
  layout.y += table.spaceAfter ?? 12;
}

/** A column with its place on the page. */
interface PlacedColumn extends TableColumn {
  box: Box;
}

/** Fixed-width columns keep their width; the one without takes what is left; GAP between neighbours. */
function placeColumns(layout: DocumentLayout, columns: TableColumn[]): PlacedColumn[] {
  const fixed = columns.reduce((sum, column) => sum + (column.width ?? 0), 0);
  const flexible = layout.right - layout.left - fixed - GAP * (columns.length - 1);
  let x = layout.left;
  return columns.map((column) => {
    const box = { x, width: column.width ?? flexible };
    x += box.width + GAP;
    return { ...column, box };
  });
}

function drawTableHeader(layout: DocumentLayout, columns: PlacedColumn[]): void {
  const { doc } = layout;
  doc.rect(layout.left, layout.y, layout.right - layout.left, TABLE_HEADER_HEIGHT).fill(COLOR_HEADER_FILL);
  const style = { font: FONT_BOLD, size: 8, color: COLOR_MUTED };
  for (const column of columns) drawLine(doc, column.heading, column.box, layout.y + 5, column.align, style);
  layout.y += TABLE_HEADER_HEIGHT;
}

/** A cell as it will be drawn: its column, its (cut) texts, and the height a wrapping cell needs. */
interface ShownCell {
  column: PlacedColumn;
  text: string;
  detail: string | undefined;
  /** the height of a wrapping cell's text and detail; 0 for one-line cells */
  height: number;
  textHeight: number;
}

function shownCell(doc: PDFKit.PDFDocument, column: PlacedColumn, cell: TableCell | undefined): ShownCell {
  const text = typeof cell === 'string' ? cell : (cell?.text ?? '');
  if (!column.wraps) return { column, text, detail: undefined, height: 0, textHeight: 0 };
  const wrapped = cut(text, column.maxCharacters ?? MAX_WRAPPED_CHARACTERS);
  const rawDetail = typeof cell === 'string' ? undefined : cell?.detail;
  const detail = rawDetail ? cut(rawDetail, MAX_DETAIL_CHARACTERS) : undefined;
  const textHeight = measure(doc, wrapped, column.box.width, {});
  const detailHeight = detail ? 2 + measure(doc, detail, column.box.width, { size: DETAIL_SIZE }) : 0;
  return { column, text: wrapped, detail, height: textHeight + detailHeight, textHeight };
}

function drawTableRow(
  layout: DocumentLayout,
  columns: PlacedColumn[],
  cells: TableCell[],
  repeatHeader: () => void,
): void {
  const { doc } = layout;
  const shown = columns.map((column, index) => shownCell(doc, column, cells[index]));
  const contentHeight = Math.max(...shown.map((cell) => cell.height), lineHeight(BODY_SIZE));
  const rowHeight = ROW_PADDING + contentHeight + ROW_PADDING;
  ensureSpace(layout, rowHeight, repeatHeader);

  const top = layout.y + ROW_PADDING;
  for (const { column, text, detail, textHeight } of shown) {
    const { box } = column;
    if (!column.wraps) {
      drawLine(doc, text, box, top, column.align, {});
      continue;
    }
    drawWrapped(doc, text, box.x, top, box.width, {});
    if (detail) {
      drawWrapped(doc, detail, box.x, top + textHeight + 2, box.width, { size: DETAIL_SIZE, color: COLOR_MUTED });
    }
  }
  layout.y += rowHeight;
  rule(layout, layout.y);
}

// ---- totals ----

export interface TotalRow {
  label: string;
  value: string;
  strong?: boolean;
  /** a rule above the row sets it off from the rows before, e.g. a grand total */
  ruleAbove?: boolean;
}

/** Labels and amounts in a block at the right, kept together on one page. */
export function drawTotals(layout: DocumentLayout, rows: TotalRow[]): void {
  const { doc } = layout;
  const blockWidth = 260;
  const value = { x: layout.right - 110, width: 110 };
  const label = { x: layout.right - blockWidth, width: blockWidth - value.width - GAP };
  const ruleRoom = 4;

  const heights = rows.map(
    (row) =>
      Math.max(measure(doc, row.label, label.width, {}), lineHeight(BODY_SIZE)) + 5 + (row.ruleAbove ? ruleRoom : 0),
  );
  ensureSpace(
    layout,
    heights.reduce((sum, height) => sum + height, 0),
  );

  rows.forEach((row, index) => {
    if (row.ruleAbove) {
      rule(layout, layout.y, label.x);
      layout.y += ruleRoom;
    }
    const style: TextStyle = row.strong ? { font: FONT_BOLD } : {};
    drawWrapped(doc, row.label, label.x, layout.y, label.width, style);
    drawLine(doc, row.value, value, layout.y, 'right', style);
    layout.y += (heights[index] ?? 0) - (row.ruleAbove ? ruleRoom : 0);
  });
  layout.y += 16;
}

// ---- closing note ----

/** Small print under everything else, e.g. payment instructions or thanks. */
export function drawClosingNote(layout: DocumentLayout, text: string): void {
  const { doc } = layout;
  const width = layout.right - layout.left;
  const style: TextStyle = { size: 8, color: COLOR_MUTED };
  const height = measure(doc, text, width, style);
  // a note that fits on one page is kept together; a longer one flows onto the next pages
  if (height <= bottomLimit(layout) - MARGIN - 20) ensureSpace(layout, height);
  drawFlowing(layout, text, style);
}
