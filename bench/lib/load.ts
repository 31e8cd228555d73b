// A load run: autocannon against one loopback server, a warm-up whose figures are dropped, then the
// measured run. Failures of any kind (socket errors, timeouts, non-2xx, a body other than the expected
// one) are counted, never hidden.
import autocannon, { type Options, type RequestParams } from 'autocannon';
import { round } from './stats.js';

export interface LoadOptions {
  port: number;
  path: string;
  /** Default GET. */
  method?: 'GET' | 'POST';
  /** A JSON body, sent with every request (POST). */
  body?: string;
  /** Host header (a tenant host); default: the base domain. */
  host?: string;
  /** More headers for every request (a session token). */
  headers?: Record<string, string>;
  connections: number;
  warmupSeconds: number;
  seconds: number;
  /** Every answer must have exactly this body. */
  expectBody?: string | undefined;
  /** Without expectBody: whether an answer's body is right (answers that differ by design, e.g. new ids). */
  verifyBody?: (body: string) => boolean;
  /** Rewrites each request before it is sent (rotating the tenant host). */
  setupRequest?: (request: RequestParams) => RequestParams;
  /**
   * Numbers of requests instead of seconds, for requests that each use up a prepared record (a booking to confirm):
   * the warm-up sends `warmup`, the measured run `measured`.
   */
  amounts?: { warmup: number; measured: number };
  /** Called after the warm-up, right before the measured run (a profile starts). */
  beforeMeasured?: () => Promise<void>;
}

export interface LoadFigures {
  requestsPerSecond: number;
  /** Latency percentiles of the 2xx answers (autocannon leaves the others out). */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  /** Requests that failed: socket errors and timeouts, plus answers that were non-2xx or had another body. */
  failures: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  mismatches: number;
  statusCodes: Record<string, number>;
}

export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const { expectBody } = options;
  const headers: Record<string, string> = {
    ...(options.host ? { host: options.host } : {}),
    ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...options.headers,
  };
  const base: Options = {
    url: `http://127.0.0.1:${options.port}${options.path}`,
    connections: options.connections,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    // autocannon calls setupRequest whenever the key is present, so it is left out when there is none.
    requests: [
      {
        method: options.method ?? 'GET',
        path: options.path,
        ...(options.body !== undefined ? { body: options.body } : {}),
        ...(options.setupRequest ? { setupRequest: options.setupRequest } : {}),
      },
    ],
    // (expectBody would do the same, but autocannon refuses it beside `requests`)
    ...(expectBody !== undefined
      ? { verifyBody: (body: string) => body === expectBody }
      : options.verifyBody
        ? { verifyBody: options.verifyBody }
        : {}),
    timeout: 10,
  };
  const { amounts } = options;
  if (amounts) {
    if (amounts.warmup > 0) await autocannon({ ...base, amount: amounts.warmup });
  } else if (options.warmupSeconds > 0) await autocannon({ ...base, duration: options.warmupSeconds });
  await options.beforeMeasured?.();
  const result = await autocannon(
    amounts ? { ...base, amount: amounts.measured } : { ...base, duration: options.seconds },
  );
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) statusCodes[code] = count;
  return {
    requestsPerSecond: round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: result.requests.total,
    // `errors` includes the timeouts; a non-2xx answer is also a mismatch when a body is expected.
    failures: result.errors + Math.max(result.non2xx, result.mismatches),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    mismatches: result.mismatches,
    statusCodes,
  };
}
