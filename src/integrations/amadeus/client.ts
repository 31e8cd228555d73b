// Amadeus Self-Service over HTTP (research/external-systems.md §2), shared by the flight and the hotel adapters:
// every call carries a bearer token of the OAuth2 client-credentials grant (token.ts), answered once more with a new
// token when Amadeus says the token expired or is invalid (38192, 38190), once more after a back-off when it says
// 429 (its Retry-After, else 1 s, at most 3 s), and within the operation's deadline (TC_AMADEUS_TIMEOUT_MS for the
// whole call: token, retry and back-off included). Failures become AmadeusErrors whose messages hold our words only
// (HTTP status and Amadeus code), which each adapter turns into its port's error; Amadeus's own title and detail go
// to the log, never the token or the client secret.
import { causeOf, readJson, abortableSleep as sleep } from '../supplier-http.js';
import { AmadeusError, type AmadeusLog } from './error.js';
import { list, record, text } from './read.js';
import type { AmadeusSettings } from './settings.js';
import { createTokenSource, type TokenSource } from './token.js';

export { AmadeusError, type AmadeusFailureKind, type AmadeusLog } from './error.js';

export interface AmadeusCall {
  method: 'GET' | 'POST';
  /** e.g. /v2/shopping/flight-offers */
  path: string;
  query?: Record<string, string>;
  /** A JSON body, sent with X-HTTP-Method-Override: GET (Amadeus's POST form of a search or a pricing). */
  body?: unknown;
}

export interface AmadeusClient {
  /** The answer's JSON body (2xx). Rejects with AmadeusError. */
  call(call: AmadeusCall, signal?: AbortSignal): Promise<unknown>;
}

export interface AmadeusClientDeps {
  log: AmadeusLog;
  fetchImpl?: typeof fetch;
  now?: () => number;
}

/** Token refreshes: Amadeus's expired (38192) and invalid (38190) access token. */
const TOKEN_CODES = new Set([38190, 38192]);
const DEFAULT_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 3_000;
const MEDIA_TYPE = 'application/vnd.amadeus+json';

interface AmadeusIssue {
  status?: number;
  code?: number;
  title?: string;
  detail?: string;
  parameter?: string;
}

/** The first of Amadeus's `errors[]`, or the token endpoint's flat body. */
export function issueOf(body: unknown): AmadeusIssue {
  const flat = record(body);
  const first = record(list(flat?.errors)[0]) ?? flat;
  const code = Number(first?.code);
  const status = Number(first?.status);
  return {
    status: Number.isInteger(status) ? status : undefined,
    code: Number.isInteger(code) ? code : undefined,
    title: text(first?.title) ?? text(first?.error),
    detail: text(first?.detail) ?? text(first?.error_description),
    parameter: text(record(first?.source)?.parameter),
  };
}

/** How long a 429 asks to wait: Retry-After in seconds or as a date, else 1 s; never more than 3 s. */
export function backoffMs(retryAfter: string | null, now: number): number {
  if (!retryAfter) return DEFAULT_BACKOFF_MS;
  const seconds = Number(retryAfter);
  const wanted = /^\d+(\.\d+)?$/.test(retryAfter.trim()) ? seconds * 1000 : Date.parse(retryAfter) - now;
  if (!Number.isFinite(wanted)) return DEFAULT_BACKOFF_MS;
  return Math.min(MAX_BACKOFF_MS, Math.max(0, wanted));
}

/** Sorts a failed answer: 429 rate limited, other 4xx refused (our request, or an offer no longer sold), else down. */
export function failureOf(status: number, body: unknown, call: AmadeusCall, log: AmadeusLog): AmadeusError {
  const issue = issueOf(body);
  log.warn(
    {
      amadeusPath: call.path,
      httpStatus: status,
      amadeusCode: issue.code,
      amadeusTitle: issue.title,
      amadeusDetail: issue.detail,
      amadeusParameter: issue.parameter,
    },
    'Amadeus refused or failed a call',
  );
  const said = issue.code === undefined ? `HTTP ${status}` : `HTTP ${status}, code ${issue.code}`;
  const answer = { httpStatus: status, code: issue.code };
  if (status === 429) return new AmadeusError('rate-limited', `Amadeus asked to slow down (${said})`, answer);
  if (status >= 400 && status < 500 && status !== 401) {
    return new AmadeusError('refused', `Amadeus refused the request (${said})`, answer);
  }
  if (status >= 200 && status < 300) {
    return new AmadeusError('unavailable', 'Amadeus answered in an unexpected form', answer);
  }
  return new AmadeusError('unavailable', `Amadeus failed (${said})`, answer);
}

function urlOf(settings: AmadeusSettings, call: AmadeusCall): string {
  const query = call.query ? `?${new URLSearchParams(call.query).toString()}` : '';
  return `${settings.url}${call.path}${query}`;
}

interface Attempt {
  refreshed: boolean;
  retried: boolean;
}

export function createAmadeusClient(settings: AmadeusSettings, deps: AmadeusClientDeps): AmadeusClient {
  const fetchImpl = deps.fetchImpl ?? fetch;
  const now = deps.now ?? Date.now;
  const { log } = deps;
  const tokens: TokenSource = createTokenSource(settings, { fetchImpl, now, log });

  async function send(call: AmadeusCall, token: string, signal: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      accept: `${MEDIA_TYPE}, application/json`,
    };
    if (call.body !== undefined) {
      headers['content-type'] = MEDIA_TYPE;
      headers['x-http-method-override'] = 'GET';
    }
    return fetchImpl(urlOf(settings, call), {
      method: call.method,
      headers,
      ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
      signal,
    });
  }

  async function attempt(call: AmadeusCall, signal: AbortSignal, deadline: number, tried: Attempt): Promise<unknown> {
    const token = await tokens.get(signal);
    const response = await send(call, token, signal);
    const body = await readJson(response);
    if (response.ok && body !== undefined) return body;
    const { code } = issueOf(body);
    if (response.status === 401 && code !== undefined && TOKEN_CODES.has(code) && !tried.refreshed) {
      tokens.forget(token);
      return attempt(call, signal, deadline, { ...tried, refreshed: true });
    }
    if (response.status === 429 && !tried.retried) {
      const wait = backoffMs(response.headers.get('retry-after'), now());
      if (now() + wait < deadline) {
        log.warn({ amadeusPath: call.path, backoffMs: wait }, 'Amadeus answered 429: one retry after a back-off');
        await sleep(wait, signal);
        return attempt(call, signal, deadline, { ...tried, retried: true });
      }
    }
    throw failureOf(response.status, body, call, log);
  }

  return {
    async call(call, callerSignal) {
      const timeout = AbortSignal.timeout(settings.timeoutMs);
      const signal = callerSignal ? AbortSignal.any([timeout, callerSignal]) : timeout;
      try {
        return await attempt(call, signal, now() + settings.timeoutMs, { refreshed: false, retried: false });
      } catch (error) {
        if (error instanceof AmadeusError) throw error;
        if (signal.aborted) {
          const reason = timeout.aborted ? `no answer within ${settings.timeoutMs} ms` : 'the call was abandoned';
          log.warn({ amadeusPath: call.path, reason }, 'Amadeus call timed out');
          throw new AmadeusError('timeout', `Amadeus: ${reason}`);
        }
        log.warn({ amadeusPath: call.path, cause: causeOf(error) }, 'Amadeus could not be reached');
        throw new AmadeusError('unavailable', 'Amadeus could not be reached');
      }
    },
  };
}
