// The HTTP side of the Keycloak adapter (research/external-systems.md §4): admin REST calls under
// {KC}/admin/realms with a bearer of the master realm's client-credentials grant. The admin token is cached
// until shortly before it expires; a 401 (expired or revoked early) or a 403 fetches it once more and retries.
// Every failure is a KeycloakError or an IdpConflictError whose message names the call, never a secret or a body.
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { IdpConflictError, MASTER_REALM } from '../port.js';

export interface KeycloakConnection {
  /** Keycloak's base URL without a trailing slash (Keycloak ≥ 17: no /auth prefix). */
  url: string;
  /** The master realm's client whose service account may create realms (research §4: role create-realm). */
  adminClientId: string;
  adminClientSecret: string;
  /** How long one call (connecting and reading the answer) may take. */
  timeoutMs: number;
}

export type KeycloakFailure = 'unreachable' | 'timeout' | 'refused' | 'bad-answer';

/** Keycloak could not be asked, refused the admin client, or answered what the adapter cannot use. */
export class KeycloakError extends Error {
  readonly failure: KeycloakFailure;
  readonly httpStatus: number | undefined;
  constructor(failure: KeycloakFailure, message: string, httpStatus?: number) {
    super(message);
    this.name = 'KeycloakError';
    this.failure = failure;
    this.httpStatus = httpStatus;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface AdminAnswer {
  status: number;
  /** The Location header of a 201 (…/admin/realms/acme/users/{uuid}). */
  location: string | undefined;
  /** The JSON body; undefined when empty or not JSON. */
  body: unknown;
}

export interface AdminClient {
  /**
   * One admin REST call; `path` follows /admin/realms (`/acme/users`). Answers 2xx and 404 (the caller knows what
   * a missing realm, client or user means); throws IdpConflictError on 409 and KeycloakError on anything else.
   */
  call(method: HttpMethod, path: string, body?: unknown): Promise<AdminAnswer>;
  /** Fetches an admin token now: Keycloak is reachable and takes the admin client's credentials. */
  checkCredentials(): Promise<void>;
}

const TokenAnswer = Type.Object({
  access_token: Type.String({ minLength: 1 }),
  expires_in: Type.Number({ minimum: 1 }),
});
const OAuthRefusal = Type.Object({ error: Type.String() });
const KeycloakMessage = Type.Object({ errorMessage: Type.String() });
type TokenAnswer = Static<typeof TokenAnswer>;

/** A token is renewed this share of its life before it expires, at most 30 s before (60 s tokens: 12 s before). */
const RENEWAL_SHARE = 0.2;
const MAX_RENEWAL_MARGIN_S = 30;

interface CachedToken {
  value: string;
  renewAt: number;
}

export function createAdminClient(
  connection: KeycloakConnection,
  clock: () => Date,
  fetchImpl: typeof fetch = fetch,
): AdminClient {
  let cached: CachedToken | undefined;
  // Concurrent calls that find no token share one token request.
  let fetching: Promise<CachedToken> | undefined;

  async function adminToken(): Promise<string> {
    if (cached && clock().getTime() < cached.renewAt) return cached.value;
    fetching ??= fetchToken(connection, clock, fetchImpl).finally(() => {
      fetching = undefined;
    });
    cached = await fetching;
    return cached.value;
  }

  async function adminRequest(method: HttpMethod, path: string, body: unknown): Promise<AdminAnswer> {
    const token = await adminToken();
    return send(fetchImpl, connection, `${connection.url}/admin/realms${path}`, describe(method, path), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  return {
    async call(method, path, body) {
      let answer = await adminRequest(method, path, body);
      if (answer.status === 401 || answer.status === 403) {
        // 401: admin tokens are short-lived and may be revoked early. 403: should a Keycloak read rights from the
        // token rather than the user, the rights of a realm this client just created reach a new token only.
        // Either way Keycloak did nothing, so the call, even a POST, is safe to repeat once with a fresh token.
        cached = undefined;
        answer = await adminRequest(method, path, body);
      }
      return judged(answer, describe(method, path));
    },
    async checkCredentials() {
      cached = undefined;
      await adminToken();
    },
  };
}

/** The client-credentials grant of the admin client on the master realm. */
async function fetchToken(
  connection: KeycloakConnection,
  clock: () => Date,
  fetchImpl: typeof fetch,
): Promise<CachedToken> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: connection.adminClientId,
    client_secret: connection.adminClientSecret,
  });
  const url = `${connection.url}/realms/${MASTER_REALM}/protocol/openid-connect/token`;
  const answer = await send(fetchImpl, connection, url, 'the master realm token endpoint', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form.toString(),
  });
  if (answer.status === 400 || answer.status === 401) {
    // Keycloak's error code (unauthorized_client, invalid_client) only: its description is not ours to repeat.
    const code = Value.Check(OAuthRefusal, answer.body) ? safeWord(answer.body.error) : 'no error code';
    throw new KeycloakError(
      'refused',
      `Keycloak refused the admin client ${connection.adminClientId} (HTTP ${answer.status}, ${code})`,
      answer.status,
    );
  }
  if (answer.status !== 200 || !Value.Check(TokenAnswer, answer.body)) {
    throw new KeycloakError('bad-answer', `Keycloak's token endpoint answered HTTP ${answer.status} without a token`);
  }
  return cachedToken(answer.body, clock());
}

function cachedToken(answer: TokenAnswer, now: Date): CachedToken {
  const margin = Math.min(MAX_RENEWAL_MARGIN_S, answer.expires_in * RENEWAL_SHARE);
  return { value: answer.access_token, renewAt: now.getTime() + (answer.expires_in - margin) * 1000 };
}

/** A request with the connection's time limit; a 5xx or no answer at all is a KeycloakError. */
export async function send(
  fetchImpl: typeof fetch,
  connection: KeycloakConnection,
  url: string,
  what: string,
  init: RequestInit,
): Promise<AdminAnswer> {
  let response: Response;
  let text: string;
  try {
    // The signal covers reading the body too: a Keycloak that stalls mid-answer fails like one that is down.
    response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(connection.timeoutMs) });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    if (timedOut)
      throw new KeycloakError('timeout', `Keycloak did not answer ${what} within ${connection.timeoutMs} ms`);
    throw new KeycloakError('unreachable', `Keycloak could not be reached for ${what} (${causeOf(error)})`);
  }
  if (response.status >= 500) {
    throw new KeycloakError('bad-answer', `Keycloak answered HTTP ${response.status} to ${what}`, response.status);
  }
  return { status: response.status, location: response.headers.get('location') ?? undefined, body: parsed(text) };
}

/** What the adapter's callers act on; the rest becomes an error. */
function judged(answer: AdminAnswer, what: string): AdminAnswer {
  const { status } = answer;
  if ((status >= 200 && status < 300) || status === 404) return answer;
  if (status === 409) {
    const detail = Value.Check(KeycloakMessage, answer.body) ? `: ${answer.body.errorMessage.slice(0, 200)}` : '';
    throw new IdpConflictError(`Keycloak answered 409 to ${what}${detail}`);
  }
  if (status === 401 || status === 403) {
    const reason = status === 401 ? 'the admin token was refused twice' : 'the admin client lacks the permission';
    throw new KeycloakError('refused', `Keycloak refused ${what}: ${reason} (HTTP ${status})`, status);
  }
  throw new KeycloakError('bad-answer', `Keycloak answered HTTP ${status} to ${what}`, status);
}

/** The call as errors name it: method and path without the query (which may hold a login name). */
function describe(method: HttpMethod, path: string): string {
  return `${method} /admin/realms${path.split('?')[0] ?? ''}`;
}

function parsed(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An OAuth error code as Keycloak sends it (unauthorized_client); anything else is not repeated. */
function safeWord(value: string): string {
  return /^[a-z_]{1,64}$/.test(value) ? value : 'an unexpected error code';
}

/** The network error's code (ECONNREFUSED…) for the message, never the request. */
function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const cause = error.cause;
  if (cause instanceof Error && 'code' in cause && typeof cause.code === 'string') return cause.code;
  return error.name;
}

/** The last path segment of a Location header: the new resource's id (…/users/{uuid} → uuid). */
export function idFromLocation(answer: AdminAnswer, what: string): string {
  const segment = answer.status === 201 ? answer.location?.split('?')[0]?.split('/').pop() : undefined;
  if (!segment) {
    throw new KeycloakError('bad-answer', `Keycloak answered HTTP ${answer.status} without a Location to ${what}`);
  }
  return decodeURIComponent(segment);
}

/** The path segment of a realm, client, user or role name. */
export function segment(name: string): string {
  return `/${encodeURIComponent(name)}`;
}
