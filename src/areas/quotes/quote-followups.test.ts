// What follows a quote (beyond the specification): a quote made for a trip request marks it QUOTED in the same
// transaction (a CLOSED request: no quote, no number taken); an ACCEPTED quote becomes an UNPAID invoice of its
// lines with their tax, once: as the customer accepts it, or by invoiceQuote for one accepted without.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredCustomer, type TestTenant, type TestUser, tenant, user } from '../../../test/support/factories.js';
import { readPdf } from '../../../test/support/pdf.js';
import { startTestService } from '../../../test/support/service.js';
import { type MailInbox, startMailInbox, tokenFromMail } from '../../../test/support/smtp.js';
import type { Service } from '../../service.js';
import { invoiceRate } from './quote-followups.js';
import type { Quote, QuoteSummary } from './quotes.schemas.js';

let inbox: MailInbox;
let service: Service;
let t: TestTenant;
let agent: TestUser;
let customer: { contactId: number; userEmail: string };

const tripRequest = async () =>
  (
    await t.api.ok<{ requestId: number }>('/customer/createTripRequest', {
      tripRequest: { destination: 'Petra', contactName: 'Omar', contactEmail: 'omar@example.com' },
    })
  ).requestId;
const tripStatus = async (requestId: number) =>
  (await agent.api.ok<{ status: string }>('/customer/readTripRequest', { requestId })).status;

/** A quote the customer accepted through the e-mail's link. */
async function acceptedQuote(items: object[]): Promise<Quote> {
  const draft = await agent.api.ok<Quote>('/document/createQuote', { customerId: customer.contactId, items });
  await agent.api.ok('/document/sendQuote', { quoteId: draft.quoteId });
  const token = tokenFromMail(await inbox.waitFor(customer.userEmail, new RegExp(draft.quoteNumber)));
  const answered = await t.api.inject({
    method: 'POST',
    url: '/document/quoteResponse',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, decision: 'accept' }).toString(),
  });
  expect(answered.statusCode).toBe(200);
  return agent.api.ok<Quote>('/document/getQuote', { quoteId: draft.quoteId });
}

beforeAll(async () => {
  inbox = await startMailInbox();
  service = await startTestService({ env: { TC_SMTP_URL: inbox.url } });
  t = await tenant(service);
  agent = await user(t, 'agent');
  customer = await registeredCustomer(t);
  // users are made with real password hashes: slow on a loaded machine
}, 180_000);

afterAll(async () => {
  await service?.close();
  await inbox?.stop();
});

describe('createQuoteFromTripRequest', () => {
  it('makes a DRAFT naming the request and marks the request QUOTED', async () => {
    const requestId = await tripRequest();
    const quote = await agent.api.ok<Quote>('/document/createQuoteFromTripRequest', {
      requestId,
      customerId: customer.contactId,
      items: [{ description: 'Petra by night', quantity: 2, unitPrice: 95 }],
    });
    expect(quote).toMatchObject({ status: 'DRAFT', tripRequestId: requestId, totalAmount: 190, itemCount: 1 });
    expect(await tripStatus(requestId)).toBe('QUOTED');
    // a second quote for the same trip: the request stays QUOTED
    const second = await agent.api.ok<Quote>('/document/createQuoteFromTripRequest', {
      requestId,
      customerId: customer.contactId,
    });
    expect(second.tripRequestId).toBe(requestId);
    expect(await tripStatus(requestId)).toBe('QUOTED');
  });

  it('refuses a CLOSED request without making a quote or taking a number', async () => {
    const requestId = await tripRequest();
    await agent.api.ok('/customer/updateTripRequestStatus', { requestId, status: 'CLOSED' });
    const before = await agent.api.ok<QuoteSummary[]>('/document/searchQuotes', { searchType: 'USER' });
    await agent.api.expectError(
      '/document/createQuoteFromTripRequest',
      { requestId, customerId: customer.contactId },
      'INVALID_STATE',
    );
    const after = await agent.api.ok<QuoteSummary[]>('/document/searchQuotes', { searchType: 'USER' });
    expect(after).toEqual(before);
    const next = await agent.api.ok<Quote>('/document/createQuote', { customerId: customer.contactId });
    const last = Number(before[0]?.quoteNumber.slice(-6));
    expect(Number(next.quoteNumber.slice(-6))).toBe(last + 1);
  });

  it('refuses unknown records and missing parameters', async () => {
    const requestId = await tripRequest();
    const cases: Array<[object, string, string]> = [
      [{ customerId: customer.contactId }, 'MISSING_PARAMETER', 'requestId'],
      [{ requestId }, 'MISSING_PARAMETER', 'customerId'],
      [{ requestId: 999_999, customerId: customer.contactId }, 'NOTFOUND', 'Trip request'],
      [{ requestId, customerId: 999_999 }, 'NOTFOUND', 'Customer'],
      [{ requestId, customerId: customer.contactId, currencyId: 1 }, 'INVALID_FORMAT', 'currencyId'],
    ];
    for (const [body, code, naming] of cases) {
      await agent.api.expectError('/document/createQuoteFromTripRequest', body, code, naming);
    }
    expect(await tripStatus(requestId)).toBe('NEW');
    const customerUser = await user(t, 'customer');
    await customerUser.api.expectError(
      '/document/createQuoteFromTripRequest',
      { requestId, customerId: customer.contactId },
      'FORBIDDEN',
    );
  });
});

describe('invoiceQuote', () => {
  it('an accepted quote is invoiced as the customer accepts it, with its lines and their tax, once', async () => {
    await t.adminApi.ok('/settings/write', { vatRatePercent: 5 });
    const quote = await acceptedQuote([
      { description: 'Dune dinner', quantity: 3, unitPrice: 0.1 },
      { description: 'Hotel night', quantity: 2, unitPrice: 400 },
    ]);
    await t.adminApi.ok('/settings/write', { vatRatePercent: 0 });
    expect(quote).toMatchObject({ status: 'ACCEPTED', netAmount: 800.3, taxAmount: 40.02 });
    expect(quote.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    const printed = await t.api.inject({
      method: 'POST',
      url: '/document/printInvoice',
      payload: { session: agent.session, docnum: quote.invoiceNumber },
    });
    expect(printed.headers['content-type']).toBe('application/pdf');
    const { text } = await readPdf(printed.rawPayload);
    expect(text).toContain(quote.quoteNumber);
    expect(text).toContain('Hotel night');
    expect(text).toContain('AED 840.32');

    await agent.api.expectError(
      '/document/invoiceQuote',
      { quoteId: quote.quoteId },
      'INVALID_STATE',
      'invoiced already',
    );
  });

  it('invoiceQuote invoices a quote accepted without an invoice (before acceptance invoiced), once', async () => {
    const draft = await agent.api.ok<Quote>('/document/createQuote', {
      customerId: customer.contactId,
      items: [{ description: 'Old acceptance', quantity: 1, unitPrice: 250 }],
    });
    await agent.api.ok('/document/sendQuote', { quoteId: draft.quoteId });
    await t.db((sql) => sql`UPDATE quotes SET status = 'ACCEPTED' WHERE quote_id = ${draft.quoteId}`);
    const invoiced = await agent.api.ok<Quote>('/document/invoiceQuote', { quoteId: draft.quoteId });
    expect(invoiced).toMatchObject({ status: 'ACCEPTED', invoiceNumber: expect.stringMatching(/^INV-/) });
    await agent.api.expectError('/document/invoiceQuote', { quoteId: draft.quoteId }, 'INVALID_STATE', 'invoiced');
  });

  it('refuses a quote that is not ACCEPTED, and unknown quotes', async () => {
    const draft = await agent.api.ok<Quote>('/document/createQuote', {
      customerId: customer.contactId,
      items: [{ description: 'x', quantity: 1, unitPrice: 1 }],
    });
    await agent.api.expectError('/document/invoiceQuote', { quoteId: draft.quoteId }, 'INVALID_STATE', 'DRAFT');
    await agent.api.expectError('/document/invoiceQuote', { quoteId: 999_999 }, 'NOTFOUND', 'Quote');
    await agent.api.expectError('/document/invoiceQuote', {}, 'MISSING_PARAMETER', 'quoteId');
  });

  it("names the quote's one rate, the highest of several, or 0", () => {
    const line = (rate: string, tax: string) => ({ tax_rate_percent: rate, tax_amount: tax });
    expect(invoiceRate([line('5.00', '1.00'), line('5.00', '2.00')])).toBe('5');
    expect(invoiceRate([line('5.00', '1.00'), line('0.00', '0.000'), line('10.00', '3.00')])).toBe('10');
    expect(invoiceRate([line('5.25', '0.000')])).toBe('0');
    expect(invoiceRate([line('5.25', '0.53')])).toBe('5.25');
  });
});
