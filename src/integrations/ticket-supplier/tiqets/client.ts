// Tiqets Distributor API v2 over HTTP (research/external-systems.md §5): every call carries `Authorization: Token
// <key>`, `lang` and `currency`, and answers `{"success": true, …}`. A 429 or 5xx answer, or no connection, is
// tried again after a back-off (the first TC_TIQETS_BACKOFF_MS, doubling; a 429's Retry-After when it says less
// than the call's time left) while the budget lasts: TC_TIQETS_RETRIES retries within TC_TIQETS_TIMEOUT_MS for the
// whole call. A POST that makes something is tried again only after a 429 (nothing was made), never after a 5xx
// or a lost connection. Failures become TicketCatalogErrors holding our words only (the HTTP status); Tiqets' own
// message goes to the log, never the token.
import type { FastifyBaseLogger } from 'fastify';
import { TicketCatalogError } from '../catalog.js';
import type { TiqetsSettings } from '../settings.js';
import { causeOf, readJson, abortableSleep as sleep } from '../../supplier-http.js';

export type TiqetsLog = Pick<FastifyBaseLogger, 'warn'>;

export type Json = Record<string, unknown>;

export interface TiqetsCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** e.g. /products/123/availability */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

export interface TiqetsClient {
  /** The answer's body (2xx with `success: true`). Rejects with TicketCatalogError. */
  call(call: TiqetsCall, signal?: AbortSignal): Promise<Json>;
}

export interface TiqetsClientDeps {
  log: TiqetsLog;
  fetchImpl?: typeof fetch;
  now?: () => number;
}

const MAX_RETRY_AFTER_MS = 30_000;

function urlOf(settings: TiqetsSettings, call: TiqetsCall): string {
  const query = new URLSearchParams({ lang: settings.lang, currency: settings.currency });
  for (const [name, value] of Object.entries(call.query ?? {})) {
    if (value !== undefined) query.set(name, String(value));
  }
  return `${settings.url}${call.path}?${query.toString()}`;
}

/** Tiqets answers an object (its `success` wrapper); anything else is no answer. */
function jsonObject(parsed: unknown): Json | undefined {
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Json) : undefined;
}

/** Retry-After in seconds or as a date; undefined when absent or unreadable. */
function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  const wanted = /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now;
  return Number.isFinite(wanted) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, wanted)) : undefined;
}

function failureOf(status: number, body: Json | undefined, call: TiqetsCall, log: TiqetsLog): TicketCatalogError {
  const tiqetsMessage = typeof body?.message === 'string' ? body.message : undefined;
  log.warn({ tiqetsPath: call.path, httpStatus: status, tiqetsMessage }, 'Tiqets refused or failed a call');
  if (status >= 200 && status < 300)
    return new TicketCatalogError('unavailable', 'Tiqets answered in an unexpected form');
  if (status === 404) return new TicketCatalogError('not-found', 'Tiqets does not know it (HTTP 404)');
  if (status === 429) return new TicketCatalogError('rate-limited', 'Tiqets asked to slow down (HTTP 429)');
  if (status >= 400 && status < 500)
    return new TicketCatalogError('refused', `Tiqets refused the request (HTTP ${status})`);
  return new TicketCatalogError('unavailable', `Tiqets failed (HTTP ${status})`);
}

/** What one exchange ended with: the body, a failure that may be retried (with its wait), or a final one. */
type Outcome = { body: Json } | { retry: TicketCatalogError; waitMs?: number } | { fail: TicketCatalogError };

export function createTiqetsClient(settings: TiqetsSettings, deps: TiqetsClientDeps): TiqetsClient {
  const fetchImpl = deps.fetchImpl ?? fetch;
  const now = deps.now ?? Date.now;
  const { log } = deps;

  async function exchange(call: TiqetsCall, signal: AbortSignal): Promise<Outcome> {
    const makes = call.method === 'POST';
    let response: Response;
    try {
      response = await fetchImpl(urlOf(settings, call), {
        method: call.method,
        headers: {
          authorization: `Token ${settings.token}`,
          accept: 'application/json',
          ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw error;
      log.warn({ tiqetsPath: call.path, cause: causeOf(error) }, 'Tiqets could not be reached');
      const failure = new TicketCatalogError('unavailable', 'Tiqets could not be reached');
      return makes ? { fail: failure } : { retry: failure };
    }
    const body = jsonObject(await readJson(response));
    if (response.ok && body?.success === true) return { body };
    const failure = failureOf(response.status, body, call, log);
    if (response.status === 429)
      return { retry: failure, waitMs: retryAfterMs(response.headers.get('retry-after'), now()) };
    if (response.status >= 500 && !makes) return { retry: failure };
    return { fail: failure };
  }

  async function attempts(call: TiqetsCall, signal: AbortSignal, deadline: number): Promise<Json> {
    for (let attempt = 0; ; attempt += 1) {
      const outcome = await exchange(call, signal);
      if ('body' in outcome) return outcome.body;
      if ('fail' in outcome) throw outcome.fail;
      const wait = outcome.waitMs ?? settings.backoffMs * 2 ** attempt;
      if (attempt >= settings.retries || now() + wait >= deadline) throw outcome.retry;
      log.warn(
        { tiqetsPath: call.path, attempt: attempt + 1, backoffMs: wait },
        'Tiqets call retried after a back-off',
      );
      await sleep(wait, signal);
    }
  }

  return {
    async call(call, callerSignal) {
      const timeout = AbortSignal.timeout(settings.timeoutMs);
      const signal = callerSignal ? AbortSignal.any([timeout, callerSignal]) : timeout;
      try {
        return await attempts(call, signal, now() + settings.timeoutMs);
      } catch (error) {
        if (error instanceof TicketCatalogError) throw error;
        const reason = timeout.aborted ? `no answer within ${settings.timeoutMs} ms` : 'the call was abandoned';
        log.warn({ tiqetsPath: call.path, reason, cause: causeOf(error) }, 'Tiqets call timed out');
        throw new TicketCatalogError('timeout', `Tiqets: ${reason}`);
      }
    },
  };
}
