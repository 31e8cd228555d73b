// An accessibility walk in a real browser (issue 30, checks), at a phone's viewport (390×844) and a desktop's
// (1280×800): a guest's purchase paid on the simulator's page, the success page, the tickets page and its PDF
// voucher; the tenant's sign-in page with a wrong, then the right password; a sent quote's page opened from its
// e-mail and accepted; malformed links (the tickets page, the quote page and the order's tickets link with a broken
// token, a sign-in without its redirect). Every page shown is scanned with axe-core (WCAG 2.0/2.1 A and AA) and
// must have no serious or critical violation; each gets a screenshot under test-artifacts/browser/. Runs whenever a
// Chromium is found (CHROMIUM_PATH, else /usr/bin/chromium); skipped with a warning when none is, except on CI.
import * as client from 'openid-client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/platform/database/embedded.js';
import { addDays, formatDate } from '../../src/platform/time.js';
import { defined } from '../support/api.js';
import { axeViolations, describeViolations, SERIOUS } from '../support/axe.js';
import {
  artifactPath,
  chromiumForTests,
  type LaunchedBrowser,
  launchChromium,
  PAGE_TIMEOUT_MS,
} from '../support/browser.js';
import { guest, product, registeredCustomer, type TestTenant, tenant } from '../support/factories.js';
import { startTestService, TEST_ADMIN_PASSWORD } from '../support/service.js';
import { type MailInbox, startMailInbox } from '../support/smtp.js';
import { until } from '../support/wait.js';

const { executablePath, skip, missing } = chromiumForTests('test/browser/walk.browser.test.ts');

const SETUP_TIMEOUT_MS = 180_000;
const TEST_TIMEOUT_MS = 120_000;
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
type Viewport = (typeof VIEWPORTS)[number];

describe.skipIf(skip)('an accessibility walk through the customer pages', () => {
  let browser: LaunchedBrowser | undefined;
  let inbox: MailInbox;
  let t: TestTenant;
  let port: number;
  let oidc: client.Configuration;
  const tenantUrl = (path: string) => `http://${t.host}:${port}${path}`;

  beforeAll(async () => {
    if (!executablePath) throw new Error(`CI is set, so the browser test must run, but there is ${missing}`);
    inbox = await startMailInbox();
    port = await freePort();
    const service = await startTestService({
      env: { PORT: String(port), TC_PUBLIC_URL: `http://localhost:${port}`, TC_SMTP_URL: inbox.url },
    });
    await service.app.listen({ host: '127.0.0.1', port });
    t = await tenant(service);
    oidc = await client.discovery(
      new URL(`http://localhost:${port}/realms/${t.provisioned.tenantCode}`),
      'tc-web',
      undefined,
      client.None(),
      { execute: [client.allowInsecureRequests] },
    );
    browser = await launchChromium(executablePath);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    try {
      await browser?.close();
    } finally {
      await t?.service.close();
      await inbox?.stop();
    }
  }, SETUP_TIMEOUT_MS);

  async function newPage(viewport: Viewport): Promise<Page> {
    if (!browser) throw new Error('Chromium is not running');
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    return page;
  }

  /** The page as shown now: a screenshot, then axe; a serious or critical violation fails the test (softly). */
  async function scan(page: Page, viewport: Viewport, what: string): Promise<void> {
    const file = await artifactPath('browser', `walk-${viewport.name}-${what}.png`);
    await page.screenshot({ path: file, fullPage: true, timeout: PAGE_TIMEOUT_MS });
    const all = await axeViolations(page);
    const violations = all.filter((violation) => SERIOUS.has(violation.impact ?? ''));
    const lesser = all.filter((violation) => !violations.includes(violation));
    if (lesser.length > 0) console.log(describeViolations(`${what} at ${viewport.name} (minor, moderate)`, lesser));
    expect.soft(violations, describeViolations(`${what} at ${viewport.name} (${page.url()})`, violations)).toEqual([]);
  }

  /** A guest's paid-for cart of one ticket as the shop front makes it, with its payment link. */
  async function guestCart(email: string, custName = 'Mariam Khalil') {
    const day = addDays(formatDate(new Date(), t.record.timezone), 5);
    const pass = await product(t, { freeSale: true, productPrice: 75, prodName: 'Aquaventure day pass' });
    const buyer = await guest(t);
    await buyer.api.ok('/cart/create');
    await buyer.api.ok('/cart/addItem', {
      items: [
        {
          productId: pass.productId,
          unitId: pass.unitId,
          unitPrice: 75,
          quantity: 1,
          bookDate: day,
          timeSlot: '10:30',
        },
      ],
    });
    return buyer.api.ok<{ orderNum: string; paymentUrl: string }>('/cart/createPaymentLink', {
      customer: { email, custName, mobilePhone: '+971500000002' },
    });
  }

  /** Once bookings has made the order's booking (after `order.paid`) and issued its tickets: its tickets page. */
  async function issuedTicketsPage(orderNum: string): Promise<string> {
    let page: string | undefined;
    await until(async () => {
      const [row] = await t.db(
        (sql) => sql<{ page: string | null; status: string | null }[]>`
        SELECT o.tickets_page AS page, r.status FROM sales_orders o
        LEFT JOIN booking_requests r ON r.sales_order_id = o.sales_order_id WHERE o.order_num = ${orderNum}`,
      );
      page = row?.page ?? undefined;
      return page !== undefined && row?.status === 'CONFIRMED';
    }, 30_000);
    return defined(page, 'the tickets page');
  }

  /** The voucher behind the page's link, fetched by the page (the browser resolves the tenant's subdomain). */
  async function voucherOf(page: Page) {
    const href = await page.getByRole('link', { name: 'Download the PDF voucher' }).getAttribute('href');
    return page.evaluate(async (address) => {
      const answer = await fetch(address);
      const bytes = new Uint8Array(await answer.arrayBuffer());
      return {
        status: answer.status,
        type: answer.headers.get('content-type'),
        head: String.fromCharCode(...bytes.slice(0, 5)),
      };
    }, href ?? '');
  }

  async function purchase(viewport: Viewport): Promise<void> {
    const cart = await guestCart(`walk-${viewport.name}-${Date.now()}@example.com`);
    const page = await newPage(viewport);
    await page.goto(cart.paymentUrl, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
    await scan(page, viewport, 'payment-simulator');
    await Promise.all([
      page.waitForURL(/\/payment\/offline\/success/, { timeout: PAGE_TIMEOUT_MS }),
      page.getByRole('button', { name: /^Pay / }).click({ timeout: PAGE_TIMEOUT_MS }),
    ]);
    await page.waitForLoadState('load', { timeout: PAGE_TIMEOUT_MS });
    expect(await page.locator('h1').textContent()).toBe('Thank you, Mariam Khalil!');
    await scan(page, viewport, 'success');

    const recorded = await issuedTicketsPage(cart.orderNum);
    const link = page.getByRole('link', { name: /tickets/i });
    if ((await link.count()) > 0) {
      await Promise.all([
        page.waitForURL(/\/booking\/tickets\/\d+/, { timeout: PAGE_TIMEOUT_MS }),
        link.first().click({ timeout: PAGE_TIMEOUT_MS }),
      ]);
    } else {
      await page.goto(tenantUrl(recorded), { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
    }
    await page.waitForLoadState('load', { timeout: PAGE_TIMEOUT_MS });
    expect(await page.title()).toBe(`Your tickets · ${t.record.tenantName}`);
    await scan(page, viewport, 'tickets');
    expect(await voucherOf(page)).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
    await page.close();
  }

  async function signIn(viewport: Viewport): Promise<void> {
    // a new browser session: the other viewport's sign-in must not skip the form
    await browser?.context.clearCookies();
    const url = client.buildAuthorizationUrl(oidc, {
      redirect_uri: tenantUrl('/signed-in'),
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: client.randomState(),
    });
    const page = await newPage(viewport);
    expect((await page.goto(url.href, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS }))?.status()).toBe(200);
    await scan(page, viewport, 'sign-in');
    await page.getByLabel('Username or e-mail').fill(t.provisioned.adminUser.username);
    await page.getByLabel('Password', { exact: true }).fill('not the password at all');
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Sign in' }).click()]);
    await page.locator('#password-error').waitFor({ timeout: PAGE_TIMEOUT_MS });
    await scan(page, viewport, 'sign-in-wrong-password');
    await page.getByLabel('Username or e-mail').fill(t.provisioned.adminUser.username);
    await page.getByLabel('Password', { exact: true }).fill(TEST_ADMIN_PASSWORD);
    await Promise.all([
      page.waitForURL((landed) => landed.pathname === '/signed-in', { timeout: PAGE_TIMEOUT_MS }),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    expect(new URL(page.url()).searchParams.get('code')).toBeTruthy();
    await page.close();
  }

  async function acceptQuote(viewport: Viewport): Promise<void> {
    const customer = await registeredCustomer(t);
    const draft = await t.adminApi.ok<{ quoteId: number }>('/document/createQuote', {
      customerId: customer.contactId,
      items: [{ description: 'Desert safari with dinner', quantity: 2, unitPrice: 350 }],
    });
    const sent = await t.adminApi.ok<{ quoteNumber: string }>('/document/sendQuote', { quoteId: draft.quoteId });
    const mail = await inbox.waitFor(customer.userEmail, new RegExp(sent.quoteNumber));
    const link = defined(/https?:\/\/\S+\/document\/quoteResponse\?token=\S+/.exec(mail.text)?.[0], 'the quote link');
    const page = await newPage(viewport);
    expect((await page.goto(link, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS }))?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe(`Quote ${sent.quoteNumber}`);
    // the decline form opened too, so its field is scanned as well
    await page.getByText('Decline…').click();
    await scan(page, viewport, 'quote');
    await Promise.all([
      page.waitForLoadState('load'),
      page.getByRole('button', { name: 'Accept the quote' }).click({ timeout: PAGE_TIMEOUT_MS }),
    ]);
    await page.getByText(`you accepted quote ${sent.quoteNumber}`).waitFor({ timeout: PAGE_TIMEOUT_MS });
    await scan(page, viewport, 'quote-accepted');
    await page.close();
  }

  /** Links with a broken token or missing part: each answers a page in the agency's look, not a bare error. */
  async function malformedLinks(viewport: Viewport): Promise<void> {
    const links = [
      { what: 'tickets-broken-code', path: '/booking/tickets/999999?code=broken', status: 404 },
      { what: 'quote-broken-token', path: '/document/quoteResponse?token=broken', status: 404 },
      { what: 'order-tickets-broken-token', path: '/payment/offline/tickets?ref=NOPE-1&t=broken', status: 400 },
      {
        what: 'sign-in-no-redirect',
        path: `/realms/${t.provisioned.tenantCode}/protocol/openid-connect/auth?client_id=tc-web&response_type=code`,
        status: 400,
      },
    ];
    const page = await newPage(viewport);
    for (const link of links) {
      const answer = await page.goto(tenantUrl(link.path), { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
      expect.soft(answer?.status(), link.what).toBe(link.status);
      expect(answer?.headers()['content-type'], link.what).toMatch(/^text\/html/);
      expect(await page.locator('h1').count(), link.what).toBe(1);
      await scan(page, viewport, link.what);
    }
    await page.close();
  }

  /**
   * In Arabic: a buyer with an Arabic name sees it on the success page, the tickets page is scanned with it, and a
   * browser asking for Arabic gets the sign-in and error pages right to left; screenshots of each.
   */
  async function inArabic(viewport: Viewport): Promise<void> {
    const name = 'مريم خليل';
    const cart = await guestCart(`walk-ar-${viewport.name}-${Date.now()}@example.com`, name);
    const page = await newPage(viewport);
    await page.setExtraHTTPHeaders({ 'Accept-Language': 'ar' });
    await page.goto(cart.paymentUrl, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
    await Promise.all([
      page.waitForURL(/\/payment\/offline\/success/, { timeout: PAGE_TIMEOUT_MS }),
      page.getByRole('button', { name: /^Pay / }).click({ timeout: PAGE_TIMEOUT_MS }),
    ]);
    await page.waitForLoadState('load', { timeout: PAGE_TIMEOUT_MS });
    expect(await page.locator('h1').textContent()).toContain(name);
    await scan(page, viewport, 'success-arabic-name');
    await page.goto(tenantUrl(await issuedTicketsPage(cart.orderNum)), { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
    await scan(page, viewport, 'tickets-arabic-name');
    await browser?.context.clearCookies();
    const signIn = client.buildAuthorizationUrl(oidc, {
      redirect_uri: tenantUrl('/signed-in'),
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: client.randomState(),
    });
    await page.goto(signIn.href, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
    expect([await page.getAttribute('html', 'lang'), await page.getAttribute('html', 'dir')]).toEqual(['ar', 'rtl']);
    await scan(page, viewport, 'sign-in-arabic');
    // The kernel's error page of a page operation (the tickets page's own "not valid" page is a tenant template).
    const broken = tenantUrl('/payment/offline/tickets?ref=NOPE-1&t=broken');
    await page.goto(broken, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
    expect([await page.getAttribute('html', 'lang'), await page.getAttribute('html', 'dir')]).toEqual(['ar', 'rtl']);
    await scan(page, viewport, 'error-arabic');
    await page.close();
  }

  describe.each(VIEWPORTS)('at $width×$height ($name)', (viewport) => {
    it(
      'a guest pays on the simulator, sees the success page, the tickets page, and gets the PDF voucher',
      () => purchase(viewport),
      TEST_TIMEOUT_MS,
    );
    it('signs in on the tenant’s page with a wrong, then the right password', () => signIn(viewport), TEST_TIMEOUT_MS);
    it('opens a sent quote from its e-mail and accepts it', () => acceptQuote(viewport), TEST_TIMEOUT_MS);
    it('shows branded error pages for malformed links', () => malformedLinks(viewport), TEST_TIMEOUT_MS);
    it(
      'in Arabic: an Arabic name on the pages, the sign-in and error pages right to left',
      () => inArabic(viewport),
      TEST_TIMEOUT_MS,
    );
  });
});
