// The OpenID Connect documents the builtin provider serves, in Keycloak's format (not the service envelope).
import { type Static, Type } from '@sinclair/typebox';

export const RealmParams = Type.Object({
  realm: Type.String({ description: 'Realm name (a tenant code, or master)' }),
});
export type RealmParams = Static<typeof RealmParams>;

export const TokenRequest = Type.Object(
  {
    grant_type: Type.Optional(Type.String({ description: 'client_credentials or password' })),
    client_id: Type.Optional(Type.String({ description: 'Omitted when the client authenticates with HTTP Basic' })),
    client_secret: Type.Optional(Type.String({ description: 'Confidential clients, unless sent by HTTP Basic' })),
    username: Type.Optional(Type.String({ description: 'Password grant: username or e-mail address' })),
    password: Type.Optional(Type.String({ description: 'Password grant' })),
    scope: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

export const TokenSuccess = Type.Object({
  access_token: Type.String({ description: 'RS256-signed JWT' }),
  expires_in: Type.Integer({ description: 'Seconds the access token lives' }),
  refresh_expires_in: Type.Integer(),
  token_type: Type.Literal('Bearer'),
  'not-before-policy': Type.Integer(),
  scope: Type.String(),
});
export type TokenSuccess = Static<typeof TokenSuccess>;

export const OAuthError = Type.Object({
  error: Type.String({ description: 'OAuth error code, or "Realm does not exist"' }),
  error_description: Type.Optional(Type.String()),
});
export type OAuthError = Static<typeof OAuthError>;

export const PublicJwk = Type.Object({
  kid: Type.String(),
  kty: Type.String(),
  alg: Type.String(),
  use: Type.String(),
  n: Type.String(),
  e: Type.String(),
});
export type PublicJwk = Static<typeof PublicJwk>;

export const Jwks = Type.Object({ keys: Type.Array(PublicJwk) });
export type Jwks = Static<typeof Jwks>;

export const OpenIdConfiguration = Type.Object({
  issuer: Type.String(),
  authorization_endpoint: Type.String(),
  token_endpoint: Type.String(),
  jwks_uri: Type.String(),
  end_session_endpoint: Type.String(),
  grant_types_supported: Type.Array(Type.String()),
  response_types_supported: Type.Array(Type.String()),
  subject_types_supported: Type.Array(Type.String()),
  id_token_signing_alg_values_supported: Type.Array(Type.String()),
  token_endpoint_auth_methods_supported: Type.Array(Type.String()),
  scopes_supported: Type.Array(Type.String()),
  claims_supported: Type.Array(Type.String()),
});
export type OpenIdConfiguration = Static<typeof OpenIdConfiguration>;
