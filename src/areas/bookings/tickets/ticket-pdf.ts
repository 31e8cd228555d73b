// The PDF voucher: one A4 page per ticket with the agency's name, the booking reference, the ticket's QR code and
// its facts, made and drawn with the platform's PDF module; the standard fonts are not embedded, so text outside
// their encoding (WinAnsi) gets the module's readable fallback (accents dropped, other scripts as '?').
import {
  COLOR_MUTED,
  COLOR_TEXT,
  cut,
  FONT,
  FONT_BOLD,
  pdfBytes,
  toHelveticaText,
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

/** What the standard fonts can show of a text (helvetica-text.ts), cut to fit. */
const shown = (text: string) => toHelveticaText(cut(text, MAX_TEXT));

function drawTicket(doc: PDFKit.PDFDocument, voucher: Voucher, ticket: VoucherTicket, index: number): void {
  const width = doc.page.width - 2 * MARGIN;
  doc.font(FONT_BOLD).fontSize(20).fillColor(BRAND).text(shown(voucher.tenantName), MARGIN, MARGIN);
  doc
    .font(FONT)
    .fontSize(10)
    .fillColor(COLOR_MUTED)
    .text(`Booking ${shown(voucher.refnum)} - ticket ${index + 1} of ${voucher.tickets.length}`);
  doc
    .moveTo(MARGIN, doc.y + 6)
    .lineTo(MARGIN + width, doc.y + 6)
    .strokeColor(BRAND)
    .lineWidth(2)
    .stroke();
  const top = doc.y + 24;
  doc.image(ticket.qrPng, MARGIN, top, { width: QR_SIZE, height: QR_SIZE });
  doc
    .font('Courier-Bold')
    .fontSize(12)
    .fillColor(COLOR_TEXT)
    .text(shown(ticket.barcode), MARGIN, top + QR_SIZE + 8, { width: QR_SIZE, align: 'center' });
  const left = MARGIN + QR_SIZE + 24;
  const columnWidth = width - QR_SIZE - 24;
  doc.font(FONT_BOLD).fontSize(14).text(shown(ticket.description), left, top, { width: columnWidth });
  for (const [label, value] of ticket.facts) {
    if (!value) continue;
    doc.moveDown(0.6).font(FONT).fontSize(9).fillColor(COLOR_MUTED).text(label, left, doc.y, { width: columnWidth });
    doc.font(FONT).fontSize(11).fillColor(COLOR_TEXT).text(shown(value), left, doc.y, { width: columnWidth });
  }
  const below = Math.max(doc.y, top + QR_SIZE + 40) + 24;
  doc.font(FONT_BOLD).fontSize(11).fillColor(BRAND).text('What to bring', MARGIN, below, { width });
  doc.font(FONT).fontSize(10).fillColor(COLOR_TEXT).text(shown(voucher.whatToBring), { width });
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
