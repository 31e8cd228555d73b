// Visa invoices: a visa fee and a service fee per applicant from the requirements (exact sums), one open invoice per
// application, a payment link through the payment simulator settled by the payer's return (once) or by the sweep,
// and SUBMITTED allowed only once the invoice is paid; re-pricing, cancelling and every refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseOnSimulator,
  type PayerChoice,
  UNREACHABLE_GATEWAY_ENV,
} from '../../../../test/support/payment-simulator.js';
import { type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { runJobOnce, startTestService } from '../../../../test/support/service.js';
import { type MailInbox, startMailInbox } from '../../../../test/support/smtp.js';
import { newApplicant, newApplication, newRequirement } from '../../../../test/support/visas.js';
import type { Invoice, InvoiceSummary, PaymentLinkAnswer, Application } from '../model/index.js';

let t: TestTenant;
let agent: TestUser;
let inbox: MailInbox;
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);

beforeAll(async () => {
  inbox = await startMailInbox();
  t = await tenant(await startTestService({ clock: now, env: { TC_SMTP_URL: inbox.url } }));
  agent = await user(t, 'agent');
  // TH: every nationality; TH for Indians: their own fees. Amounts chosen so a float sum would drift.
  await newRequirement(agent, { destinationCountry: 'TH', visaFee: 100.1, serviceFee: 30.2 });
  await newRequirement(agent, { destinationCountry: 'TH', nationality: 'IN', visaFee: 0.1, serviceFee: 0.2 });
});
afterAll(async () => {
  await t?.service.close();
  await inbox?.stop();
});

/** An application to Thailand with an Emirati and an Indian applicant. */
async function thaiApplication(): Promise<Application> {
  const application = await newApplication(agent, { destinationCountry: 'TH' });
  await newApplicant(agent, application.applicationId, { firstName: 'Sara', lastName: 'Ali', nationality: 'AE' });
  await newApplicant(agent, application.applicationId, { firstName: 'Ravi', lastName: 'Iyer', nationality: 'IN' });
  return application;
}

const invoiceOf = (applicationId: number, extra: object = {}) =>
  agent.api.ok<Invoice>('/visa/writeinvoice', { applicationId, ...extra });
const readInvoice = (invoiceId: number) => agent.api.ok<Invoice>('/visa/readinvoice', { invoiceId });
const linkOf = (invoiceId: number) => agent.api.ok<PaymentLinkAnswer>('/visa/createinvoicepaymentlink', { invoiceId });
const moveTo = (application: Application, status: string) =>
  agent.api.call<Application>('/visa/writeapplication', {
    applicationId: application.applicationId,
    customerId: application.customerId,
    destinationCountry: application.destinationCountry,
    visaType: application.visaType,
    status,
  });

async function returnFromGateway(paymentUrl: string, choice: PayerChoice): Promise<string> {
  const back = await chooseOnSimulator(t.service.app, paymentUrl, choice);
  expect(back).toMatch(/^\/payment\/visa\/return\?ref=VI-/);
  const page = await t.api.inject({ method: 'GET', url: back });
  expect(page.statusCode).toBe(200);
  expect(page.headers['referrer-policy']).toBe('no-referrer');
  return page.body;
}

describe('/visa/writeinvoice and readinvoice', () => {
  it('prices each applicant by its requirement, exactly, and keeps one open invoice per application', async () => {
    const application = await thaiApplication();
    const invoice = await invoiceOf(application.applicationId, { notes: 'Two travellers' });
    expect(invoice).toEqual({
      invoiceId: expect.any(Number),
      invoiceNumber: expect.stringMatching(/^VI-\d{4}-\d{5}$/),
      applicationId: application.applicationId,
      applicationNumber: application.applicationNumber,
      customerId: application.customerId,
      customerName: application.customerName,
      status: 'UNPAID',
      currency: t.record.currency.toUpperCase(),
      totalAmount: 130.6,
      paymentLinkActive: false,
      paymentUrl: null,
      paidAt: null,
      notes: 'Two travellers',
      createDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updateDate: invoice.createDate,
      lines: [
        {
          lineNo: 1,
          applicantId: expect.any(Number),
          feeKind: 'VISA_FEE',
          description: 'Visa fee: Sara Ali',
          amount: 100.1,
        },
        {
          lineNo: 2,
          applicantId: expect.any(Number),
          feeKind: 'SERVICE_FEE',
          description: 'Service fee: Sara Ali',
          amount: 30.2,
        },
        {
          lineNo: 3,
          applicantId: expect.any(Number),
          feeKind: 'VISA_FEE',
          description: 'Visa fee: Ravi Iyer',
          amount: 0.1,
        },
        {
          lineNo: 4,
          applicantId: expect.any(Number),
          feeKind: 'SERVICE_FEE',
          description: 'Service fee: Ravi Iyer',
          amount: 0.2,
        },
      ],
    });
    const stored = await t.db(
      (sql) => sql`SELECT total_amount::text AS total FROM visa_invoices WHERE invoice_id = ${invoice.invoiceId}`,
    );
    expect(stored[0]?.total).toBe('130.600');
    expect(await readInvoice(invoice.invoiceId)).toEqual(invoice);
    await agent.api.expectError(
      '/visa/writeinvoice',
      { applicationId: application.applicationId },
      'INVALID_STATE',
      'already',
    );
    const read = await agent.api.ok<Application>('/visa/readapplication', { applicationId: application.applicationId });
    expect(read.invoice).toEqual({
      invoiceId: invoice.invoiceId,
      invoiceNumber: invoice.invoiceNumber,
      status: 'UNPAID',
      totalAmount: 130.6,
      currency: invoice.currency,
    });
  });

  it('re-prices an UNPAID invoice with the applicants as they are, takes a service fee, and cancels it', async () => {
    const application = await thaiApplication();
    const invoice = await invoiceOf(application.applicationId);
    await newApplicant(agent, application.applicationId, { nationality: 'IN' });
    const repriced = await invoiceOf(application.applicationId, { invoiceId: invoice.invoiceId, serviceFee: 10 });
    // 100.10 + 10 + 0.10 + 10 + 0.10 + 10
    expect(repriced).toMatchObject({ invoiceNumber: invoice.invoiceNumber, totalAmount: 130.3, status: 'UNPAID' });
    expect(repriced.lines).toHaveLength(6);
    const cancelled = await invoiceOf(application.applicationId, { invoiceId: invoice.invoiceId, status: 'CANCELLED' });
    expect(cancelled.status).toBe('CANCELLED');
    await agent.api.expectError(
      '/visa/writeinvoice',
      { invoiceId: invoice.invoiceId, applicationId: application.applicationId },
      'INVALID_STATE',
      'is CANCELLED',
    );
    const again = await invoiceOf(application.applicationId);
    expect(again.invoiceId).not.toBe(invoice.invoiceId);
    const listed = await agent.api.ok<InvoiceSummary[]>('/visa/searchinvoice', {
      applicationId: application.applicationId,
    });
    expect(listed.map((row) => [row.invoiceId, row.status])).toEqual([
      [again.invoiceId, 'UNPAID'],
      [invoice.invoiceId, 'CANCELLED'],
    ]);
    const cancelledOnly = await agent.api.ok<InvoiceSummary[]>('/visa/searchinvoice', {
      customerId: application.customerId,
      status: 'CANCELLED',
    });
    expect(cancelledOnly.map((row) => row.invoiceId)).toEqual([invoice.invoiceId]);
  });

  it('refuses an application without applicants or requirements, a closed one, and unknown records', async () => {
    const empty = await newApplication(agent, { destinationCountry: 'TH' });
    await agent.api.expectError(
      '/visa/writeinvoice',
      { applicationId: empty.applicationId },
      'INVALID_STATE',
      'no applicants',
    );
    const unpriced = await newApplication(agent, { destinationCountry: 'NZ' });
    await newApplicant(agent, unpriced.applicationId);
    await agent.api.expectError(
      '/visa/writeinvoice',
      { applicationId: unpriced.applicationId },
      'INVALID_STATE',
      'no requirement for NZ',
    );
    const closed = await thaiApplication();
    await moveTo(closed, 'CANCELLED');
    await agent.api.expectError(
      '/visa/writeinvoice',
      { applicationId: closed.applicationId },
      'INVALID_STATE',
      'is CANCELLED',
    );
    await agent.api.expectError('/visa/writeinvoice', {}, 'MISSING_PARAMETER', 'applicationId');
    await agent.api.expectError(
      '/visa/writeinvoice',
      { applicationId: 1, serviceFee: -1 },
      'INVALID_FORMAT',
      'serviceFee',
    );
    await agent.api.expectError('/visa/writeinvoice', { applicationId: 1, status: 'PAID' }, 'INVALID_FORMAT', 'status');
    await agent.api.expectError('/visa/writeinvoice', { applicationId: 2_000_000 }, 'NOTFOUND', 'Visa application');
    await agent.api.expectError(
      '/visa/writeinvoice',
      { applicationId: empty.applicationId, invoiceId: 2_000_000 },
      'NOTFOUND',
      'Visa invoice',
    );
    await agent.api.expectError('/visa/readinvoice', { invoiceId: 2_000_000 }, 'NOTFOUND', 'Visa invoice');
    await agent.api.expectError('/visa/searchinvoice', { status: 'OPEN' }, 'INVALID_FORMAT', 'status');
  });
});

describe('/visa/createinvoicepaymentlink and the return page', () => {
  it('submits an application only once its invoice is paid through its link; the return settles it once', async () => {
    const application = await thaiApplication();
    await moveTo(application, 'IN_PROGRESS');
    const invoice = await invoiceOf(application.applicationId);
    const refused = await moveTo(application, 'SUBMITTED');
    expect(refused.apiStatus.errorCode).toBe('INVALID_STATE');
    expect(refused.apiStatus.errorMessage).toContain(`invoice ${invoice.invoiceNumber} is UNPAID`);

    const declined = await linkOf(invoice.invoiceId);
    expect(declined).toEqual({
      invoiceId: invoice.invoiceId,
      paymentUrl: expect.stringContaining('/payment/simulator/'),
      amount: 130.6,
      currency: invoice.currency,
      expiresAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
    });
    expect(await readInvoice(invoice.invoiceId)).toMatchObject({
      paymentLinkActive: true,
      paymentUrl: declined.paymentUrl,
    });
    await agent.api.expectError(
      '/visa/createinvoicepaymentlink',
      { invoiceId: invoice.invoiceId },
      'INVALID_STATE',
      'active payment link',
    );
    await agent.api.expectError(
      '/visa/writeinvoice',
      { invoiceId: invoice.invoiceId, applicationId: application.applicationId, status: 'CANCELLED' },
      'INVALID_STATE',
      'active payment link',
    );
    expect(await returnFromGateway(declined.paymentUrl, 'decline')).toContain('Payment declined');
    expect(await readInvoice(invoice.invoiceId)).toMatchObject({ status: 'UNPAID', paymentLinkActive: false });

    const link = await linkOf(invoice.invoiceId);
    const back = await chooseOnSimulator(t.service.app, link.paymentUrl, 'pay');
    const forged = await t.api.inject({ method: 'GET', url: back.replace(/([?&]t=)[^&]+/, '$1forged') });
    expect(forged.body).not.toContain('received');
    expect((await readInvoice(invoice.invoiceId)).status).toBe('UNPAID');
    const page = await t.api.inject({ method: 'GET', url: back });
    expect(page.body).toContain(`<dt>Amount paid</dt><dd>${invoice.currency} 130.60</dd>`);
    expect(page.body).toContain(`<dt>Invoice</dt><dd>${invoice.invoiceNumber}</dd>`);
    await t.api.inject({ method: 'GET', url: back });
    const paid = await readInvoice(invoice.invoiceId);
    expect(paid).toMatchObject({ status: 'PAID', paymentLinkActive: false, paymentUrl: null });
    expect(paid.paidAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const links = await t.db(
      (sql) => sql`SELECT status FROM visa_invoice_links WHERE invoice_id = ${invoice.invoiceId} ORDER BY link_id`,
    );
    expect(links.map((row) => row.status)).toEqual(['DECLINED', 'PAID']);

    await agent.api.expectError(
      '/visa/createinvoicepaymentlink',
      { invoiceId: invoice.invoiceId },
      'INVALID_STATE',
      'is PAID',
    );
    await agent.api.expectError(
      '/visa/writeinvoice',
      { invoiceId: invoice.invoiceId, applicationId: application.applicationId, status: 'CANCELLED' },
      'INVALID_STATE',
      'is PAID',
    );
    const submitted = await moveTo(application, 'SUBMITTED');
    expect(submitted.apiData?.status).toBe('SUBMITTED');
  });

  it('settles a link whose payer never came back by the sweep', async () => {
    const application = await thaiApplication();
    const invoice = await invoiceOf(application.applicationId);
    const link = await linkOf(invoice.invoiceId);
    await chooseOnSimulator(t.service.app, link.paymentUrl, 'pay');
    await runJobOnce(t.service, 'visa invoice payment links');
    // a link younger than a minute is left to its payer
    expect((await readInvoice(invoice.invoiceId)).status).toBe('UNPAID');
    clockOffsetMs += 2 * 60_000;
    await runJobOnce(t.service, 'visa invoice payment links');
    expect((await readInvoice(invoice.invoiceId)).status).toBe('PAID');
  });

  it('makes one link of two asked for at once, and records a payment returned twice at once once', async () => {
    const application = await thaiApplication();
    const invoice = await invoiceOf(application.applicationId);
    const asked = await Promise.all([
      agent.api.call<PaymentLinkAnswer>('/visa/createinvoicepaymentlink', { invoiceId: invoice.invoiceId }),
      agent.api.call<PaymentLinkAnswer>('/visa/createinvoicepaymentlink', { invoiceId: invoice.invoiceId }),
    ]);
    expect(asked.map((answer) => answer.apiStatus.errorCode).sort()).toEqual(['INVALID_STATE', 'OK']);
    const made = asked.find((answer) => answer.apiData !== null)?.apiData;
    if (!made) throw new Error('no link was made');
    const back = await chooseOnSimulator(t.service.app, made.paymentUrl, 'pay');
    const pages = await Promise.all([0, 1, 2].map(() => t.api.inject({ method: 'GET', url: back })));
    expect(pages.every((page) => page.body.includes(`<dd>${invoice.currency} 130.60</dd>`))).toBe(true);
    const paid = await t.db(
      (sql) => sql`SELECT status, paid_at FROM visa_invoices WHERE invoice_id = ${invoice.invoiceId}`,
    );
    expect(paid[0]?.status).toBe('PAID');
    const links = await t.db(
      (sql) => sql`SELECT status FROM visa_invoice_links WHERE invoice_id = ${invoice.invoiceId}`,
    );
    expect(links.map((row) => row.status)).toEqual(['PAID']);
  });

  it('names only the reference on a page without a known link', async () => {
    const page = await t.api.inject({ method: 'GET', url: '/payment/visa/return?ref=VI-2026-99999-none&t=whatever' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Payment reference VI-2026-99999-none.');
    await agent.api.expectError('/visa/createinvoicepaymentlink', { invoiceId: 2_000_000 }, 'NOTFOUND', 'Visa invoice');
    await agent.api.expectError('/visa/createinvoicepaymentlink', {}, 'MISSING_PARAMETER', 'invoiceId');
  });
});

describe('the payment gateway unreachable', () => {
  it('answers GENERAL and makes no link', async () => {
    const offline = await tenant(await startTestService({ env: UNREACHABLE_GATEWAY_ENV }));
    try {
      const staff = await user(offline, 'agent');
      await newRequirement(staff, { destinationCountry: 'TH' });
      const application = await newApplication(staff, { destinationCountry: 'TH' });
      await newApplicant(staff, application.applicationId);
      const { invoiceId } = await staff.api.ok<Invoice>('/visa/writeinvoice', {
        applicationId: application.applicationId,
      });
      await staff.api.expectError('/visa/createinvoicepaymentlink', { invoiceId }, 'GENERAL', 'payment gateway');
      expect(await staff.api.ok<Invoice>('/visa/readinvoice', { invoiceId })).toMatchObject({
        status: 'UNPAID',
        paymentLinkActive: false,
      });
      expect(await offline.db((sql) => sql`SELECT 1 FROM visa_invoice_links`)).toHaveLength(0);
    } finally {
      await offline.service.close();
    }
  });
});

describe('what the payer of a visa invoice sees (issue 30)', () => {
  it('the payment names the invoice, the visa and its applicants, on the page and in a confirmation e-mail', async () => {
    const application = await thaiApplication();
    const invoice = await invoiceOf(application.applicationId);
    const link = await linkOf(invoice.invoiceId);
    const back = await chooseOnSimulator(t.service.app, link.paymentUrl, 'pay');
    const page = (await t.api.inject({ method: 'GET', url: back })).body;
    expect(page).toContain(`<h2>Visa invoice ${invoice.invoiceNumber}</h2>`);
    expect(page).toContain(`<dt>Application</dt><dd>${application.applicationNumber}</dd>`);
    expect(page).toContain('<dt>Visa</dt><dd>Tourist visa for Thailand, travelling Sat 1 Jun 2030</dd>');
    expect(page).toContain('<dt>Applicants</dt><dd>Sara Ali, Ravi Iyer</dd>');
    expect(page).toContain(`<dt>Amount paid</dt><dd>${invoice.currency} 130.60</dd>`);
    const [customer] = await t.db(
      (sql) => sql<{ email: string }[]>`SELECT email FROM customers WHERE customer_id = ${application.customerId}`,
    );
    const mail = await inbox.waitFor(customer?.email ?? '', /Payment received/);
    expect(mail.subject).toBe(`Payment received: Visa invoice ${invoice.invoiceNumber}`);
    expect(mail.text).toContain(`we received your payment of ${invoice.currency} 130.60 for Visa invoice`);
    expect(mail.text).toContain('Applicants: Sara Ali, Ravi Iyer');
    expect(mail.text).toContain(`Application: ${application.applicationNumber}`);
  });

  it('after a cancel: try again at the retry address, which makes a new link for the invoice', async () => {
    const application = await thaiApplication();
    const invoice = await invoiceOf(application.applicationId);
    const link = await linkOf(invoice.invoiceId);
    const page = await returnFromGateway(link.paymentUrl, 'cancel');
    expect(page).toContain('Payment cancelled');
    expect(page).toContain(`You cancelled the payment for <strong>Visa invoice ${invoice.invoiceNumber}</strong>`);
    const retry = /href="(\/payment\/visa\/retry[^"]+)"/.exec(page)?.[1]?.replaceAll('&amp;', '&') ?? '';
    const again = await t.api.inject({ method: 'GET', url: retry });
    expect(again.statusCode).toBe(303);
    expect(await readInvoice(invoice.invoiceId)).toMatchObject({
      paymentLinkActive: true,
      paymentUrl: again.headers.location,
    });
  });
});
