// The pages of browser sign-in: small, self-contained HTML (no scripts, no external assets) in the tenant's name,
// from the shipped templates templates/sign-in/ (escaped by the template engine); forms carry a CSRF token.
import { shippedTemplate } from '../../rendering/html.js';

export interface FormFrame {
  /** The tenant's name. */
  brand: string;
  /** Where the form posts (an absolute URL under the realm's issuer). */
  action: string;
  csrf: string;
  /** The authorization request, carried to the next step and checked again there. */
  hidden: Record<string, string>;
  error?: string | undefined;
}

const LOGIN = shippedTemplate('sign-in/login.html');
const NEW_PASSWORD = shippedTemplate('sign-in/new-password.html');
const LOGOUT_CONFIRM = shippedTemplate('sign-in/logout-confirm.html');
const MESSAGE = shippedTemplate('sign-in/message.html');

function formValues(frame: FormFrame) {
  const hidden = Object.entries({ ...frame.hidden, csrf: frame.csrf }).map(([name, value]) => ({ name, value }));
  return { brand: frame.brand, action: frame.action, error: frame.error, hidden };
}

export function loginPage(frame: FormFrame & { username?: string | undefined }): string {
  return LOGIN({ ...formValues(frame), username: frame.username });
}

export function newPasswordPage(frame: FormFrame): string {
  return NEW_PASSWORD(formValues(frame));
}

export function logoutConfirmPage(frame: FormFrame): string {
  return LOGOUT_CONFIRM(formValues(frame));
}

export function messagePage(brand: string, title: string, message: string): string {
  return MESSAGE({ brand, title, message });
}
