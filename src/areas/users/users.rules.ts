// Pure rules of user accounts: the password policy and the codes users are shown.
import type { Role } from '../../platform/auth/roles.js';
import { EMPLOYEE_ROLES } from '../../platform/auth/roles.js';
import { brokenPasswordRule, PASSWORD_MIN_LENGTH, PASSWORD_RULE_TEXT } from '../../platform/password-policy.js';

export { PASSWORD_MIN_LENGTH };
export const ACTIVATION_TOKEN_HOURS = 48;
export const RESET_TOKEN_HOURS = 1;

/** Why a password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string, login: string, email: string): string | undefined {
  const rule = brokenPasswordRule(password, login, email);
  return rule && `must ${PASSWORD_RULE_TEXT[rule]}`;
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
