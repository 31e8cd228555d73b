// The builtin provider's sign-in pages as customers and staff see them (issue 30, item 6), over HTTP on a real
// service: served on the tenant's host in its name and colours, in English or Arabic by Accept-Language, a field's
// problem tied to it with the focus on it, the password rules up front, a show-password toggle allowed by the CSP,
// "Forgot password?" through the tenant's reset to the SMTP test inbox, and a link back after signing out.
import { createHash } from 'node:crypto';
import type * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type NewTenant,
  type TestTenant,
  tenant,
  tenantBeforeAdminLogin,
  user,
} from '../../../../test/support/factories.js';
import { authorizationRequest, FormBrowser, webClient } from '../../../../test/support/oidc.js';
import { startTestService, TEST_ADMIN_PASSWORD } from '../../../../test/support/service.js';
import { type MailInbox, startMailInbox, tokenFromMail } from '../../../../test/support/smtp.js';
import type { Service } from '../../../service.js';

let service: Service;
let inbox: MailInbox;
let t: TestTenant;
let web: client.Configuration;
const callback = () => `http://${t.host}:8080/signed-in`;

beforeAll(async () => {
  inbox = await startMailInbox();
  service = await startTestService({ env: { TC_SMTP_URL: inbox.url } });
  t = await tenant(service);
  web = await webClient(service.app, t.provisioned.tenantCode);
});
afterAll(async () => {
  await service?.close();
  await inbox?.stop();
});

/** The login page of a new sign-in, as a browser gets it. */
async function loginPage(browser = new FormBrowser(service.app)) {
  const pending = await authorizationRequest(web, callback());
  const page = await browser.open(pending.url);
  expect(page.statusCode, page.body).toBe(200);
  return { page, pending, browser };
}

/** The `<input …>` tag of a field. */
function inputOf(html: string, id: string): string {
  const tag = html.match(new RegExp(`<input id="${id}"[^>]*>`))?.[0];
  if (!tag) throw new Error(`no input ${id} in ${html.slice(0, 300)}`);
  return tag;
}

describe("the sign-in page is served on the tenant's host", () => {
  it('discovery, the logout URL and the forms name the tenant host; the base domain sends the browser there', async () => {
    const tenantPages = `http://${t.host}:8080/realms/${t.provisioned.tenantCode}`;
    const metadata = web.serverMetadata();
    expect(metadata.authorization_endpoint).toBe(`${tenantPages}/protocol/openid-connect/auth`);
    expect(metadata.end_session_endpoint).toBe(`${tenantPages}/protocol/openid-connect/logout`);
    expect(metadata.token_endpoint).toBe(
      `http://localhost:8080/realms/${t.provisioned.tenantCode}/protocol/openid-connect/token`,
    );
    const config = await t.api.getOk<{ logoutUrl: string }>('/auth/config');
    expect(config.logoutUrl).toBe(`${tenantPages}/protocol/openid-connect/logout`);

    const { page, pending } = await loginPage();
    expect(page.body).toContain(`<form method="post" action="${tenantPages}/login-actions/authenticate">`);
    expect(String(page.headers['set-cookie'])).toContain(`Path=/realms/${t.provisioned.tenantCode}/`);
    const onBase = await service.app.inject({
      method: 'GET',
      url: `/realms/${t.provisioned.tenantCode}/protocol/openid-connect/auth${pending.url.search}`,
      headers: { host: 'localhost:8080' },
    });
    expect(onBase.statusCode).toBe(302);
    expect(onBase.headers.location).toBe(`${tenantPages}/protocol/openid-connect/auth${pending.url.search}`);
  });

  it("a tenant's host serves no other realm's pages and none of the provider's other endpoints", async () => {
    const other = await tenantBeforeAdminLogin(service);
    const get = (url: string) => service.app.inject({ method: 'GET', url, headers: { host: t.host } });
    for (const url of [
      `/realms/${other.provisioned.tenantCode}/protocol/openid-connect/auth?client_id=tc-web`,
      '/realms/master/protocol/openid-connect/auth?client_id=tc-web',
      `/realms/${t.provisioned.tenantCode}/protocol/openid-connect/certs`,
      `/realms/${t.provisioned.tenantCode}/.well-known/openid-configuration`,
    ]) {
      const answer = await get(url);
      expect([url, answer.statusCode, answer.json().apiStatus.errorCode]).toEqual([url, 404, 'NOTFOUND']);
    }
  });
});

describe("the tenant's name and colours, the browser's language", () => {
  it("shows the agency's name and brand colours, and its accent on the button", async () => {
    await t.adminApi.ok('/settings/write', { brandColor: '#FFCC00', accentColor: '#7a1f5c' });
    const { page } = await loginPage();
    expect(page.body).toContain(`<p class="brand">Agency ${t.provisioned.tenantCode}</p>`);
    // A light brand colour gets dark text; a dark accent white text.
    expect(page.body).toContain('--brand:#ffcc00;--brand-text:#1a1a1a;--accent:#7a1f5c;');
    expect(page.body).toContain('--accent-text:#ffffff;');
    await t.adminApi.ok('/settings/write', { brandColor: null, accentColor: null });
    expect((await loginPage()).page.body).toContain('--brand:#0b4f8a;');
  });

  it('is in Arabic, right to left, for Accept-Language: ar, and in English otherwise', async () => {
    const pending = await authorizationRequest(web, callback());
    const open = (language?: string) =>
      service.app.inject({
        method: 'GET',
        url: `${pending.url.pathname}${pending.url.search}`,
        headers: { host: pending.url.host, ...(language ? { 'accept-language': language } : {}) },
      });
    const arabic = await open('ar-AE,ar;q=0.9,en;q=0.5');
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain('سجّل الدخول إلى حسابك');
    expect(arabic.body).toContain('نسيت كلمة المرور؟');
    for (const language of [undefined, 'fr-CH, en;q=0.5', 'ar;q=0.1, en']) {
      const english = await open(language);
      expect(english.body).toContain('<html lang="en" dir="ltr">');
      expect(english.body).toContain('Sign in to your account');
    }
  });
});

describe('fields, focus and the password toggle', () => {
  it('puts the focus on the username first, with its label and autocomplete', async () => {
    const { page } = await loginPage();
    expect(inputOf(page.body, 'username')).toContain('autofocus');
    expect(inputOf(page.body, 'username')).toContain('autocomplete="username"');
    expect(inputOf(page.body, 'password')).not.toContain('autofocus');
    expect(page.body).toContain('<label for="password">Password</label>');
  });

  it('ties a wrong login to both fields (aria-describedby) and moves the focus to the first', async () => {
    const { page, browser } = await loginPage();
    const wrong = await browser.submit(page, { username: t.provisioned.adminUser.username, password: 'not it at all' });
    expect(wrong.statusCode).toBe(200);
    for (const id of ['username', 'password']) {
      expect(inputOf(wrong.body, id)).toContain('aria-invalid="true"');
      expect(inputOf(wrong.body, id)).toContain('aria-describedby="password-error"');
    }
    expect(wrong.body).toContain('<p id="password-error" class="field-error">Invalid username or password.</p>');
    expect(inputOf(wrong.body, 'username')).toContain('autofocus');

    const empty = await browser.submit(page, { username: 'someone', password: '' });
    expect(inputOf(empty.body, 'password')).toContain('aria-describedby="password-error"');
    expect(inputOf(empty.body, 'password')).toContain('autofocus');
    expect(inputOf(empty.body, 'username')).not.toContain('aria-invalid');
    expect(empty.body).toContain('Enter your password.');
  });

  it('has a show-password toggle whose script, and no other, the Content-Security-Policy allows', async () => {
    const { page } = await loginPage();
    expect(page.body).toMatch(
      /<button type="button" class="reveal" data-reveal="password"[^>]*aria-controls="password"/,
    );
    const script = page.body.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? '';
    expect(script).toContain("input.type = shown ? 'password' : 'text'");
    const hash = createHash('sha256').update(script).digest('base64');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain(`script-src 'sha256-${hash}'`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});

describe('the password rules up front', () => {
  it('lists the policy before the new password is typed, and ties a refusal to the field', async () => {
    const fresh: NewTenant = await tenantBeforeAdminLogin(service);
    const config = await webClient(service.app, fresh.provisioned.tenantCode);
    const browser = new FormBrowser(service.app);
    const pending = await authorizationRequest(config, `http://${fresh.host}:8080/signed-in`);
    const login = await browser.open(pending.url);
    const { username, temporaryPassword } = fresh.provisioned.adminUser;
    const form = await browser.submit(login, { username, password: temporaryPassword });
    expect(form.body).toContain('Your password must:');
    for (const rule of ['have at least 10 characters', 'not be your username', 'not be your e-mail address']) {
      expect(form.body).toContain(`<li>${rule}</li>`);
    }
    expect(inputOf(form.body, 'password-new')).toContain('aria-describedby="password-rules"');
    expect(inputOf(form.body, 'password-new')).toContain('minlength="10"');

    const short = await browser.submit(form, { 'password-new': 'short', 'password-confirm': 'short' });
    expect(inputOf(short.body, 'password-new')).toContain('aria-describedby="password-new-error password-rules"');
    expect(short.body).toContain('The password must have at least 10 characters.');
    const differ = await browser.submit(form, { 'password-new': 'a long new one', 'password-confirm': 'another one' });
    expect(inputOf(differ.body, 'password-confirm')).toContain('autofocus');
    expect(differ.body).toContain('<p id="password-confirm-error" class="field-error">');
  });
});

describe('"Forgot password?"', () => {
  it('sends the reset e-mail through the tenant reset; the new password then signs in', async () => {
    const { page, browser } = await loginPage();
    const link = page.body.match(/<a href="([^"]*)">Forgot password\?<\/a>/)?.[1]?.replaceAll('&amp;', '&');
    expect(link).toContain(`http://${t.host}:8080/realms/${t.provisioned.tenantCode}/login-actions/reset-credentials?`);
    const form = await browser.open(String(link));
    expect(form.statusCode).toBe(200);
    expect(inputOf(form.body, 'email')).toContain('autofocus');

    const nobody = await browser.submit(form, { email: 'nobody-at-all@example.com' });
    const email = (await user(t, 'employee')).userEmail;
    const sent = await browser.submit(form, { email });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('If an account uses that address, we sent it an e-mail');
    expect(nobody.body).toBe(sent.body);
    expect(sent.body).toMatch(/<a href="http:\/\/[^"]*\/protocol\/openid-connect\/auth\?[^"]*">Back to sign in<\/a>/);

    const mail = await inbox.waitFor(email, /Reset/);
    const reset = await t.api.call('/user/resetpwd', {
      resetToken: tokenFromMail(mail),
      newPassword: 'a password chosen after a reset',
    });
    expect(reset.apiStatus.errorCode).toBe('OK');
    const again = await loginPage();
    const back = await again.browser.submit(again.page, {
      username: email,
      password: 'a password chosen after a reset',
    });
    expect(back.statusCode).toBe(302);
    expect(new URL(String(back.headers.location)).searchParams.get('code')).toBeTruthy();
    expect(inbox.messages.filter((message) => message.to.includes('nobody-at-all@example.com'))).toEqual([]);
  });

  it('refuses an empty address on the field and a form without its CSRF token', async () => {
    const { page, browser } = await loginPage();
    const link = page.body.match(/<a href="([^"]*)">Forgot password\?<\/a>/)?.[1]?.replaceAll('&amp;', '&');
    const form = await browser.open(String(link));
    const empty = await browser.submit(form, { email: '' });
    expect(inputOf(empty.body, 'email')).toContain('aria-describedby="email-error"');
    browser.cookies.delete('TC_IDP_CSRF');
    expect((await browser.submit(form, { email: 'someone@example.com' })).statusCode).toBe(400);
  });
});

describe('signing out', () => {
  it('links back to the app after signing out', async () => {
    const { page, browser } = await loginPage();
    const back = await browser.submit(page, {
      username: t.provisioned.adminUser.username,
      password: TEST_ADMIN_PASSWORD,
    });
    expect(back.statusCode).toBe(302);
    const logout = new URL(String(web.serverMetadata().end_session_endpoint));
    logout.searchParams.set('client_id', 'tc-web');
    const confirm = await browser.open(logout);
    const out = await browser.submit(confirm, {});
    expect(out.body).toContain('You are signed out.');
    expect(out.body).toContain(`<a href="http://${t.host}:8080/">Back to Agency ${t.provisioned.tenantCode}</a>`);
  });
});
