// The builtin provider's Keycloak-compatible endpoints on the bare base domain, and the browser's pages of a
// tenant's realm on the tenant's host too. They speak the OpenID Connect protocol (raw JSON, Keycloak's error
// bodies), not the service envelope, so they live in their own encapsulated plugin with their own form parser and
// error handler.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptFormBodies, FORM_CONTENT_TYPE } from '../../http/form-body.js';
import { isUnstorableText, unstorableParameter } from '../../http/input.js';
import { servedOn } from '../../http/openapi.js';
import { BROWSER_PAGE_ROUTES, registerBrowserRoutes } from './browser-routes.js';
import type { BuiltinIdentityProvider } from './builtin-idp.js';
import { Jwks, OAuthError, OpenIdConfiguration, RealmParams, TokenRequest, TokenSuccess } from './protocol.schemas.js';
import { REALM_NOT_FOUND, type TokenForm } from './token-endpoint.js';

/** Token requests are a handful of short fields. */
const FORM_BODY_LIMIT = 16 * 1024;
const TAGS = ['identity provider'];
/** In the OpenAPI document: the base domain; no session or bearer (clients authenticate in the form). */
const OPENAPI = { tags: TAGS, security: [], ...servedOn('base domain') };

export async function registerBuiltinIdpRoutes(app: FastifyInstance, idp: BuiltinIdentityProvider): Promise<void> {
  await app.register(async (scope) => {
    acceptFormBodies(scope, FORM_BODY_LIMIT);

    // A tenant host serves the browser's pages of its own realm and nothing else of the provider: anything else
    // there is answered exactly as any unknown route.
    scope.addHook('onRequest', async (request, reply) => {
      const tenant = request.tenant;
      if (tenant === undefined) return;
      const realm: unknown = Object.getOwnPropertyDescriptor(request.params, 'realm')?.value;
      if (BROWSER_PAGE_ROUTES.has(request.routeOptions.url ?? '') && realm === tenant.realm) return;
      reply.callNotFound();
      return reply;
    });

    // NUL or an unpaired surrogate in the realm, the form, the query or the Basic credentials never reaches the
    // database: refused the OAuth way (contract §7.1).
    scope.addHook('preValidation', async (request, reply) => {
      const parameter =
        unstorableParameter(request.params) ??
        unstorableParameter(request.body) ??
        unstorableParameter(request.query) ??
        (unstorableBasicCredentials(request.headers.authorization) ? 'authorization' : undefined);
      if (parameter === undefined) return;
      const body: OAuthError = {
        error: 'invalid_request',
        error_description: `Parameter ${parameter || 'body'} holds a NUL character or an unpaired surrogate`,
      };
      return reply.code(400).type('application/json').send(body);
    });

    scope.setErrorHandler((error, request, reply) => {
      const status = clientErrorStatus(error) ?? 500;
      if (status === 500) request.log.error({ err: error }, 'identity-provider request failed');
      const body: OAuthError =
        status === 500
          ? { error: 'server_error', error_description: 'Unexpected failure' }
          : { error: 'invalid_request', error_description: 'Invalid request' };
      return reply.code(status).type('application/json').send(body);
    });

    registerTokenRoute(scope, idp);
    registerCertsRoute(scope, idp);
    registerDiscoveryRoute(scope, idp);
    registerBrowserRoutes(scope, idp);
  });
}

/** The token endpoint: the client_credentials, password, authorization_code and refresh_token grants. */
function registerTokenRoute(scope: FastifyInstance, idp: BuiltinIdentityProvider): void {
  scope.post<{ Params: RealmParams }>(
    '/realms/:realm/protocol/openid-connect/token',
    {
      attachValidation: true, // the handler answers every input problem in Keycloak's words
      schema: {
        summary: 'Issue an access token (Keycloak-compatible token endpoint)',
        description:
          'Grants client_credentials (confidential client, client_secret in the form or HTTP Basic), password ' +
          '(username and password of a realm user), authorization_code (browser sign-in: code, redirect_uri, ' +
          'PKCE code_verifier; answers an ID token for scope openid and a refresh token) and refresh_token ' +
          '(rotated: a used refresh token presented again revokes its sign-in). Answers OAuth JSON, not the service envelope. The password ' +
          'grant is limited as logins are: a lockout per user and failures per client address (429, Retry-After).',
        ...OPENAPI,
        operationId: 'idpToken',
        consumes: [FORM_CONTENT_TYPE],
        params: RealmParams,
        body: TokenRequest,
        response: { 200: TokenSuccess, 400: OAuthError, 401: OAuthError, 404: OAuthError, 429: OAuthError },
      },
    },
    async (request, reply) => {
      const answer = await idp.issueToken(request.params.realm, formOf(request), {
        authorization: request.headers.authorization,
        clientAddress: request.ip,
      });
      // Contract §7.1: a rate limit answers 429 with Retry-After, here with an OAuth body.
      if (answer.status === 429) reply.header('retry-after', String(answer.retryAfterSeconds));
      // Tokens must not be cached by any intermediary (RFC 6749 §5.1).
      return reply
        .code(answer.status)
        .header('cache-control', 'no-store')
        .header('pragma', 'no-cache')
        .send(answer.body);
    },
  );
}

/** The realm's signing keys (JWKS), for verifying its tokens. */
function registerCertsRoute(scope: FastifyInstance, idp: BuiltinIdentityProvider): void {
  scope.get<{ Params: RealmParams }>(
    '/realms/:realm/protocol/openid-connect/certs',
    {
      schema: {
        summary: "The realm's token signing keys (JWKS)",
        ...OPENAPI,
        operationId: 'idpCerts',
        params: RealmParams,
        response: { 200: Jwks, 404: OAuthError },
      },
    },
    async (request, reply) => {
      const jwks = await idp.jwks(request.params.realm);
      return jwks ? reply.send(jwks) : realmNotFound(reply);
    },
  );
}

/** The realm's OpenID Connect discovery document. */
function registerDiscoveryRoute(scope: FastifyInstance, idp: BuiltinIdentityProvider): void {
  scope.get<{ Params: RealmParams }>(
    '/realms/:realm/.well-known/openid-configuration',
    {
      schema: {
        summary: "The realm's OpenID Connect discovery document",
        ...OPENAPI,
        operationId: 'idpOpenIdConfiguration',
        params: RealmParams,
        response: { 200: OpenIdConfiguration, 404: OAuthError },
      },
    },
    async (request, reply) => {
      const document = await idp.openIdConfiguration(request.params.realm);
      return document ? reply.send(document) : realmNotFound(reply);
    },
  );
}

function realmNotFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).send(REALM_NOT_FOUND);
}

/** The HTTP status of a request-level failure (bad media type, body too large), if it is one. */
function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** HTTP Basic credentials holding NUL, raw or form-encoded (as token-endpoint.ts decodes them). */
function unstorableBasicCredentials(authorization: string | undefined): boolean {
  const basic = authorization?.match(/^basic\s+(\S+)\s*$/i)?.[1];
  if (!basic) return false;
  const decoded = Buffer.from(basic, 'base64').toString('utf8');
  return isUnstorableText(decoded) || decoded.includes('%00');
}

/** The string fields of a form body; anything but a form (JSON, say) counts as an empty form, as in Keycloak. */
function formOf(request: FastifyRequest): TokenForm {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  const body = request.body;
  if (type !== FORM_CONTENT_TYPE || typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
