// The drawing primitives the document layout is built from: text styles, wrapped and single-line text in a box,
// rules, and page breaks that head the new page with the document's running title. Every text goes through
// toHelveticaText because the documents use the standard fonts only (see helvetica-text.ts).
import { toHelveticaText } from './helvetica-text.js';

export const FONT = 'Helvetica';
export const FONT_BOLD = 'Helvetica-Bold';
export const COLOR_TEXT = '#1f2933';
export const COLOR_MUTED = '#6b7280';
export const COLOR_RULE = '#d9dde3';
export const COLOR_HEADER_FILL = '#f1f3f5';

export const MARGIN = 50;
// room under the content for the "Page n of N" line
export const BOTTOM_MARGIN = 60;
export const GAP = 8;
export const BODY_SIZE = 9;
const SMALLEST_SIZE = 6;

/** A horizontal span of the page: a table column, a label or a value. */
export interface Box {
  x: number;
  width: number;
}

/** The document being drawn and where the next thing goes; each section moves `y` below what it drew. */
export interface DocumentLayout {
  doc: PDFKit.PDFDocument;
  left: number;
  right: number;
  /** the top of the next thing to draw */
  y: number;
  /** heads every page after the first, followed by "(continued)", e.g. "Sunrise Tours - Invoice INV-1" */
  runningTitle: string;
}

export interface TextStyle {
  font?: string;
  size?: number;
  color?: string;
}

export type Alignment = 'left' | 'right' | 'center';

function applyStyle(doc: PDFKit.PDFDocument, style: TextStyle): void {
  doc
    .font(style.font ?? FONT)
    .fontSize(style.size ?? BODY_SIZE)
    .fillColor(style.color ?? COLOR_TEXT);
}

/** The text cut to `max` characters, an ellipsis marking the cut. */
export function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** Height of wrapped text in a box of `width`. */
export function measure(doc: PDFKit.PDFDocument, text: string, width: number, style: TextStyle): number {
  applyStyle(doc, style);
  return doc.heightOfString(toHelveticaText(text), { width });
}

/** Draws wrapped text; answers its height. */
export function drawWrapped(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle,
): number {
  const shown = toHelveticaText(text);
  applyStyle(doc, style);
  const height = doc.heightOfString(shown, { width });
  doc.text(shown, x, y, { width });
  return height;
}

/**
 * Draws one line of text in a box: the font shrinks (down to SMALLEST_SIZE) until it fits, so a long amount stays
 * whole and aligned; only what is too wide even then wraps. Answers the height drawn.
 */
export function drawLine(
  doc: PDFKit.PDFDocument,
  text: string,
  box: Box,
  y: number,
  align: Alignment,
  style: TextStyle,
): number {
  const shown = toHelveticaText(text).replace(/\s*\n\s*/g, ' ');
  let size = style.size ?? BODY_SIZE;
  applyStyle(doc, { ...style, size });
  while (size > SMALLEST_SIZE && doc.widthOfString(shown) > box.width) {
    size -= 0.5;
    doc.fontSize(size);
  }
  if (doc.widthOfString(shown) > box.width) {
    // still too wide at the smallest size (an outsized document number): wrap inside the box rather than spill out
    const height = doc.heightOfString(shown, { width: box.width, align });
    doc.text(shown, box.x, y, { width: box.width, align });
    return height;
  }
  const width = doc.widthOfString(shown);
  const x = align === 'left' ? box.x : align === 'right' ? box.x + box.width - width : box.x + (box.width - width) / 2;
  doc.text(shown, x, y, { lineBreak: false });
  return doc.currentLineHeight();
}

/** A thin horizontal line from `from` to the right edge of the content. */
export function rule(layout: DocumentLayout, y: number, from = layout.left): void {
  layout.doc.moveTo(from, y).lineTo(layout.right, y).lineWidth(0.5).strokeColor(COLOR_RULE).stroke();
}

export function bottomLimit(layout: DocumentLayout): number {
  return layout.doc.page.height - BOTTOM_MARGIN;
}

/** Starts a new page when `height` does not fit below the cursor; `onNewPage` draws what the page repeats. */
export function ensureSpace(layout: DocumentLayout, height: number, onNewPage?: () => void): void {
  if (layout.y + height <= bottomLimit(layout)) return;
  layout.doc.addPage();
  layout.y = MARGIN;
  const box = { x: layout.left, width: layout.right - layout.left };
  const continued = `${layout.runningTitle} (continued)`;
  layout.y += drawLine(layout.doc, continued, box, layout.y, 'left', { size: 8, color: COLOR_MUTED }) + 12;
  onNewPage?.();
}
