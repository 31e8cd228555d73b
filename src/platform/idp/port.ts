// The identity-provider port. Provisioning and token verification speak only to this interface; the
// builtin adapter (default) and a Keycloak adapter (TC_IDP=keycloak) implement it.
import type { JWTVerifyGetKey } from 'jose';

export const MASTER_REALM = 'master';

export interface ClientSpec {
  clientId: string;
  /** Confidential clients have a secret and a service account (client-credentials grant). */
  confidential: boolean;
  /** Public clients: browser redirect URIs (authorization code with PKCE). */
  redirectUris?: string[];
  /** Password grant allowed (public browser client). */
  directAccessGrants?: boolean;
  /** A given secret (the master realm's platform client); otherwise a random one is generated. */
  secret?: string;
}

export interface CreatedClient {
  clientId: string;
  /** The secret of a confidential client, shown once; undefined for public clients. */
  secret: string | undefined;
}

export interface UserSpec {
  username: string;
  email: string;
  /** A temporary password: the user must change it (required action UPDATE_PASSWORD). */
  temporaryPassword: string;
  requiredActions: string[];
  realmRoles: string[];
}

/**
 * A tenant user as its realm holds it (contract §7.1: the realm holds every user). The users area sends the
 * whole state on every change (create, register, activation, role change, deactivation, lockout), so an adapter
 * makes its user equal to it whatever it held before: saving is idempotent and a retry is harmless.
 */
export interface RealmUser {
  /** The login name, lower-cased: the realm's `username` and the JWT's `preferred_username`. */
  username: string;
  email: string;
  /** The user's display name (Keycloak: firstName/lastName split at the first space). */
  name: string;
  /** False for a deactivated user or one whose account is not yet activated: the realm refuses its logins. */
  enabled: boolean;
  realmRoles: string[];
  requiredActions: string[];
  /** While set and in the future, the realm refuses the user's logins (the account lockout). */
  lockedUntil: Date | null;
}

/**
 * A password to set with a user's state. The plain text is what Keycloak's credential API takes; the hash (the
 * format of passwords.ts) is what the builtin realm stores, so a password is hashed once. Neither is logged.
 * A user saved without one keeps the password it has (none for a new user: it cannot log in until it gets one).
 */
export interface RealmPassword {
  /**
   * The plain text; '' when only the stored hash is known (the sync of users saved before the realm held them):
   * an adapter that cannot take a hash keeps the user's password as it is then.
   */
  plain: string;
  hash: string;
  /** A temporary password: the realm asks for a new one at the next login (required action UPDATE_PASSWORD). */
  temporary: boolean;
  /**
   * What the password does to the user's sign-ins in the realm (browser sessions, their cookie and refresh tokens).
   * 'end': a password changed or reset replaces one someone may be signed in with, so every session of the user
   * ends and every refresh token of theirs is revoked with it (Keycloak: the user-logout call), or the save throws.
   * 'keep': a new user's first password, the stored hash the sync re-sends, or a password chosen in a sign-in that
   * ends the user's other sessions itself (the builtin realm's required-action page).
   */
  sessions: 'end' | 'keep';
}

/**
 * What a realm says of a user's password: right and nothing pending; right, but a required action (a temporary
 * password to change) is pending; or not the user's password (or no such enabled user).
 */
export type RealmPasswordVerdict = 'valid' | 'action-required' | 'invalid';

export interface IdentityProvider {
  readonly kind: 'builtin' | 'keycloak';
  /** Creates the master realm and its platform client when missing (idempotent; first start). */
  ensureMasterRealm(platformClient: { clientId: string; secret: string }): Promise<void>;
  createRealm(realm: string, displayName: string): Promise<void>;
  createClient(realm: string, spec: ClientSpec): Promise<CreatedClient>;
  createRole(realm: string, name: string, description: string): Promise<void>;
  createUser(realm: string, user: UserSpec): Promise<{ userId: string }>;
  /**
   * Makes the realm's user of `user.username` equal to `user` (creating it when missing), and sets its password
   * when one is given. Throws when the realm could not be told (the caller does not commit its own change then).
   */
  saveUser(realm: string, user: RealmUser, password?: RealmPassword): Promise<{ userId: string }>;
  /** Deletes a realm and everything in it; a missing realm is not an error (provisioning undo). */
  deleteRealm(realm: string): Promise<void>;
  realmExists(realm: string): Promise<boolean>;
  /** The `iss` of tokens of a realm. */
  issuer(realm: string): string;
  /** The key resolver jose uses to verify tokens of a realm (the realm's JWKS). */
  verificationKeys(realm: string): JWTVerifyGetKey;
  /** Where the browser app sends the user to log out. */
  logoutUrl(realm: string): string;
  /**
   * Asks the realm itself whether `password` is the user's, for a realm whose users can change their password on
   * its own pages, unseen by the service (Keycloak's first-login page). Absent where every change goes through the
   * service (the builtin realm). Throws when the realm cannot answer.
   */
  checkPassword?(realm: string, username: string, password: string): Promise<RealmPasswordVerdict>;
}

/**
 * Thrown by every adapter when a realm, client, role or user already exists, so provisioning can answer
 * DUPLICATE (or undo) the same way whichever provider is configured.
 */
export class IdpConflictError extends Error {
  readonly conflict = true;
  constructor(message: string) {
    super(message);
    this.name = 'IdpConflictError';
  }
}

export function isIdpConflict(error: unknown): error is IdpConflictError {
  return error instanceof IdpConflictError;
}
