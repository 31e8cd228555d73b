// The relying party's side of browser sign-in for HTTP-level tests: openid-client (a standard OpenID Connect
// client library) talking to the service's app in-process, and a cookie-keeping form driver that plays the browser
// on the login page (the real browser test drives Chromium instead).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import * as client from 'openid-client';

export const TEST_PUBLIC_URL = 'http://localhost:8080';

/** fetch() for openid-client, answered by the app in-process with the URL's host as the Host header. */
export function injectFetch(app: FastifyInstance): client.CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const headers: Record<string, string> = {};
    new Headers(options.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const answer = await app.inject({
      method: options.method === 'POST' ? 'POST' : 'GET',
      url: `${target.pathname}${target.search}`,
      headers: { ...headers, host: target.host },
      ...(options.body === undefined || options.body === null ? {} : { payload: String(options.body) }),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const each of Array.isArray(value) ? value : [value]) {
        if (each !== undefined) responseHeaders.append(name, String(each));
      }
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304 || answer.body === '';
    return new Response(empty ? null : answer.body, { status: answer.statusCode, headers: responseHeaders });
  };
}

/** The tenant realm's public browser client (tc-web) as openid-client sees it after discovery. */
export async function webClient(
  app: FastifyInstance,
  realm: string,
  clientId = 'tc-web',
): Promise<client.Configuration> {
  const fetch = injectFetch(app);
  const config = await client.discovery(
    new URL(`${TEST_PUBLIC_URL}/realms/${realm}`),
    clientId,
    undefined,
    client.None(),
    { execute: [client.allowInsecureRequests], [client.customFetch]: fetch },
  );
  config[client.customFetch] = fetch;
  return config;
}

/** One sign-in's secrets, kept by the relying party between the redirect out and the redirect back. */
export interface PendingSignIn {
  url: URL;
  verifier: string;
  state: string;
  nonce: string;
}

export async function authorizationRequest(
  config: client.Configuration,
  redirectUri: string,
  extra: Record<string, string> = {},
): Promise<PendingSignIn> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return { url, verifier, state, nonce };
}

/** A browser stand-in: keeps the cookies the app sets and submits the forms of its pages. */
export class FormBrowser {
  readonly cookies = new Map<string, string>();

  /** `remoteAddress`: the client address the app sees (its own failed-login budget). */
  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress = '127.0.0.1',
  ) {}

  async open(url: string | URL, form?: Record<string, string>): Promise<LightMyRequestResponse> {
    const target = new URL(url);
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const answer = await this.app.inject({
      method: form ? 'POST' : 'GET',
      url: `${target.pathname}${target.search}`,
      remoteAddress: this.remoteAddress,
      headers: {
        host: target.host,
        ...(cookie ? { cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    this.keepCookies(answer.headers['set-cookie']);
    return answer;
  }

  /** Posts the page's (first) form with its hidden fields and `fields`. */
  submit(page: LightMyRequestResponse, fields: Record<string, string>): Promise<LightMyRequestResponse> {
    const form = formOf(page.body);
    return this.open(form.action, { ...form.hidden, ...fields });
  }

  private keepCookies(header: string | string[] | undefined): void {
    for (const line of Array.isArray(header) ? header : header ? [header] : []) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      if (attributes.some((attribute) => attribute.trim().toLowerCase() === 'max-age=0')) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(separator + 1).trim());
    }
  }
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescapeHtml = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/** The action and hidden fields of the page's first form. */
export function formOf(html: string): { action: string; hidden: Record<string, string> } {
  const action = html.match(/<form method="post" action="([^"]*)">/)?.[1];
  if (action === undefined) throw new Error(`no form in the page: ${html.slice(0, 500)}`);
  const hidden: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    hidden[unescapeHtml(match[1] ?? '')] = unescapeHtml(match[2] ?? '');
  }
  return { action: unescapeHtml(action), hidden };
}
