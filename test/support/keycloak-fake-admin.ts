// The admin REST API of the Keycloak fake (research/external-systems.md §4.2): the calls provisioning and user
// mirroring make, with Keycloak's statuses, Location headers and error bodies. Who may call what follows the
// create-realm permission model: the caller may create realms and administer the realms it created, nothing else.
import {
  addClient,
  addRole,
  addUser,
  clientRepresentation,
  type FakeRealm,
  type FakeUser,
  findClient,
  findUserByEmail,
  findUserByName,
  newRealm,
  roleRepresentation,
  userRepresentation,
} from './keycloak-fake-realms.js';

export interface Answer {
  status: number;
  body?: unknown;
  location?: string;
}

export interface AdminRequest {
  method: string;
  /** Path segments after /admin/realms, decoded. */
  segments: string[];
  query: URLSearchParams;
  body: unknown;
  /** The service-account user the bearer belongs to, and whether it holds create-realm. */
  caller: { userId: string; mayCreateRealms: boolean; tokenId: string };
}

export interface AdminState {
  url: string;
  realms: Map<string, FakeRealm>;
  /**
   * A Keycloak that reads admin rights from the token: the realms a client creates are its to administer with
   * tokens issued afterwards only. Keycloak reads them from the user (the default here); the adapter copes with both.
   */
  rightsInToken: boolean;
  /** Token ids issued so far (jti). */
  issued: Set<string>;
  /** Refresh token → the user session password grants opened (a logout with the token ends one). */
  sessions: Map<string, FakeSession>;
}

/** A user's session in a realm (Keycloak's user session), known by its refresh token. */
export interface FakeSession {
  realm: string;
  userId: string;
}

const FORBIDDEN: Answer = { status: 403, body: { error: 'HTTP 403 Forbidden' } };
const NOT_FOUND: Answer = { status: 404, body: { error: 'HTTP 404 Not Found' } };
const noContent: Answer = { status: 204 };
const conflict = (errorMessage: string): Answer => ({ status: 409, body: { errorMessage } });

export async function adminCall(state: AdminState, request: AdminRequest): Promise<Answer> {
  const [realmName, ...rest] = request.segments;
  if (realmName === undefined) {
    if (request.method !== 'POST') return FORBIDDEN;
    return createRealm(state, request);
  }
  const realm = state.realms.get(realmName);
  // Keycloak looks the realm up before it checks rights.
  if (!realm) return { status: 404, body: { error: 'Realm not found.' } };
  if (realm.name === 'master' || !realm.admins.has(request.caller.userId)) return FORBIDDEN;
  if (realm.tokensWithoutRights.has(request.caller.tokenId)) return FORBIDDEN;
  const base = `${state.url}/admin/realms/${encodeURIComponent(realm.name)}`;
  switch (rest[0]) {
    case undefined:
      return realmCall(state, realm, request);
    case 'clients':
      return clientsCall(realm, request, rest.slice(1), base);
    case 'roles':
      return rolesCall(realm, request, rest.slice(1), base);
    case 'users':
      return usersCall(state, realm, request, rest.slice(1), base);
    default:
      return NOT_FOUND;
  }
}

async function createRealm(state: AdminState, request: AdminRequest): Promise<Answer> {
  if (!request.caller.mayCreateRealms) return FORBIDDEN;
  const body = record(request.body);
  const name = body.realm;
  if (typeof name !== 'string' || name === '') return { status: 400, body: { errorMessage: 'Realm name missing' } };
  if (state.realms.has(name)) return conflict('Conflict detected. See logs for details');
  const realm = await newRealm(name, body);
  realm.admins.add(request.caller.userId);
  if (state.rightsInToken) realm.tokensWithoutRights = new Set(state.issued);
  state.realms.set(name, realm);
  return { status: 201, location: `${state.url}/admin/realms/${encodeURIComponent(name)}` };
}

function realmCall(state: AdminState, realm: FakeRealm, request: AdminRequest): Answer {
  if (request.method === 'GET') return { status: 200, body: { id: realm.name, ...realm.settings, realm: realm.name } };
  if (request.method === 'DELETE') {
    state.realms.delete(realm.name);
    return noContent;
  }
  return NOT_FOUND;
}

function clientsCall(realm: FakeRealm, request: AdminRequest, path: string[], base: string): Answer {
  const [clientUuid, sub] = path;
  if (clientUuid === undefined) {
    if (request.method === 'GET') {
      const wanted = request.query.get('clientId');
      const clients = [...realm.clients.values()].filter((client) => wanted === null || client.clientId === wanted);
      return { status: 200, body: clients.map(clientRepresentation) };
    }
    if (request.method !== 'POST') return NOT_FOUND;
    const body = record(request.body);
    if (typeof body.clientId !== 'string') return { status: 400, body: { errorMessage: 'clientId missing' } };
    if (findClient(realm, body.clientId)) return conflict(`Client ${body.clientId} already exists`);
    const client = addClient(realm, body);
    return { status: 201, location: `${base}/clients/${client.id}` };
  }
  const client = realm.clients.get(clientUuid);
  if (!client) return { status: 404, body: { error: 'Could not find client' } };
  if (sub === undefined && request.method === 'GET') return { status: 200, body: clientRepresentation(client) };
  if (sub === 'client-secret' && request.method === 'GET' && client.secret !== undefined) {
    return { status: 200, body: { type: 'secret', value: client.secret } };
  }
  return NOT_FOUND;
}

function rolesCall(realm: FakeRealm, request: AdminRequest, path: string[], base: string): Answer {
  const [name] = path;
  if (name === undefined) {
    if (request.method === 'GET') {
      return { status: 200, body: [...realm.roles.values()].map((role) => roleRepresentation(realm, role)) };
    }
    if (request.method !== 'POST') return NOT_FOUND;
    const body = record(request.body);
    if (typeof body.name !== 'string') return { status: 400, body: { errorMessage: 'Role name missing' } };
    if (realm.roles.has(body.name)) return conflict(`Role with name ${body.name} already exists`);
    addRole(realm, body.name, typeof body.description === 'string' ? body.description : '');
    return { status: 201, location: `${base}/roles/${encodeURIComponent(body.name)}` };
  }
  const role = realm.roles.get(name);
  if (!role) return { status: 404, body: { error: 'Could not find role' } };
  return request.method === 'GET' ? { status: 200, body: roleRepresentation(realm, role) } : NOT_FOUND;
}

function usersCall(state: AdminState, realm: FakeRealm, request: AdminRequest, path: string[], base: string): Answer {
  const [userId, ...sub] = path;
  if (userId === undefined) {
    if (request.method === 'GET') return { status: 200, body: searchUsers(realm, request.query) };
    return request.method === 'POST' ? createUser(realm, record(request.body), base) : NOT_FOUND;
  }
  const user = realm.users.get(userId);
  if (!user) return { status: 404, body: { error: 'User not found' } };
  const route = `${request.method} ${sub.join('/')}`;
  switch (route) {
    case 'GET ':
      return { status: 200, body: userRepresentation(user) };
    case 'PUT ':
      return updateUser(realm, user, record(request.body));
    case 'DELETE ':
      realm.users.delete(user.id);
      return noContent;
    case 'PUT reset-password':
      return resetPassword(user, record(request.body));
    case 'POST logout':
      return logoutUser(state, realm, user);
    case 'GET role-mappings/realm':
      return { status: 200, body: mappedRoles(realm, user) };
    case 'POST role-mappings/realm':
    case 'DELETE role-mappings/realm':
      return changeRoleMappings(realm, user, request);
    default:
      return NOT_FOUND;
  }
}

/** `username` with `exact=true` matches the whole (lower-cased) login; without, a part of it; `search` too. */
function searchUsers(realm: FakeRealm, query: URLSearchParams) {
  const username = query.get('username')?.toLowerCase();
  const search = query.get('search')?.toLowerCase();
  const exact = query.get('exact') === 'true';
  return [...realm.users.values()]
    .filter((user) => !user.username.startsWith('service-account-'))
    .filter((user) => username === undefined || (exact ? user.username === username : user.username.includes(username)))
    .filter((user) => search === undefined || user.username.includes(search) || user.email.includes(search))
    .map(userRepresentation);
}

function createUser(realm: FakeRealm, body: Record<string, unknown>, base: string): Answer {
  if (typeof body.username !== 'string' || body.username === '') {
    return { status: 400, body: { errorMessage: 'User name is missing' } };
  }
  if (findUserByName(realm, body.username)) return conflict('User exists with same username');
  const email = typeof body.email === 'string' ? body.email.toLowerCase() : '';
  if (findUserByEmail(realm, email)) return conflict('User exists with same email');
  const user = addUser(realm, { username: body.username, email });
  applyFields(user, body);
  const [credential] = Array.isArray(body.credentials) ? body.credentials.map(record) : [];
  if (credential) setPassword(user, credential);
  return { status: 201, location: `${base}/users/${user.id}` };
}

function updateUser(realm: FakeRealm, user: FakeUser, body: Record<string, unknown>): Answer {
  if (typeof body.username === 'string') {
    const holder = findUserByName(realm, body.username);
    if (holder && holder.id !== user.id) return conflict('User exists with same username');
    user.username = body.username.toLowerCase();
  }
  if (typeof body.email === 'string') {
    const holder = findUserByEmail(realm, body.email);
    if (holder && holder.id !== user.id) return conflict('User exists with same email');
    user.email = body.email.toLowerCase();
  }
  applyFields(user, body);
  return noContent;
}

function applyFields(user: FakeUser, body: Record<string, unknown>): void {
  if (typeof body.firstName === 'string') user.firstName = body.firstName;
  if (typeof body.lastName === 'string') user.lastName = body.lastName;
  if (typeof body.enabled === 'boolean') user.enabled = body.enabled;
  if (typeof body.emailVerified === 'boolean') user.emailVerified = body.emailVerified;
  if (Array.isArray(body.requiredActions)) {
    user.requiredActions = body.requiredActions.filter((action): action is string => typeof action === 'string');
  }
}

/** Keycloak adds UPDATE_PASSWORD for a temporary password and removes it for a final one. */
function resetPassword(user: FakeUser, body: Record<string, unknown>): Answer {
  if (typeof body.value !== 'string' || body.value === '') {
    return { status: 400, body: { errorMessage: 'No password provided' } };
  }
  setPassword(user, body);
  return noContent;
}

function setPassword(user: FakeUser, credential: Record<string, unknown>): void {
  const temporary = credential.temporary === true;
  user.password = { value: String(credential.value), temporary };
  const others = user.requiredActions.filter((action) => action !== 'UPDATE_PASSWORD');
  user.requiredActions = temporary ? [...others, 'UPDATE_PASSWORD'] : others;
}

/** Keycloak's "remove all user sessions associated with the user": every refresh token of theirs stops working. */
function logoutUser(state: AdminState, realm: FakeRealm, user: FakeUser): Answer {
  for (const [refreshToken, session] of state.sessions) {
    if (session.realm === realm.name && session.userId === user.id) state.sessions.delete(refreshToken);
  }
  return noContent;
}

function mappedRoles(realm: FakeRealm, user: FakeUser) {
  return [...user.roles]
    .map((name) => realm.roles.get(name))
    .filter((role) => role !== undefined)
    .map((role) => roleRepresentation(realm, role));
}

/** Roles are named by id in the body, as Keycloak reads them; an unknown one is a 404 and changes nothing. */
function changeRoleMappings(realm: FakeRealm, user: FakeUser, request: AdminRequest): Answer {
  const listed = Array.isArray(request.body) ? request.body.map(record) : [];
  const byId = new Map([...realm.roles.values()].map((role) => [role.id, role]));
  const roles = listed.map((entry) => byId.get(String(entry.id)));
  if (roles.some((role) => role === undefined)) return { status: 404, body: { error: 'Role not found' } };
  for (const role of roles) {
    if (!role) continue;
    if (request.method === 'POST') user.roles.add(role.name);
    else user.roles.delete(role.name);
  }
  return noContent;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value))
    : {};
}
