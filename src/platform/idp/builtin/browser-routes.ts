// The builtin provider's browser endpoints (Keycloak's paths): the authorization endpoint and the login page's
// forms ("Forgot password?" too), the end-session endpoint, and the revocation endpoint. Registered by routes.ts
// inside its plugin (its form parser, NUL checks and OAuth error handler). The pages of a tenant's realm are served
// on the tenant's host (the base domain still answers them; its authorization endpoint sends the browser there),
// in the browser's language (Accept-Language). Pages are HTML, never cached, never framed (the login form must not
// be overlaid by another site), load nothing from elsewhere, and run one script: the password toggle's, by hash.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FORM_CONTENT_TYPE } from '../../http/form-body.js';
import { servedOn } from '../../http/openapi.js';
import { RawAnswer } from '../../http/raw.js';
import type { BrowserAnswer, BrowserRequest } from './browser-sign-in.js';
import type { BuiltinIdentityProvider } from './builtin-idp.js';
import { REVEAL_SCRIPT_HASH } from './login-page.js';
import { requestHome } from './realm-pages.js';
import {
  AuthorizationParameters,
  LogoutParameters,
  OAuthError,
  RealmParams,
  RevocationRequest,
} from './protocol.schemas.js';

const HTML = 'text/html; charset=utf-8';
const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy':
    `default-src 'none'; style-src 'unsafe-inline'; script-src ${REVEAL_SCRIPT_HASH}; img-src 'self'; ` +
    "base-uri 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};
const OPENAPI = { tags: ['identity provider'], security: [], ...servedOn('base domain') };
const PAGE_OPENAPI = { tags: ['identity provider'], security: [], ...servedOn('any host'), produces: ['text/html'] };

/** The routes of the browser's pages: a tenant's host serves them for its own realm (routes.ts). */
export const BROWSER_PAGE_ROUTES: ReadonlySet<string> = new Set([
  '/realms/:realm/protocol/openid-connect/auth',
  '/realms/:realm/login-actions/authenticate',
  '/realms/:realm/login-actions/required-action',
  '/realms/:realm/login-actions/reset-credentials',
  '/realms/:realm/protocol/openid-connect/logout',
]);

/** An HTML answer or a redirect, in the OpenAPI document. */
const page = (description: string) => ({ type: 'string', description }) as const;
const redirect = (description: string) => ({ type: 'null', description }) as const;

type RealmRequest = FastifyRequest<{ Params: RealmParams }>;

export function registerBrowserRoutes(scope: FastifyInstance, idp: BuiltinIdentityProvider): void {
  scope.get<{ Params: RealmParams }>(
    '/realms/:realm/protocol/openid-connect/auth',
    {
      attachValidation: true, // every parameter problem is answered the OAuth way (RFC 6749 §4.1.2.1)
      schema: {
        summary: 'Start browser sign-in: authorization code with PKCE (Keycloak-compatible)',
        description:
          'A signed-in browser (session cookie) is sent back at once with a code; anyone else gets the login page ' +
          "in the tenant's name and colours, in the browser's language (Accept-Language: English or Arabic). A " +
          "tenant's realm is served on the tenant's host: on the base domain this sends the browser there. An " +
          'unknown client or a redirect URI that is not registered gets an error page and no redirect; other ' +
          'problems go back to the redirect URI as error, error_description, state and iss.',
        ...PAGE_OPENAPI,
        operationId: 'idpAuthorize',
        params: RealmParams,
        querystring: AuthorizationParameters,
        response: { 200: page('The login page'), 302: redirect('To the redirect URI'), 400: page('Refused') },
      },
    },
    async (request, reply) => {
      const home = idp.browserHome(request.params.realm);
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      if (request.tenant === undefined && home !== request.server.kernel.config.publicUrl) {
        const location = `${home}/realms/${request.params.realm}/protocol/openid-connect/auth${query}`;
        return reply.code(302).header('cache-control', 'no-store').header('location', location).send();
      }
      return send(reply, await idp.browserSignIn.authorize(browserRequest(request, request.query)));
    },
  );

  scope.post<{ Params: RealmParams }>(
    '/realms/:realm/login-actions/authenticate',
    {
      attachValidation: true,
      schema: {
        summary: "The login page's form",
        description:
          'Form fields username, password and csrf, with the authorization request. Limited as logins are ' +
          '(lockout per account, failures per client address: 429 with Retry-After). A temporary password leads ' +
          'to the form for a new password (required action UPDATE_PASSWORD) before the code is issued.',
        ...PAGE_OPENAPI,
        operationId: 'idpLoginAuthenticate',
        consumes: [FORM_CONTENT_TYPE],
        params: RealmParams,
        response: { 200: page('The login page again, or the new-password form'), 302: redirect('With the code') },
      },
    },
    async (request, reply) =>
      send(reply, await idp.browserSignIn.authenticate(browserRequest(request, formOf(request)))),
  );

  scope.post<{ Params: RealmParams }>(
    '/realms/:realm/login-actions/required-action',
    {
      attachValidation: true,
      schema: {
        summary: 'The new-password form (required action UPDATE_PASSWORD)',
        description:
          "Form fields password-new, password-confirm and csrf; the new password is the realm user's and the tenant user's.",
        ...PAGE_OPENAPI,
        operationId: 'idpLoginRequiredAction',
        consumes: [FORM_CONTENT_TYPE],
        params: RealmParams,
        response: { 200: page('The form again, with the problem'), 302: redirect('With the code') },
      },
    },
    async (request, reply) =>
      send(reply, await idp.browserSignIn.updatePassword(browserRequest(request, formOf(request)))),
  );

  registerResetRoutes(scope, idp);
  registerLogoutRoutes(scope, idp);
  registerRevocationRoute(scope, idp);
}

/** "Forgot password?": the form, and its post (Keycloak's reset-credentials). */
function registerResetRoutes(scope: FastifyInstance, idp: BuiltinIdentityProvider): void {
  const path = '/realms/:realm/login-actions/reset-credentials';
  scope.get<{ Params: RealmParams }>(
    path,
    {
      attachValidation: true,
      schema: {
        summary: '"Forgot password?": the form asking for the e-mail address',
        description: "Linked from the login page, with the sign-in's authorization request (checked as there).",
        ...PAGE_OPENAPI,
        operationId: 'idpResetCredentials',
        params: RealmParams,
        querystring: AuthorizationParameters,
        response: { 200: page('The form'), 400: page('Refused') },
      },
    },
    async (request, reply) => send(reply, await idp.browserSignIn.showReset(browserRequest(request, request.query))),
  );
  scope.post<{ Params: RealmParams }>(
    path,
    {
      attachValidation: true,
      schema: {
        summary: '"Forgot password?": sends the reset e-mail',
        description:
          "Form fields email and csrf, with the authorization request. Goes through the tenant's /user/resetpwdRequest " +
          '(its rate limits: 429 with Retry-After; its e-mail with a one-hour link); the same page whether or not ' +
          'the address has an account.',
        ...PAGE_OPENAPI,
        operationId: 'idpResetCredentialsForm',
        consumes: [FORM_CONTENT_TYPE],
        params: RealmParams,
        response: { 200: page('Sent (or the form again, with the problem)'), 429: page('Too many requests') },
      },
    },
    async (request, reply) =>
      send(reply, await idp.browserSignIn.requestReset(browserRequest(request, formOf(request)))),
  );
}

function registerLogoutRoutes(scope: FastifyInstance, idp: BuiltinIdentityProvider): void {
  const description =
    "Ends the browser's login session (its cookie) and revokes its refresh tokens, then redirects to " +
    "post_logout_redirect_uri (with state) when it is one of the client's registered redirect URIs. Unless " +
    "id_token_hint names the browser's own session, the user confirms first (a form with a CSRF token).";
  scope.get<{ Params: RealmParams }>(
    '/realms/:realm/protocol/openid-connect/logout',
    {
      attachValidation: true,
      schema: {
        summary: 'Sign out (OpenID Connect RP-initiated logout)',
        description,
        ...PAGE_OPENAPI,
        operationId: 'idpLogout',
        params: RealmParams,
        querystring: LogoutParameters,
        response: { 200: page('Signed out, or the confirmation'), 302: redirect('To post_logout_redirect_uri') },
      },
    },
    async (request, reply) =>
      send(reply, await idp.endSession({ ...browserRequest(request, request.query), confirmed: false })),
  );
  scope.post<{ Params: RealmParams }>(
    '/realms/:realm/protocol/openid-connect/logout',
    {
      attachValidation: true,
      schema: {
        summary: 'Sign out by form (the confirmation, or a logout POST)',
        description,
        ...PAGE_OPENAPI,
        operationId: 'idpLogoutForm',
        consumes: [FORM_CONTENT_TYPE],
        params: RealmParams,
        response: { 200: page('Signed out'), 302: redirect('To post_logout_redirect_uri'), 400: page('Refused') },
      },
    },
    async (request, reply) =>
      send(reply, await idp.endSession({ ...browserRequest(request, formOf(request)), confirmed: true })),
  );
}

function registerRevocationRoute(scope: FastifyInstance, idp: BuiltinIdentityProvider): void {
  scope.post<{ Params: RealmParams }>(
    '/realms/:realm/protocol/openid-connect/revoke',
    {
      attachValidation: true,
      schema: {
        summary: 'Revoke a refresh token (RFC 7009)',
        description:
          'Revokes every refresh token of the sign-in the token belongs to. The client authenticates as at the ' +
          'token endpoint. An unknown token answers 200; an access token answers unsupported_token_type.',
        ...OPENAPI,
        operationId: 'idpRevoke',
        consumes: [FORM_CONTENT_TYPE],
        params: RealmParams,
        body: RevocationRequest,
        response: { 200: redirect('Revoked'), 400: OAuthError, 401: OAuthError, 404: OAuthError },
      },
    },
    async (request, reply) => {
      const answer = await idp.revokeToken(request.params.realm, formOf(request), request.headers.authorization);
      reply.header('cache-control', 'no-store');
      return answer.status === 200 ? reply.code(200).send() : reply.code(answer.status).send(answer.body);
    },
  );
}

function browserRequest(request: RealmRequest, input: unknown): BrowserRequest {
  return {
    realm: request.params.realm,
    input,
    cookieHeader: request.headers.cookie,
    clientAddress: request.ip,
    acceptLanguage: request.headers['accept-language'],
    home: requestHome(request.server.kernel.config.publicUrl, request.tenant),
  };
}

function send(reply: FastifyReply, answer: BrowserAnswer): FastifyReply {
  if (answer.cookies.length > 0) reply.header('set-cookie', answer.cookies);
  if (answer.retryAfterSeconds !== undefined) reply.header('retry-after', String(answer.retryAfterSeconds));
  if (answer.location !== undefined) {
    return reply.code(302).header('cache-control', 'no-store').header('location', answer.location).send();
  }
  return new RawAnswer(HTML, answer.html ?? '', { status: answer.status, headers: PAGE_HEADERS }).send(reply);
}

/** The string fields of a form body; anything but a form counts as an empty form. */
function formOf(request: FastifyRequest): Record<string, string> {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  const body = request.body;
  if (type !== FORM_CONTENT_TYPE || typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
