// Amadeus's OAuth2 client-credentials token (POST /v1/security/oauth2/token, a form body): kept until shortly before
// its `expires_in` (a minute, or a tenth of a short lifetime), asked for once however many calls need it at the same
// moment (they share the one request), and forgotten when a call finds it expired or invalid. The token request
// has its own timeout, so one caller giving up does not fail the others waiting for it.
import { abandonable } from '../supplier-http.js';
import { AmadeusError, type AmadeusLog } from './error.js';
import { count, record, text } from './read.js';
import type { AmadeusSettings } from './settings.js';

export interface TokenSource {
  /** A token valid for a while yet; rejects with AmadeusError or the signal's reason. */
  get(signal: AbortSignal): Promise<string>;
  /** A call was refused with this token: the next get asks for a new one (unless another caller already did). */
  forget(token: string): void;
}

interface Kept {
  token: string;
  /** ms since the epoch after which the token is not used any more. */
  until: number;
}

const MARGIN_S = 60;
export const TOKEN_PATH = '/v1/security/oauth2/token';

/** When to stop using a token Amadeus gave for `expiresIn` seconds. */
export function keepUntil(now: number, expiresIn: number): number {
  const margin = Math.min(MARGIN_S, expiresIn / 10);
  return now + (expiresIn - margin) * 1000;
}

export function createTokenSource(
  settings: AmadeusSettings,
  deps: { fetchImpl: typeof fetch; now: () => number; log: AmadeusLog },
): TokenSource {
  let kept: Kept | undefined;
  let pending: Promise<Kept> | undefined;

  async function request(): Promise<Kept> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
    });
    let response: Response;
    try {
      response = await deps.fetchImpl(`${settings.url}${TOKEN_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      deps.log.warn({ timedOut }, 'Amadeus token endpoint could not be reached');
      throw new AmadeusError(timedOut ? 'timeout' : 'unavailable', 'Amadeus token endpoint not reached');
    }
    const body: unknown = await response.json().catch(() => undefined);
    const answer = record(body);
    const token = text(answer?.access_token);
    const expiresIn = count(answer?.expires_in);
    if (response.ok && token && expiresIn !== undefined) return { token, until: keepUntil(deps.now(), expiresIn) };
    // The flat OAuth error body: error, error_description, code (38187 invalid client), title. No secret in it.
    deps.log.warn(
      {
        httpStatus: response.status,
        amadeusCode: answer?.code,
        amadeusTitle: text(answer?.title) ?? text(answer?.error),
      },
      'Amadeus gave no access token',
    );
    const kind = response.status === 429 ? 'rate-limited' : 'unavailable';
    throw new AmadeusError(kind, `Amadeus gave no access token (HTTP ${response.status})`);
  }

  return {
    get(signal) {
      if (kept && deps.now() < kept.until) return Promise.resolve(kept.token);
      if (!pending) {
        pending = request().then(
          (fresh) => {
            kept = fresh;
            pending = undefined;
            return fresh;
          },
          (error: unknown) => {
            pending = undefined;
            throw error;
          },
        );
      }
      return abandonable(
        pending.then((fresh) => fresh.token),
        signal,
        () => signal.reason,
      );
    },
    forget(token) {
      if (kept?.token === token) kept = undefined;
    },
  };
}
