// The state of the Keycloak fake (keycloak-fake.ts): realms with their RS256 key, clients, roles and users, and
// the representations Keycloak's admin API answers with (research/external-systems.md §4).
import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

export interface FakeClient {
  id: string;
  clientId: string;
  publicClient: boolean;
  secret: string | undefined;
  serviceAccountsEnabled: boolean;
  standardFlowEnabled: boolean;
  directAccessGrantsEnabled: boolean;
  redirectUris: string[];
  webOrigins: string[];
  attributes: Record<string, string>;
  /** The service-account user of a client with serviceAccountsEnabled. */
  serviceAccountUserId: string | undefined;
}

export interface FakeRole {
  id: string;
  name: string;
  description: string;
}

export interface FakeUser {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  enabled: boolean;
  emailVerified: boolean;
  requiredActions: string[];
  password: { value: string; temporary: boolean } | undefined;
  /** Realm role names mapped to the user. */
  roles: Set<string>;
}

export interface FakeRealm {
  name: string;
  /** The realm representation as created (accessTokenLifespan, bruteForceProtected, failureFactor…). */
  settings: Record<string, unknown>;
  key: { kid: string; privateKey: CryptoKey; publicJwk: JWK };
  clients: Map<string, FakeClient>;
  roles: Map<string, FakeRole>;
  users: Map<string, FakeUser>;
  /** Service-account users (of the master realm) that administer this realm: its creator (research §4). */
  admins: Set<string>;
  /** Tokens issued before the realm existed, when rights are read from the token (AdminState.rightsInToken). */
  tokensWithoutRights: Set<string>;
}

export const DEFAULT_LIFESPAN_S = 300;

export async function newRealm(name: string, settings: Record<string, unknown>): Promise<FakeRealm> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomBytes(12).toString('base64url');
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const realm: FakeRealm = {
    name,
    settings,
    key: { kid, privateKey, publicJwk },
    clients: new Map(),
    roles: new Map(),
    users: new Map(),
    admins: new Set(),
    tokensWithoutRights: new Set(),
  };
  // Every Keycloak realm starts with these; new users get the default-roles composite.
  for (const role of [`default-roles-${name}`, 'offline_access', 'uma_authorization']) addRole(realm, role, '');
  return realm;
}

export function addRole(realm: FakeRealm, name: string, description: string): FakeRole {
  const role = { id: randomUUID(), name, description };
  realm.roles.set(name, role);
  return role;
}

export function addUser(realm: FakeRealm, fields: Partial<FakeUser> & { username: string }): FakeUser {
  const user: FakeUser = {
    id: randomUUID(),
    email: '',
    firstName: '',
    lastName: '',
    enabled: true,
    emailVerified: false,
    requiredActions: [],
    password: undefined,
    roles: new Set([`default-roles-${realm.name}`]),
    ...fields,
  };
  user.username = user.username.toLowerCase();
  realm.users.set(user.id, user);
  return user;
}

/** A client from its representation; a confidential one gets a secret and, if enabled, a service account. */
export function addClient(realm: FakeRealm, body: Record<string, unknown>): FakeClient {
  const clientId = String(body.clientId);
  const publicClient = body.publicClient === true;
  const serviceAccountsEnabled = !publicClient && body.serviceAccountsEnabled === true;
  const client: FakeClient = {
    id: randomUUID(),
    clientId,
    publicClient,
    secret: publicClient ? undefined : typeof body.secret === 'string' ? body.secret : randomBytes(24).toString('hex'),
    serviceAccountsEnabled,
    standardFlowEnabled: body.standardFlowEnabled !== false,
    directAccessGrantsEnabled: body.directAccessGrantsEnabled === true,
    redirectUris: stringList(body.redirectUris),
    webOrigins: stringList(body.webOrigins),
    attributes: stringRecord(body.attributes),
    serviceAccountUserId: undefined,
  };
  if (serviceAccountsEnabled) {
    client.serviceAccountUserId = addUser(realm, { username: `service-account-${clientId}` }).id;
  }
  realm.clients.set(client.id, client);
  return client;
}

export function findUserByName(realm: FakeRealm, username: string): FakeUser | undefined {
  const login = username.toLowerCase();
  return [...realm.users.values()].find((user) => user.username === login);
}

export function findUserByEmail(realm: FakeRealm, email: string): FakeUser | undefined {
  const address = email.toLowerCase();
  return address ? [...realm.users.values()].find((user) => user.email === address) : undefined;
}

export function findClient(realm: FakeRealm, clientId: string): FakeClient | undefined {
  return [...realm.clients.values()].find((client) => client.clientId === clientId);
}

export function userRepresentation(user: FakeUser) {
  return {
    id: user.id,
    username: user.username,
    email: user.email || undefined,
    firstName: user.firstName,
    lastName: user.lastName,
    enabled: user.enabled,
    emailVerified: user.emailVerified,
    requiredActions: user.requiredActions,
    createdTimestamp: Date.now(),
    totp: false,
    notBefore: 0,
  };
}

export function clientRepresentation(client: FakeClient) {
  const { serviceAccountUserId: _, ...fields } = client;
  return { ...fields, protocol: 'openid-connect', enabled: true };
}

export function roleRepresentation(realm: FakeRealm, role: FakeRole) {
  return { ...role, composite: false, clientRole: false, containerId: realm.name };
}

export interface TokenFor {
  issuer: string;
  clientId: string;
  user: FakeUser;
  /** A service-account token (client credentials) rather than a user's (password grant). */
  serviceAccount: boolean;
  lifespanSeconds: number;
  now: Date;
}

/** An access token with Keycloak's claims (research §4.1). */
export function signToken(realm: FakeRealm, token: TokenFor, jti: string): Promise<string> {
  const iat = Math.floor(token.now.getTime() / 1000);
  const identity = token.serviceAccount
    ? { preferred_username: token.user.username, client_id: token.clientId }
    : { preferred_username: token.user.username, email: token.user.email };
  return (
    new SignJWT({
      typ: 'Bearer',
      azp: token.clientId,
      acr: '1',
      realm_access: { roles: [...token.user.roles] },
      scope: 'profile email',
      email_verified: token.user.emailVerified,
      ...identity,
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: realm.key.kid })
      .setIssuer(token.issuer)
      // What Keycloak's default mappers give: a master service account is for the master-realm client.
      .setAudience(token.serviceAccount && realm.name === 'master' ? 'master-realm' : 'account')
      .setSubject(token.user.id)
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(iat + token.lifespanSeconds)
      .sign(realm.key.privateKey)
  );
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function stringRecord(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
