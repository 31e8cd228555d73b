// Checkout in a real browser: a service listening on loopback, a guest cart and payment link made over HTTP,
// then headless Chromium opens the simulator's hosted page, clicks Pay (or Decline), follows the gateway's
// 303 to the tenant's own page and shows the outcome. Screenshots of the final pages go to test-artifacts/.
// Runs whenever a Chromium is found (CHROMIUM_PATH, else /usr/bin/chromium); skipped with a warning when none
// is, except on CI (CI set), where a missing Chromium fails the run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDate } from '../../src/platform/time.js';
import { freePort } from '../../src/platform/database/embedded.js';
import type { Service } from '../../src/service.js';
import {
  artifactPath,
  chromiumForTests,
  fieldOf,
  firstOf,
  type LaunchedBrowser,
  launchChromium,
  numberOf,
  PAGE_TIMEOUT_MS,
  postJson,
  stringOf,
} from '../support/browser.js';
import {
  adminSession,
  platformToken,
  type ProvisionedTestTenant,
  provisionTenant,
  startTestService,
} from '../support/service.js';

const { executablePath, skip, missing } = chromiumForTests('test/browser/checkout.browser.test.ts');

const SETUP_TIMEOUT_MS = 120_000;
const TEST_TIMEOUT_MS = 60_000;

describe.skipIf(skip)('checkout in a real browser through the payment simulator', () => {
  let service: Service | undefined;
  let browser: LaunchedBrowser | undefined;
  let tenant: ProvisionedTestTenant;
  let port: number;
  let productId: number;
  const tenantUrl = (path: string) => `http://${tenant.host}:${port}${path}`;

  /** A tenant operation over HTTP to the listening service; answers apiData once the status is OK. */
  async function api(path: string, payload: object): Promise<unknown> {
    const answer = await postJson(tenantUrl(path), payload);
    expect(fieldOf(answer, 'apiStatus'), `${path}: ${JSON.stringify(answer)}`).toEqual({
      errorCode: 'OK',
      errorMessage: 'Success',
    });
    return fieldOf(answer, 'apiData');
  }

  /** The gateway's status text of the payment link, as the shop would check it. */
  async function paymentStatus(cart: { session: string; paymentRef: string }): Promise<string> {
    const check = await api('/cart/checkPaymentStatus', { session: cart.session, paymentRef: cart.paymentRef });
    return stringOf(fieldOf(fieldOf(check, 'order'), 'status'), 'text');
  }

  /** What the shop front does: a guest session, one item (2 × 75 AED) in the cart, a payment link. */
  async function guestCheckout(custName: string, email: string) {
    const session = stringOf(await api('/auth/guest', {}), 'session');
    const bookDate = addDays(formatDate(new Date(), 'Asia/Dubai'), 4);
    await api('/cart/addItem', { session, items: [{ productId, unitId: 1, unitPrice: 75, quantity: 2, bookDate }] });
    const cart = await api('/cart/createPaymentLink', {
      session,
      customer: { email, custName, mobilePhone: '+971500000002' },
    });
    return {
      session,
      orderNum: stringOf(cart, 'orderNum'),
      paymentRef: stringOf(cart, 'paymentRef'),
      paymentUrl: stringOf(cart, 'paymentUrl'),
    };
  }

  /**
   * In the browser: open the hosted page, check what it charges, press the outcome's button, see the gateway
   * answer 303 and the browser follow it to the tenant's page; answers the page, the landing page's HTTP
   * status and where it landed.
   */
  async function payInBrowser(paymentUrl: string, button: RegExp, landing: string) {
    if (!browser) throw new Error('Chromium is not running');
    const page = await browser.context.newPage();
    const opened = await page.goto(paymentUrl, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
    expect(opened?.status()).toBe(200);
    expect(await page.title()).toBe('Pay 150.00 AED');
    expect(await page.locator('h1').textContent()).toBe('Payment simulator');
    const amount = page.locator('dt', { hasText: 'Amount' }).locator('xpath=following-sibling::dd[1]');
    expect(await amount.textContent()).toBe('150.00 AED');
    const pageAddress = new URL(paymentUrl).pathname;
    const [posted, final] = await Promise.all([
      page.waitForResponse(
        (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === pageAddress,
        { timeout: PAGE_TIMEOUT_MS },
      ),
      page.waitForResponse((response) => new URL(response.url()).pathname === landing, { timeout: PAGE_TIMEOUT_MS }),
      page.getByRole('button', { name: button }).click({ timeout: PAGE_TIMEOUT_MS }),
    ]);
    expect(posted.status()).toBe(303);
    expect(new URL(posted.headers().location ?? '', paymentUrl).pathname).toBe(landing);
    await page.waitForLoadState('load', { timeout: PAGE_TIMEOUT_MS });
    return { page, status: final.status(), url: new URL(page.url()) };
  }

  beforeAll(async () => {
    if (!executablePath) throw new Error(`CI is set, so the browser test must run, but there is ${missing}`);
    port = await freePort();
    service = await startTestService({
      env: { PORT: String(port), TC_PUBLIC_URL: `http://localhost:${port}` },
    });
    await service.app.listen({ host: '127.0.0.1', port });
    tenant = await provisionTenant(service, await platformToken(service));
    const admin = await adminSession(service, tenant);
    const category = await api('/product/saveCategory', { session: admin, categoryName: 'Attractions' });
    const product = await api('/product/saveProduct', {
      session: admin,
      prodCode: 'AQUA',
      prodName: 'Aquaventure',
      productPrice: 75,
      publicCategoryId: numberOf(category, 'categoryId'),
    });
    productId = numberOf(product, 'productId');
    const variant = firstOf(await api('/product/getProductVariants', { productId }));
    const from = formatDate(new Date(), 'Asia/Dubai');
    await api('/product/setInventory', {
      session: admin,
      productId,
      variantId: numberOf(variant, 'servid'),
      dateFrom: addDays(from, 1),
      dateTo: addDays(from, 20),
      capacity: 100,
    });
    browser = await launchChromium(executablePath);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    try {
      await browser?.close();
    } finally {
      await service?.close();
    }
  }, SETUP_TIMEOUT_MS);

  it(
    'Pay: the tenant’s success page thanks the customer by name for the order',
    async () => {
      const cart = await guestCheckout('Mariam Khalil', 'pay@example.com');
      expect(new URL(cart.paymentUrl).host).toBe(`localhost:${port}`);
      const { page, status, url } = await payInBrowser(
        cart.paymentUrl,
        /^Pay 150\.00 AED$/,
        '/payment/offline/success',
      );
      expect(status).toBe(200);
      expect(url.host).toBe(`${tenant.host}:${port}`);
      expect(url.pathname).toBe('/payment/offline/success');
      expect(url.searchParams.get('ref')).toBe(cart.orderNum);
      // the agency's name after the page's (layouts/payment-page), its header in the agency's colour (the default)
      expect(await page.title()).toMatch(/^Payment received · ./);
      const header = page.locator('header');
      expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(11, 79, 138)');
      expect(await page.locator('h1').textContent()).toBe('Thank you, Mariam Khalil!');
      expect(await page.getByText(`Your payment for order ${cart.orderNum} is complete.`).isVisible()).toBe(true);
      const screenshot = await artifactPath('browser', 'checkout-paid.png');
      await page.screenshot({ path: screenshot, fullPage: true, timeout: PAGE_TIMEOUT_MS });
      console.log(`screenshot of the success page: ${screenshot}`);
      await page.close();

      expect(await paymentStatus(cart)).toBe('Paid');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'Decline: the tenant’s page says the payment was declined for the order',
    async () => {
      const cart = await guestCheckout('Omar Haddad', 'decline@example.com');
      const { page, status, url } = await payInBrowser(cart.paymentUrl, /^Decline$/, '/payment/offline/decline');
      expect(status).toBe(200);
      expect(url.host).toBe(`${tenant.host}:${port}`);
      expect(url.searchParams.get('ref')).toBe(cart.orderNum);
      expect(await page.locator('h1').textContent()).toBe('Payment declined');
      const declined = `Omar Haddad, your bank declined the payment for order ${cart.orderNum}.`;
      expect(await page.getByText(declined).isVisible()).toBe(true);
      expect(await page.locator('body').textContent()).not.toContain('Thank you');
      const screenshot = await artifactPath('browser', 'checkout-declined.png');
      await page.screenshot({ path: screenshot, fullPage: true, timeout: PAGE_TIMEOUT_MS });
      console.log(`screenshot of the decline page: ${screenshot}`);
      await page.close();

      expect(await paymentStatus(cart)).toBe('Declined');
    },
    TEST_TIMEOUT_MS,
  );
});
