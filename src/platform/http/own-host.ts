// A host a client names for the browser to come back to (a payment gateway's return address, a sign-in's): it must be
// the tenant's own, exactly, or the request is refused, so that no parameter turns the service into an open redirect.
import { invalidFormat } from './errors.js';

/** A bare DNS name with an optional port: no userinfo, path, query, fragment, escapes, backslashes or IPv6 literals. */
const BARE_AUTHORITY = /^[a-z0-9.-]+(?::\d{1,5})?$/i;

/** The tenant's own host when `requested` is absent or names it; else INVALID_FORMAT naming `parameter`. */
export function requireOwnHost(
  scheme: string,
  ownHost: string,
  requested: string | undefined,
  parameter: string,
): string {
  if (requested === undefined) return ownHost;
  const asked = hostAndPort(scheme, requested);
  if (asked === undefined || asked !== hostAndPort(scheme, ownHost)) {
    throw invalidFormat(parameter, `must be the tenant's host ${ownHost}`);
  }
  return ownHost;
}

/**
 * `hostname:port` of a URL authority, the scheme's default port made explicit, as a browser would resolve it;
 * undefined for anything that is not a bare authority. The pattern refuses what browsers and URL parsers read
 * differently (`a:80@evil`, `a\evil`, `a%40evil`); the parse then confirms nothing but a host and port remain.
 */
function hostAndPort(scheme: string, authority: string): string | undefined {
  if (!BARE_AUTHORITY.test(authority)) return undefined;
  let url: URL;
  try {
    url = new URL(`${scheme}://${authority}`);
  } catch {
    return undefined;
  }
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
}
