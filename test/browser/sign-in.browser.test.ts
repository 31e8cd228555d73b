// Browser sign-in in a real browser: a service listening on loopback, openid-client as the browser app's relying
// party (discovery, PKCE, state, nonce, the code exchange, refresh, logout URL), and headless Chromium on the
// builtin provider's pages: the provisioned admin's first sign-in with the temporary password, the "choose a new
// password" form, the redirect back with the code, then logout back to the app. Screenshots go to
// test-artifacts/browser/. Runs whenever a Chromium is found (CHROMIUM_PATH, else /usr/bin/chromium); skipped with
// a warning when none is, except on CI (CI set), where a missing Chromium fails the run.
import * as client from 'openid-client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/platform/database/embedded.js';
import type { Service } from '../../src/service.js';
import {
  artifactPath,
  chromiumForTests,
  fieldOf,
  type LaunchedBrowser,
  launchChromium,
  PAGE_TIMEOUT_MS,
  postJson,
} from '../support/browser.js';
import { platformToken, type ProvisionedTestTenant, provisionTenant, startTestService } from '../support/service.js';

const { executablePath, skip, missing } = chromiumForTests('test/browser/sign-in.browser.test.ts');

const SETUP_TIMEOUT_MS = 120_000;
const TEST_TIMEOUT_MS = 90_000;
const NEW_PASSWORD = 'my own admin password';

describe.skipIf(skip)('browser sign-in on the builtin provider in a real browser', () => {
  let service: Service | undefined;
  let browser: LaunchedBrowser | undefined;
  let tenant: ProvisionedTestTenant;
  let port: number;
  let config: client.Configuration;
  const appUrl = (path: string) => `http://${tenant.host}:${port}${path}`;

  beforeAll(async () => {
    if (!executablePath) throw new Error(`CI is set, so the browser test must run, but there is ${missing}`);
    port = await freePort();
    service = await startTestService({ env: { PORT: String(port), TC_PUBLIC_URL: `http://localhost:${port}` } });
    await service.app.listen({ host: '127.0.0.1', port });
    tenant = await provisionTenant(service, await platformToken(service));
    // The relying party over real HTTP, as the browser app's back end would run it.
    config = await client.discovery(
      new URL(`http://localhost:${port}/realms/${tenant.tenantCode}`),
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
      await service?.close();
    }
  }, SETUP_TIMEOUT_MS);

  async function screenshot(page: Page, name: string): Promise<void> {
    const file = await artifactPath('browser', name);
    await page.screenshot({ path: file, fullPage: true, timeout: PAGE_TIMEOUT_MS });
    console.log(`screenshot: ${file}`);
  }

  /**
   * A wrong password: the page comes back with the focus on the first field the error concerns, which names the
   * error (aria-describedby); then the show-password toggle shows and hides what is typed.
   */
  async function wrongPasswordThenToggle(page: Page): Promise<void> {
    await page.getByLabel('Username or e-mail').fill(tenant.adminUser.username);
    await page.getByLabel('Password', { exact: true }).fill('not the password at all');
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Sign in' }).click()]);
    await page.locator('#password-error').waitFor({ timeout: PAGE_TIMEOUT_MS });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('username');
    expect(await page.locator('#username').getAttribute('aria-describedby')).toBe('password-error');
    expect(await page.locator('#password-error').textContent()).toBe('Invalid username or password.');
    await screenshot(page, 'sign-in-error.png');

    const password = page.getByLabel('Password', { exact: true });
    await password.fill('typed here');
    const toggle = page.getByRole('button', { name: 'Show password' });
    await toggle.click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
  }

  /** Opens `url` and waits until the browser has been sent to the app's `path`; answers where it landed. */
  async function landOn(page: Page, path: string, act: () => Promise<unknown>): Promise<URL> {
    await Promise.all([page.waitForURL((url) => url.pathname === path, { timeout: PAGE_TIMEOUT_MS }), act()]);
    return new URL(page.url());
  }

  it(
    'the admin signs in with the temporary password, chooses a new one, gets tokens, and signs out',
    async () => {
      if (!browser) throw new Error('Chromium is not running');
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const authorizationUrl = client.buildAuthorizationUrl(config, {
        redirect_uri: appUrl('/signed-in'),
        scope: 'openid',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });

      const page = await browser.context.newPage();
      const opened = await page.goto(authorizationUrl.href, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
      expect(opened?.status()).toBe(200);
      expect(await page.locator('.brand').textContent()).toBe(`Agency ${tenant.tenantCode}`);
      // Served on the tenant's host; the focus starts in the first field.
      expect(new URL(page.url()).host).toBe(`${tenant.host}:${port}`);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('username');
      await wrongPasswordThenToggle(page);
      await page.getByLabel('Username or e-mail').fill(tenant.adminUser.username);
      await page.getByLabel('Password').fill(tenant.adminUser.temporaryPassword);
      await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Sign in' }).click()]);
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor({ timeout: PAGE_TIMEOUT_MS });
      await screenshot(page, 'sign-in-new-password.png');
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm the new password').fill(NEW_PASSWORD);
      const back = await landOn(page, '/signed-in', () =>
        page.getByRole('button', { name: 'Save the password' }).click(),
      );
      expect(back.host).toBe(`${tenant.host}:${port}`);
      expect(back.searchParams.get('state')).toBe(state);

      const tokens = await client.authorizationCodeGrant(config, back, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
      });
      expect(tokens.claims()).toMatchObject({ preferred_username: tenant.adminUser.username, nonce, aud: 'tc-web' });
      // The access token is the admin's bearer on the tenant's API, and the tenant user has the new password.
      const bearer = { authorization: `Bearer ${tokens.access_token}` };
      const users = await postJson(appUrl('/user/list'), {}, PAGE_TIMEOUT_MS, bearer);
      expect(fieldOf(users, 'apiStatus')).toMatchObject({ errorCode: 'OK' });
      const login = await postJson(appUrl('/user/authenticate'), {
        username: tenant.adminUser.username,
        password: NEW_PASSWORD,
      });
      expect(fieldOf(fieldOf(login, 'apiData'), 'requiredActions')).toEqual([]);
      const refreshed = await client.refreshTokenGrant(config, String(tokens.refresh_token));
      expect(refreshed.access_token).toBeTruthy();

      const logoutState = client.randomState();
      const logoutUrl = client.buildEndSessionUrl(config, {
        id_token_hint: String(refreshed.id_token ?? tokens.id_token),
        post_logout_redirect_uri: appUrl('/signed-out'),
        state: logoutState,
      });
      const out = await landOn(page, '/signed-out', () => page.goto(logoutUrl.href, { timeout: PAGE_TIMEOUT_MS }));
      expect(out.searchParams.get('state')).toBe(logoutState);
      const refusal = await client.refreshTokenGrant(config, String(refreshed.refresh_token)).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(client.ResponseBodyError);

      // Signed out: the next sign-in shows the form again, and the new password opens it.
      await page.goto(authorizationUrl.href, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
      await page.getByLabel('Username or e-mail').fill(tenant.adminUser.username);
      await page.getByLabel('Password').fill(NEW_PASSWORD);
      await screenshot(page, 'sign-in-form.png');
      const again = await landOn(page, '/signed-in', () => page.getByRole('button', { name: 'Sign in' }).click());
      expect(again.searchParams.get('code')).toBeTruthy();
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    '"Try it out" in /docs on the base domain reaches a tenant\'s host (CORS)',
    async () => {
      if (!browser) throw new Error('Chromium is not running');
      const page = await browser.context.newPage();
      const docs = await page.goto(`http://localhost:${port}/docs`, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
      expect(docs?.status()).toBe(200);
      // What Swagger UI's "Try it out" does: a fetch from the docs' origin to the tenant's server.
      const answer = await page.evaluate(async (url) => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        return { status: response.status, body: await response.json() };
      }, appUrl('/auth/guest'));
      expect(answer.status).toBe(200);
      expect(answer.body.apiStatus.errorCode).toBe('OK');
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});
