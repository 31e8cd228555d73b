// The authorization request of the code flow (RFC 6749 §4.1.1 with PKCE, RFC 7636), checked in the order of
// RFC 6749 §4.1.2.1: a request whose client or redirect URI is wrong gets an error page and is never redirected
// (that would be an open redirect); every other problem is sent back to the client's redirect URI.
import { findBrowserClient } from './sign-in.repository.js';
import type { Sql } from '../../database/connections.js';

/** A checked authorization request: what the login page carries along and the code is bound to. */
export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  state: string | undefined;
  nonce: string | undefined;
  /** `none`: answer at once (login_required when nobody is signed in); `login`: always show the form. */
  prompt: string | undefined;
}

export type AuthorizationCheck =
  | { kind: 'valid'; request: AuthorizationRequest }
  /** Shown in the browser, never redirected. */
  | { kind: 'error-page'; message: string }
  /** Sent to the client's redirect URI (a registered one). */
  | { kind: 'redirect-error'; redirectUri: string; error: string; description: string; state: string | undefined };

/** RFC 7636 §4.2: BASE64URL(SHA256(verifier)) is 43 characters; a verifier is 43-128 unreserved characters. */
export const PKCE_VALUE = /^[A-Za-z0-9._~-]{43,128}$/;
/** State and nonce are echoed back; they are bounded so a request cannot make us store or send megabytes. */
const MAX_ECHOED_LENGTH = 1024;
const AUTHORIZATION_FIELDS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'response_mode',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'prompt',
] as const;

type Field = (typeof AUTHORIZATION_FIELDS)[number];
type Parameters = Partial<Record<Field, string>>;

/**
 * The authorization parameters of a query or form. A parameter sent twice is unusable (RFC 6749 §3.1):
 * answered as `duplicated` so the check refuses it.
 */
function parametersOf(input: unknown): { parameters: Parameters; duplicated: Field | undefined } {
  const parameters: Parameters = {};
  let duplicated: Field | undefined;
  if (typeof input !== 'object' || input === null) return { parameters, duplicated };
  for (const field of AUTHORIZATION_FIELDS) {
    const value: unknown = Object.getOwnPropertyDescriptor(input, field)?.value;
    if (typeof value === 'string' && value !== '') parameters[field] = value;
    else if (Array.isArray(value)) duplicated ??= field;
  }
  return { parameters, duplicated };
}

export async function checkAuthorizationRequest(sql: Sql, realm: string, input: unknown): Promise<AuthorizationCheck> {
  const { parameters: p, duplicated } = parametersOf(input);
  if (duplicated === 'client_id' || duplicated === 'redirect_uri') {
    return { kind: 'error-page', message: `Invalid parameter: ${duplicated}` };
  }
  if (!p.client_id) return { kind: 'error-page', message: 'Missing parameter: client_id' };
  const client = await findBrowserClient(sql, realm, p.client_id);
  if (!client) return { kind: 'error-page', message: 'Client not found.' };
  if (!p.redirect_uri) return { kind: 'error-page', message: 'Missing parameter: redirect_uri' };
  if (!isRegisteredRedirect(p.redirect_uri, client.redirectUris)) {
    return { kind: 'error-page', message: 'Invalid parameter: redirect_uri' };
  }
  const redirectUri = p.redirect_uri;
  const state = p.state !== undefined && p.state.length <= MAX_ECHOED_LENGTH ? p.state : undefined;
  const refuse = (error: string, description: string): AuthorizationCheck => ({
    kind: 'redirect-error',
    redirectUri,
    error,
    description,
    state,
  });
  if (duplicated) return refuse('invalid_request', `Invalid parameter: ${duplicated}`);
  if (!p.response_type) return refuse('invalid_request', 'Missing parameter: response_type');
  if (p.response_type !== 'code') return refuse('unsupported_response_type', 'Only response_type=code is supported');
  if (p.response_mode !== undefined && p.response_mode !== 'query') {
    return refuse('invalid_request', 'Invalid parameter: response_mode');
  }
  if ((p.state?.length ?? 0) > MAX_ECHOED_LENGTH) return refuse('invalid_request', 'Invalid parameter: state');
  if ((p.nonce?.length ?? 0) > MAX_ECHOED_LENGTH) return refuse('invalid_request', 'Invalid parameter: nonce');
  // Public clients must prove the code is theirs (RFC 7636), and only S256 proves anything.
  if (!p.code_challenge) return refuse('invalid_request', 'Missing parameter: code_challenge');
  if (p.code_challenge_method !== 'S256') return refuse('invalid_request', 'Invalid parameter: code_challenge_method');
  if (!PKCE_VALUE.test(p.code_challenge)) return refuse('invalid_request', 'Invalid parameter: code_challenge');
  if (p.prompt !== undefined && !['none', 'login'].includes(p.prompt)) {
    return refuse('invalid_request', 'Invalid parameter: prompt');
  }
  return {
    kind: 'valid',
    request: {
      clientId: client.clientId,
      redirectUri,
      codeChallenge: p.code_challenge,
      scope: p.scope ?? '',
      state,
      nonce: p.nonce,
      prompt: p.prompt,
    },
  };
}

/** The request as the login form's hidden fields carry it to the next step, where it is checked again. */
export function hiddenFieldsOf(request: AuthorizationRequest): Record<string, string> {
  const fields: Record<string, string> = {
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  };
  if (request.scope) fields.scope = request.scope;
  if (request.state !== undefined) fields.state = request.state;
  if (request.nonce !== undefined) fields.nonce = request.nonce;
  return fields;
}

/**
 * Whether `given` is one of the client's redirect URIs. A registered URI is matched exactly, except that one
 * ending in `/*` (provisioning registers `http://<tenant host>/*`) stands for every path on exactly that origin:
 * same scheme, host and port, no user info, no fragment (as Keycloak matches wildcards, minus its looser forms).
 */
export function isRegisteredRedirect(given: string, registered: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username !== '' || url.password !== '' || given.includes('#')) return false;
  return registered.some((pattern) => {
    if (!pattern.endsWith('/*')) return given === pattern;
    const base = new URL(pattern.slice(0, -1));
    return url.origin === base.origin && url.pathname.startsWith(base.pathname);
  });
}

/** `redirectUri` with the answer's parameters added to its query (RFC 6749 §4.1.2). */
export function redirectWith(redirectUri: string, parameters: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) url.searchParams.append(name, value);
  return url.toString();
}
