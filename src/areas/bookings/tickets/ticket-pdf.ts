// The PDF voucher: the agency, the booking and order numbers, the amount paid and whom to call at the top, then one
// card per ticket (its QR code, its facts, what to do to be on the tour), as many on an A4 page as fit: a card is
// measured first and goes whole onto the next page when it would not fit below the last one, so no card is split
// and no page is left half empty for want of a second ticket. Drawn with the platform's PDF module, whose embedded
// fonts show every script a name or a pickup is written in (Arabic shaped, right to left).
import {
  COLOR_MUTED,
  COLOR_TEXT,
  cut,
  drawLine,
  drawWrapped,
  FONT,
  FONT_BOLD,
  measure,
  pdfBytes,
  type TextStyle,
} from '../../../platform/rendering/pdf/index.js';

export interface VoucherTicket {
  qrPng: Buffer;
  barcode: string;
  description: string;
  /** Label → value, in order (date and time, reserved for, pickup, validity, terms …); empty values are left out. */
  facts: Array<[string, string | null]>;
  /** What to do to be on the tour (the hotel lobby through the pickup window, or the meeting point early). */
  advice: string | null;
}

export interface Voucher {
  tenantName: string;
  refnum: string;
  orderNum: string | null;
  amountPaid: string | null;
  /** The agency's phone, WhatsApp and e-mail on one line, if it gave any. */
  contact: string | null;
  /** "Times are local times in Asia/Dubai." */
  timeNote: string;
  whatToBring: string;
  tickets: VoucherTicket[];
}

const MARGIN = 50;
const BRAND = '#0f766e';
const ADVICE_FILL = '#ecfdf5';
const RULE = '#d9dde3';
const QR_SIZE = 120;
const PAD = 12;
const CARD_GAP = 14;
const COLUMN_GAP = 18;

// Each text is cut so that a card fits on a page of its own whatever it holds.
const MAX_TEXT = 300;
const shown = (text: string) => cut(text, MAX_TEXT);

const TITLE: TextStyle = { font: FONT_BOLD, size: 13 };
const LABEL: TextStyle = { font: FONT, size: 8, color: COLOR_MUTED };
const VALUE: TextStyle = { size: 10, color: COLOR_TEXT };
const ADVICE: TextStyle = { font: FONT_BOLD, size: 10, color: COLOR_TEXT };
const CODE: TextStyle = { font: FONT_BOLD, size: 11 };
const SMALL: TextStyle = { size: 8, color: COLOR_MUTED };

interface Frame {
  doc: PDFKit.PDFDocument;
  left: number;
  width: number;
  y: number;
  bottom: number;
}

const shownFacts = (ticket: VoucherTicket) =>
  ticket.facts.flatMap(([label, value]) => (value ? [[label, shown(value)] as const] : []));

const columnWidthOf = (frame: Frame) => frame.width - 2 * PAD - QR_SIZE - COLUMN_GAP;
const ADVICE_PAD = 6;

/** The card's height, measured as drawCard draws it: the QR column or the facts column, whichever is taller. */
function cardHeight(frame: Frame, ticket: VoucherTicket): number {
  const { doc } = frame;
  const columnWidth = columnWidthOf(frame);
  let right = measure(doc, shown(ticket.description), columnWidth, TITLE);
  for (const [label, value] of shownFacts(ticket)) {
    right += 4 + measure(doc, label, columnWidth, LABEL) + measure(doc, value, columnWidth, VALUE);
  }
  if (ticket.advice)
    right += 8 + measure(doc, shown(ticket.advice), columnWidth - 2 * ADVICE_PAD, ADVICE) + 2 * ADVICE_PAD;
  const left = QR_SIZE + 4 + measure(doc, 'X', QR_SIZE, CODE) + measure(doc, 'X', QR_SIZE, SMALL);
  return PAD + Math.max(left, right) + PAD;
}

function drawCard(frame: Frame, ticket: VoucherTicket, label: string, height: number): void {
  const { doc, left, width } = frame;
  const top = frame.y;
  doc.roundedRect(left, top, width, height, 8).lineWidth(1).strokeColor(RULE).stroke();
  doc.image(ticket.qrPng, left + PAD, top + PAD, { width: QR_SIZE, height: QR_SIZE });
  const qrBox = { x: left + PAD, width: QR_SIZE };
  const below = top + PAD + QR_SIZE + 4;
  drawLine(
    doc,
    label,
    qrBox,
    below + drawLine(doc, shown(ticket.barcode), qrBox, below, 'center', CODE),
    'center',
    SMALL,
  );
  const x = left + PAD + QR_SIZE + COLUMN_GAP;
  const columnWidth = columnWidthOf(frame);
  let y = top + PAD + drawWrapped(doc, shown(ticket.description), x, top + PAD, columnWidth, TITLE);
  for (const [name, value] of shownFacts(ticket)) {
    y += 4;
    y += drawWrapped(doc, name, x, y, columnWidth, LABEL);
    y += drawWrapped(doc, value, x, y, columnWidth, VALUE);
  }
  if (!ticket.advice) return;
  const text = shown(ticket.advice);
  const textWidth = columnWidth - 2 * ADVICE_PAD;
  const boxTop = y + 8;
  doc.roundedRect(x, boxTop, columnWidth, measure(doc, text, textWidth, ADVICE) + 2 * ADVICE_PAD, 5).fill(ADVICE_FILL);
  drawWrapped(doc, text, x + ADVICE_PAD, boxTop + ADVICE_PAD, textWidth, ADVICE);
}

/** The top of the first page: the agency, the booking, the order and what was paid, whom to call. */
function drawHeading(frame: Frame, voucher: Voucher): void {
  const { doc, left, width } = frame;
  const full = { x: left, width };
  frame.y += drawWrapped(doc, shown(voucher.tenantName), left, frame.y, width, {
    font: FONT_BOLD,
    size: 20,
    color: BRAND,
  });
  const facts = [
    `Booking ${voucher.refnum}`,
    voucher.orderNum && `Order ${voucher.orderNum}`,
    voucher.amountPaid && `Amount paid ${voucher.amountPaid}`,
  ].filter(Boolean);
  frame.y += drawLine(doc, shown(facts.join(' - ')), full, frame.y, 'left', { size: 10, color: COLOR_TEXT });
  if (voucher.contact) {
    frame.y += drawWrapped(doc, `Questions? ${shown(voucher.contact)}`, left, frame.y, width, {
      size: 10,
      color: COLOR_MUTED,
    });
  }
  frame.y += drawLine(doc, voucher.timeNote, full, frame.y, 'left', SMALL);
  doc
    .moveTo(left, frame.y + 6)
    .lineTo(left + width, frame.y + 6)
    .strokeColor(BRAND)
    .lineWidth(2)
    .stroke();
  frame.y += 20;
}

/** A new page, headed by the agency and the booking. */
function nextPage(frame: Frame, voucher: Voucher): void {
  frame.doc.addPage();
  frame.y = MARGIN;
  const running = `${shown(voucher.tenantName)} - Booking ${shown(voucher.refnum)} (continued)`;
  frame.y += drawLine(frame.doc, running, { x: frame.left, width: frame.width }, frame.y, 'left', SMALL) + 10;
}

function drawWhatToBring(frame: Frame, voucher: Voucher): void {
  const { doc, left, width } = frame;
  const text = shown(voucher.whatToBring);
  const heading: TextStyle = { font: FONT_BOLD, size: 11, color: BRAND };
  const height = measure(doc, 'What to bring', width, heading) + measure(doc, text, width, { size: 10 });
  if (frame.y + height > frame.bottom) nextPage(frame, voucher);
  frame.y += drawWrapped(doc, 'What to bring', left, frame.y, width, heading);
  frame.y += drawWrapped(doc, text, left, frame.y, width, { size: 10 });
}

export function renderVoucherPdf(voucher: Voucher): Promise<Buffer> {
  const margins = { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN };
  const setup = { title: `Tickets ${voucher.refnum}`, author: voucher.tenantName, margins, autoFirstPage: false };
  return pdfBytes(setup, (doc) => {
    doc.addPage();
    const frame: Frame = {
      doc,
      left: MARGIN,
      width: doc.page.width - 2 * MARGIN,
      y: MARGIN,
      bottom: doc.page.height - MARGIN,
    };
    drawHeading(frame, voucher);
    const count = voucher.tickets.length;
    voucher.tickets.forEach((ticket, index) => {
      const height = cardHeight(frame, ticket);
      // a card that does not fit below the last goes whole onto the next page (one that fits no page still starts one)
      if (frame.y + height > frame.bottom && index > 0) nextPage(frame, voucher);
      drawCard(frame, ticket, `ticket ${index + 1} of ${count}`, height);
      frame.y += height + CARD_GAP;
    });
    drawWhatToBring(frame, voucher);
  });
}
