// The OpenID Connect documents the builtin provider serves, in Keycloak's format (not the service envelope).
import { type Static, Type } from '@sinclair/typebox';

export const RealmParams = Type.Object({
  realm: Type.String({ description: 'Realm name (a tenant code, or master)' }),
});
export type RealmParams = Static<typeof RealmParams>;

export const TokenRequest = Type.Object(
  {
    grant_type: Type.Optional(
      Type.String({ description: 'client_credentials, password, authorization_code or refresh_token' }),
    ),
    client_id: Type.Optional(Type.String({ description: 'Omitted when the client authenticates with HTTP Basic' })),
    client_secret: Type.Optional(Type.String({ description: 'Confidential clients, unless sent by HTTP Basic' })),
    username: Type.Optional(Type.String({ description: 'Password grant: username or e-mail address' })),
    password: Type.Optional(Type.String({ description: 'Password grant' })),
    scope: Type.Optional(Type.String()),
    code: Type.Optional(Type.String({ description: 'authorization_code: the code the redirect brought' })),
    redirect_uri: Type.Optional(Type.String({ description: 'authorization_code: as in the authorization request' })),
    code_verifier: Type.Optional(Type.String({ description: 'authorization_code: the PKCE verifier (RFC 7636)' })),
    refresh_token: Type.Optional(Type.String({ description: 'refresh_token: the latest refresh token' })),
  },
  { additionalProperties: true },
);

export const TokenSuccess = Type.Object({
  access_token: Type.String({ description: 'RS256-signed JWT' }),
  expires_in: Type.Integer({ description: 'Seconds the access token lives' }),
  refresh_expires_in: Type.Integer({ description: 'Seconds the refresh token lives; 0 without one' }),
  refresh_token: Type.Optional(Type.String({ description: 'Browser sign-in: rotated on every refresh' })),
  token_type: Type.Literal('Bearer'),
  id_token: Type.Optional(Type.String({ description: 'Browser sign-in with scope openid: RS256-signed JWT' })),
  'not-before-policy': Type.Integer(),
  session_state: Type.Optional(Type.String({ description: 'Browser sign-in: the login session (the sid claim)' })),
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
  revocation_endpoint: Type.String(),
  grant_types_supported: Type.Array(Type.String()),
  response_types_supported: Type.Array(Type.String()),
  response_modes_supported: Type.Array(Type.String()),
  code_challenge_methods_supported: Type.Array(Type.String()),
  authorization_response_iss_parameter_supported: Type.Boolean(),
  subject_types_supported: Type.Array(Type.String()),
  id_token_signing_alg_values_supported: Type.Array(Type.String()),
  token_endpoint_auth_methods_supported: Type.Array(Type.String()),
  revocation_endpoint_auth_methods_supported: Type.Array(Type.String()),
  scopes_supported: Type.Array(Type.String()),
  claims_supported: Type.Array(Type.String()),
});
export type OpenIdConfiguration = Static<typeof OpenIdConfiguration>;

const optionalText = (description: string) => Type.Optional(Type.String({ description }));

export const AuthorizationParameters = Type.Object(
  {
    response_type: optionalText('code (the only response type)'),
    client_id: optionalText('A public client of the realm (tc-web)'),
    redirect_uri: optionalText("One of the client's registered redirect URIs"),
    scope: optionalText('openid for an ID token'),
    state: optionalText('Echoed back with the code'),
    nonce: optionalText('Repeated in the ID token'),
    code_challenge: optionalText('PKCE: BASE64URL(SHA256(code_verifier))'),
    code_challenge_method: optionalText('S256 (the only method)'),
    prompt: optionalText('none (no form: login_required when not signed in) or login (always the form)'),
  },
  { additionalProperties: true },
);

export const LogoutParameters = Type.Object(
  {
    id_token_hint: optionalText(
      "An ID token of the realm (an expired one too); unless it names the browser's session, the user confirms",
    ),
    post_logout_redirect_uri: optionalText("One of the client's registered redirect URIs"),
    state: optionalText('Echoed back to post_logout_redirect_uri'),
    client_id: optionalText('The client, when there is no id_token_hint'),
  },
  { additionalProperties: true },
);

export const RevocationRequest = Type.Object(
  {
    token: optionalText('A refresh token (its whole family is revoked)'),
    token_type_hint: optionalText('refresh_token or access_token'),
    client_id: optionalText('Omitted when the client authenticates with HTTP Basic'),
    client_secret: optionalText('Confidential clients, unless sent by HTTP Basic'),
  },
  { additionalProperties: true },
);
