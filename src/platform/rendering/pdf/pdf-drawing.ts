// The drawing primitives the document layout is built from: text styles, wrapped and single-line text in a box,
// rules, and page breaks that head the new page with the document's running title. Text is laid out by
// script-text.ts in the embedded fonts, whatever its scripts and directions.
import type { FontWeight } from './pdf-fonts.js';
import { drawTextLine, layoutText, lineHeight, type TextLine, textWidth } from './script-text.js';

export const FONT: FontWeight = 'regular';
export const FONT_BOLD: FontWeight = 'bold';
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
  font?: FontWeight;
  size?: number;
  color?: string;
}

export type Alignment = 'left' | 'right' | 'center';

const fontOf = (style: TextStyle) => ({ weight: style.font ?? FONT, size: style.size ?? BODY_SIZE });

/** The text cut to `max` characters, an ellipsis marking the cut. */
export function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** Height of wrapped text in a box of `width`. */
export function measure(doc: PDFKit.PDFDocument, text: string, width: number, style: TextStyle): number {
  const font = fontOf(style);
  return layoutText(doc, text, font, width).length * lineHeight(font.size);
}

/** Width of the text on one line. */
export function widthOf(doc: PDFKit.PDFDocument, text: string, style: TextStyle): number {
  return textWidth(doc, text, fontOf(style));
}

/** Draws the lines of a text one under the other, each aligned in the box; answers their height. */
function drawLines(doc: PDFKit.PDFDocument, lines: TextLine[], box: Box, y: number, align: Alignment, size: number) {
  lines.forEach((line, index) => {
    const free = box.width - line.width;
    const x = align === 'left' ? box.x : align === 'right' ? box.x + free : box.x + free / 2;
    drawTextLine(doc, line, x, y + index * lineHeight(size), size);
  });
  return lines.length * lineHeight(size);
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
  const font = fontOf(style);
  doc.fillColor(style.color ?? COLOR_TEXT);
  return drawLines(doc, layoutText(doc, text, font, width), { x, width }, y, 'left', font.size);
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
  const shown = text.replace(/\s*\n\s*/g, ' ');
  const font = fontOf(style);
  while (font.size > SMALLEST_SIZE && textWidth(doc, shown, font) > box.width) font.size -= 0.5;
  doc.fillColor(style.color ?? COLOR_TEXT);
  // still too wide at the smallest size (an outsized document number): wrapped inside the box rather than spilt out
  const wrapAt = textWidth(doc, shown, font) > box.width ? box.width : undefined;
  return drawLines(doc, layoutText(doc, shown, font, wrapAt), box, y, align, font.size);
}

/** Draws wrapped text across the full width from the cursor on, line by line, going on on new pages as needed. */
export function drawFlowing(layout: DocumentLayout, text: string, style: TextStyle): void {
  const { doc } = layout;
  const font = fontOf(style);
  const box = { x: layout.left, width: layout.right - layout.left };
  for (const line of layoutText(doc, text, font, box.width)) {
    ensureSpace(layout, lineHeight(font.size));
    doc.fillColor(style.color ?? COLOR_TEXT);
    layout.y += drawLines(doc, [line], box, layout.y, 'left', font.size);
  }
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
