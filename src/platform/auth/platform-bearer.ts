// The platform bearer: a token of the identity provider's master realm, checked on every /platform/*
// operation. The issuer is pinned to the master realm and the algorithm allow-listed, so neither a tenant
// realm's token nor a token forged with `alg: none` or an HMAC over the public key gets through.
import { errors, type JWTPayload, jwtVerify } from 'jose';
import { ApiError, ErrorCode } from '../http/errors.js';
import type { PlatformCaller } from '../http/kernel.js';
import { type IdentityProvider, MASTER_REALM } from '../idp/port.js';

export interface PlatformTokenVerifier {
  /** The caller of a valid platform token; ApiError NOT_LOGGED_IN (HTTP 401) otherwise. */
  verify(token: string | undefined): Promise<PlatformCaller>;
}

export interface PlatformTokenVerifierDeps {
  idp: Pick<IdentityProvider, 'issuer' | 'verificationKeys'>;
  /** Client ids a token may be for (`aud`) or from (`azp`): TC_AUTH_CLIENTS. */
  authClients: readonly string[];
  clockSkewSeconds: number;
  clock?: () => Date;
}

const ALGORITHMS = ['RS256'];

const refusal = (reason: string) => new ApiError(ErrorCode.NOT_LOGGED_IN, reason, 401);

export function createPlatformTokenVerifier(deps: PlatformTokenVerifierDeps): PlatformTokenVerifier {
  const issuer = deps.idp.issuer(MASTER_REALM);
  // Built once: a remote JWKS resolver (Keycloak adapter) keeps its own cache between calls.
  const keys = deps.idp.verificationKeys(MASTER_REALM);
  const accepted = new Set(deps.authClients);
  const clock = deps.clock ?? (() => new Date());

  return {
    async verify(token) {
      if (!token) throw refusal('A platform bearer token is required');
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, keys, {
          issuer,
          algorithms: ALGORITHMS,
          clockTolerance: deps.clockSkewSeconds,
          currentDate: clock(),
          requiredClaims: ['exp', 'sub'],
        }));
      } catch (error) {
        // jose's messages name claims and keys; the caller only learns expired or not.
        if (error instanceof errors.JWTExpired) throw refusal('The platform token has expired');
        throw refusal('The platform token is not valid');
      }
      // Keycloak ID and logout tokens are signed with the same key; only access tokens are bearers.
      if (payload.typ !== undefined && payload.typ !== 'Bearer')
        throw refusal('The platform token is not an access token');
      const client = acceptedClient(payload, accepted);
      if (!client) throw refusal('The platform token was not issued for an accepted client');
      if (typeof payload.sub !== 'string' || payload.sub === '') throw refusal('The platform token is not valid');
      return { clientId: client, subject: payload.sub };
    },
  };
}

/** The client the token is from (`azp`) when accepted, else an accepted audience; undefined when none is. */
function acceptedClient(payload: JWTPayload, accepted: ReadonlySet<string>): string | undefined {
  const azp = typeof payload.azp === 'string' ? payload.azp : undefined;
  const audiences = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
  const audience = audiences.find((aud) => accepted.has(aud));
  if (azp && accepted.has(azp)) return azp;
  if (audience) return azp ?? audience;
  return undefined;
}
