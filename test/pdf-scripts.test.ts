// Every script in every PDF (issue 30): an Arabic customer name and an Arabic pickup go through the real operations
// into the ticket voucher, the invoice and the quote, and pdf.js reads them back in their logical order, with no
// '?' in their place; the fonts that draw them (Noto Sans, Vazirmatn, Noto Sans Math) are embedded, and "→" is drawn too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingRequest } from '../src/areas/bookings/bookings.schemas.js';
import type { Quote } from '../src/areas/quotes/quotes.schemas.js';
import { addDays, formatDate } from '../src/platform/time.js';
import { defined } from './support/api.js';
import { cartWithItems, product, registeredCustomer, type TestTenant, tenant } from './support/factories.js';
import { readPdf } from './support/pdf.js';
import { startTestService } from './support/service.js';

const NAME = 'مريم الهاشمي';
const PICKUP = 'فندق الريتز كارلتون';
// "Mariam" before an Arabic word: a mixed line whose parts keep their own directions
const MIXED_NAME = `Mariam ${NAME}`;

let t: TestTenant;
let invoiceNumber: string;
let request: BookingRequest;
let quote: Quote;

beforeAll(async () => {
  t = await tenant(await startTestService());
  const customer = await registeredCustomer(t, { userName: NAME });
  const tour = await product(t, { freeSale: true, productPrice: 120, prodName: 'Desert safari' });
  const bookDate = addDays(formatDate(new Date(), t.record.timezone), 5);
  await cartWithItems(t, t.admin, [
    {
      productId: tour.productId,
      unitId: tour.unitId,
      unitPrice: tour.productPrice,
      quantity: 1,
      bookDate,
      resvName: MIXED_NAME,
      pickupLocation: PICKUP,
    },
  ]);
  const { invoices } = await t.adminApi.ok<{ invoices: string[] }>('/cart/createInvoice', {
    paid: true,
    customer: { customerId: customer.contactId },
  });
  invoiceNumber = defined(invoices[0], 'invoice');
  const [order] = await t.db(
    (sql) => sql<{ order_num: string }[]>`
      SELECT o.order_num FROM invoices i JOIN sales_orders o USING (sales_order_id)
      WHERE i.invoice_number = ${invoiceNumber}`,
  );
  request = await t.adminApi.ok<BookingRequest>('/booking/create', { orderNum: defined(order, 'order').order_num });
  await t.adminApi.ok('/booking/confirm', { requestId: request.bookingrequestid });
  quote = await t.adminApi.ok<Quote>('/document/createQuote', {
    customerId: customer.contactId,
    items: [{ description: `Airport → ${PICKUP}`, quantity: 1, unitPrice: 150 }],
  });
});

afterAll(() => t?.service.close());

/** What a reader of the PDF gets: its text (pdf.js), and the names of the fonts it embeds. */
async function read(pdf: Buffer): Promise<{ text: string; fonts: string[]; fontFiles: number }> {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text } = await readPdf(pdf);
  const raw = pdf.toString('latin1');
  const fonts = [...raw.matchAll(/\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/g)].map((match) => defined(match[1], 'name'));
  // an embedded font carries its file (FontFile2: TrueType outlines)
  const fontFiles = raw.match(/\/FontFile2 \d+ 0 R/g)?.length ?? 0;
  return { text, fonts: [...new Set(fonts)], fontFiles };
}

function expectEmbedded(read: { fonts: string[]; fontFiles: number }, ...names: string[]): void {
  expect(read.fonts).toEqual(expect.arrayContaining(names));
  expect(read.fonts.some((font) => font.startsWith('Helvetica') || font.startsWith('Courier'))).toBe(false);
  expect(read.fontFiles).toBe(read.fonts.length);
}

function expectArabicShown(text: string, ...phrases: string[]): void {
  for (const phrase of phrases) expect(text).toContain(phrase);
  expect(text).not.toContain('?');
  expect(text).not.toContain('\uFFFD');
}

describe('Arabic in the PDFs', () => {
  it('the ticket voucher shows the reserved-for name and the pickup, in Noto Sans and an Arabic face', async () => {
    const answer = await t.api.inject({
      method: 'GET',
      url: `/booking/tickets/${request.bookingrequestid}/voucher.pdf?code=${request.accessCode}`,
    });
    expect(answer.statusCode).toBe(200);
    const pdf = await read(answer.rawPayload);
    expectArabicShown(pdf.text, 'Mariam', NAME, PICKUP);
    expectEmbedded(pdf, 'NotoSans-Regular', 'NotoSans-Bold', 'Vazirmatn-Regular');
  });

  it("the invoice shows the customer's name and the pickup", async () => {
    const answer = await t.adminApi.inject({
      method: 'POST',
      url: '/document/printInvoice',
      payload: { session: t.admin, docnum: invoiceNumber },
    });
    expect(answer.headers['content-type']).toBe('application/pdf');
    const pdf = await read(answer.rawPayload);
    expectArabicShown(pdf.text, NAME, PICKUP);
    expectEmbedded(pdf, 'NotoSans-Regular', 'NotoSans-Bold', 'Vazirmatn-Regular', 'Vazirmatn-Bold');
  });

  it("the quote shows the customer's name and a line to the pickup with its arrow", async () => {
    const answer = await t.adminApi.inject({
      method: 'POST',
      url: '/document/printQuote',
      payload: { session: t.admin, docnum: quote.quoteNumber },
    });
    expect(answer.headers['content-type']).toBe('application/pdf');
    const pdf = await read(answer.rawPayload);
    expectArabicShown(pdf.text, NAME, PICKUP, 'Airport →');
    expectEmbedded(pdf, 'NotoSans-Regular', 'Vazirmatn-Regular', 'Vazirmatn-Bold', 'NotoSansMath-Regular');
  });
});
