// Sending a quote and the customer's answer (beyond the specification): /document/sendQuote e-mails the PDF and a
// token link through the outbox to a real SMTP server; the link's page shows the quote (escaped) with two buttons;
// the form's answer moves SENT → ACCEPTED | REJECTED once; used, expired and unknown links get clear pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredCustomer, type TestTenant, type TestUser, tenant, user } from '../../../test/support/factories.js';
import { readPdf } from '../../../test/support/pdf.js';
import { startTestService } from '../../../test/support/service.js';
import { type MailInbox, startMailInbox, tokenFromMail } from '../../../test/support/smtp.js';
import type { Service } from '../../service.js';
import type { Quote } from './quotes.schemas.js';

let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

let inbox: MailInbox;
let service: Service;
let t: TestTenant;
let agent: TestUser;
let customer: { contactId: number; userEmail: string };

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function sentQuote(lines = [{ description: 'Desert <b>safari</b>', quantity: 2, unitPrice: 150.5 }]) {
  const draft = await agent.api.ok<Quote>('/document/createQuote', { customerId: customer.contactId, items: lines });
  const sent = await agent.api.ok<Quote>('/document/sendQuote', { quoteId: draft.quoteId });
  const mail = await inbox.waitFor(customer.userEmail, new RegExp(sent.quoteNumber));
  return { quote: sent, mail, token: tokenFromMail(mail) };
}

const page = (token: string) =>
  t.api.inject({ method: 'GET', url: `/document/quoteResponse?token=${encodeURIComponent(token)}` });
const answer = (token: string, decision: string, more: Record<string, string> = {}) =>
  t.api.inject({
    method: 'POST',
    url: '/document/quoteResponse',
    headers: FORM,
    payload: new URLSearchParams({ token, decision, ...more }).toString(),
  });
/** A decline the customer confirmed (the page asks first). */
const decline = (token: string) => answer(token, 'reject', { confirmed: 'yes' });
const status = async (quoteId: number) => (await agent.api.ok<Quote>('/document/getQuote', { quoteId })).status;

beforeAll(async () => {
  inbox = await startMailInbox();
  service = await startTestService({ clock, env: { TC_SMTP_URL: inbox.url } });
  t = await tenant(service);
  agent = await user(t, 'agent');
  customer = await registeredCustomer(t, { userName: 'Layla <script>alert(1)</script> Haddad' });
  // users are made with real password hashes: slow on a loaded machine
}, 180_000);

afterAll(async () => {
  await service?.close();
  await inbox?.stop();
});

describe('sendQuote', () => {
  it('moves a DRAFT to SENT and e-mails the customer the PDF and a token link', async () => {
    const { quote, mail } = await sentQuote();
    expect(quote).toMatchObject({ status: 'SENT', totalAmount: 301 });
    expect(mail.subject).toBe(`Your quote ${quote.quoteNumber} from ${t.record.tenantName}`);
    expect(mail.subject).toContain(quote.quoteNumber);
    expect(mail.text).toMatch(/\/document\/quoteResponse\?token=[A-Za-z0-9_-]+/);
    expect(mail.text).toContain('AED 301.00');
    expect(mail.html).not.toContain('<script>');
    const parsed = inbox.received.find((received) => received.subject === mail.subject);
    const attachment = parsed?.attachments[0];
    expect(attachment?.filename).toBe(`${quote.quoteNumber}.pdf`);
    expect(attachment?.contentType).toBe('application/pdf');
    const pdf = await readPdf(attachment?.content ?? Buffer.alloc(0));
    expect(pdf.text).toContain(quote.quoteNumber);
    expect(pdf.text).toContain('SENT');
    expect(pdf.text).toContain('AED 301.00');
  });

  it('refuses what cannot be sent: not a DRAFT, no items, no e-mail address, an unknown quote', async () => {
    const { quote } = await sentQuote();
    await agent.api.expectError('/document/sendQuote', { quoteId: quote.quoteId }, 'INVALID_STATE', 'SENT');
    await agent.api.expectError(
      '/document/addQuoteItem',
      { quoteId: quote.quoteId, items: [{ description: 'Late', quantity: 1, unitPrice: 1 }] },
      'INVALID_STATE',
      'DRAFT',
    );
    const empty = await agent.api.ok<Quote>('/document/createQuote', { customerId: customer.contactId });
    await agent.api.expectError('/document/sendQuote', { quoteId: empty.quoteId }, 'INVALID_STATE', 'no items');
    const silent = await registeredCustomer(t);
    await t.db((sql) => sql`UPDATE customers SET email = NULL WHERE customer_id = ${silent.contactId}`);
    const unreachable = await agent.api.ok<Quote>('/document/createQuote', {
      customerId: silent.contactId,
      items: [{ description: 'x', quantity: 1, unitPrice: 1 }],
    });
    await agent.api.expectError('/document/sendQuote', { quoteId: unreachable.quoteId }, 'INVALID_STATE', 'e-mail');
    expect(await status(unreachable.quoteId)).toBe('DRAFT');
    await agent.api.expectError('/document/sendQuote', { quoteId: 999_999 }, 'NOTFOUND', 'Quote');
    await agent.api.expectError('/document/sendQuote', {}, 'MISSING_PARAMETER', 'quoteId');
    const customerUser = await user(t, 'customer');
    await customerUser.api.expectError('/document/sendQuote', { quoteId: quote.quoteId }, 'FORBIDDEN');
  });
});

describe('the quote response page', () => {
  it('shows the quote, escaped, with two buttons; accepting moves it to ACCEPTED once', async () => {
    const { quote, token } = await sentQuote();
    const shown = await page(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toMatch(/^text\/html/);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.headers['x-frame-options']).toBe('DENY');
    expect(shown.body).toContain(quote.quoteNumber);
    expect(shown.body).toContain(t.record.tenantName);
    expect(shown.body).toContain('Desert &lt;b&gt;safari&lt;/b&gt;');
    expect(shown.body).toContain('Layla &lt;script&gt;alert(1)&lt;/script&gt; Haddad');
    expect(shown.body).not.toContain('<script>');
    expect(shown.body).toContain('AED 301.00');
    expect(shown.body).toContain('name="decision" value="accept"');
    expect(shown.body).toContain('name="decision" value="reject"');

    const accepted = await answer(token, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.body).toContain(`you accepted quote ${quote.quoteNumber}`);
    expect(await status(quote.quoteId)).toBe('ACCEPTED');

    const again = await decline(token);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('already accepted. Nothing was changed.');
    expect(await status(quote.quoteId)).toBe('ACCEPTED');
    const reopened = await page(token);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.body).toContain('Accepted on');
    expect(reopened.body).not.toContain('name="decision"');
  });

  it('declining, once confirmed, moves it to REJECTED', async () => {
    const { quote, token } = await sentQuote();
    const declined = await decline(token);
    expect(declined.body).toContain(`You declined quote ${quote.quoteNumber}`);
    expect(await status(quote.quoteId)).toBe('REJECTED');
  });

  it('takes one of racing answers', async () => {
    const { quote, token } = await sentQuote();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? answer(token, 'accept') : decline(token))),
    );
    expect(answers.filter((a) => /you (accepted|declined) quote/i.test(a.body))).toHaveLength(1);
    expect(answers.filter((a) => a.body.includes('Nothing was changed.'))).toHaveLength(5);
    expect(['ACCEPTED', 'REJECTED']).toContain(await status(quote.quoteId));
  });

  it('answers an unknown or expired link with a page, and changes nothing', async () => {
    const unknown = await page('no-such-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This link is not valid');
    expect((await answer('no-such-token', 'accept')).body).toContain('This link is not valid');

    const { quote, token } = await sentQuote();
    offsetMs += 31 * 86_400_000; // past validUntil (30 days by default)
    try {
      const expired = await page(token);
      expect(expired.statusCode).toBe(410);
      expect(expired.body).toContain(`Quote ${quote.quoteNumber} was valid until`);
      expect((await answer(token, 'accept')).body).toContain('Quote expired');
    } finally {
      offsetMs = 0;
    }
    expect(await status(quote.quoteId)).toBe('SENT');
  });

  it('refuses a bad decision or a missing token with a page (400), and forms elsewhere', async () => {
    const bad = await answer('whatever', 'maybe');
    expect([bad.statusCode, bad.headers['content-type']]).toEqual([400, 'text/html; charset=utf-8']);
    const missing = await t.api.inject({ method: 'GET', url: '/document/quoteResponse' });
    expect([missing.statusCode, missing.headers['content-type']]).toEqual([400, 'text/html; charset=utf-8']);
    expect(missing.body).toContain(t.record.tenantName);
    const form = await t.api.inject({ method: 'POST', url: '/document/getQuote', headers: FORM, payload: 'quoteId=1' });
    expect(form.statusCode).toBe(415);
  });
});
