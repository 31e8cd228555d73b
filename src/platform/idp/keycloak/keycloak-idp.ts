// The Keycloak identity provider (TC_IDP=keycloak): realms, clients, roles and users through Keycloak's admin REST
// API, tokens verified by each realm's JWKS (research/external-systems.md §4). Keycloak serves the token, login
// and logout endpoints itself, so the service serves none of its own with this adapter (platform/start.ts).
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import type { ClientSpec, CreatedClient, IdentityProvider } from '../port.js';
import {
  type AdminAnswer,
  type AdminClient,
  createAdminClient,
  idFromLocation,
  type KeycloakConnection,
  KeycloakError,
  segment,
} from './admin-client.js';
import { checkRealmPassword } from './realm-passwords.js';
import { createRealmUser, saveRealmUser } from './realm-users.js';

export { KeycloakError } from './admin-client.js';

export interface KeycloakSettings extends KeycloakConnection {
  /** Access-token lifespan of the realms it creates (TC_TOKEN_LIFESPAN_S; Keycloak's own default is 300 s). */
  tokenLifespanSeconds: number;
  /** The service's lockout (TC_LOCKOUT_*), applied as each new realm's brute-force protection. */
  lockout: { threshold: number; minutes: number };
  /** The tenant realms' public client with direct access grants, used to check a user's password (tc-web). */
  passwordClientId: string;
}

export interface KeycloakIdentityProvider extends IdentityProvider {
  readonly kind: 'keycloak';
}

const ClientSecret = Type.Object({ type: Type.Literal('secret'), value: Type.String({ minLength: 1 }) });
type ClientSecret = Static<typeof ClientSecret>;

export function createKeycloakIdentityProvider(
  settings: KeycloakSettings,
  options: { clock?: () => Date; fetch?: typeof fetch } = {},
): KeycloakIdentityProvider {
  const clock = options.clock ?? (() => new Date());
  const admin = createAdminClient(settings, clock, options.fetch);
  const issuer = (realm: string) => `${settings.url}/realms/${realm}`;
  const keys = realmKeys(issuer, settings.timeoutMs);
  const passwordCheck = { connection: settings, clientId: settings.passwordClientId, fetch: options.fetch ?? fetch };
  return {
    kind: 'keycloak',
    // Keycloak's master realm is its own, and so is the platform client an operator sets up there (README): the
    // admin client may create realms only. Start-up checks that Keycloak answers and takes its credentials.
    ensureMasterRealm: () => admin.checkCredentials(),
    async createRealm(realm, displayName) {
      const answer = await admin.call('POST', '', realmRepresentation(realm, displayName, settings));
      idFromLocation(answer, 'the realm creation');
    },
    createClient: (realm, spec) => createClient(admin, realm, spec),
    async createRole(realm, name, description) {
      idFromLocation(await admin.call('POST', `${segment(realm)}/roles`, { name, description }), 'the role creation');
    },
    createUser: (realm, user) => createRealmUser(admin, realm, user),
    saveUser: (realm, user, password) => saveRealmUser(admin, realm, { user, password, now: clock() }),
    async deleteRealm(realm) {
      keys.forget(realm);
      const answer = await admin.call('DELETE', segment(realm));
      // 404: gone already, which is what the undo wants.
      if (answer.status !== 204 && answer.status !== 404) throw unexpected(answer, 'the realm deletion');
    },
    realmExists: (realm) => realmExists(admin, realm),
    issuer,
    verificationKeys: (realm) => keys.of(realm),
    logoutUrl: (realm) => `${issuer(realm)}/protocol/openid-connect/logout`,
    checkPassword: (realm, username, password) => checkRealmPassword(passwordCheck, realm, username, password),
  };
}

async function realmExists(admin: AdminClient, realm: string): Promise<boolean> {
  try {
    return (await admin.call('GET', segment(realm))).status === 200;
  } catch (error) {
    // Keycloak answers 404 for a missing realm before it checks rights: a 403 is a realm made by someone else.
    if (error instanceof KeycloakError && error.httpStatus === 403) return true;
    throw error;
  }
}

/**
 * One jose resolver per realm over its certs URL, built once: jose keeps the realm's keys between calls (sessions
 * verify a bearer on every request) and fetches them again for a kid it does not know.
 */
function realmKeys(issuer: (realm: string) => string, timeoutMs: number) {
  const resolvers = new Map<string, JWTVerifyGetKey>();
  return {
    of(realm: string): JWTVerifyGetKey {
      let resolver = resolvers.get(realm);
      if (!resolver) {
        const certs = new URL(`${issuer(realm)}/protocol/openid-connect/certs`);
        resolver = createRemoteJWKSet(certs, { timeoutDuration: timeoutMs });
        resolvers.set(realm, resolver);
      }
      return resolver;
    },
    forget(realm: string): void {
      resolvers.delete(realm);
    },
  };
}

function realmRepresentation(realm: string, displayName: string, settings: KeycloakSettings): object {
  const lockSeconds = settings.lockout.minutes * 60;
  return {
    realm,
    enabled: true,
    displayName,
    accessTokenLifespan: settings.tokenLifespanSeconds,
    sslRequired: 'external',
    loginWithEmailAllowed: true,
    duplicateEmailsAllowed: false,
    registrationAllowed: false,
    // As the service's own lockout: `threshold` failures in a row lock the user for `minutes`, never for good.
    bruteForceProtected: true,
    permanentLockout: false,
    failureFactor: settings.lockout.threshold,
    waitIncrementSeconds: lockSeconds,
    maxFailureWaitSeconds: lockSeconds,
  };
}

/** A client (research §4.2); a confidential one's secret is read back from Keycloak. */
async function createClient(admin: AdminClient, realm: string, spec: ClientSpec): Promise<CreatedClient> {
  const answer = await admin.call('POST', `${segment(realm)}/clients`, clientRepresentation(spec));
  const clientUuid = idFromLocation(answer, 'the client creation');
  if (!spec.confidential) return { clientId: spec.clientId, secret: undefined };
  const secret = await admin.call('GET', `${segment(realm)}/clients${segment(clientUuid)}/client-secret`);
  if (secret.status !== 200 || !Value.Check(ClientSecret, secret.body)) throw unexpected(secret, 'the secret read');
  const { value }: ClientSecret = secret.body;
  return { clientId: spec.clientId, secret: value };
}

function clientRepresentation(spec: ClientSpec): object {
  const common = { clientId: spec.clientId, enabled: true, protocol: 'openid-connect' };
  if (spec.confidential) {
    return {
      ...common,
      publicClient: false,
      clientAuthenticatorType: 'client-secret',
      ...(spec.secret === undefined ? {} : { secret: spec.secret }),
      serviceAccountsEnabled: true,
      standardFlowEnabled: false,
      directAccessGrantsEnabled: spec.directAccessGrants ?? false,
    };
  }
  return {
    ...common,
    publicClient: true,
    // The browser app: authorization code with PKCE (S256 only), back to the tenant's own host.
    standardFlowEnabled: true,
    directAccessGrantsEnabled: spec.directAccessGrants ?? false,
    redirectUris: spec.redirectUris ?? [],
    webOrigins: ['+'],
    attributes: { 'pkce.code.challenge.method': 'S256', 'post.logout.redirect.uris': '+' },
  };
}

function unexpected(answer: AdminAnswer, what: string): KeycloakError {
  return new KeycloakError('bad-answer', `Keycloak answered HTTP ${answer.status} to ${what}`, answer.status);
}
