// "Forgot password?" on the login page (Keycloak's …/login-actions/reset-credentials): a form asking for the
// e-mail address, which goes through the tenant's own reset (the users area's /user/resetpwdRequest, handed to the
// provider by the composition root): the same rate limits, the same e-mail with its one-hour link, and the same
// answer whether or not the address has an account. The page is reached from a sign-in, so "Back to sign in" goes
// back to it with the same authorization request.
import { ApiError } from '../../http/errors.js';
import { formatMessage } from '../../rendering/language.js';
import { csrfMatches } from './browser-cookies.js';
import {
  type BrowserAnswer,
  csrfOf,
  frameOf,
  pageUrl,
  retryAfterOf,
  type Shown,
  type Step,
} from './browser-sign-in.js';
import { messagePage, resetPage } from './login-page.js';

export interface PasswordResetRequest {
  realm: string;
  email: string;
  clientAddress: string;
}

/**
 * Sends the realm user of that address a reset e-mail when there is one; throws ApiError 429 when a rate limit
 * refuses. A realm with no tenant (the master realm) sends nothing: its operators reset through the platform.
 */
export type PasswordReset = (request: PasswordResetRequest) => Promise<void>;

/** The form, with the browser's CSRF token. */
export async function showReset(
  s: Step,
  status: BrowserAnswer['status'],
  shown: Shown & { email?: string },
): Promise<BrowserAnswer> {
  const { csrf, cookies } = csrfOf(s);
  const signInUrl = pageUrl(s, '/protocol/openid-connect/auth');
  const html = resetPage({ ...frameOf(s, 'reset-credentials', csrf), ...shown, signInUrl });
  return { status, html, cookies };
}

/** The form posted: the reset asked for, and the same page for every address (nothing tells which exist). */
export async function requestReset(s: Step): Promise<BrowserAnswer> {
  const { t } = s.look;
  if (!csrfMatches(s.cookies, s.form.csrf)) return showReset(s, 400, { error: t.pageExpiredTryAgain });
  const email = typeof s.form.email === 'string' ? s.form.email.trim() : '';
  if (!email || email.length > 254) {
    return showReset(s, 200, { problem: { field: 'email', message: t.enterEmail }, email: email.slice(0, 254) });
  }
  try {
    await s.deps.passwordReset()?.({ realm: s.realm, email, clientAddress: s.clientAddress });
  } catch (error) {
    if (!(error instanceof ApiError) || error.httpStatus !== 429) throw error;
    const retryAfterSeconds = retryAfterOf(error);
    const message = formatMessage(t.tooManyRequests, { seconds: retryAfterSeconds });
    return { ...(await showReset(s, 429, { error: message, email })), retryAfterSeconds };
  }
  const back = { href: pageUrl(s, '/protocol/openid-connect/auth'), text: t.backToSignIn };
  return { status: 200, html: messagePage(s.look, t.resetSentTitle, t.resetSent, back), cookies: [] };
}
