// The page a buyer lands on from the tickets e-mail, in a real browser: a service listening on loopback, a
// booking request with three issued tickets, then headless Chromium opens its tickets page, checks every QR image
// is loaded at a size a phone camera decodes, and the PDF link answers a PDF. A screenshot of the page goes to
// test-artifacts/browser/. Runs whenever a Chromium is found (CHROMIUM_PATH, else /usr/bin/chromium); skipped with a
// warning when none is, except on CI (CI set), where a missing Chromium fails the run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/platform/database/embedded.js';
import {
  artifactPath,
  chromiumCandidate,
  findChromium,
  isCi,
  type LaunchedBrowser,
  launchChromium,
  PAGE_TIMEOUT_MS,
} from '../support/browser.js';
import { barcode, type SeededBooking, seededBooking } from '../support/bookings-seed.js';
import { type TestTenant, tenant } from '../support/factories.js';
import { startTestService } from '../support/service.js';

const executablePath = findChromium();
const missing =
  `no Chromium at ${chromiumCandidate()} (set CHROMIUM_PATH, or install Debian's: ` +
  'apt-get install -y --no-install-recommends chromium)';
if (!executablePath && !isCi()) {
  console.warn(`test/browser/tickets.browser.test.ts skipped: ${missing}`);
}

const SETUP_TIMEOUT_MS = 120_000;
const TEST_TIMEOUT_MS = 60_000;
// A QR of version 6 or so (our payloads) has 41 modules a side; 4 pixels a module and the quiet zone make more.
const MIN_QR_PIXELS = 150;

describe.skipIf(!executablePath && !isCi())('the tickets page in a real browser', () => {
  let browser: LaunchedBrowser | undefined;
  let t: TestTenant;
  let port: number;
  let booking: SeededBooking;

  beforeAll(async () => {
    if (!executablePath) throw new Error(`CI is set, so the browser test must run, but there is ${missing}`);
    port = await freePort();
    const service = await startTestService({
      env: { PORT: String(port), TC_PUBLIC_URL: `http://localhost:${port}` },
    });
    await service.app.listen({ host: '127.0.0.1', port });
    t = await tenant(service);
    const start = new Date(Date.UTC(2030, 2, 1, 6, 30));
    booking = await seededBooking(t, [
      { barcode: barcode('AQ'), description: 'Aquaventure day pass (adult)', startDate: start, timeslot: '10:30' },
      { barcode: barcode('AQ'), description: 'Aquaventure day pass (adult)', startDate: start, timeslot: '10:30' },
      {
        barcode: barcode('AQ'),
        description: 'Aquaventure day pass (child)',
        startDate: start,
        timeslot: '10:30',
        resvName: 'Mariam Khalil',
        pickupLocation: 'Atlantis The Palm, main lobby',
      },
    ]);
    browser = await launchChromium(executablePath);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    try {
      await browser?.close();
    } finally {
      await t?.service.close();
    }
  }, SETUP_TIMEOUT_MS);

  it(
    "shows every ticket's QR code, code and time in the tenant's timezone, and links the PDF voucher",
    async () => {
      if (!browser) throw new Error('Chromium is not running');
      const page = await browser.context.newPage();
      const url = `http://${t.host}:${port}/booking/tickets/${booking.requestId}?code=${booking.accessCode}`;
      const opened = await page.goto(url, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
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
      const shown = await page.locator('img.qr').first().boundingBox();
      expect(shown?.width ?? 0).toBeGreaterThanOrEqual(MIN_QR_PIXELS);
      expect(await page.getByText('2030-03-01 10:30 (Asia/Dubai)').count()).toBe(3);
      expect(await page.getByText('Atlantis The Palm, main lobby').isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: 'What to bring' }).isVisible()).toBe(true);

      const screenshot = await artifactPath('browser', 'booking-tickets.png');
      await page.screenshot({ path: screenshot, fullPage: true, timeout: PAGE_TIMEOUT_MS });
      console.log(`screenshot of the tickets page: ${screenshot}`);

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
