// What the browser app needs to sign in: the identity provider's settings for a realm.
import type { IdentityProvider } from '../../platform/idp/port.js';
import type { AuthConfig } from './auth.schemas.js';

export interface AuthDeps {
  idp: IdentityProvider;
  /** The browser app's client id (the first of TC_AUTH_CLIENTS). */
  primaryClient: string;
}

export function createAuthService(deps: AuthDeps) {
  return {
    config: async (realm: string): Promise<AuthConfig> => ({
      issuer: deps.idp.issuer(realm),
      realm,
      clientId: deps.primaryClient,
      logoutUrl: deps.idp.logoutUrl(realm),
    }),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
