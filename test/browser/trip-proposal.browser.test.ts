// The client proposal in Chromium's own PDF viewer: a service listening on loopback, an itinerary of every kind of
// component for a customer with an Arabic name, and the proposal's GET link (the session in the query) opened in
// headless Chromium, which shows it in its PDF viewer (the built-in extension around PDFium). The text is read back
// from the viewer itself: its plugin controller selects all and answers the selected text, which is PDFium's
// extraction of what it drew, so the fonts, the Arabic and the accents are checked as a reader sees them, with no
// PDF library of ours involved. The viewer's page count and title (the PDF's Title) are checked too, and the
// employees' HTML page is opened beside it. Runs whenever a Chromium is found (CHROMIUM_PATH, else /usr/bin/chromium);
// skipped with a warning when none is, except on CI (CI set), where a missing Chromium fails the run.
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/platform/database/embedded.js';
import {
  artifactPath,
  chromiumForTests,
  type LaunchedBrowser,
  launchChromium,
  PAGE_TIMEOUT_MS,
} from '../support/browser.js';
import { type TestTenant, type TestUser, tenant, user } from '../support/factories.js';
import { startTestService } from '../support/service.js';
import {
  PROPOSAL_ACTIVITY,
  PROPOSAL_CITY,
  PROPOSAL_CUSTOMER,
  type ProposalFixture,
  proposalItinerary,
} from '../support/trip-proposal.js';
import { until } from '../support/wait.js';

const { executablePath, skip, missing } = chromiumForTests('test/browser/trip-proposal.browser.test.ts');

const SETUP_TIMEOUT_MS = 120_000;
const TEST_TIMEOUT_MS = 90_000;
// The built-in PDF viewer's extension.
const PDF_VIEWER = 'chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/index.html';

/** What the viewer shows of the document once it has loaded it. */
interface ViewerReading {
  pages: number;
  title: string;
  loadProgress: number;
  text: string;
}

/** The viewer's frame inside the page that navigated to the PDF. */
async function viewerFrame(page: Page): Promise<Frame> {
  let found: Frame | undefined;
  await until(async () => {
    found = page.frames().find((frame) => frame.url() === PDF_VIEWER);
    return found !== undefined;
  }, PAGE_TIMEOUT_MS);
  if (!found) throw new Error('Chromium did not open its PDF viewer');
  return found;
}

/** Waits until the viewer has loaded the whole document. */
async function viewerLoaded(viewer: Frame): Promise<void> {
  await viewer.waitForFunction(
    () => {
      const element = (window as unknown as { viewer?: { loadProgress_?: number; docLength_?: number } }).viewer;
      return element?.loadProgress_ === 100 && (element.docLength_ ?? 0) > 0;
    },
    undefined,
    { timeout: PAGE_TIMEOUT_MS },
  );
}

/** Selects the whole document in the viewer and reads the selection back, with the viewer's page count and title. */
async function readViewer(viewer: Frame): Promise<ViewerReading> {
  return viewer.evaluate(async () => {
    interface Controller {
      selectAll(): void;
      getSelectedText(): Promise<{ selectedText: string }>;
    }
    const element = (
      window as unknown as {
        viewer: { docLength_: number; title_: string; loadProgress_: number; pluginController_: Controller };
      }
    ).viewer;
    element.pluginController_.selectAll();
    const { selectedText } = await element.pluginController_.getSelectedText();
    return {
      pages: element.docLength_,
      title: element.title_,
      loadProgress: element.loadProgress_,
      text: selectedText,
    };
  });
}

describe.skipIf(skip)("the client proposal in Chromium's PDF viewer", () => {
  let browser: LaunchedBrowser | undefined;
  let t: TestTenant;
  let agent: TestUser;
  let trip: ProposalFixture;
  /** A phone's and a desktop's screens, as the other browser walks use. */
  const VIEWPORTS = [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 800 },
  ];
  let port: number;
  const tenantUrl = (path: string) => `http://${t.host}:${port}${path}`;

  beforeAll(async () => {
    if (!executablePath) throw new Error(`CI is set, so the browser test must run, but there is ${missing}`);
    port = await freePort();
    const service = await startTestService({ env: { PORT: String(port), TC_PUBLIC_URL: `http://localhost:${port}` } });
    await service.app.listen({ host: '127.0.0.1', port });
    t = await tenant(service);
    agent = await user(t, 'agent');
    const customer = await t.adminApi.ok<{ customerId: number }>('/customer/create', {
      custName: PROPOSAL_CUSTOMER,
      mobilePhone: '+971500000011',
      email: `proposal-${Date.now()}@example.com`,
    });
    trip = await proposalItinerary((path, body) => agent.api.ok(path, body), {
      customerId: customer.customerId,
      components: 15,
      projectName: 'Alpine honeymoon',
    });
    browser = await launchChromium(executablePath);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    try {
      await browser?.close();
    } finally {
      await t?.service.close();
    }
  }, SETUP_TIMEOUT_MS);

  it.each(VIEWPORTS)(
    'at $width×$height ($name): renders every page, and its text reads back: Arabic and accented names, the total, never a cost or a margin',
    async (viewport) => {
      if (!browser) throw new Error('Chromium is not running');
      const page = await browser.context.newPage();
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const failures: string[] = [];
      page.on('pageerror', (error) => failures.push(error.message));
      page.on('crash', () => failures.push('the page crashed'));
      const query = `itineraryId=${trip.itineraryId}&session=${encodeURIComponent(agent.session)}`;
      const opened = await page.goto(tenantUrl(`/tripmaker/itinerary/pdf?${query}`), { timeout: PAGE_TIMEOUT_MS });
      expect(opened?.status()).toBe(200);
      expect(opened?.headers()['content-type']).toBe('application/pdf');

      const viewer = await viewerFrame(page);
      await viewerLoaded(viewer);
      const screenshot = await artifactPath('browser', `trip-proposal-pdf-${viewport.name}.png`);
      await page.screenshot({ path: screenshot, timeout: PAGE_TIMEOUT_MS });
      const reading = await readViewer(viewer);
      expect(reading.loadProgress).toBe(100);
      expect(reading.pages).toBeGreaterThanOrEqual(3);
      expect(reading.title).toBe('Proposal: Alpine honeymoon');
      const { text } = reading;
      expect(text).toContain('TRAVEL PROPOSAL');
      expect(text).toContain('Alpine honeymoon');
      // PDFium gives right-to-left words in the order they are drawn: each word is checked on its own
      for (const word of PROPOSAL_CUSTOMER.split(' ')) expect(text).toContain(word);
      expect(text).toContain(PROPOSAL_CITY);
      expect(text).toContain(`${PROPOSAL_ACTIVITY} 2`);
      expect(text).toContain('(ZRH)');
      expect(text).toContain(trip.totalText);
      expect(text).toContain(`Page ${reading.pages} of ${reading.pages}`);
      for (const hidden of trip.hidden) expect(text).not.toContain(hidden);
      expect(failures).toEqual([]);

      const html = await page.goto(tenantUrl(`/tripmaker/itinerary/proposal?${query}`), { timeout: PAGE_TIMEOUT_MS });
      expect(html?.status()).toBe(200);
      expect(await page.title()).toBe(`Proposal: Alpine honeymoon · ${t.record.tenantName}`);
      expect(await page.getByText(trip.totalText).count()).toBeGreaterThanOrEqual(1);
      // the page fits the screen's width: nothing to scroll sideways, on a phone too
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: await artifactPath('browser', `trip-proposal-page-${viewport.name}.png`),
        fullPage: true,
      });
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});
