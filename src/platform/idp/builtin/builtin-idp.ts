// The builtin identity provider (the default, TC_IDP=builtin): realms, clients, roles and users in the
// platform database, RS256 tokens signed with per-realm keys, and the Keycloak protocol documents its
// routes serve (see routes.ts). Nothing here calls out over HTTP, not even to ourselves.
import { randomToken, type SecretBox, sha256 } from '../../crypto.js';
import type { Sql } from '../../database/connections.js';
import {
  type ClientSpec,
  type CreatedClient,
  type IdentityProvider,
  MASTER_REALM,
  type RealmPassword,
  type RealmUser,
  type UserSpec,
} from '../port.js';
import * as directory from './directory.repository.js';
import { endUserSessions } from './sign-in.repository.js';
import { hashPassword } from '../../passwords.js';
import type { Jwks, OpenIdConfiguration } from './protocol.schemas.js';
import { createSigningKeyStore, SIGNING_ALGORITHM } from './signing-keys.js';
import type { FindLoginAccount } from './tenant-login-accounts.js';
import { createTokenEndpoint, type IssueToken, type TokenEndpointDeps } from './token-endpoint.js';
import { type BrowserEndpoints, createBrowserEndpoints } from './browser-endpoints.js';
import { platformPagesOnly, type RealmPages, realmHome } from './realm-pages.js';

export interface BuiltinIdentityProviderDeps {
  sql: Sql;
  secretBox: SecretBox;
  /** The service's public base URL, without a trailing slash; issuers are `${publicUrl}/realms/<realm>`. */
  publicUrl: string;
  /** Access-token lifetime; Keycloak's default for new realms is 300 s. */
  tokenLifespanSeconds?: number;
  clock?: () => Date;
  /** The password grant's limits (TC_LOCKOUT_*, TC_RATE_LIMIT_LOGIN_FAILURES); their defaults when unset. */
  loginLimits?: TokenEndpointDeps['loginLimits'];
  /** Where the password grant counts a realm user's attempts: its tenant user (tenant-login-accounts.ts). */
  loginAccounts?: FindLoginAccount;
  /** The tenants of realms: their pages on their hosts, in their branding (realm-pages.ts); else none. */
  pages?: Omit<RealmPages, 'publicUrl'>;
}

const DEFAULT_LOGIN_LIMITS: TokenEndpointDeps['loginLimits'] = {
  lockout: { threshold: 5, minutes: 15 },
  failuresPerAddress: 30,
};

export interface BuiltinIdentityProvider extends IdentityProvider, BrowserEndpoints {
  readonly kind: 'builtin';
  /** The token endpoint (POST /realms/{realm}/protocol/openid-connect/token), as Keycloak answers it. */
  issueToken: IssueToken;
  /** The realm's JWKS, creating its first signing key; undefined when the realm does not exist. */
  jwks(realm: string): Promise<Jwks | undefined>;
  /** The realm's discovery document; undefined when the realm does not exist. */
  openIdConfiguration(realm: string): Promise<OpenIdConfiguration | undefined>;
  /** The base URL of the realm's browser pages: its tenant's host, else the base domain (realm-pages.ts). */
  browserHome(realm: string): string;
}

/** Realm names become URL path segments and tenant codes: letters, digits, `-` and `_` only. */
const REALM_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/;
const MASTER_DISPLAY_NAME = 'Travel Commerce platform';

export function createBuiltinIdentityProvider(deps: BuiltinIdentityProviderDeps): BuiltinIdentityProvider {
  const { sql } = deps;
  const tokenDeps = tokenEndpointDeps(deps);
  const { keys, issuer } = tokenDeps;
  const issueToken = createTokenEndpoint(tokenDeps);
  const pages: RealmPages = { ...platformPagesOnly(deps.publicUrl), ...deps.pages };
  // The browser's endpoints of a tenant's realm are on its host (its pages, its cookies); the others on the issuer's.
  const browserEndpoint = (realm: string, name: string) =>
    `${realmHome(pages, realm)}/realms/${realm}/protocol/openid-connect/${name}`;

  return {
    kind: 'builtin',
    issueToken,
    ...createBrowserEndpoints(tokenDeps, pages),

    async ensureMasterRealm(platformClient) {
      await sql.begin(async (tx) => {
        await directory.insertRealmIfMissing(tx, MASTER_REALM, MASTER_DISPLAY_NAME);
        // The configured secret wins over a stored one, so changing TC_PLATFORM_CLIENT_SECRET takes effect.
        await directory.upsertPlatformClient(tx, MASTER_REALM, platformClient.clientId, sha256(platformClient.secret));
      });
    },

    async createRealm(realm, displayName) {
      if (!REALM_NAME.test(realm)) throw new Error(`invalid realm name "${realm}"`);
      await directory.insertRealm(sql, realm, displayName);
    },

    async createClient(realm, spec: ClientSpec): Promise<CreatedClient> {
      const secret = spec.confidential ? (spec.secret ?? randomToken(32)) : undefined;
      await directory.insertClient(sql, realm, {
        clientId: spec.clientId,
        confidential: spec.confidential,
        secretHash: secret === undefined ? null : sha256(secret),
        redirectUris: spec.redirectUris ?? [],
        directAccessGrants: spec.directAccessGrants ?? false,
        serviceAccount: spec.confidential,
      });
      return { clientId: spec.clientId, secret };
    },

    async createRole(realm, name, description) {
      await directory.insertRole(sql, realm, name, description);
    },

    createUser: (realm, user) => createRealmUser(sql, realm, user),
    saveUser: (realm, user, password) => saveRealmUser(sql, realm, user, password, tokenDeps.clock()),
    async deleteRealm(realm) {
      await directory.deleteRealm(sql, realm);
      keys.forget(realm);
    },

    realmExists: (realm) => directory.realmExists(sql, realm),
    issuer,
    verificationKeys: (realm) => keys.verificationKeys(realm),
    logoutUrl: (realm) => browserEndpoint(realm, 'logout'),
    browserHome: (realm) => realmHome(pages, realm),

    async jwks(realm) {
      const publicKeys = await keys.publicKeys(realm);
      return publicKeys ? { keys: publicKeys } : undefined;
    },

    async openIdConfiguration(realm) {
      if (!(await directory.realmExists(sql, realm))) return undefined;
      return openIdConfiguration(issuer(realm), (name) => browserEndpoint(realm, name));
    },
  };
}

/** What the token endpoint needs, which browser sign-in shares: the realm keys, issuers, clock and login limits. */
function tokenEndpointDeps(deps: BuiltinIdentityProviderDeps): TokenEndpointDeps {
  return {
    sql: deps.sql,
    keys: createSigningKeyStore({ sql: deps.sql, secretBox: deps.secretBox }),
    issuer: (realm: string) => `${deps.publicUrl}/realms/${realm}`,
    tokenLifespanSeconds: deps.tokenLifespanSeconds ?? 300,
    clock: deps.clock ?? (() => new Date()),
    loginLimits: deps.loginLimits ?? DEFAULT_LOGIN_LIMITS,
    loginAccounts: deps.loginAccounts,
  };
}

/** createUser of the port (provisioning's admin): hashed before the transaction, which must not wait on scrypt. */
async function createRealmUser(sql: Sql, realm: string, user: UserSpec) {
  const passwordHash = await hashPassword(user.temporaryPassword);
  const userId = await sql.begin((tx) =>
    directory.insertUser(
      tx,
      realm,
      {
        username: user.username.trim().toLowerCase(),
        email: user.email.trim().toLowerCase(),
        passwordHash,
        requiredActions: [...new Set(user.requiredActions)],
      },
      user.realmRoles,
    ),
  );
  return { userId };
}

/**
 * saveUser of the port: the realm's user of that login made equal to `user`, and with a password that ends sign-ins
 * (a change or a reset), every session of the user ended and its refresh tokens revoked, in one transaction.
 */
async function saveRealmUser(sql: Sql, realm: string, user: RealmUser, password: RealmPassword | undefined, now: Date) {
  const userId = await sql.begin(async (tx) => {
    const saved = await directory.saveUser(tx, realm, savedUser(user, password), user.realmRoles);
    if (password?.sessions === 'end') await endUserSessions(tx, realm, saved, now);
    return saved;
  });
  return { userId };
}

/**
 * The stored form of a saved user: lower case as Keycloak keeps names, and the given hash as it is (the users
 * area hashed the password once; hashing it again would only cost time). A temporary password asks for a new one.
 */
function savedUser(user: RealmUser, password: RealmPassword | undefined): directory.SavedUser {
  const requiredActions = new Set(user.requiredActions);
  if (password?.temporary) requiredActions.add('UPDATE_PASSWORD');
  return {
    username: user.username.trim().toLowerCase(),
    email: user.email.trim().toLowerCase(),
    name: user.name,
    enabled: user.enabled,
    requiredActions: [...requiredActions],
    lockedUntil: user.lockedUntil,
    passwordHash: password?.hash ?? null,
  };
}

function openIdConfiguration(issuer: string, browserEndpoint: (name: string) => string): OpenIdConfiguration {
  const endpoint = (name: string) => `${issuer}/protocol/openid-connect/${name}`;
  return {
    issuer,
    authorization_endpoint: browserEndpoint('auth'),
    token_endpoint: endpoint('token'),
    jwks_uri: endpoint('certs'),
    end_session_endpoint: browserEndpoint('logout'),
    revocation_endpoint: endpoint('revoke'),
    // Only what the endpoints implement: browser sign-in is the code flow with PKCE S256, answered in the query.
    grant_types_supported: ['authorization_code', 'refresh_token', 'password', 'client_credentials'],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [SIGNING_ALGORITHM],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    scopes_supported: ['openid', 'profile', 'email'],
    claims_supported: [
      'iss',
      'sub',
      'aud',
      'exp',
      'iat',
      'azp',
      'auth_time',
      'nonce',
      'sid',
      'preferred_username',
      'email',
      'realm_access',
      'scope',
    ],
  };
}
