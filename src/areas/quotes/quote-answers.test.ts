// What the customer and the staff see of a sent quote (issue 30, item 4), through HTTP on a real service with a real
// SMTP inbox: the answer page shows the lines, VAT named with its rate and the totals exactly as the PDF does (read
// back with pdf.js), unit prices, the PDF's link, the terms and a date-only validity; declining asks for confirmation
// and takes an optional reason, which staff read; after answering the link still shows the quote and its status;
// accepting invoices the quote and offers to pay it (paid on the payment simulator); staff are e-mailed once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product, type TestTenant, type TestUser, tenant, user } from '../../../test/support/factories.js';
import { settleOnSimulator } from '../../../test/support/payment-simulator.js';
import { readPdf } from '../../../test/support/pdf.js';
import { startTestService } from '../../../test/support/service.js';
import { type MailInbox, startMailInbox, tokenFromMail } from '../../../test/support/smtp.js';
import { until } from '../../../test/support/wait.js';
import type { Service } from '../../service.js';
import { formatDateText } from '../documents/index.js';
import type { Quote } from './quotes.schemas.js';

let inbox: MailInbox;
let service: Service;
let t: TestTenant;
let agent: TestUser;
let staffAddress: string;

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const TERMS = 'Prices hold until the date of validity.\nCancellation: free until 48 hours before the tour.';

/** A customer record with an e-mail address (the quote goes there), an address and a tax number. */
async function customer(name: string): Promise<{ customerId: number; email: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`;
  const created = await agent.api.ok<{ customerId: number }>('/customer/create', {
    custName: name,
    email,
    mobilePhone: '+971501234567',
    street: 'Building 4, Dubai Media City',
    city: 'Dubai',
    taxNumber: '100987654300003',
  });
  return { customerId: created.customerId, email };
}

/** A quote sent to a new customer, and the token of its e-mail's link. */
async function sentQuote(items: object[], name = 'Gulf Events FZ-LLC') {
  const { customerId, email } = await customer(name);
  const draft = await agent.api.ok<Quote>('/document/createQuote', { customerId, items });
  const sent = await agent.api.ok<Quote>('/document/sendQuote', { quoteId: draft.quoteId });
  const mail = await inbox.waitFor(email, new RegExp(sent.quoteNumber));
  return { quote: sent, mail, token: tokenFromMail(mail) };
}

const page = (token: string) =>
  t.api.inject({ method: 'GET', url: `/document/quoteResponse?token=${encodeURIComponent(token)}` });
const post = (url: string, fields: Record<string, string>) =>
  t.api.inject({ method: 'POST', url, headers: FORM, payload: new URLSearchParams(fields).toString() });
const answer = (token: string, decision: string, more: Record<string, string> = {}) =>
  post('/document/quoteResponse', { token, decision, ...more });
const read = (quoteId: number) => agent.api.ok<Quote>('/document/getQuote', { quoteId });

/** A page's text as a reader sees it: tags gone, entities read. */
function visible(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The rows of the page's table section, each as its cells' text. */
function rows(html: string, section: 'tbody' | 'tfoot'): string[] {
  const body = new RegExp(`<${section}>([\\s\\S]*?)</${section}>`).exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => visible(row[1] ?? ''));
}

const hiddenField = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&');

/** Mails to the agency's notification address about that quote. */
const staffMails = (quoteNumber: string) =>
  inbox.messages.filter((mail) => mail.to.includes(staffAddress) && mail.subject.includes(quoteNumber));

beforeAll(async () => {
  inbox = await startMailInbox();
  service = await startTestService({ env: { TC_SMTP_URL: inbox.url } });
  t = await tenant(service);
  agent = await user(t, 'agent');
  staffAddress = `sales@${t.record.tenantCode}.example`;
  await t.adminApi.ok('/settings/write', {
    notificationEmail: staffAddress,
    vatRatePercent: 5,
    taxRegistrationNumber: '100123456700003',
    legalName: 'Sunrise Tours & Travel L.L.C.',
    address: 'Office 1204, Bay Square 5\nBusiness Bay, Dubai',
    phone: '+971 4 123 4567',
    bankDetails: 'Emirates NBD\nIBAN AE07 0331 2345 6789 0123 456',
    quoteTerms: TERMS,
    invoiceDueDays: 14,
  });
  // users are made with real password hashes: slow on a loaded machine
}, 180_000);

afterAll(async () => {
  await service?.close();
  await inbox?.stop();
});

describe('the quote page before an answer', () => {
  it('shows the lines, VAT named with its rate and the totals exactly as the PDF, with unit prices', async () => {
    const exempt = await product(t, { prodName: 'Museum of the Future pass', taxExempt: true });
    const { quote, token } = await sentQuote([
      { description: 'Desert safari <b>premium</b>', quantity: 2, unitPrice: 350 },
      { description: 'Bottled water', quantity: 3, unitPrice: 0.1 },
      { quantity: 1, unitPrice: 149, productId: exempt.productId },
    ]);
    const shown = await page(token);
    expect(shown.statusCode).toBe(200);
    const html = shown.body;
    const lines = rows(html, 'tbody');
    const totals = rows(html, 'tfoot');
    // net lines: quantity, unit price, the line's VAT rate, the line without tax
    expect(lines).toEqual([
      'Desert safari <b>premium</b> 2 AED 350.00 5% AED 700.00',
      'Bottled water 3 AED 0.10 5% AED 0.30',
      'Museum of the Future pass 1 AED 149.00 0% AED 149.00',
    ]);
    expect(totals).toEqual(['Net amount AED 849.30', 'VAT 5% AED 35.02', 'Total AED 884.32']);
    expect(quote).toMatchObject({ netAmount: 849.3, taxAmount: 35.02, totalAmount: 884.32 });
    expect(html).not.toContain('<b>premium');
    // in the agency's colours, its contact the phone its documents print (issue 30, item 7)
    expect(html).toContain('--brand:#0b4f8a;');
    expect(html).toContain('<a href="tel:+97141234567"><bdi>+971 4 123 4567</bdi></a>');

    const pdfUrl = /href="(\/document\/quotePdf\?token=[^"]+)"/.exec(html)?.[1];
    expect(pdfUrl).toBeDefined();
    const pdf = await t.api.inject({ method: 'GET', url: (pdfUrl ?? '').replace(/&amp;/g, '&') });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await readPdf(pdf.rawPayload);
    // the same figures, row by row, in the PDF
    for (const row of [...lines, ...totals]) expect(text, row).toContain(row);
    expect(text).toContain('DESCRIPTION QTY UNIT PRICE VAT AMOUNT');
    // both parties as the tax invoice names them: the agency's settings, the customer's record
    for (const party of [
      'Sunrise Tours & Travel L.L.C.',
      'Business Bay, Dubai',
      'Tel. +971 4 123 4567',
      'TRN 100123456700003',
      'Gulf Events FZ-LLC',
      'Building 4, Dubai Media City',
      'TRN 100987654300003',
    ]) {
      expect(text, party).toContain(party);
    }
  });

  it('shows the terms and a validity without time, as the PDF and the e-mail do', async () => {
    const { quote, token, mail } = await sentQuote([{ description: 'Dhow cruise', quantity: 1, unitPrice: 120 }]);
    // valid through the whole of its last day
    expect(quote.validUntil).toMatch(/T23:59:59$/);
    const date = formatDateText(quote.validUntil.slice(0, 10));
    const html = (await page(token)).body;
    const text = visible(html);
    expect(text).toContain(`valid until ${date}.`);
    expect(text).toContain(`you may accept it until ${date}.`);
    expect(text).toContain('Terms and conditions');
    expect(text).toContain('Cancellation: free until 48 hours before the tour.');
    expect(text).not.toMatch(new RegExp(`${date} \\d{2}:\\d{2}`));
    expect(mail.text).toContain(`valid until ${date}.`);
    expect(mail.text).not.toMatch(new RegExp(`${date} \\d{2}:\\d{2}`));
    expect((await read(quote.quoteId)).terms).toBe(TERMS);
    const pdf = await agent.api.inject({
      method: 'POST',
      url: '/document/printQuote',
      payload: { session: agent.session, docnum: quote.quoteNumber },
    });
    const printed = (await readPdf(pdf.rawPayload)).text;
    expect(printed).toContain(`Valid until ${date}`);
    expect(printed).toContain(`This quote is valid until ${date}.`);
    expect(printed).toContain('Cancellation: free until 48 hours before the tour.');
    expect(printed).not.toMatch(new RegExp(`${date} \\d{2}:\\d{2}`));
  });
});

describe('declining', () => {
  it('asks for confirmation first, then keeps the optional reason, which staff read and are e-mailed', async () => {
    const { quote, token } = await sentQuote([{ description: 'Hatta day trip', quantity: 4, unitPrice: 275 }]);
    const before = (await page(token)).body;
    // the page's decline form says what it does and carries the confirmation and a reason
    expect(before).toContain('Do you want to decline quote');
    expect(before).toMatch(/<details>[\s\S]*name="confirmed" value="yes"[\s\S]*name="reason"/);

    // a decline without the confirmation only asks
    const asked = await answer(token, 'reject', { reason: 'too soon' });
    expect(visible(asked.body)).toContain(`Do you want to decline quote ${quote.quoteNumber} (AED 1,155.00)?`);
    expect(asked.body).toContain('name="confirmed" value="yes"');
    expect((await read(quote.quoteId)).status).toBe('SENT');

    const declined = await answer(token, 'reject', { confirmed: 'yes', reason: 'Found a <i>cheaper</i> offer' });
    const text = visible(declined.body);
    expect(text).toContain(`You declined quote ${quote.quoteNumber}.`);
    expect(text).toMatch(/Declined on \d{1,2} \w{3} \d{4} \d{2}:\d{2}/);
    expect(declined.body).toContain('Your reason: <bdi>Found a &lt;i&gt;cheaper&lt;/i&gt; offer</bdi>');
    expect(declined.body).not.toContain('name="decision"');

    const staff = await read(quote.quoteId);
    expect(staff).toMatchObject({ status: 'REJECTED', declineReason: 'Found a <i>cheaper</i> offer' });
    expect(staff.respondedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);

    const mail = await inbox.waitFor(staffAddress, new RegExp(`Quote ${quote.quoteNumber} declined`));
    expect(mail.subject).toBe(`Quote ${quote.quoteNumber} declined by Gulf Events FZ-LLC`);
    expect(mail.text).toContain('Reason given: Found a <i>cheaper</i> offer');
    expect(mail.html).not.toContain('<i>cheaper');
  });

  it('without a reason, says so to staff', async () => {
    const { quote, token } = await sentQuote([{ description: 'City tour', quantity: 1, unitPrice: 90 }]);
    await answer(token, 'reject', { confirmed: 'yes', reason: '   ' });
    expect((await read(quote.quoteId)).declineReason).toBeNull();
    const mail = await inbox.waitFor(staffAddress, new RegExp(`Quote ${quote.quoteNumber} declined`));
    expect(mail.text).toContain('No reason was given.');
  });
});

describe('after answering', () => {
  it('the link still shows the quote, its status and when; a second answer changes nothing and mails no one', async () => {
    const { quote, token } = await sentQuote([{ description: 'Abu Dhabi tour', quantity: 2, unitPrice: 300 }]);
    await answer(token, 'reject', { confirmed: 'yes' });
    await inbox.waitFor(staffAddress, new RegExp(`Quote ${quote.quoteNumber} declined`));
    const respondedAt = (await read(quote.quoteId)).respondedAt ?? '';
    const when = `${formatDateText(respondedAt.slice(0, 10))} ${respondedAt.slice(11, 16)}`;

    const again = await answer(token, 'accept');
    expect(visible(again.body)).toContain(`Quote ${quote.quoteNumber} was already declined. Nothing was changed.`);
    expect((await read(quote.quoteId)).status).toBe('REJECTED');

    const reopened = visible((await page(token)).body);
    expect(reopened).toContain(`Declined on ${when}`);
    expect(reopened).toContain('Abu Dhabi tour 2 AED 300.00 5% AED 600.00');
    expect(reopened).toContain('Total AED 630.00');
    expect(reopened).not.toContain('Accept the quote');
    // the PDF still comes from the link, now DECLINED (REJECTED) with the day of the answer
    const pdf = await t.api.inject({ method: 'GET', url: `/document/quotePdf?token=${encodeURIComponent(token)}` });
    const printed = (await readPdf(pdf.rawPayload)).text;
    expect(printed).toContain('REJECTED');
    expect(printed).toContain(`Answered ${formatDateText(respondedAt.slice(0, 10))}`);
    // one mail for the one answer, however often the form is sent
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(staffMails(quote.quoteNumber)).toHaveLength(1);
  });

  it('an unknown token gets a page, for the PDF as for the page', async () => {
    const unknown = await t.api.inject({ method: 'GET', url: '/document/quotePdf?token=no-such-token' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('This link is not valid');
  });
});

describe('accepting', () => {
  it('invoices the quote, offers to pay it, and the payment on the gateway pays the invoice', async () => {
    const { quote, token } = await sentQuote([{ description: 'Yacht charter, 3 hours', quantity: 1, unitPrice: 1500 }]);
    const accepted = await answer(token, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.headers['content-security-policy']).toContain("form-action 'self' https:");
    const invoiceNumber = (await read(quote.quoteId)).invoiceNumber ?? '';
    expect(invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    const text = visible(accepted.body);
    expect(text).toContain(`Thank you: you accepted quote ${quote.quoteNumber}. Invoice ${invoiceNumber} is issued`);
    expect(text).toMatch(/Accepted on \d{1,2} \w{3} \d{4} \d{2}:\d{2}/);
    expect(text).toMatch(new RegExp(`Invoice ${invoiceNumber}: AED 1,575.00 due by \\d{1,2} \\w{3} \\d{4}\\.`));
    expect(text).toContain('Pay AED 1,575.00 now');

    const mail = await inbox.waitFor(staffAddress, new RegExp(`Quote ${quote.quoteNumber} accepted`));
    expect(mail.text).toContain(`Invoice ${invoiceNumber} was issued for it`);

    // the pay button: to the gateway's page, the same link while it can be paid
    const fields = {
      invoice: hiddenField(accepted.body, 'invoice') ?? '',
      key: hiddenField(accepted.body, 'key') ?? '',
    };
    expect(fields.invoice).toBe(invoiceNumber);
    const pressed = await post('/document/invoicePayment', fields);
    expect(pressed.statusCode).toBe(303);
    const paymentUrl = String(pressed.headers.location);
    expect((await post('/document/invoicePayment', fields)).headers.location).toBe(paymentUrl);

    const back = await settleOnSimulator(t, paymentUrl, 'pay');
    expect(back.statusCode).toBe(200);
    // what was paid for (the invoice owner's summary), as the payer's confirmation e-mail says it
    expect(visible(back.body)).toContain(`Invoice ${invoiceNumber}`);
    expect(visible(back.body)).toContain('Amount paid AED 1,575.00');
    await t.adminApi.expectError('/document/registerPayment', { invoice: invoiceNumber }, 'INVALID_STATE', 'paid');
    const printed = await t.adminApi.inject({
      method: 'POST',
      url: '/document/printInvoice',
      payload: { session: t.admin, docnum: invoiceNumber },
    });
    const invoiceText = (await readPdf(printed.rawPayload)).text;
    expect(invoiceText).toContain('PAID');
    expect(invoiceText).toContain('CARD');
    expect(visible((await page(token)).body)).toContain(`Invoice ${invoiceNumber} is paid. Thank you.`);
    // paid: the button no longer sends anyone to the gateway
    expect(visible((await post('/document/invoicePayment', fields)).body)).toContain('This invoice is paid already.');
  });

  it("the invoice's payment page shows what is due and the bank details; a wrong key shows nothing", async () => {
    const { quote, token } = await sentQuote([{ description: 'Airport transfer', quantity: 2, unitPrice: 180 }]);
    const accepted = await answer(token, 'accept');
    const invoiceNumber = (await read(quote.quoteId)).invoiceNumber ?? '';
    const pagePath = /href="(\/document\/invoicePayment\?[^"]+)"/.exec(accepted.body)?.[1]?.replace(/&amp;/g, '&');
    const shown = await t.api.inject({ method: 'GET', url: pagePath ?? '' });
    const text = visible(shown.body);
    expect(text).toContain(`Invoice ${invoiceNumber}`);
    expect(text).toContain('Amount due AED 378.00');
    expect(text).toContain('IBAN AE07 0331 2345 6789 0123 456');
    expect(text).toContain(`Please quote ${invoiceNumber} as the reference.`);
    const wrong = await t.api.inject({
      method: 'GET',
      url: `/document/invoicePayment?invoice=${invoiceNumber}&key=0123456789abcdef0123456789abcdef`,
    });
    expect(wrong.body).toContain('This link is not valid');
    expect(wrong.body).not.toContain('AED');
    expect((await post('/document/invoicePayment', { invoice: invoiceNumber, key: 'wrong' })).statusCode).toBe(200);
  });

  it('staff are e-mailed once however often the answer is sent', async () => {
    const { quote, token } = await sentQuote([{ description: 'Balloon flight', quantity: 1, unitPrice: 995 }]);
    await Promise.all([
      answer(token, 'accept'),
      answer(token, 'accept'),
      answer(token, 'reject', { confirmed: 'yes' }),
    ]);
    await inbox.waitFor(staffAddress, new RegExp(`Quote ${quote.quoteNumber} (accepted|declined)`));
    await until(async () => (await read(quote.quoteId)).status !== 'SENT', 5_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(staffMails(quote.quoteNumber)).toHaveLength(1);
  });
});
