// The two cookies of browser sign-in, both scoped to the realm's path and out of reach of scripts:
// - the login session (Keycloak's SSO session): its random secret, kept by us only as a hash;
// - the CSRF token, which every form of the realm also carries (double submit): a page on another site can
//   make the browser post a form, but cannot read the cookie to put the same value in the form.
// SameSite=Lax: the cookies travel with the top-level navigations of the code flow, never with a cross-site POST.
import { timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'TC_IDP_SESSION';
export const CSRF_COOKIE = 'TC_IDP_CSRF';

export interface CookieScope {
  /** The realm's path, e.g. /realms/acme/ */
  path: string;
  /** The issuer is https: the cookies are sent over https only. */
  secure: boolean;
}

/** The cookies of a request's Cookie header; the first of a repeated name wins (the most specific path). */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator <= 0) continue;
    const name = part.slice(0, separator).trim();
    if (name in cookies) continue;
    cookies[name] = part.slice(separator + 1).trim();
  }
  return cookies;
}

export function setCookie(scope: CookieScope, name: string, value: string, maxAgeSeconds?: number): string {
  const parts = [`${name}=${value}`, `Path=${scope.path}`, 'HttpOnly', 'SameSite=Lax'];
  if (maxAgeSeconds !== undefined) parts.push(`Max-Age=${maxAgeSeconds}`);
  if (scope.secure) parts.push('Secure');
  return parts.join('; ');
}

export function clearCookie(scope: CookieScope, name: string): string {
  return setCookie(scope, name, '', 0);
}

/** The form's CSRF token is the cookie's (compared in constant time). */
export function csrfMatches(cookies: Record<string, string>, submitted: unknown): boolean {
  const expected = cookies[CSRF_COOKIE];
  if (!expected || typeof submitted !== 'string') return false;
  const [given, wanted] = [Buffer.from(submitted), Buffer.from(expected)];
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
