// The printed tax invoice (issue 30, item 5), through HTTP on a real service and read back with pdf.js: the agency's
// legal name, address, contact and TRN from its settings; the customer's address and TRN when its record has them;
// while unpaid, a due date (issue + payment terms, a date without time) and how to pay: the agency's bank details and
// the invoice's payment page, whose address pays it by card on the payment simulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartWithItems, guest, product, type TestTenant, tenant } from '../../../test/support/factories.js';
import { settleOnSimulator } from '../../../test/support/payment-simulator.js';
import { readPdf } from '../../../test/support/pdf.js';
import { startTestService } from '../../../test/support/service.js';
import { addDays, formatDate } from '../../platform/time.js';
import { formatDateText } from '../documents/index.js';

let t: TestTenant;
let item: Parameters<typeof cartWithItems>[2][number];
let companyId: number;

const AGENCY = {
  legalName: 'Sunrise Tours & Travel L.L.C.',
  address: 'Office 1204, Bay Square 5\nBusiness Bay, Dubai\nUnited Arab Emirates',
  phone: '+971 4 123 4567',
  contactEmail: 'accounts@sunrise.example',
  taxRegistrationNumber: '100123456700003',
  bankDetails: 'Emirates NBD, Sunrise Tours & Travel L.L.C.\nIBAN AE07 0331 2345 6789 0123 456\nSWIFT EBILAEAD',
};

beforeAll(async () => {
  t = await tenant(await startTestService({ env: { TC_RATE_LIMIT_GUEST: '1000' } }));
  const bookDate = addDays(formatDate(new Date(), t.record.timezone), 3);
  const tour = await product(t, { productPrice: 80, freeSale: true });
  item = { productId: tour.productId, unitId: tour.unitId, unitPrice: 80, quantity: 2, bookDate };
  await t.adminApi.ok('/settings/write', { ...AGENCY, vatRatePercent: 5, invoiceDueDays: 14 });
  const company = await t.adminApi.ok<{ customerId: number }>('/customer/create', {
    custName: 'Gulf Events FZ-LLC',
    email: `accounts.${t.record.tenantCode}@gulf-events.example`,
    mobilePhone: '+971501234567',
    street: 'Building 4, Office 210',
    street2: 'Dubai Media City',
    zip: '502126',
    city: 'Dubai',
    countryId: 784,
    isCompany: true,
    taxNumber: '100987654300003',
  });
  companyId = company.customerId;
}, 120_000);

afterAll(() => t.service.close());

/** Staff invoice a cart of 2 × 80.00 (+5 %) to the customer: 168.00, unpaid. */
async function invoiceFor(customer: object, api = t.adminApi, session = t.admin): Promise<string> {
  await cartWithItems(t, session, [item]);
  const { invoices } = await api.ok<{ invoices: string[] }>('/cart/createInvoice', { customer });
  return String(invoices[0]);
}

async function printed(invoice: string): Promise<string> {
  const answer = await t.adminApi.inject({
    method: 'POST',
    url: '/document/printInvoice',
    payload: { session: t.admin, docnum: invoice },
  });
  expect(answer.headers['content-type']).toBe('application/pdf');
  return (await readPdf(answer.rawPayload)).text;
}

describe('the printed tax invoice', () => {
  it('names the agency and the customer with their addresses and TRNs, its due date and how to pay', async () => {
    const invoice = await invoiceFor({ customerId: companyId });
    const text = await printed(invoice);
    const due = formatDateText(addDays(formatDate(new Date(), t.record.timezone), 14));
    for (const shown of [
      'TAX INVOICE',
      'Sunrise Tours & Travel L.L.C.',
      'Office 1204, Bay Square 5',
      'Business Bay, Dubai',
      'Tel. +971 4 123 4567',
      'accounts@sunrise.example',
      'TRN 100123456700003',
      'BILL TO',
      'Gulf Events FZ-LLC',
      'Building 4, Office 210',
      'Dubai Media City',
      '502126 Dubai',
      'United Arab Emirates',
      'TRN 100987654300003',
      `Due date ${due}`,
      'VAT 5%',
      `How to pay: AED 168.00 is due by ${due}.`,
      'Pay online by card:',
      `By bank transfer, quoting ${invoice} as the reference:`,
      'IBAN AE07 0331 2345 6789 0123 456',
      'SWIFT EBILAEAD',
    ]) {
      expect(text, shown).toContain(shown);
    }
    // dates without times
    expect(text).not.toMatch(new RegExp(`${due} \\d{2}:\\d{2}`));
  });

  it("the invoice's printed payment page pays it by card; paid, it says neither a due date nor how to pay", async () => {
    const invoice = await invoiceFor({ customerId: companyId });
    const [row] = await t.db((sql) => sql`SELECT pay_key FROM invoices WHERE invoice_number = ${invoice}`);
    const key = String(row?.pay_key);
    // the address in the PDF (pdf.js may break the long line where the PDF wraps it: compare without spaces)
    const address = `/document/invoicePayment?invoice=${invoice}&key=${key}`;
    expect((await printed(invoice)).replace(/\s+/g, '')).toContain(address);

    const shown = await t.api.inject({ method: 'GET', url: address });
    expect(shown.body).toContain('Amount due');
    expect(shown.body).toContain('AED 168.00');
    const pressed = await t.api.inject({
      method: 'POST',
      url: '/document/invoicePayment',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ invoice, key }).toString(),
    });
    expect(pressed.statusCode).toBe(303);
    const back = await settleOnSimulator(t, String(pressed.headers.location), 'pay');
    // the return page: what was paid for (the invoice, its customer, its total) and the amount
    expect(back.body).toContain(`<h2>Invoice ${invoice}</h2>`);
    expect(back.body).toContain('<dt>Invoice total</dt><dd>AED 168.00</dd>');
    expect(back.body).toContain('<dt>Amount paid</dt><dd>AED 168.00</dd>');

    const [state] = await t.db(
      (sql) => sql`SELECT i.status, o.status AS order_status FROM invoices i JOIN sales_orders o USING (sales_order_id)
                   WHERE i.invoice_number = ${invoice}`,
    );
    expect(state).toEqual({ status: 'PAID', order_status: 'COMPLETED' });
    const paid = await printed(invoice);
    expect(paid).toContain('PAID');
    expect(paid).toContain('TRN 100987654300003');
    for (const hidden of ['Due date', 'How to pay', 'Pay online', 'IBAN']) expect(paid).not.toContain(hidden);
  });

  it('leaves out what is not known: a guest customer without address or TRN', async () => {
    const buyer = await guest(t);
    const invoice = await invoiceFor(
      { email: 'payer@example.com', custName: 'Rami Aziz', mobilePhone: '+971500000003' },
      buyer.api,
      buyer.session,
    );
    const text = await printed(invoice);
    expect(text).toContain('Rami Aziz');
    expect(text.match(/TRN/g)).toHaveLength(1); // the agency's only
  });
});
