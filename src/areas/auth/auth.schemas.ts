import { type Static, Type } from '@sinclair/typebox';

export const AuthConfig = Type.Object({
  issuer: Type.String({ description: "OpenID Connect issuer of the host's realm" }),
  realm: Type.String(),
  clientId: Type.String({ description: 'The primary client (first of TC_AUTH_CLIENTS)' }),
  logoutUrl: Type.String(),
});
export type AuthConfig = Static<typeof AuthConfig>;
