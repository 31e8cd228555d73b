// One HTTP request to a loopback server with an explicit Host header (fetch may not set Host, and
// *.localhost does not resolve everywhere), answers that must be OK, and polling until a URL answers 200.
import { request } from 'node:http';
import { sleep } from './env.js';

export interface Answer {
  status: number;
  body: string;
}

export interface HttpRequest {
  method?: 'GET' | 'POST';
  path: string;
  /** Host header (a tenant host); default localhost. */
  host?: string;
  headers?: Record<string, string>;
  /** A body (POST): JSON unless `headers` name another content-type. */
  body?: string;
}

export function httpRequest(port: number, options: HttpRequest, timeoutMs = 2_000): Promise<Answer> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { host: options.host ?? 'localhost', ...options.headers };
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json'; // a form body names its own type
    headers['content-length'] = String(Buffer.byteLength(options.body));
  }
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: options.path, method, headers, timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${options.path} timed out`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

export function httpGet(port: number, path: string, host = 'localhost', timeoutMs = 2_000): Promise<Answer> {
  return httpRequest(port, { path, host }, timeoutMs);
}

/** GET `path` every `intervalMs` until it answers 200; false after `timeoutMs` or once `stopped()` says so. */
export async function pollUntil200(
  port: number,
  path: string,
  options: { intervalMs: number; timeoutMs: number; stopped: () => boolean },
): Promise<boolean> {
  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline && !options.stopped()) {
    const answer = await httpGet(port, path, 'localhost', 1_000).catch(() => undefined);
    if (answer?.status === 200) return true;
    await sleep(options.intervalMs);
  }
  return false;
}

/** An answer that must be HTTP 200 with the envelope's errorCode OK (or a plain JSON body for bare servers). */
export async function expectOk(port: number, path: string, host?: string): Promise<string> {
  return expectOkAnswer(port, { path, host });
}

/** The same for any request; answers the body. */
export async function expectOkAnswer(port: number, options: HttpRequest, timeoutMs = 5_000): Promise<string> {
  const answer = await httpRequest(port, options, timeoutMs);
  let parsed: { apiStatus?: { errorCode?: string } } | undefined;
  try {
    parsed = JSON.parse(answer.body) as { apiStatus?: { errorCode?: string } };
  } catch {
    parsed = undefined;
  }
  if (answer.status !== 200 || !parsed || (parsed.apiStatus && parsed.apiStatus.errorCode !== 'OK')) {
    throw new Error(
      `${options.method ?? 'GET'} ${options.path} (Host ${options.host ?? 'localhost'}) answered ${answer.status}: ${answer.body}`,
    );
  }
  return answer.body;
}
