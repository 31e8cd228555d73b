// The PDF voucher: one A4 page per ticket with the agency's name, the booking reference, the ticket's QR code and
// its facts, made and drawn with the platform's PDF module, whose embedded fonts show every script a name or a
// pickup is written in (Arabic shaped, right to left).
import {
  COLOR_MUTED,
  COLOR_TEXT,
  cut,
  drawLine,
  drawWrapped,
  FONT,
  FONT_BOLD,
  pdfBytes,
} from '../../../platform/rendering/pdf/index.js';

export interface VoucherTicket {
  qrPng: Buffer;
  barcode: string;
  description: string;
  /** Label → value, in order (date and time, reserved for, pickup, validity, terms …); empty values are left out. */
  facts: Array<[string, string | null]>;
}

export interface Voucher {
  tenantName: string;
  refnum: string;
  whatToBring: string;
  tickets: VoucherTicket[];
}

const MARGIN = 50;
const BRAND = '#0f766e';
const QR_SIZE = 200;

// Texts are cut so that a ticket always fits on its one page.
const MAX_TEXT = 400;

const shown = (text: string) => cut(text, MAX_TEXT);

function drawTicket(doc: PDFKit.PDFDocument, voucher: Voucher, ticket: VoucherTicket, index: number): void {
  const width = doc.page.width - 2 * MARGIN;
  const full = { x: MARGIN, width };
  let y = MARGIN;
  y += drawWrapped(doc, shown(voucher.tenantName), MARGIN, y, width, { font: FONT_BOLD, size: 20, color: BRAND });
  const count = `ticket ${index + 1} of ${voucher.tickets.length}`;
  y += drawLine(doc, `Booking ${shown(voucher.refnum)} - ${count}`, full, y, 'left', { size: 10, color: COLOR_MUTED });
  doc
    .moveTo(MARGIN, y + 6)
    .lineTo(MARGIN + width, y + 6)
    .strokeColor(BRAND)
    .lineWidth(2)
    .stroke();
  const top = y + 24;
  doc.image(ticket.qrPng, MARGIN, top, { width: QR_SIZE, height: QR_SIZE });
  const code = { x: MARGIN, width: QR_SIZE };
  drawLine(doc, shown(ticket.barcode), code, top + QR_SIZE + 8, 'center', { font: FONT_BOLD, size: 12 });
  const left = MARGIN + QR_SIZE + 24;
  const columnWidth = width - QR_SIZE - 24;
  y = top + drawWrapped(doc, shown(ticket.description), left, top, columnWidth, { font: FONT_BOLD, size: 14 });
  for (const [label, value] of ticket.facts) {
    if (!value) continue;
    y += 6 + drawWrapped(doc, label, left, y + 6, columnWidth, { font: FONT, size: 9, color: COLOR_MUTED });
    y += drawWrapped(doc, shown(value), left, y, columnWidth, { size: 11, color: COLOR_TEXT });
  }
  const below = Math.max(y, top + QR_SIZE + 40) + 24;
  const heading = drawWrapped(doc, 'What to bring', MARGIN, below, width, { font: FONT_BOLD, size: 11, color: BRAND });
  drawWrapped(doc, shown(voucher.whatToBring), MARGIN, below + heading, width, { size: 10 });
}

export function renderVoucherPdf(voucher: Voucher): Promise<Buffer> {
  const margins = { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN };
  const setup = { title: `Tickets ${voucher.refnum}`, author: voucher.tenantName, margins, autoFirstPage: false };
  return pdfBytes(setup, (doc) => {
    voucher.tickets.forEach((ticket, index) => {
      doc.addPage();
      drawTicket(doc, voucher, ticket, index);
    });
  });
}
