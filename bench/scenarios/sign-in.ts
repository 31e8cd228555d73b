// Browser sign-in on the builtin provider: what the token endpoint's code exchange and refresh cost, against bare
// Fastify in the same run. One service child, one tenant; its admin signs in on the login page over HTTP (the
// temporary password, then the new-password form), which leaves a login session (cookie). Codes and refresh
// tokens are single-use, so every request of the load needs its own: codes are minted beforehand through the
// authorization endpoint with the session cookie (no password, as a signed-in browser gets them), refresh tokens by
// exchanging more codes. Targets, 50 connections each, one after another:
//   (a) bare Fastify, hello JSON
//   (s) bare Fastify signing two RS256 JWTs per request with jose (reference: what the signatures alone cost)
//   (x) POST token grant_type=authorization_code (PKCE S256): 2 RS256 signatures (access and ID token), the code
//       spent, a refresh-token family and its first token written
//   (r) POST token grant_type=refresh_token: the token rotated, a new one written, 2 RS256 signatures
// Target from issue 12: (x)/(a) and (r)/(a) ≥ 0.5; (x)/(s) and (r)/(s) for information. One round (the pools are
// sized for one).
import { createHash, randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { request } from 'node:http';
import type { RequestParams } from 'autocannon';
import { childProvision, type ServerChild, startServerChild } from '../lib/child.js';
import {
  type LoadTarget,
  loadLine,
  loadProblems,
  loadSettings,
  measureTargets,
  ratio,
  summarize,
} from '../lib/measure.js';
import { atLeast, type Check, info, type Scenario, serviceSettings, tenantPrefix } from '../lib/scenario.js';
import { BENCH_ADMIN_PASSWORD } from '../lib/tenant.js';

type Target = 'a' | 's' | 'x' | 'r';
const LABELS: Record<Target, string> = {
  a: '(a) bare Fastify hello',
  s: '(s) bare Fastify signing 2 RS256 JWTs',
  x: '(x) token: authorization_code exchange',
  r: '(r) token: refresh_token rotation',
};
/** Enough for 7 s (warm-up and measured) at 1,200 requests a second. */
const POOL = 8_500;
const MINT_CONCURRENCY = 16;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request to the child with a Host header and cookies; redirects are answered, not followed. */
function raw(port: number, method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string) {
  return new Promise<Raw>((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, method, path, headers, timeout: 30_000 }, (incoming) => {
      let text = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => {
        text += chunk;
      });
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: text }));
      incoming.on('error', reject);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${method} ${path} timed out`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The realm's browser client as a relying party uses it: its PKCE pair, redirect URI and cookie jar. */
interface RelyingParty {
  port: number;
  realm: string;
  redirectUri: string;
  verifier: string;
  challenge: string;
  cookies: Map<string, string>;
}

function cookieHeader(rp: RelyingParty): Record<string, string> {
  return { host: 'localhost', cookie: [...rp.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
}

function keepCookies(rp: RelyingParty, answer: Raw): void {
  const lines = answer.headers['set-cookie'];
  for (const line of Array.isArray(lines) ? lines : []) {
    const pair = line.split(';')[0] ?? '';
    const separator = pair.indexOf('=');
    rp.cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
  }
}

function authorizationPath(rp: RelyingParty): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: 'tc-web',
    redirect_uri: rp.redirectUri,
    scope: 'openid',
    state: 'bench',
    code_challenge: rp.challenge,
    code_challenge_method: 'S256',
  });
  return `/realms/${rp.realm}/protocol/openid-connect/auth?${query}`;
}

/** Posts a page's form (its hidden fields and `fields`) with the cookies. */
async function submit(rp: RelyingParty, page: Raw, fields: Record<string, string>): Promise<Raw> {
  const action = page.body.match(/<form method="post" action="([^"]*)">/)?.[1];
  if (!action) throw new Error(`no form on the page (${page.status}): ${page.body.slice(0, 300)}`);
  const form = new URLSearchParams(fields);
  for (const match of page.body.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    form.set(match[1] ?? '', (match[2] ?? '').replace(/&amp;/g, '&'));
  }
  const answer = await raw(rp.port, 'POST', new URL(action).pathname, { ...cookieHeader(rp), ...FORM }, `${form}`);
  keepCookies(rp, answer);
  return answer;
}

function codeOf(answer: Raw): string {
  const location = answer.headers.location;
  const code = typeof location === 'string' ? new URL(location).searchParams.get('code') : null;
  if (answer.status !== 302 || !code) throw new Error(`no code (${answer.status}): ${String(location)} ${answer.body}`);
  return code;
}

/** The admin's first sign-in on the login page: the temporary password, then a new one; answers the first code. */
async function firstSignIn(rp: RelyingParty, username: string, temporaryPassword: string): Promise<string> {
  const page = await raw(rp.port, 'GET', authorizationPath(rp), cookieHeader(rp));
  keepCookies(rp, page);
  const passwordForm = await submit(rp, page, { username, password: temporaryPassword });
  return codeOf(
    await submit(rp, passwordForm, { 'password-new': BENCH_ADMIN_PASSWORD, 'password-confirm': BENCH_ADMIN_PASSWORD }),
  );
}

/** `count` codes of the signed-in browser, `MINT_CONCURRENCY` at a time. */
async function mintCodes(rp: RelyingParty, count: number): Promise<string[]> {
  const codes: string[] = [];
  const worker = async () => {
    while (codes.length < count) {
      const slot = codes.push('') - 1;
      codes[slot] = codeOf(await raw(rp.port, 'GET', authorizationPath(rp), cookieHeader(rp)));
    }
  };
  await Promise.all(Array.from({ length: MINT_CONCURRENCY }, worker));
  return codes;
}

function exchangeBody(rp: RelyingParty, code: string): string {
  return `${new URLSearchParams({
    grant_type: 'authorization_code',
    client_id: 'tc-web',
    code,
    redirect_uri: rp.redirectUri,
    code_verifier: rp.verifier,
  })}`;
}

const refreshBody = (token: string) =>
  `${new URLSearchParams({ grant_type: 'refresh_token', client_id: 'tc-web', refresh_token: token })}`;

/** Refresh tokens, each of its own family: one code exchanged for each. */
async function mintRefreshTokens(rp: RelyingParty, codes: string[]): Promise<string[]> {
  const tokens: string[] = [];
  const path = `/realms/${rp.realm}/protocol/openid-connect/token`;
  const worker = async () => {
    for (let code = codes.pop(); code !== undefined; code = codes.pop()) {
      const answer = await raw(rp.port, 'POST', path, { host: 'localhost', ...FORM }, exchangeBody(rp, code));
      const token = (JSON.parse(answer.body) as { refresh_token?: string }).refresh_token;
      if (!token) throw new Error(`no refresh token (${answer.status}): ${answer.body}`);
      tokens.push(token);
    }
  };
  await Promise.all(Array.from({ length: MINT_CONCURRENCY }, worker));
  return tokens;
}

/** A load target that spends one body of `bodies` per request (the first one on the check before the load). */
function spending(label: string, port: number, path: string, bodies: string[]): LoadTarget & { spent(): number } {
  let next = 0;
  const take = () => bodies[Math.min(next++, bodies.length - 1)] ?? '';
  const first = take();
  return {
    label,
    request: {
      port,
      method: 'POST',
      path,
      host: 'localhost',
      headers: FORM,
      body: first,
      verifyBody: (body) => body.includes('"access_token"'),
      setupRequest: (params: RequestParams) => ({ ...params, body: take() }),
    },
    spent: () => next,
  };
}

export const signIn: Scenario = async (ctx) => {
  const settings = await serviceSettings(ctx, 'signin');
  const children: ServerChild[] = [];
  try {
    const hello = await startServerChild('bare-hello.ts', {});
    children.push(hello);
    const signer = await startServerChild('bare-sign.ts', {});
    children.push(signer);
    const service = await startServerChild('service.ts', settings.env);
    children.push(service);
    const provisioned = await childProvision(
      service,
      { count: 1, concurrency: 1, prefix: tenantPrefix(ctx, 'o') },
      120_000,
    );
    const realm = provisioned.tenantCodes[0] ?? '';
    const port = service.port('service');
    const discovery = await raw(port, 'GET', `/realms/${realm}/.well-known/openid-configuration`, {
      host: 'localhost',
    });
    const tenantOrigin = new URL((JSON.parse(discovery.body) as { issuer: string }).issuer);
    tenantOrigin.hostname = `${realm}.${tenantOrigin.hostname}`;
    const verifier = randomBytes(32).toString('base64url');
    const rp: RelyingParty = {
      port,
      realm,
      redirectUri: `${tenantOrigin.origin}/signed-in`,
      verifier,
      challenge: createHash('sha256').update(verifier).digest('base64url'),
      cookies: new Map(),
    };
    await firstSignIn(rp, 'admin', provisioned.adminPasswords[0] ?? '');
    let started = Date.now();
    const codes = await mintCodes(rp, 2 * POOL);
    ctx.log(`${codes.length} codes minted in ${Date.now() - started} ms`);
    started = Date.now();
    const refreshTokens = await mintRefreshTokens(rp, codes.splice(0, POOL));
    ctx.log(`${refreshTokens.length} refresh tokens minted in ${Date.now() - started} ms`);

    const tokenPath = `/realms/${realm}/protocol/openid-connect/token`;
    const exchange = spending(
      LABELS.x,
      port,
      tokenPath,
      codes.map((code) => exchangeBody(rp, code)),
    );
    const refresh = spending(LABELS.r, port, tokenPath, refreshTokens.map(refreshBody));
    const targets: Record<Target, LoadTarget> = {
      a: { label: LABELS.a, request: { port: hello.port('http'), path: '/hello' } },
      s: {
        label: LABELS.s,
        request: {
          port: signer.port('http'),
          method: 'POST',
          path: '/sign',
          verifyBody: (body) => body.includes('id_token'),
        },
      },
      x: exchange,
      r: refresh,
    };
    const runs = await measureTargets(targets, { rounds: 1, log: ctx.log });
    const figures = { a: summarize(runs.a), s: summarize(runs.s), x: summarize(runs.x), r: summarize(runs.r) };
    const ratios = {
      xa: ratio(runs.x, runs.a),
      ra: ratio(runs.r, runs.a),
      xs: ratio(runs.x, runs.s),
      rs: ratio(runs.r, runs.s),
    };
    const checks: Check[] = (['a', 's', 'x', 'r'] as const).map((target) => loadLine(LABELS[target], figures[target]));
    checks.push(
      atLeast('ratio (x)/(a)', ratios.xa, '', 0.5),
      atLeast('ratio (r)/(a)', ratios.ra, '', 0.5),
      info('ratio (x)/(s): the exchange against its 2 signatures alone', ratios.xs),
      info('ratio (r)/(s): the refresh against its 2 signatures alone', ratios.rs),
      info('codes / refresh tokens spent of the pools', `${exchange.spent()} / ${refresh.spent()} of ${POOL}`),
    );
    return {
      checks,
      problems: loadProblems(targets, runs, service),
      details: { ...loadSettings(1), pool: POOL, medians: figures, ratios, runs },
    };
  } finally {
    for (const child of children.reverse()) await child.stop().catch((error: unknown) => ctx.log(String(error)));
    await rm(settings.dataDir, { recursive: true, force: true });
  }
};
