// What an operation knows about the caller's session, and where the token is read from.
import type { Role } from './roles.js';

export interface Session {
  /** Names the session in caches and logs (`jwt:<jti>` for a realm JWT). */
  sessionId: string;
  /** The id of the stored session row, for sessions this service issued; null for a realm JWT (it has no row). */
  storedId: string | null;
  /** system: the tenant's website key `pk`; guest: anonymous; user: a logged-in user. */
  kind: 'system' | 'guest' | 'user';
  userId: number | null;
  roles: readonly Role[];
  requiredActions: readonly string[];
  /**
   * The customer record of a customer user (its `contactId`, contract §7.1 "Customer records of customer users"),
   * read with the user's roles; null for employees, guests and the website key.
   */
  customerRecordId: number | null;
}

/** The customer record of the caller when it is a logged-in customer user (the areas' record readers ask it). */
export async function customerRecordOf(ctx: { session?: Session | undefined }): Promise<number | undefined> {
  const session = ctx.session;
  return session?.kind === 'user' ? (session.customerRecordId ?? undefined) : undefined;
}

/** The logged-in user behind a session; null for the website key, a guest, or no session at all. */
export function loggedInUserId(session: Session | undefined): number | null {
  return session?.kind === 'user' ? session.userId : null;
}

interface Carriers {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  query: unknown;
}

function field(source: unknown, name: string): string | undefined {
  if (source === null || typeof source !== 'object') return undefined;
  const value = (source as Record<string, unknown>)[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function header(headers: Carriers['headers'], name: string): string | undefined {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() ? first.trim() : undefined;
}

/** A session token and the parameter that carried it (named when the token is refused). */
export interface CarriedToken {
  token: string;
  /** `session`, `pk`, or the operation's own query parameter (GET printInvoice's `token`). */
  parameter: string;
}

/** The carriers an operation adds to the contract's four (its declaration says which). */
export interface ExtraCarriers {
  /** The website key `pk`, in the body or the query, where the specification names it. */
  websiteKey: boolean;
  /** A query parameter the specification names for the session on this operation (`token`). */
  queryParameter?: string | undefined;
}

/**
 * The session token from its carriers; when several are present the first of X-Auth-Request-Access-Token,
 * Authorization: Bearer, body `session`, query `session` wins (contract §3). Then the operation's own query
 * parameter, where the specification names one (GET printInvoice's `token`, spec part 1). Then, on an operation that
 * declares the website key as parameter `pk` (where the specification names it), body or query `pk`: the key is a
 * session token too. Each is read here, like the others, so that it meets the same checks.
 */
export function carriedSession(request: Carriers, options: ExtraCarriers): CarriedToken | undefined {
  const direct = header(request.headers, 'x-auth-request-access-token');
  if (direct) return { token: direct, parameter: 'session' };
  const authorization = header(request.headers, 'authorization');
  if (authorization && /^bearer\s+/i.test(authorization)) {
    const bearer = authorization.replace(/^bearer\s+/i, '').trim();
    if (bearer) return { token: bearer, parameter: 'session' };
  }
  const session = field(request.body, 'session') ?? field(request.query, 'session');
  if (session) return { token: session, parameter: 'session' };
  const named = options.queryParameter ? field(request.query, options.queryParameter) : undefined;
  if (named && options.queryParameter) return { token: named, parameter: options.queryParameter };
  const websiteKey = options.websiteKey ? (field(request.body, 'pk') ?? field(request.query, 'pk')) : undefined;
  return websiteKey ? { token: websiteKey, parameter: 'pk' } : undefined;
}
