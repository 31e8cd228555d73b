// The pages of browser sign-in: small, self-contained HTML in the tenant's name and colours and the browser's
// language (sign-in-messages.ts), from the shipped templates templates/sign-in/ (escaped by the template engine);
// forms carry a CSRF token. The only script is the "show password" toggle, inline and allowed by its hash; without
// it the page works as before (the toggle stays hidden). A field's problem is tied to it (aria-invalid,
// aria-describedby) and the first such field has the focus (autofocus), as Keycloak's login theme does.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PASSWORD_MIN_LENGTH, PASSWORD_RULES } from '../../password-policy.js';
import type { Branding } from '../../rendering/branding.js';
import { SHIPPED_TEMPLATES, shippedTemplate, type TemplateValues } from '../../rendering/html.js';
import { directionOf, type Language } from '../../rendering/language.js';
import { ruleText, type SignInMessages } from './sign-in-messages.js';

/** What every page shows the same way: the language and its words, and the agency's branding. */
export interface PageLook {
  language: Language;
  t: SignInMessages;
  branding: Branding;
}

/** A problem of one field: its message shown after `field`, which it describes with the `concerns` fields too. */
export interface FieldProblem {
  field: string;
  message: string;
  concerns?: readonly string[];
}

export interface FormFrame {
  look: PageLook;
  /** Where the form posts (an absolute URL on the host the page is served on). */
  action: string;
  csrf: string;
  /** The authorization request, carried to the next step and checked again there. */
  hidden: Record<string, string>;
  /** A problem of the whole form (the page expired, too many attempts), shown above it as an alert. */
  error?: string | undefined;
  problem?: FieldProblem | undefined;
}

const LOGIN = shippedTemplate('sign-in/login.html');
const NEW_PASSWORD = shippedTemplate('sign-in/new-password.html');
const RESET = shippedTemplate('sign-in/reset.html');
const LOGOUT_CONFIRM = shippedTemplate('sign-in/logout-confirm.html');
const MESSAGE = shippedTemplate('sign-in/message.html');

const REVEAL_SCRIPT = readFileSync(path.join(SHIPPED_TEMPLATES, 'sign-in/reveal.js'), 'utf8');
/** The pages' Content-Security-Policy allows this script and no other (CSP Level 2 hash source). */
export const REVEAL_SCRIPT_HASH = `'sha256-${createHash('sha256').update(REVEAL_SCRIPT).digest('base64')}'`;

/** The state of each field of a form, in page order: the first one with a problem, else the first, has the focus. */
function fieldsOf(order: readonly string[], problem: FieldProblem | undefined, described: Record<string, string> = {}) {
  const concerned = problem ? [problem.field, ...(problem.concerns ?? [])] : [];
  const focus = order.find((name) => concerned.includes(name)) ?? order[0];
  const fields: Record<string, TemplateValues> = {};
  for (const name of order) {
    const invalid = concerned.includes(name);
    const describedBy = [invalid ? `${problem?.field}-error` : undefined, described[name]].filter(Boolean).join(' ');
    fields[name] = {
      invalid,
      describedBy,
      focus: name === focus,
      error: problem?.field === name ? problem.message : '',
    };
  }
  return fields;
}

function pageValues(look: PageLook, title: string): TemplateValues {
  const { branding } = look;
  return {
    lang: look.language,
    dir: directionOf(look.language),
    title,
    t: look.t,
    brand: {
      name: branding.name,
      brandColor: branding.brandColor,
      brandTextColor: branding.brandTextColor,
      accentColor: branding.accentColor,
      accentTextColor: branding.accentTextColor,
      // Links are in the accent colour when it reads on white, else in the text colour.
      linkColor: branding.accentTextColor === '#ffffff' ? branding.accentColor : '#1a1a1a',
    },
  };
}

function formValues(frame: FormFrame, title: string) {
  const hidden = Object.entries({ ...frame.hidden, csrf: frame.csrf }).map(([name, value]) => ({ name, value }));
  return { ...pageValues(frame.look, title), action: frame.action, error: frame.error, hidden };
}

const withScript = { revealScript: REVEAL_SCRIPT };

export function loginPage(frame: FormFrame & { username?: string | undefined; resetUrl: string }): string {
  const fields = fieldsOf(['username', 'password'], frame.problem);
  const values = { ...formValues(frame, frame.look.t.signInTitle), username: frame.username, resetUrl: frame.resetUrl };
  return LOGIN({ ...values, fields }, withScript);
}

export function newPasswordPage(frame: FormFrame): string {
  const { t } = frame.look;
  const fields = fieldsOf(['password-new', 'password-confirm'], frame.problem, { 'password-new': 'password-rules' });
  const rules = PASSWORD_RULES.map((rule) => ruleText(t, rule));
  const values = { ...formValues(frame, t.newPasswordTitle), fields, rules, minLength: PASSWORD_MIN_LENGTH };
  return NEW_PASSWORD(values, withScript);
}

export function resetPage(frame: FormFrame & { email?: string | undefined; signInUrl: string }): string {
  const fields = fieldsOf(['email'], frame.problem);
  return RESET({
    ...formValues(frame, frame.look.t.resetTitle),
    fields,
    email: frame.email,
    signInUrl: frame.signInUrl,
  });
}

export function logoutConfirmPage(frame: FormFrame): string {
  return LOGOUT_CONFIRM(formValues(frame, frame.look.t.signOutTitle));
}

export function messagePage(
  look: PageLook,
  title: string,
  message: string,
  link?: { href: string; text: string },
): string {
  return MESSAGE({ ...pageValues(look, title), message, link: link ?? null });
}
