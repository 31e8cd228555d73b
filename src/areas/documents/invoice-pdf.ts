// Invoices as PDF: a pure renderer from an InvoiceDocument (every amount in integer minor units of `currency`)
// to the bytes of an A4 PDF. It does no I/O: pdfkit writes into memory and the fonts are the standard Helvetica
// family that every PDF reader carries, so no font file is read or embedded.
//
// It shows the amounts it is given and recomputes nothing: totals, taxes and balances are the ledger's business.
//
// Limitation of the standard fonts: they hold only the Windows-1252 (WinAnsi) characters, Latin-1 plus a few
// such as € – — ‘ ’ “ ” • …. Other text gets a readable fallback instead of broken glyphs: Latin letters lose
// accents Windows-1252 lacks (ş → s, Ł → L), compatibility forms are decomposed (ﬁ → fi, full-width Ａ → A),
// Arabic-Indic digits become 0-9, and any other run of characters (Arabic, Hebrew, CJK, emoji…) becomes one
// UNSUPPORTED_TEXT_MARK. Showing those scripts would need an embedded Unicode font and, for Arabic, shaping and
// right-to-left layout. The PDF metadata (Title, Author) keep the original text: they are not drawn with a font.

import PDFDocument from 'pdfkit';
import { minorUnitExponent } from '../../platform/money.js';

export interface InvoiceLine {
  description: string;
  /** A second, smaller line under the description, e.g. the date and time slot. */
  detail?: string;
  quantity: number;
  unitPriceMinor: number;
  totalMinor: number;
}

export interface InvoiceTax {
  name: string;
  /** Shown as given, e.g. "5%". */
  rateText: string;
  amountMinor: number;
}

export interface InvoicePayment {
  /** yyyy-MM-dd or yyyy-MM-dd'T'HH:mm:ss */
  date: string;
  method: string;
  amountMinor: number;
}

export interface InvoiceDocument {
  tenantName: string;
  tenantAddress?: string;
  invoiceNumber: string;
  /** yyyy-MM-dd */
  issueDate: string;
  /** yyyy-MM-dd */
  dueDate?: string;
  status: 'PAID' | 'UNPAID' | 'PARTIALLY_PAID';
  /** ISO 4217 code; every *Minor amount is in its minor unit. */
  currency: string;
  customer: { name: string; email?: string; phone?: string; address?: string };
  lines: InvoiceLine[];
  taxes: InvoiceTax[];
  subtotalMinor: number;
  totalMinor: number;
  paidMinor: number;
  balanceMinor: number;
  orderNum?: string;
  payments?: InvoicePayment[];
  footer?: string;
}

/** What replaces a run of characters the standard fonts cannot show. */
export const UNSUPPORTED_TEXT_MARK = '?';

/**
 * An amount in minor units as invoice text: the currency code, then the decimal value with the currency's
 * minor unit and thousands separators ("AED 1,234.50", "JPY 1,234", "KWD 1,234.500", "AED -5.00").
 */
export function formatMinorAmount(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new Error(`not an integer amount of minor units: ${minor}`);
  const exponent = minorUnitExponent(currency);
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const whole = exponent === 0 ? digits : digits.slice(0, -exponent);
  const fraction = exponent === 0 ? '' : `.${digits.slice(-exponent)}`;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency.trim().toUpperCase()} ${minor < 0 ? '-' : ''}${grouped}${fraction}`;
}

// Characters above U+00FF that Windows-1252 places in 0x80-0x9F (pdfkit maps them to their WinAnsi codes).
const WIN_ANSI_EXTRAS = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c,
  0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

// Characters outside Windows-1252 with a plain equivalent that Unicode decomposition does not give.
const PLAIN_EQUIVALENTS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  ẞ: 'SS',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u00ad': '',
  '\u200b': '',
  '\u200c': '',
  '\u200d': '',
  '\u200e': '',
  '\u200f': '',
  '\ufeff': '',
};

function isHelveticaCharacter(codePoint: number): boolean {
  return (
    codePoint === 0x0a ||
    (codePoint >= 0x20 && codePoint <= 0x7e) ||
    (codePoint >= 0xa0 && codePoint <= 0xff && codePoint !== 0xad) ||
    WIN_ANSI_EXTRAS.has(codePoint)
  );
}

function isHelveticaText(text: string): boolean {
  for (const character of text) {
    if (!isHelveticaCharacter(character.codePointAt(0) ?? 0)) return false;
  }
  return true;
}

/** A replacement the standard fonts can show, or undefined when the character has none. */
function fallbackFor(character: string): string | undefined {
  const equivalent = PLAIN_EQUIVALENTS[character];
  if (equivalent !== undefined) return equivalent;
  const codePoint = character.codePointAt(0) ?? 0;
  if (codePoint >= 0x660 && codePoint <= 0x669) return String(codePoint - 0x660); // Arabic-Indic digits
  if (codePoint >= 0x6f0 && codePoint <= 0x6f9) return String(codePoint - 0x6f0); // Eastern Arabic-Indic digits
  if (/\s/u.test(character)) return ' ';
  if (/\p{Cc}|\p{Cf}|\p{M}/u.test(character)) return ''; // controls, invisible format marks, stray accents
  const decomposed = character.normalize('NFKD').replace(/\p{M}/gu, '');
  return decomposed !== '' && isHelveticaText(decomposed) ? decomposed : undefined;
}

/**
 * Text the built-in Helvetica fonts can show (see the limitation at the top of this file). Newlines are kept;
 * tabs and other spaces become plain spaces, control characters are dropped.
 */
export function toHelveticaText(text: string): string {
  const normalized = text.replace(/\r\n?/g, '\n').normalize('NFC');
  let out = '';
  let pendingSpace = ''; // whitespace after an unsupported run, dropped if another unsupported run follows
  let inUnsupportedRun = false;
  for (const character of normalized) {
    const codePoint = character.codePointAt(0) ?? 0;
    const shown = isHelveticaCharacter(codePoint) ? character : fallbackFor(character);
    if (shown === undefined) {
      if (!inUnsupportedRun) out += pendingSpace + UNSUPPORTED_TEXT_MARK;
      pendingSpace = '';
      inUnsupportedRun = true;
    } else if (inUnsupportedRun && (shown === ' ' || shown === '')) {
      pendingSpace += shown;
    } else {
      out += pendingSpace + shown;
      pendingSpace = '';
      inUnsupportedRun = false;
    }
  }
  return out + pendingSpace;
}

// ---- layout ----

const FONT = 'Helvetica';
const FONT_BOLD = 'Helvetica-Bold';
const COLOR_TEXT = '#1f2933';
const COLOR_MUTED = '#6b7280';
const COLOR_RULE = '#d9dde3';
const COLOR_HEADER_FILL = '#f1f3f5';
const STATUS: Record<InvoiceDocument['status'], { label: string; color: string }> = {
  PAID: { label: 'PAID', color: '#15803d' },
  UNPAID: { label: 'UNPAID', color: '#b91c1c' },
  PARTIALLY_PAID: { label: 'PARTIALLY PAID', color: '#b45309' },
};

const MARGIN = 50;
// room under the content for the "Page n of N" line
const BOTTOM_MARGIN = 60;
const GAP = 8;
const ROW_PADDING = 4;
const BODY_SIZE = 9;
const DETAIL_SIZE = 8;
const SMALLEST_SIZE = 6;
// A line's texts are cut to these lengths so that one table row always fits on a page.
const MAX_DESCRIPTION_CHARACTERS = 1200;
const MAX_DETAIL_CHARACTERS = 400;

interface Column {
  x: number;
  width: number;
}

interface Layout {
  doc: PDFKit.PDFDocument;
  invoice: InvoiceDocument;
  left: number;
  right: number;
  /** the top of the next thing to draw */
  y: number;
}

interface TextStyle {
  font?: string;
  size?: number;
  color?: string;
}

function applyStyle(doc: PDFKit.PDFDocument, style: TextStyle): void {
  doc
    .font(style.font ?? FONT)
    .fontSize(style.size ?? BODY_SIZE)
    .fillColor(style.color ?? COLOR_TEXT);
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** Height of wrapped text in a box of `width`. */
function measure(doc: PDFKit.PDFDocument, text: string, width: number, style: TextStyle): number {
  applyStyle(doc, style);
  return doc.heightOfString(toHelveticaText(text), { width });
}

/** Draws wrapped text; answers its height. */
function drawWrapped(
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
function drawLine(
  doc: PDFKit.PDFDocument,
  text: string,
  box: Column,
  y: number,
  align: 'left' | 'right' | 'center',
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
    // still too wide at the smallest size (an outsized invoice number): wrap inside the box rather than spill out
    const height = doc.heightOfString(shown, { width: box.width, align });
    doc.text(shown, box.x, y, { width: box.width, align });
    return height;
  }
  const width = doc.widthOfString(shown);
  const x = align === 'left' ? box.x : align === 'right' ? box.x + box.width - width : box.x + (box.width - width) / 2;
  doc.text(shown, x, y, { lineBreak: false });
  return doc.currentLineHeight();
}

function rule(layout: Layout, y: number, color = COLOR_RULE): void {
  layout.doc.moveTo(layout.left, y).lineTo(layout.right, y).lineWidth(0.5).strokeColor(color).stroke();
}

function bottomLimit(layout: Layout): number {
  return layout.doc.page.height - BOTTOM_MARGIN;
}

/** Starts a new page when `height` does not fit below the cursor; `onNewPage` draws what the page repeats. */
function ensureSpace(layout: Layout, height: number, onNewPage?: () => void): void {
  if (layout.y + height <= bottomLimit(layout)) return;
  layout.doc.addPage();
  layout.y = MARGIN;
  const box = { x: layout.left, width: layout.right - layout.left };
  const continued = `${layout.invoice.tenantName} - Invoice ${layout.invoice.invoiceNumber} (continued)`;
  layout.y += drawLine(layout.doc, continued, box, layout.y, 'left', { size: 8, color: COLOR_MUTED }) + 12;
  onNewPage?.();
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** yyyy-MM-dd (optionally with a time) as "5 Mar 2025" ("5 Mar 2025 14:30"); other text as it is. */
function formatDateText(text: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(text.trim());
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return text;
  const time = match[4] && match[5] ? ` ${match[4]}:${match[5]}` : '';
  return `${Number(match[3])} ${month} ${match[1]}${time}`;
}

const QUANTITY_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

// ---- sections ----

function drawHeader(layout: Layout): void {
  const { doc, invoice } = layout;
  const top = layout.y;
  const metaWidth = 210;
  const metaX = layout.right - metaWidth;
  const identityWidth = metaX - GAP * 2 - layout.left;

  let leftY = top;
  leftY += drawWrapped(doc, invoice.tenantName, layout.left, leftY, identityWidth, { font: FONT_BOLD, size: 16 });
  if (invoice.tenantAddress) {
    leftY += 4;
    leftY += drawWrapped(doc, invoice.tenantAddress, layout.left, leftY, identityWidth, { color: COLOR_MUTED });
  }

  const meta = { x: metaX, width: metaWidth };
  let rightY = top;
  rightY += drawLine(doc, 'INVOICE', meta, rightY, 'right', { font: FONT_BOLD, size: 20 }) + 8;
  const rows: Array<[string, string, TextStyle]> = [['Invoice no.', invoice.invoiceNumber, { font: FONT_BOLD }]];
  rows.push(['Issue date', formatDateText(invoice.issueDate), {}]);
  if (invoice.dueDate) rows.push(['Due date', formatDateText(invoice.dueDate), {}]);
  if (invoice.orderNum) rows.push(['Order no.', invoice.orderNum, {}]);
  const status = STATUS[invoice.status];
  rows.push(['Status', status.label, { font: FONT_BOLD, color: status.color }]);
  const labelBox = { x: metaX, width: 70 };
  const valueBox = { x: metaX + 74, width: metaWidth - 74 };
  for (const [label, value, style] of rows) {
    drawLine(doc, label, labelBox, rightY, 'left', { color: COLOR_MUTED });
    rightY += drawLine(doc, value, valueBox, rightY, 'right', style) + 3;
  }

  layout.y = Math.max(leftY, rightY) + 14;
  rule(layout, layout.y);
  layout.y += 14;
}

function drawBillTo(layout: Layout): void {
  const { doc, invoice } = layout;
  const width = (layout.right - layout.left) * 0.6;
  const { customer } = invoice;
  let y = layout.y;
  y += drawLine(doc, 'BILL TO', { x: layout.left, width }, y, 'left', { font: FONT_BOLD, size: 8, color: COLOR_MUTED });
  y += 3;
  y += drawWrapped(doc, customer.name, layout.left, y, width, { font: FONT_BOLD, size: 11 });
  for (const value of [customer.email, customer.phone, customer.address]) {
    if (value) y += 2 + drawWrapped(doc, value, layout.left, y, width, {});
  }
  layout.y = y + 18;
}

interface LineColumns {
  description: Column;
  quantity: Column;
  unitPrice: Column;
  amount: Column;
}

function lineColumns(layout: Layout): LineColumns {
  const amount = { x: layout.right - 100, width: 100 };
  const unitPrice = { x: amount.x - GAP - 95, width: 95 };
  const quantity = { x: unitPrice.x - GAP - 40, width: 40 };
  const description = { x: layout.left, width: quantity.x - GAP - layout.left };
  return { description, quantity, unitPrice, amount };
}

function drawTableHeader(layout: Layout, cells: Array<[string, Column, 'left' | 'right']>): void {
  const { doc } = layout;
  const height = 18;
  doc.rect(layout.left, layout.y, layout.right - layout.left, height).fill(COLOR_HEADER_FILL);
  for (const [label, column, align] of cells) {
    drawLine(doc, label, column, layout.y + 5, align, { font: FONT_BOLD, size: 8, color: COLOR_MUTED });
  }
  layout.y += height;
}

function drawLines(layout: Layout): void {
  const { doc, invoice } = layout;
  const columns = lineColumns(layout);
  const header = () =>
    drawTableHeader(layout, [
      ['DESCRIPTION', columns.description, 'left'],
      ['QTY', columns.quantity, 'right'],
      ['UNIT PRICE', columns.unitPrice, 'right'],
      ['AMOUNT', columns.amount, 'right'],
    ]);
  const headerHeight = 18;
  // the header never ends a page on its own: it needs room for at least one short row below it
  ensureSpace(layout, headerHeight + 30);
  header();

  if (invoice.lines.length === 0) {
    layout.y += ROW_PADDING;
    layout.y += drawLine(doc, 'No items', columns.description, layout.y, 'left', { color: COLOR_MUTED });
    layout.y += ROW_PADDING;
    rule(layout, layout.y);
  }

  for (const line of invoice.lines) {
    const description = cut(line.description, MAX_DESCRIPTION_CHARACTERS);
    const detail = line.detail ? cut(line.detail, MAX_DETAIL_CHARACTERS) : undefined;
    const width = columns.description.width;
    const descriptionHeight = measure(doc, description, width, {});
    const detailHeight = detail ? 2 + measure(doc, detail, width, { size: DETAIL_SIZE }) : 0;
    const rowHeight = ROW_PADDING + Math.max(descriptionHeight + detailHeight, BODY_SIZE * 1.2) + ROW_PADDING;
    ensureSpace(layout, rowHeight, header);

    const top = layout.y + ROW_PADDING;
    drawWrapped(doc, description, columns.description.x, top, width, {});
    if (detail) {
      drawWrapped(doc, detail, columns.description.x, top + descriptionHeight + 2, width, {
        size: DETAIL_SIZE,
        color: COLOR_MUTED,
      });
    }
    drawLine(doc, QUANTITY_FORMAT.format(line.quantity), columns.quantity, top, 'right', {});
    drawLine(doc, formatMinorAmount(line.unitPriceMinor, invoice.currency), columns.unitPrice, top, 'right', {});
    drawLine(doc, formatMinorAmount(line.totalMinor, invoice.currency), columns.amount, top, 'right', {});
    layout.y += rowHeight;
    rule(layout, layout.y);
  }
  layout.y += 12;
}

function drawTotals(layout: Layout): void {
  const { doc, invoice } = layout;
  const money = (minor: number) => formatMinorAmount(minor, invoice.currency);
  const blockWidth = 260;
  const value = { x: layout.right - 110, width: 110 };
  const label = { x: layout.right - blockWidth, width: blockWidth - value.width - GAP };

  const rows: Array<{ label: string; value: string; strong?: boolean; ruleAbove?: boolean }> = [
    { label: 'Subtotal', value: money(invoice.subtotalMinor) },
  ];
  for (const tax of invoice.taxes) {
    rows.push({ label: tax.rateText ? `${tax.name} (${tax.rateText})` : tax.name, value: money(tax.amountMinor) });
  }
  rows.push({ label: 'Total', value: money(invoice.totalMinor), strong: true, ruleAbove: true });
  rows.push({ label: 'Paid', value: money(invoice.paidMinor) });
  rows.push({ label: 'Balance due', value: money(invoice.balanceMinor), strong: true, ruleAbove: true });

  const heights = rows.map(
    (row) => Math.max(measure(doc, row.label, label.width, {}), BODY_SIZE * 1.2) + 5 + (row.ruleAbove ? 4 : 0),
  );
  ensureSpace(
    layout,
    heights.reduce((sum, height) => sum + height, 0),
  );

  rows.forEach((row, index) => {
    if (row.ruleAbove) {
      doc.moveTo(label.x, layout.y).lineTo(layout.right, layout.y).lineWidth(0.5).strokeColor(COLOR_RULE).stroke();
      layout.y += 4;
    }
    const style: TextStyle = row.strong ? { font: FONT_BOLD } : {};
    drawWrapped(doc, row.label, label.x, layout.y, label.width, style);
    drawLine(doc, row.value, value, layout.y, 'right', style);
    layout.y += (heights[index] ?? 0) - (row.ruleAbove ? 4 : 0);
  });
  layout.y += 16;
}

function drawPayments(layout: Layout): void {
  const { doc, invoice } = layout;
  const payments = invoice.payments ?? [];
  if (payments.length === 0) return;
  const amount = { x: layout.right - 110, width: 110 };
  const date = { x: layout.left, width: 110 };
  const method = { x: date.x + date.width + GAP, width: amount.x - GAP - (date.x + date.width + GAP) };
  const header = () =>
    drawTableHeader(layout, [
      ['DATE', date, 'left'],
      ['METHOD', method, 'left'],
      ['AMOUNT', amount, 'right'],
    ]);

  ensureSpace(layout, 16 + 18 + 30);
  layout.y += drawLine(doc, 'Payments', { x: layout.left, width: 200 }, layout.y, 'left', {
    font: FONT_BOLD,
    size: 10,
  });
  layout.y += 6;
  header();
  for (const payment of payments) {
    const methodText = cut(payment.method, MAX_DETAIL_CHARACTERS);
    const rowHeight = ROW_PADDING * 2 + Math.max(measure(doc, methodText, method.width, {}), BODY_SIZE * 1.2);
    ensureSpace(layout, rowHeight, header);
    const top = layout.y + ROW_PADDING;
    drawLine(doc, formatDateText(payment.date), date, top, 'left', {});
    drawWrapped(doc, methodText, method.x, top, method.width, {});
    drawLine(doc, formatMinorAmount(payment.amountMinor, invoice.currency), amount, top, 'right', {});
    layout.y += rowHeight;
    rule(layout, layout.y);
  }
  layout.y += 16;
}

function drawFooter(layout: Layout): void {
  const { doc, invoice } = layout;
  if (!invoice.footer) return;
  const width = layout.right - layout.left;
  const style: TextStyle = { size: 8, color: COLOR_MUTED };
  const height = measure(doc, invoice.footer, width, style);
  // a footer that fits on one page is kept together; a longer one flows onto the next pages (pdfkit wraps it)
  if (height <= bottomLimit(layout) - MARGIN - 20) ensureSpace(layout, height);
  layout.y += drawWrapped(doc, invoice.footer, layout.left, layout.y, width, style);
}

function drawPageNumbers(layout: Layout): void {
  const { doc, invoice } = layout;
  const range = doc.bufferedPageRange();
  const box = { x: layout.left, width: layout.right - layout.left };
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // cut so the line never wraps: a wrapped line this low would start a new page
    const text = `Invoice ${cut(invoice.invoiceNumber, 60)} - Page ${index - range.start + 1} of ${range.count}`;
    // lineBreak is off in drawLine, so writing below the bottom margin adds no page
    drawLine(doc, text, box, doc.page.height - 35, 'center', { size: 7.5, color: COLOR_MUTED });
  }
}

/** Refuses amounts that are not whole minor units before anything is drawn: an invoice never shows a guess. */
function checkNumbers(invoice: InvoiceDocument): void {
  const amounts: Array<[string, number]> = [
    ['subtotalMinor', invoice.subtotalMinor],
    ['totalMinor', invoice.totalMinor],
    ['paidMinor', invoice.paidMinor],
    ['balanceMinor', invoice.balanceMinor],
  ];
  invoice.lines.forEach((line, index) => {
    amounts.push(
      [`lines[${index}].unitPriceMinor`, line.unitPriceMinor],
      [`lines[${index}].totalMinor`, line.totalMinor],
    );
    if (!Number.isFinite(line.quantity)) throw new Error(`invoice lines[${index}].quantity is not a number`);
  });
  invoice.taxes.forEach((tax, index) => {
    amounts.push([`taxes[${index}].amountMinor`, tax.amountMinor]);
  });
  (invoice.payments ?? []).forEach((payment, index) => {
    amounts.push([`payments[${index}].amountMinor`, payment.amountMinor]);
  });
  for (const [name, value] of amounts) {
    if (!Number.isSafeInteger(value))
      throw new Error(`invoice ${name} is not an integer amount of minor units: ${value}`);
  }
}

/** The invoice as the bytes of an A4 PDF. Pure: no I/O besides building the buffer. */
export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  checkNumbers(invoice);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: BOTTOM_MARGIN },
    bufferPages: true,
    lang: 'en',
    displayTitle: true,
    info: { Title: `Invoice ${invoice.invoiceNumber}`, Author: invoice.tenantName },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const layout: Layout = { doc, invoice, left: MARGIN, right: doc.page.width - MARGIN, y: MARGIN };
  drawHeader(layout);
  drawBillTo(layout);
  drawLines(layout);
  drawTotals(layout);
  drawPayments(layout);
  drawFooter(layout);
  drawPageNumbers(layout);
  doc.end();
  return finished;
}
