// Token revocation (RFC 7009) for refresh tokens: revoking one revokes its family (every refresh token of that
// sign-in), as Keycloak revokes the client's session. Access tokens are self-contained JWTs that live minutes and
// are checked by signature only, so they cannot be revoked: the endpoint says so (unsupported_token_type).
import { sha256 } from '../../crypto.js';
import { findClient, realmExists } from './directory.repository.js';
import type { OAuthError } from './protocol.schemas.js';
import * as signIn from './sign-in.repository.js';
import {
  clientCredentials,
  REALM_NOT_FOUND,
  secretMatches,
  type TokenEndpointDeps,
  type TokenForm,
} from './token-endpoint.js';

export type RevocationAnswer = { status: 200 } | { status: 400 | 401 | 404; body: OAuthError };

const refuse = (status: 400 | 401, error: string, description: string): RevocationAnswer => ({
  status,
  body: { error, error_description: description },
});

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

export async function revokeToken(
  deps: Pick<TokenEndpointDeps, 'sql' | 'clock'>,
  realm: string,
  form: TokenForm,
  authorization: string | undefined,
): Promise<RevocationAnswer> {
  if (!(await realmExists(deps.sql, realm))) return { status: 404, body: REALM_NOT_FOUND };
  // The client authenticates as at the token endpoint (RFC 7009 §2.1).
  const credentials = clientCredentials(form, authorization);
  if (!credentials.clientId) return refuse(400, 'invalid_client', 'Missing client_id parameter');
  const client = await findClient(deps.sql, realm, credentials.clientId);
  if (!client) return refuse(401, 'invalid_client', 'Invalid client or Invalid client credentials');
  if (client.confidential && !secretMatches(client, credentials.clientSecret)) {
    return refuse(401, 'unauthorized_client', 'Invalid client or Invalid client credentials');
  }
  if (!form.token) return refuse(400, 'invalid_request', 'Missing parameter: token');

  const family = await signIn.findFamilyOfToken(deps.sql, realm, sha256(form.token));
  if (family) {
    if (family.clientId !== client.clientId) {
      return refuse(400, 'unauthorized_client', 'The token was issued to another client');
    }
    await signIn.revokeFamily(deps.sql, family.id, deps.clock());
    return { status: 200 };
  }
  if (form.token_type_hint === 'access_token' || JWT_SHAPE.test(form.token)) {
    return refuse(400, 'unsupported_token_type', 'Access tokens cannot be revoked; they expire within minutes');
  }
  // An unknown or already expired token is not an error (RFC 7009 §2.2): the client's goal is reached.
  return { status: 200 };
}
