// The page a buyer lands on, in a real browser: a service listening on loopback, a guest's cart of three tickets
// and its payment link made over HTTP, then headless Chromium pays on the simulator's page; the payment makes the
// booking, the outbox tickets it, and the tickets e-mail's link opens the tenant's tickets page, where every QR image
// is loaded at a size a phone camera decodes and the PDF link answers a PDF. A screenshot of the page goes to
// test-artifacts/browser/. Runs whenever a Chromium is found (CHROMIUM_PATH, else /usr/bin/chromium); skipped with a
// warning when none is, except on CI (CI set), where a missing Chromium fails the run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/platform/database/embedded.js';
import {
  artifactPath,
  chromiumForTests,
  type LaunchedBrowser,
  launchChromium,
  PAGE_TIMEOUT_MS,
} from '../support/browser.js';
import { addDays, displayDateAndTime, formatDate } from '../../src/platform/time.js';
import { defined } from '../support/api.js';
import { bookingOf } from '../support/bookings.js';
import { guest, product, type TestTenant, tenant } from '../support/factories.js';
import { readQr } from '../support/qr.js';
import { startTestService } from '../support/service.js';
import { type MailInbox, startMailInbox } from '../support/smtp.js';
import { until } from '../support/wait.js';

const { executablePath, skip, missing } = chromiumForTests('test/browser/tickets.browser.test.ts');

const SETUP_TIMEOUT_MS = 120_000;
const TEST_TIMEOUT_MS = 60_000;
// A QR of version 6 or so (our payloads) has 41 modules a side; 4 pixels a module and the quiet zone make more.
const MIN_QR_PIXELS = 150;

describe.skipIf(skip)('the tickets page in a real browser, after paying', () => {
  let browser: LaunchedBrowser | undefined;
  let inbox: MailInbox;
  let t: TestTenant;
  let port: number;

  beforeAll(async () => {
    if (!executablePath) throw new Error(`CI is set, so the browser test must run, but there is ${missing}`);
    inbox = await startMailInbox();
    port = await freePort();
    const service = await startTestService({
      env: { PORT: String(port), TC_PUBLIC_URL: `http://localhost:${port}`, TC_SMTP_URL: inbox.url },
    });
    await service.app.listen({ host: '127.0.0.1', port });
    t = await tenant(service);
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

  /** A guest's cart (2 adults, 1 child on one day) and its payment link, as the shop front makes them. */
  async function guestCart(email: string) {
    const day = addDays(formatDate(new Date(), t.record.timezone), 5);
    const adult = await product(t, { freeSale: true, productPrice: 75, prodName: 'Aquaventure day pass (adult)' });
    const child = await product(t, { freeSale: true, productPrice: 55, prodName: 'Aquaventure day pass (child)' });
    const buyer = await guest(t);
    await buyer.api.ok('/cart/create');
    const service = { bookDate: day, timeSlot: '10:30', resvName: 'Mariam Khalil', pickupLocation: 'Atlantis lobby' };
    await buyer.api.ok('/cart/addItem', {
      items: [
        { productId: adult.productId, unitId: adult.unitId, unitPrice: 75, quantity: 2, ...service },
        { productId: child.productId, unitId: child.unitId, unitPrice: 55, quantity: 1, ...service },
      ],
    });
    const cart = await buyer.api.ok<{ orderNum: string; paymentUrl: string }>('/cart/createPaymentLink', {
      customer: { email, custName: 'Mariam Khalil', mobilePhone: '+971500000002' },
    });
    return { ...cart, buyer, day };
  }

  it(
    "pays, then opens the e-mail's link: every ticket's QR code, code and time, and the PDF voucher",
    async () => {
      if (!browser) throw new Error('Chromium is not running');
      const email = `tickets-${Date.now()}@example.com`;
      const cart = await guestCart(email);
      const page = await browser.context.newPage();
      await page.goto(cart.paymentUrl, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
      await Promise.all([
        page.waitForURL(/\/payment\/offline\/success/, { timeout: PAGE_TIMEOUT_MS }),
        page.getByRole('button', { name: /^Pay / }).click({ timeout: PAGE_TIMEOUT_MS }),
      ]);
      const request = await cart.buyer.api.ok<{ bookingrequestid: number }>('/booking/create', {
        orderNum: cart.orderNum,
      });
      await until(async () => (await bookingOf(t, request.bookingrequestid)).status === 'CONFIRMED', 20_000);

      const mail = await inbox.waitFor(email, /Your tickets/, 20_000);
      const link = defined(/https?:\/\/\S+\/booking\/tickets\/\S+/.exec(mail.text)?.[0], 'the tickets link');
      const opened = await page.goto(link, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
      expect(opened?.status()).toBe(200);
      expect(await page.title()).toBe(`Your tickets · ${t.record.tenantName}`);
      const images = await page.locator('img.qr').evaluateAll((nodes) =>
        nodes.map((node) => {
          const image = node as HTMLImageElement;
          return { complete: image.complete, width: image.naturalWidth, height: image.naturalHeight };
        }),
      );
      expect(images).toHaveLength(3);
      for (const image of images) {
        expect(image.complete).toBe(true);
        expect(image.width).toBeGreaterThanOrEqual(MIN_QR_PIXELS);
        expect(image.height).toBe(image.width);
      }
      // each code as the screen shows it reads back as the ticket's signed payload, as a gate's camera would read it
      const tickets = await cart.buyer.api.ok<Array<{ id: number; barcode: string }>>('/booking/getTickets', {
        id: request.bookingrequestid,
        code: new URL(link).searchParams.get('code'),
      });
      for (const [index, ticket] of tickets.entries()) {
        const shown = page.locator('img.qr').nth(index);
        expect((await shown.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(MIN_QR_PIXELS);
        const text = readQr(await shown.screenshot({ timeout: PAGE_TIMEOUT_MS }));
        expect(text).toMatch(
          new RegExp(`^TC1\\.${t.provisioned.tenantCode}\\.${ticket.id}\\.${ticket.barcode}\\.k1\\.[\\w-]{86}$`),
        );
      }
      expect(await page.getByText(displayDateAndTime(cart.day, '10:30'), { exact: true }).count()).toBe(3);
      expect(await page.getByText('Atlantis lobby, at 10:30', { exact: true }).count()).toBe(3);
      expect(await page.getByText('Please wait in the lobby of Atlantis lobby from 10:30').count()).toBe(3);
      expect(await page.getByRole('heading', { name: 'What to bring' }).isVisible()).toBe(true);

      const screenshot = await artifactPath('browser', 'booking-tickets.png');
      await page.screenshot({ path: screenshot, fullPage: true, timeout: PAGE_TIMEOUT_MS });
      console.log(`screenshot of the tickets page: ${screenshot}`);

      // on a phone the QR code is in the middle of its card, above the facts
      await page.setViewportSize({ width: 375, height: 800 });
      for (const index of [0, 1, 2]) {
        const qr = defined(await page.locator('img.qr').nth(index).boundingBox(), 'the QR code');
        const card = defined(await page.locator('article.ticket').nth(index).boundingBox(), 'the card');
        const facts = defined(await page.locator('article.ticket dl').nth(index).boundingBox(), 'the facts');
        expect(Math.abs(qr.x + qr.width / 2 - (card.x + card.width / 2))).toBeLessThanOrEqual(2);
        expect(facts.y).toBeGreaterThanOrEqual(qr.y + qr.height);
      }
      const phone = await artifactPath('browser', 'booking-tickets-phone.png');
      await page.screenshot({ path: phone, fullPage: true, timeout: PAGE_TIMEOUT_MS });
      // printed, no page break cuts a card
      await page.emulateMedia({ media: 'print' });
      const breaks = await page
        .locator('article.ticket')
        .evaluateAll((cards) => cards.map((card) => getComputedStyle(card).breakInside));
      expect(breaks).toEqual(['avoid', 'avoid', 'avoid']);
      await page.emulateMedia({ media: 'screen' });

      const href = await page.getByRole('link', { name: 'Download the PDF voucher' }).getAttribute('href');
      // fetched by the page itself: the browser resolves the tenant's subdomain of localhost, Node's resolver does not
      const pdf = await page.evaluate(async (address) => {
        const answer = await fetch(address);
        const bytes = new Uint8Array(await answer.arrayBuffer());
        return {
          status: answer.status,
          type: answer.headers.get('content-type'),
          head: String.fromCharCode(...bytes.slice(0, 5)),
        };
      }, href ?? '');
      expect(pdf).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});
