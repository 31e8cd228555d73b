// A password a realm user chooses on the login page (the required action UPDATE_PASSWORD). The realm holds
// every tenant user (contract §7.1), so the new password must reach the tenant's user as well: the composition
// root gives the provider a chooser implemented by the users area, which applies the tenant's password policy,
// hashes the password and stores it for the tenant user; the provider then stores the same hash in the realm.
import { hashPassword } from '../../passwords.js';

export interface PasswordChoice {
  realm: string;
  username: string;
  email: string;
  password: string;
}

export type ChosenPassword = { accepted: true; passwordHash: string } | { accepted: false; problem: string };

export type PasswordChooser = (choice: PasswordChoice) => Promise<ChosenPassword>;

const MIN_LENGTH = 10;

/** For a realm no tenant's users area answers for (the master realm, or before one is wired): realm only. */
export const realmOnlyChooser: PasswordChooser = async (choice) => {
  if (choice.password.length < MIN_LENGTH) {
    return { accepted: false, problem: `The password must have at least ${MIN_LENGTH} characters.` };
  }
  const lowered = choice.password.trim().toLowerCase();
  if (lowered === choice.username || lowered === choice.email) {
    return { accepted: false, problem: 'The password must not be your username or e-mail address.' };
  }
  return { accepted: true, passwordHash: await hashPassword(choice.password) };
};
