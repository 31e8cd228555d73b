// Access tokens shaped like Keycloak's, so code (and people) used to Keycloak tokens read ours unchanged.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { SIGNING_ALGORITHM, type SigningKey } from './signing-keys.js';

/** The scope Keycloak's default client scopes put in every token. */
export const DEFAULT_SCOPE = 'profile email';

/** Who a token is for: a realm user logging in through a client, or a client's service account. */
export type TokenHolder =
  | { kind: 'user'; userId: string; username: string; email: string; roles: string[] }
  | { kind: 'serviceAccount'; userId: string; roles: string[] };

export interface AccessTokenRequest {
  issuer: string;
  clientId: string;
  holder: TokenHolder;
  issuedAt: Date;
  lifespanSeconds: number;
}

export function signAccessToken(key: SigningKey, request: AccessTokenRequest): Promise<string> {
  const { holder, clientId } = request;
  const iat = Math.floor(request.issuedAt.getTime() / 1000);
  const claims =
    holder.kind === 'user'
      ? { preferred_username: holder.username, email: holder.email }
      : { preferred_username: `service-account-${clientId}`, client_id: clientId };
  return (
    new SignJWT({
      typ: 'Bearer',
      azp: clientId,
      acr: '1',
      realm_access: { roles: holder.roles },
      scope: DEFAULT_SCOPE,
      ...claims,
    })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, typ: 'JWT', kid: key.kid })
      .setIssuer(request.issuer)
      // User tokens are for the account console unless an audience mapper says otherwise (Keycloak's
      // default); a service-account token names its own client, which the platform verifier accepts.
      .setAudience(holder.kind === 'user' ? 'account' : clientId)
      .setSubject(holder.userId)
      .setJti(randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(iat + request.lifespanSeconds)
      .sign(key.privateKey)
  );
}
