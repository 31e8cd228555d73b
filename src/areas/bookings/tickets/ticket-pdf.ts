// The PDF voucher: one A4 page per ticket with the agency's name, the booking reference, the ticket's QR code and
// its facts. pdfkit writes into memory; the standard Helvetica fonts are not embedded, so text outside their
// encoding (WinAnsi: Latin-1, dashes, quotes, the euro sign …) is shown as '?'.
import PDFDocument from 'pdfkit';

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
const MUTED = '#6b7280';
const QR_SIZE = 200;

// Texts are cut so that a ticket always fits on its one page.
const MAX_TEXT = 400;
// The characters of WinAnsi (the standard fonts' encoding) beyond Latin-1: dashes, quotes, the euro sign …
const WIN_ANSI_EXTRA = new Set(
  '\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e\u2020\u2021\u2022\u2026\u2030\u2039\u203a\u20ac\u2122\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192',
);

/** Helvetica's text: WinAnsi's printable characters and line breaks; others shown as '?'. */
function latin1(text: string): string {
  const cut = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 3)}...` : text;
  return Array.from(cut, (c) => {
    const code = c.codePointAt(0) ?? 0;
    const printable = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c);
    return c === '\n' || printable ? c : '?';
  }).join('');
}

function drawTicket(doc: PDFKit.PDFDocument, voucher: Voucher, ticket: VoucherTicket, index: number): void {
  const width = doc.page.width - 2 * MARGIN;
  doc.font('Helvetica-Bold').fontSize(20).fillColor(BRAND).text(latin1(voucher.tenantName), MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(`Booking ${latin1(voucher.refnum)} - ticket ${index + 1} of ${voucher.tickets.length}`);
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
    .fillColor('#1f2933')
    .text(latin1(ticket.barcode), MARGIN, top + QR_SIZE + 8, { width: QR_SIZE, align: 'center' });
  const left = MARGIN + QR_SIZE + 24;
  const columnWidth = width - QR_SIZE - 24;
  doc.font('Helvetica-Bold').fontSize(14).text(latin1(ticket.description), left, top, { width: columnWidth });
  for (const [label, value] of ticket.facts) {
    if (!value) continue;
    doc.moveDown(0.6).font('Helvetica').fontSize(9).fillColor(MUTED).text(label, left, doc.y, { width: columnWidth });
    doc.font('Helvetica').fontSize(11).fillColor('#1f2933').text(latin1(value), left, doc.y, { width: columnWidth });
  }
  const below = Math.max(doc.y, top + QR_SIZE + 40) + 24;
  doc.font('Helvetica-Bold').fontSize(11).fillColor(BRAND).text('What to bring', MARGIN, below, { width });
  doc.font('Helvetica').fontSize(10).fillColor('#1f2933').text(latin1(voucher.whatToBring), { width });
}

export function renderVoucherPdf(voucher: Voucher): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: `Tickets ${voucher.refnum}`, Author: voucher.tenantName },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  voucher.tickets.forEach((ticket, index) => {
    doc.addPage();
    drawTicket(doc, voucher, ticket, index);
  });
  doc.end();
  return finished;
}
