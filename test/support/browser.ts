// Real-browser tests: Debian's Chromium (never a browser downloaded by Playwright) driven by playwright-core,
// a fresh profile per launch, bounded timeouts, screenshots kept under test-artifacts/, and plain HTTP to a
// service listening on loopback.
import { accessSync, constants } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium } from 'playwright-core';

/** Page loads, clicks and waits in the browser: nets against a hang, loose enough for Chromium on a loaded machine. */
export const PAGE_TIMEOUT_MS = 45_000;
const LAUNCH_TIMEOUT_MS = 60_000;

/** Where the browser is looked for: CHROMIUM_PATH when set (and only there), else Debian's /usr/bin/chromium. */
export function chromiumCandidate(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** The Chromium to drive, or null when there is no executable at the candidate path. */
export function findChromium(): string | null {
  const candidate = chromiumCandidate();
  try {
    accessSync(candidate, constants.X_OK);
    return candidate;
  } catch {
    return null;
  }
}

/** CI must run the browser tests: there a missing Chromium fails them instead of skipping them. */
export function isCi(): boolean {
  const ci = process.env.CI;
  return ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
}

/**
 * A browser test file's Chromium: the executable (null when none), whether the file's tests are skipped (no Chromium
 * and not on CI, said once with a warning), and what is missing, for the error CI raises instead.
 */
export function chromiumForTests(file: string): { executablePath: string | null; skip: boolean; missing: string } {
  const executablePath = findChromium();
  const missing =
    `no Chromium at ${chromiumCandidate()} (set CHROMIUM_PATH, or install Debian's: ` +
    'apt-get install -y --no-install-recommends chromium)';
  const skip = !executablePath && !isCi();
  if (skip) console.warn(`${file} skipped: ${missing}`);
  return { executablePath, skip, missing };
}

/**
 * The flags the machine's probe ran Chromium with: no sandbox (CI runs as root), no GPU, and none of the
 * background connections that this machine's closed network refuses.
 */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchedBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Headless Chromium with a new, empty profile in a temporary folder; close() ends it and removes the folder. */
export async function launchChromium(executablePath: string): Promise<LaunchedBrowser> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'tc-chromium-profile-'));
  try {
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath,
      headless: true,
      args: CHROMIUM_FLAGS,
      timeout: LAUNCH_TIMEOUT_MS,
      viewport: { width: 1024, height: 768 },
    });
    context.setDefaultTimeout(PAGE_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(PAGE_TIMEOUT_MS);
    return {
      context,
      async close() {
        try {
          await withTimeout(context.close(), LAUNCH_TIMEOUT_MS, 'closing Chromium');
        } finally {
          await rm(userDataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  }
}

async function withTimeout<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

/** An absolute path under test-artifacts/<folder>/ (git-ignored), its folder created. */
export async function artifactPath(folder: string, name: string): Promise<string> {
  const dir = path.join(ARTIFACTS, folder);
  await mkdir(dir, { recursive: true });
  return path.join(dir, name);
}

/**
 * POSTs JSON to `url` over a real connection to 127.0.0.1 on the url's port, with the url's host (a tenant's
 * `<code>.localhost:<port>`) as the Host header: Node's resolver does not know subdomains of localhost and its
 * fetch() ignores a Host header; `headers` are sent too (a bearer token). Answers the parsed body; throws on any
 * status but 200 or after `timeoutMs`.
 */
export function postJson(
  url: string,
  payload: object,
  timeoutMs = PAGE_TIMEOUT_MS,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const target = new URL(url);
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: target.port,
        method: 'POST',
        path: `${target.pathname}${target.search}`,
        headers: {
          ...headers,
          host: target.host,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        signal: AbortSignal.timeout(timeoutMs),
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (incoming.statusCode !== 200) {
            reject(new Error(`POST ${url} answered HTTP ${incoming.statusCode}: ${text}`));
            return;
          }
          try {
            const parsed: unknown = JSON.parse(text);
            resolve(parsed);
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The record's field, or a clear error naming it. */
export function fieldOf(record: unknown, key: string): unknown {
  if (typeof record !== 'object' || record === null || !(key in record)) {
    throw new Error(`no field ${key} in ${JSON.stringify(record)}`);
  }
  return Object.getOwnPropertyDescriptor(record, key)?.value;
}

export function stringOf(record: unknown, key: string): string {
  const value = fieldOf(record, key);
  if (typeof value !== 'string') throw new Error(`${key} is not a string in ${JSON.stringify(record)}`);
  return value;
}

export function numberOf(record: unknown, key: string): number {
  const value = fieldOf(record, key);
  if (typeof value !== 'number') throw new Error(`${key} is not a number in ${JSON.stringify(record)}`);
  return value;
}

/** The first element of an array answer. */
export function firstOf(list: unknown): unknown {
  if (!Array.isArray(list) || list.length === 0) throw new Error(`not a non-empty list: ${JSON.stringify(list)}`);
  const [first]: unknown[] = list;
  return first;
}
