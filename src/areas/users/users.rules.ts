// Pure rules of user accounts: the password policy and the codes users are shown.
import type { Role } from '../../platform/auth/roles.js';
import { EMPLOYEE_ROLES } from '../../platform/auth/roles.js';

export const PASSWORD_MIN_LENGTH = 10;
export const ACTIVATION_TOKEN_HOURS = 48;
export const RESET_TOKEN_HOURS = 1;

/** Why a password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string, login: string, email: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `must have at least ${PASSWORD_MIN_LENGTH} characters`;
  const lowered = password.trim().toLowerCase();
  if (lowered === login.trim().toLowerCase()) return 'must not be the login';
  if (lowered === email.trim().toLowerCase()) return 'must not be the e-mail address';
  return undefined;
}

/** The user code shown to people: U and the id, zero-padded to six digits. */
export function userCode(userId: number): string {
  return `U${String(userId).padStart(6, '0')}`;
}

export function hasEmployeeRole(roles: readonly Role[]): boolean {
  return roles.some((role) => EMPLOYEE_ROLES.includes(role));
}

/** A locked account stays locked until `lockedUntil`; the lock is set after `threshold` failures in a row. */
export function isLocked(lockedUntil: Date | null, now: Date): boolean {
  return lockedUntil !== null && lockedUntil > now;
}
