// Lifetimes and rules of browser sign-in, Keycloak's defaults where Keycloak has one.
import type { SignInUser } from './sign-in.repository.js';

/** A code is exchanged by the app right after the redirect (Keycloak: 60 s). */
export const CODE_LIFESPAN_SECONDS = 60;
/** The SSO session maximum: after it, the user signs in again and its refresh tokens stop (Keycloak: 10 h). */
export const SESSION_MAX_SECONDS = 10 * 60 * 60;
/** A refresh token unused this long expires (Keycloak's SSO session idle: 30 min). */
export const REFRESH_IDLE_SECONDS = 30 * 60;
/** The time a user gets to choose a new password after signing in with a temporary one. */
export const PENDING_PASSWORD_SECONDS = 10 * 60;

/** A user whose session may issue codes and refresh tokens: enabled, not locked, no password to choose. */
export function mayHoldSession(user: SignInUser, now: Date): boolean {
  const locked = user.lockedUntil !== null && user.lockedUntil > now;
  return user.enabled && !locked && !user.requiredActions.includes('UPDATE_PASSWORD');
}
