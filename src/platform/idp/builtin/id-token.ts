// ID tokens (OpenID Connect Core §2) of browser sign-in, signed like access tokens with the realm's RS256 key.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { SIGNING_ALGORITHM, type SigningKey } from './signing-keys.js';

export interface IdTokenRequest {
  issuer: string;
  clientId: string;
  user: { id: string; username: string; email: string };
  sessionId: string;
  /** When the user signed in (the session's start), not when this token is issued (Core §12.2). */
  authTime: Date;
  /** The authorization request's nonce, repeated in every ID token of that sign-in. */
  nonce: string | null;
  issuedAt: Date;
  lifespanSeconds: number;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function signIdToken(key: SigningKey, request: IdTokenRequest): Promise<string> {
  const iat = seconds(request.issuedAt);
  return new SignJWT({
    typ: 'ID',
    azp: request.clientId,
    sid: request.sessionId,
    auth_time: seconds(request.authTime),
    acr: '1',
    preferred_username: request.user.username,
    email: request.user.email,
    ...(request.nonce === null ? {} : { nonce: request.nonce }),
  })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, typ: 'JWT', kid: key.kid })
    .setIssuer(request.issuer)
    .setAudience(request.clientId)
    .setSubject(request.user.id)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + request.lifespanSeconds)
    .sign(key.privateKey);
}
