// A password a realm user chooses on the login page (the required action UPDATE_PASSWORD). The realm holds
// every tenant user (contract §7.1), so the new password must reach the tenant's user as well: the composition
// root gives the provider a chooser implemented by the users area, which applies the tenant's password policy,
// hashes the password and stores it for the tenant user; the provider then stores the same hash in the realm.
import { brokenPasswordRule, type PasswordRule } from '../../password-policy.js';
import { hashPassword } from '../../passwords.js';

export interface PasswordChoice {
  realm: string;
  username: string;
  email: string;
  password: string;
}

/** Refused: the rule of the policy it breaks (the page says it in the page's language), else a problem in words. */
export type ChosenPassword =
  | { accepted: true; passwordHash: string }
  | { accepted: false; rule: PasswordRule }
  | { accepted: false; problem: string };

export type PasswordChooser = (choice: PasswordChoice) => Promise<ChosenPassword>;

/** For a realm no tenant's users area answers for (the master realm, or before one is wired): realm only. */
export const realmOnlyChooser: PasswordChooser = async (choice) => {
  const rule = brokenPasswordRule(choice.password, choice.username, choice.email);
  if (rule) return { accepted: false, rule };
  return { accepted: true, passwordHash: await hashPassword(choice.password) };
};
