// A loopback fake of Keycloak for the Keycloak adapter's tests (research/external-systems.md §4): a real HTTP
// server on 127.0.0.1 answering the admin REST API (keycloak-fake-admin.ts), the token endpoint (client
// credentials, password and refresh-token grants, client secrets, Keycloak's error bodies), the back-channel logout
// of a session and the admin's logout of all a user's sessions, and each realm's JWKS and discovery
// document, with RS256 tokens whose `exp` it enforces. The master realm holds an admin client whose service
// account may only create realms (and administer those it created), and a platform client with no admin rights.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { type AdminState, type Answer, adminCall } from './keycloak-fake-admin.js';
import {
  addClient,
  DEFAULT_LIFESPAN_S,
  type FakeClient,
  type FakeRealm,
  type FakeUser,
  findClient,
  findUserByName,
  newRealm,
  signToken,
} from './keycloak-fake-realms.js';

export interface KeycloakFakeOptions {
  /** The master realm's access-token lifespan; 300 s by default (Keycloak's own bootstrap sets 60 s). */
  masterTokenLifespanSeconds?: number;
  /** The fake's clock: token `iat`/`exp` and their enforcement. */
  clock?: () => Date;
  /** Admin rights read from the token, not the user: a realm's creator needs a new token to administer it. */
  rightsInToken?: boolean;
}

export interface KeycloakFake {
  url: string;
  admin: { clientId: string; secret: string };
  platform: { clientId: string; secret: string };
  /** Every request received, as `METHOD /path?query` (for counting calls). */
  requests: string[];
  realm(name: string): FakeRealm | undefined;
  /**
   * The next `times` (1) requests of that method whose path matches answer `status` (500); with `afterHandling`,
   * the fake does what was asked first, as a Keycloak whose answer is lost on the way does.
   */
  failNext(method: string, path: RegExp, failure?: { status?: number; times?: number; afterHandling?: boolean }): void;
  /** Every token issued so far stops working (as Keycloak's not-before push revokes them). */
  revokeTokens(): void;
  /**
   * The user sessions of a realm (of one user, by its username, when given) its password grants opened and no
   * logout has ended yet: neither the session's own (POST …/logout) nor the admin's of the user (…/users/{id}/logout).
   */
  openSessions(realm: string, username?: string): number;
  /** A token of a realm's client by the client-credentials or password grant; throws on anything but 200. */
  token(realm: string, form: Record<string, string>): Promise<string>;
  close(): Promise<void>;
}

interface Failure {
  method: string;
  path: RegExp;
  status: number;
  times: number;
  afterHandling: boolean;
}

interface FakeState extends AdminState {
  clock: () => Date;
  masterLifespan: number;
  issued: Set<string>;
  revoked: Set<string>;
  failures: Failure[];
  requests: string[];
}

const ADMIN_CLIENT = { clientId: 'tc-provisioner', secret: 'kc-admin-secret-value' };
const PLATFORM_CLIENT = { clientId: 'tc-platform', secret: 'kc-platform-secret-value' };
const UNAUTHORIZED: Answer = { status: 401, body: { error: 'HTTP 401 Unauthorized' } };
const NOT_FOUND: Answer = { status: 404, body: { error: 'HTTP 404 Not Found' } };

export async function startKeycloakFake(options: KeycloakFakeOptions = {}): Promise<KeycloakFake> {
  const state: FakeState = {
    url: '',
    realms: new Map(),
    clock: options.clock ?? (() => new Date()),
    masterLifespan: options.masterTokenLifespanSeconds ?? DEFAULT_LIFESPAN_S,
    rightsInToken: options.rightsInToken ?? false,
    issued: new Set(),
    revoked: new Set(),
    sessions: new Map(),
    failures: [],
    requests: [],
  };
  await createMasterRealm(state);
  const server = createServer((request, response) => {
    serve(state, request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'unknown_error', detail: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the Keycloak fake is not listening');
  state.url = `http://127.0.0.1:${address.port}`;
  return {
    url: state.url,
    admin: ADMIN_CLIENT,
    platform: PLATFORM_CLIENT,
    requests: state.requests,
    realm: (name) => state.realms.get(name),
    failNext(method, path, failure = {}) {
      const { status = 500, times = 1, afterHandling = false } = failure;
      state.failures.push({ method, path, status, times, afterHandling });
    },
    openSessions: (realm, username) =>
      [...state.sessions.values()].filter(
        (session) =>
          session.realm === realm &&
          (username === undefined || state.realms.get(realm)?.users.get(session.userId)?.username === username),
      ).length,
    revokeTokens() {
      for (const jti of state.issued) state.revoked.add(jti);
    },
    async token(realm, form) {
      const answer = await tokenEndpoint(state, realm, new URLSearchParams(form), undefined);
      const body = answer.body;
      if (answer.status !== 200 || typeof body !== 'object' || body === null || !('access_token' in body)) {
        throw new Error(`fake token endpoint: ${answer.status} ${JSON.stringify(body)}`);
      }
      return String(body.access_token);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function createMasterRealm(state: FakeState): Promise<void> {
  const master = await newRealm('master', { accessTokenLifespan: state.masterLifespan });
  master.roles.set('create-realm', { id: randomUUID(), name: 'create-realm', description: 'create realms' });
  const admin = addClient(master, { ...ADMIN_CLIENT, serviceAccountsEnabled: true });
  const serviceAccount = admin.serviceAccountUserId ? master.users.get(admin.serviceAccountUserId) : undefined;
  serviceAccount?.roles.add('create-realm');
  addClient(master, { ...PLATFORM_CLIENT, serviceAccountsEnabled: true });
  state.realms.set('master', master);
}

async function serve(state: FakeState, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', state.url);
  const method = request.method ?? 'GET';
  const text = await readBody(request);
  state.requests.push(`${method} ${url.pathname}${url.search}`);
  const failure = injectedFailure(state, method, url.pathname);
  const handled = !failure || failure.afterHandling ? await route(state, request, url, text) : undefined;
  const answer: Answer = failure
    ? { status: failure.status, body: { error: 'unknown_error' } }
    : (handled ?? NOT_FOUND);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (answer.location) headers.location = answer.location;
  response.writeHead(answer.status, headers);
  response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
}

function injectedFailure(state: FakeState, method: string, path: string): Failure | undefined {
  const failure = state.failures.find((rule) => rule.method === method && rule.path.test(path) && rule.times > 0);
  if (failure) failure.times -= 1;
  return failure;
}

async function route(state: FakeState, request: IncomingMessage, url: URL, text: string): Promise<Answer> {
  const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const method = request.method ?? 'GET';
  if (segments[0] === 'admin' && segments[1] === 'realms') {
    const caller = await adminCaller(state, request.headers.authorization);
    if (!caller) return UNAUTHORIZED;
    return adminCall(state, { method, segments: segments.slice(2), query: url.searchParams, body: json(text), caller });
  }
  const [first, realm, ...rest] = segments;
  if (first !== 'realms' || realm === undefined) return { status: 404, body: { error: 'HTTP 404 Not Found' } };
  const endpoint = `${method} ${rest.join('/')}`;
  if (endpoint === 'POST protocol/openid-connect/token') {
    const form = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
      ? new URLSearchParams(text)
      : new URLSearchParams();
    return tokenEndpoint(state, realm, form, request.headers.authorization);
  }
  if (endpoint === 'POST protocol/openid-connect/logout') return logout(state, realm, new URLSearchParams(text));
  const found = state.realms.get(realm);
  if (!found) return { status: 404, body: { error: 'Realm does not exist' } };
  if (endpoint === 'GET protocol/openid-connect/certs') return { status: 200, body: { keys: [found.key.publicJwk] } };
  if (endpoint === 'GET .well-known/openid-configuration') return { status: 200, body: discovery(state, realm) };
  return { status: 404, body: { error: 'HTTP 404 Not Found' } };
}

/** The service-account user of a valid, unexpired, unrevoked master-realm bearer; undefined otherwise (401). */
async function adminCaller(state: FakeState, authorization: string | undefined) {
  const token = authorization?.match(/^Bearer (\S+)$/)?.[1];
  const master = state.realms.get('master');
  if (!token || !master) return undefined;
  try {
    const { payload } = await jwtVerify(token, createLocalJWKSet({ keys: [master.key.publicJwk] }), {
      issuer: issuer(state, 'master'),
      algorithms: ['RS256'],
      currentDate: state.clock(),
    });
    if (typeof payload.jti !== 'string' || state.revoked.has(payload.jti)) return undefined;
    const user = typeof payload.sub === 'string' ? master.users.get(payload.sub) : undefined;
    if (!user) return undefined;
    return { userId: user.id, mayCreateRealms: user.roles.has('create-realm'), tokenId: payload.jti };
  } catch {
    return undefined;
  }
}

const INVALID_CLIENT = 'Invalid client or Invalid client credentials';

async function tokenEndpoint(
  state: FakeState,
  realmName: string,
  form: URLSearchParams,
  authorization: string | undefined,
): Promise<Answer> {
  const realm = state.realms.get(realmName);
  if (!realm) return { status: 404, body: { error: 'Realm does not exist' } };
  const credentials = clientCredentials(form, authorization);
  const client = credentials.clientId ? findClient(realm, credentials.clientId) : undefined;
  if (!client) return oauthError(401, 'invalid_client', INVALID_CLIENT);
  if (!client.publicClient && credentials.secret !== client.secret) {
    return oauthError(401, 'unauthorized_client', INVALID_CLIENT);
  }
  const grant = form.get('grant_type');
  if (grant === 'client_credentials') return clientCredentialsGrant(state, realm, client);
  if (grant === 'password') return passwordGrant(state, realm, client, form);
  if (grant === 'refresh_token') return refreshGrant(state, realm, client, form);
  return oauthError(400, 'unsupported_grant_type', 'Unsupported grant_type');
}

function clientCredentials(form: URLSearchParams, authorization: string | undefined) {
  const basic = authorization?.match(/^Basic (\S+)$/i)?.[1];
  if (basic) {
    const [id = '', secret = ''] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    return { clientId: decodeURIComponent(id), secret: decodeURIComponent(secret) };
  }
  return { clientId: form.get('client_id') ?? undefined, secret: form.get('client_secret') ?? undefined };
}

function clientCredentialsGrant(state: FakeState, realm: FakeRealm, client: FakeClient): Promise<Answer> {
  if (client.publicClient) {
    return Promise.resolve(
      oauthError(401, 'unauthorized_client', 'Public client not allowed to retrieve service account'),
    );
  }
  const user = client.serviceAccountUserId ? realm.users.get(client.serviceAccountUserId) : undefined;
  if (!user) {
    return Promise.resolve(oauthError(401, 'unauthorized_client', 'Client not enabled to retrieve service account'));
  }
  return issue(state, realm, client, user, true);
}

function passwordGrant(state: FakeState, realm: FakeRealm, client: FakeClient, form: URLSearchParams) {
  if (!client.directAccessGrantsEnabled) {
    return Promise.resolve(oauthError(400, 'unauthorized_client', 'Client not allowed for direct access grants'));
  }
  const user = findUserByName(realm, form.get('username') ?? '');
  if (!user?.password || user.password.value !== form.get('password')) {
    return Promise.resolve(oauthError(401, 'invalid_grant', 'Invalid user credentials'));
  }
  if (!user.enabled) return Promise.resolve(oauthError(400, 'invalid_grant', 'Account disabled'));
  if (user.requiredActions.length > 0) {
    return Promise.resolve(oauthError(400, 'invalid_grant', 'Account is not fully set up'));
  }
  return issue(state, realm, client, user, false);
}

/**
 * A refresh token of a session still open (no logout ended it) gets a new access token; the refresh token stays
 * valid, as with Keycloak's default (refresh-token rotation off).
 */
function refreshGrant(state: FakeState, realm: FakeRealm, client: FakeClient, form: URLSearchParams) {
  const refreshToken = form.get('refresh_token') ?? '';
  const session = state.sessions.get(refreshToken);
  const user = session?.realm === realm.name ? realm.users.get(session.userId) : undefined;
  if (!user) return Promise.resolve(oauthError(400, 'invalid_grant', 'Session not active'));
  if (!user.enabled) return Promise.resolve(oauthError(400, 'invalid_grant', 'User disabled'));
  return issue(state, realm, client, user, false, refreshToken);
}

async function issue(
  state: FakeState,
  realm: FakeRealm,
  client: FakeClient,
  user: FakeUser,
  serviceAccount: boolean,
  sessionOfRefreshToken?: string,
): Promise<Answer> {
  const lifespan = Number(realm.settings.accessTokenLifespan ?? DEFAULT_LIFESPAN_S);
  const jti = randomUUID();
  state.issued.add(jti);
  const accessToken = await signToken(
    realm,
    {
      issuer: issuer(state, realm.name),
      clientId: client.clientId,
      user,
      serviceAccount,
      lifespanSeconds: lifespan,
      now: state.clock(),
    },
    jti,
  );
  // A user's login opens a session, as Keycloak's does; its refresh token ends it at the logout endpoint.
  const refreshToken = serviceAccount ? undefined : (sessionOfRefreshToken ?? randomUUID());
  if (refreshToken) state.sessions.set(refreshToken, { realm: realm.name, userId: user.id });
  return {
    status: 200,
    body: {
      access_token: accessToken,
      expires_in: lifespan,
      ...(refreshToken ? { refresh_token: refreshToken, refresh_expires_in: 1800 } : { refresh_expires_in: 0 }),
      token_type: 'Bearer',
      'not-before-policy': 0,
      scope: 'profile email',
    },
  };
}

/** Keycloak's back-channel logout of a public client: the session of the refresh token ends (204). */
function logout(state: FakeState, realm: string, form: URLSearchParams): Answer {
  const refreshToken = form.get('refresh_token') ?? '';
  if (!form.get('client_id')) return oauthError(401, 'invalid_client', INVALID_CLIENT);
  if (state.sessions.get(refreshToken)?.realm !== realm)
    return oauthError(400, 'invalid_grant', 'Invalid refresh token');
  state.sessions.delete(refreshToken);
  return { status: 204, body: undefined };
}

function discovery(state: FakeState, realm: string) {
  const base = issuer(state, realm);
  const endpoint = (name: string) => `${base}/protocol/openid-connect/${name}`;
  return {
    issuer: base,
    authorization_endpoint: endpoint('auth'),
    token_endpoint: endpoint('token'),
    jwks_uri: endpoint('certs'),
    end_session_endpoint: endpoint('logout'),
    grant_types_supported: ['authorization_code', 'refresh_token', 'password', 'client_credentials'],
    response_types_supported: ['code'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
  };
}

function issuer(state: FakeState, realm: string): string {
  return `${state.url}/realms/${realm}`;
}

function oauthError(status: number, error: string, description: string): Answer {
  return { status, body: { error, error_description: description } };
}

function json(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
