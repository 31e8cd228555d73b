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

export interface IdentityProvider {
  readonly kind: 'builtin' | 'keycloak';
  /** Creates the master realm and its platform client when missing (idempotent; first start). */
  ensureMasterRealm(platformClient: { clientId: string; secret: string }): Promise<void>;
  createRealm(realm: string, displayName: string): Promise<void>;
  createClient(realm: string, spec: ClientSpec): Promise<CreatedClient>;
  createRole(realm: string, name: string, description: string): Promise<void>;
  createUser(realm: string, user: UserSpec): Promise<{ userId: string }>;
  /** Deletes a realm and everything in it; a missing realm is not an error (provisioning undo). */
  deleteRealm(realm: string): Promise<void>;
  realmExists(realm: string): Promise<boolean>;
  /** The `iss` of tokens of a realm. */
  issuer(realm: string): string;
  /** The key resolver jose uses to verify tokens of a realm (the realm's JWKS). */
  verificationKeys(realm: string): JWTVerifyGetKey;
  /** Where the browser app sends the user to log out. */
  logoutUrl(realm: string): string;
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
