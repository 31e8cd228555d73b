// The password policy of every user, tenant and realm alike: one list of rules, which the users area enforces
// (registration, changes, resets, the realm's "choose a new password" form) and the sign-in pages show before the
// user types (the same rules, so what is shown is what is checked).

export const PASSWORD_MIN_LENGTH = 10;

/** Each rule of the policy, in the order pages list them. */
export type PasswordRule = 'min-length' | 'not-login' | 'not-email';
export const PASSWORD_RULES: readonly PasswordRule[] = ['min-length', 'not-login', 'not-email'];

/** The first rule the password breaks, or undefined when it keeps them all. */
export function brokenPasswordRule(password: string, login: string, email: string): PasswordRule | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return 'min-length';
  const lowered = password.trim().toLowerCase();
  if (lowered === login.trim().toLowerCase()) return 'not-login';
  if (lowered === email.trim().toLowerCase()) return 'not-email';
  return undefined;
}

/** The rule in the API's words, after "must" (INVALID_FORMAT messages). */
export const PASSWORD_RULE_TEXT: Readonly<Record<PasswordRule, string>> = {
  'min-length': `have at least ${PASSWORD_MIN_LENGTH} characters`,
  'not-login': 'not be the login',
  'not-email': 'not be the e-mail address',
};
