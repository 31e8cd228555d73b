// A realm's users in Keycloak: creating the provisioned admin, and making a tenant user equal to the state the
// users area sends (contract §7.1: the realm holds every user). Saving looks the user up by its login name, so a
// save repeated after a failure, or made twice, lands on the same Keycloak user.
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ROLES } from '../../auth/roles.js';
import { isIdpConflict, type RealmPassword, type RealmUser, type UserSpec } from '../port.js';
import { type AdminAnswer, type AdminClient, idFromLocation, KeycloakError, segment } from './admin-client.js';

const UserSummary = Type.Object({ id: Type.String(), username: Type.String() });
const RoleRepresentation = Type.Object({ id: Type.String(), name: Type.String() });
type RoleRepresentation = Static<typeof RoleRepresentation>;

/**
 * The realm roles saving makes equal to the user's: the tenant roles. Keycloak's own (default-roles-<realm>,
 * offline_access) and any an operator grants for other applications are not ours to take away.
 */
const MANAGED_ROLES: ReadonlySet<string> = new Set(ROLES);

/** The provisioned admin: a new user with a temporary password and its roles; 409 when it exists. */
export async function createRealmUser(admin: AdminClient, realm: string, user: UserSpec): Promise<{ userId: string }> {
  const answer = await admin.call('POST', `${segment(realm)}/users`, {
    username: user.username.trim().toLowerCase(),
    email: user.email.trim().toLowerCase(),
    enabled: true,
    emailVerified: true,
    requiredActions: [...new Set(user.requiredActions)],
    credentials: [{ type: 'password', value: user.temporaryPassword, temporary: true }],
  });
  const userId = idFromLocation(answer, 'the user creation');
  await makeRealmRolesEqual(admin, realm, userId, user.realmRoles);
  return { userId };
}

/**
 * Makes the realm's user of that login equal to `user`, creating it when missing; the password (when given) is
 * set before the user's state, so the required actions sent win over the ones a password reset adds or removes.
 * A password that ends sign-ins ends every session of the user last (POST users/{id}/logout).
 */
export async function saveRealmUser(
  admin: AdminClient,
  realm: string,
  change: { user: RealmUser; password: RealmPassword | undefined; now: Date },
): Promise<{ userId: string }> {
  const representation = userRepresentation(change.user, change.now);
  // Keycloak takes a password as plain text only (it has no scrypt): with just the hash, the password stays as it is.
  const password = change.password?.plain ? change.password : undefined;
  const found = await findUserId(admin, realm, change.user.username);
  const userId = found ?? (await createOrFind(admin, realm, representation));
  const userPath = `${segment(realm)}/users${segment(userId)}`;
  if (password) {
    expectNoContent(
      await admin.call('PUT', `${userPath}/reset-password`, {
        type: 'password',
        value: password.plain,
        temporary: password.temporary,
      }),
      'the password reset',
    );
  }
  // A user just created holds the representation already, unless the password reset changed its actions.
  if (found !== undefined || password) {
    expectNoContent(await admin.call('PUT', userPath, representation), 'the user update');
  }
  await makeRealmRolesEqual(admin, realm, userId, change.user.realmRoles);
  // Last, once the user is as it should be: Keycloak's admin password reset leaves the user's sessions (SSO cookie,
  // refresh tokens) alive, so a changed password ends them here (issue 29); a failure throws like any step's.
  if (password?.sessions === 'end') {
    expectNoContent(await admin.call('POST', `${userPath}/logout`), 'the user logout');
  }
  return { userId };
}

/**
 * Keycloak cannot lock a user until a given time through its admin API (its own brute-force lock is set by
 * failed logins only), so a user locked by the service is disabled while the lock lasts; the users area's next
 * save after the lock ends enables it again (docs/decisions.md).
 */
function userRepresentation(user: RealmUser, now: Date): Record<string, unknown> {
  const locked = user.lockedUntil !== null && user.lockedUntil.getTime() > now.getTime();
  const name = user.name.trim();
  const space = name.indexOf(' ');
  return {
    username: user.username.trim().toLowerCase(),
    email: user.email.trim().toLowerCase(),
    firstName: space < 0 ? name : name.slice(0, space),
    lastName: space < 0 ? '' : name.slice(space + 1).trim(),
    enabled: user.enabled && !locked,
    // The service verifies addresses itself (account activation): Keycloak must not ask again.
    emailVerified: true,
    requiredActions: [...new Set(user.requiredActions)],
  };
}

/** Keycloak keeps usernames lower-cased; `exact` stops `ann` from finding `anna`. */
async function findUserId(admin: AdminClient, realm: string, username: string): Promise<string | undefined> {
  const login = username.trim().toLowerCase();
  const query = `username=${encodeURIComponent(login)}&exact=true&briefRepresentation=true`;
  const answer = await admin.call('GET', `${segment(realm)}/users?${query}`);
  if (answer.status !== 200 || !Value.Check(Type.Array(UserSummary), answer.body)) {
    throw unexpected(answer, 'the user search');
  }
  return answer.body.find((candidate) => candidate.username.toLowerCase() === login)?.id;
}

/** Creates the user; when a concurrent save of the same login created it first, that user is the one. */
async function createOrFind(
  admin: AdminClient,
  realm: string,
  representation: Record<string, unknown>,
): Promise<string> {
  try {
    return idFromLocation(await admin.call('POST', `${segment(realm)}/users`, representation), 'the user creation');
  } catch (error) {
    if (!isIdpConflict(error)) throw error;
    const found = await findUserId(admin, realm, String(representation.username));
    // Another user holds the e-mail address: that conflict is the caller's to answer.
    if (found === undefined) throw error;
    return found;
  }
}

/** Adds the missing roles and removes the managed ones not given (role mappings of the realm). */
async function makeRealmRolesEqual(admin: AdminClient, realm: string, userId: string, roles: string[]): Promise<void> {
  const mappingsPath = `${segment(realm)}/users${segment(userId)}/role-mappings/realm`;
  const mapped = await admin.call('GET', mappingsPath);
  if (mapped.status !== 200 || !Value.Check(Type.Array(RoleRepresentation), mapped.body)) {
    throw unexpected(mapped, 'the role mappings');
  }
  const wanted = new Set(roles);
  const held = new Set(mapped.body.map((role) => role.name));
  const surplus = mapped.body.filter((role) => MANAGED_ROLES.has(role.name) && !wanted.has(role.name));
  const missing = [...wanted].filter((name) => !held.has(name));
  if (surplus.length > 0) {
    const removal = surplus.map(({ id, name }) => ({ id, name }));
    expectNoContent(await admin.call('DELETE', mappingsPath, removal), 'the role mapping removal');
  }
  if (missing.length > 0) {
    const additions = await realmRoles(admin, realm, missing);
    expectNoContent(await admin.call('POST', mappingsPath, additions), 'the role mapping');
  }
}

/** The realm's roles of those names, with the ids a role mapping needs. */
async function realmRoles(admin: AdminClient, realm: string, names: string[]): Promise<RoleRepresentation[]> {
  const answer = await admin.call('GET', `${segment(realm)}/roles`);
  if (answer.status !== 200 || !Value.Check(Type.Array(RoleRepresentation), answer.body)) {
    throw unexpected(answer, 'the realm roles');
  }
  const byName = new Map(answer.body.map((role) => [role.name, role]));
  return names.map((name) => {
    const role = byName.get(name);
    if (!role) throw new KeycloakError('bad-answer', `Keycloak's realm ${realm} has no role ${name}`);
    return { id: role.id, name: role.name };
  });
}

function expectNoContent(answer: AdminAnswer, what: string): void {
  if (answer.status !== 204 && answer.status !== 200) throw unexpected(answer, what);
}

function unexpected(answer: AdminAnswer, what: string): KeycloakError {
  const reason = answer.status === 404 ? 'the realm or user is missing' : 'an unexpected answer';
  return new KeycloakError(
    'bad-answer',
    `Keycloak answered HTTP ${answer.status} to ${what}: ${reason}`,
    answer.status,
  );
}
