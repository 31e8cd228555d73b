// The pages of browser sign-in: small, self-contained HTML (no scripts, no external assets) in the tenant's name.
// Every value that comes from a request or the directory is escaped; forms carry a CSRF token.
import { escapeHtml } from '../../html.js';

function layout(brand: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(brand)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:1rem;background:#f4f5f7;color:#1a1a1a}
main{max-width:24rem;margin:3rem auto;background:#fff;border:1px solid #ccc;border-radius:.5rem;padding:1.5rem}
.brand{font-size:.9rem;color:#555;margin:0 0 .5rem}
h1{font-size:1.4rem;margin:0 0 1rem}
label{display:block;font-weight:600;margin-top:1rem}
input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}
button{font:inherit;margin-top:1.25rem;padding:.6rem 1rem;border-radius:.25rem;border:1px solid #0b4f8a;
background:#0b4f8a;color:#fff;cursor:pointer;width:100%}
.error{background:#fde2e1;color:#7a1111;padding:.5rem;border-radius:.25rem}
.note{background:#fff4ce;padding:.5rem;border-radius:.25rem}
button:focus-visible,input:focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}
</style>
</head>
<body>
<main>
<p class="brand">${escapeHtml(brand)}</p>
${body}
</main>
</body>
</html>
`;
}

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

function hiddenInputs(frame: FormFrame): string {
  const fields = { ...frame.hidden, csrf: frame.csrf };
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

function errorLine(error: string | undefined): string {
  return error ? `<p class="error" role="alert">${escapeHtml(error)}</p>\n` : '';
}

export function loginPage(frame: FormFrame & { username?: string | undefined }): string {
  return layout(
    frame.brand,
    'Sign in',
    `<h1>Sign in to your account</h1>
${errorLine(frame.error)}<form method="post" action="${escapeHtml(frame.action)}">
${hiddenInputs(frame)}
<label for="username">Username or e-mail</label>
<input id="username" name="username" autocomplete="username" required value="${escapeHtml(frame.username ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

export function newPasswordPage(frame: FormFrame): string {
  return layout(
    frame.brand,
    'Update password',
    `<h1>Choose a new password</h1>
<p class="note">You signed in with a temporary password. Choose your own to continue.</p>
${errorLine(frame.error)}<form method="post" action="${escapeHtml(frame.action)}">
${hiddenInputs(frame)}
<label for="password-new">New password</label>
<input id="password-new" name="password-new" type="password" autocomplete="new-password" required>
<label for="password-confirm">Confirm the new password</label>
<input id="password-confirm" name="password-confirm" type="password" autocomplete="new-password" required>
<button type="submit">Save the password</button>
</form>`,
  );
}

export function logoutConfirmPage(frame: FormFrame): string {
  return layout(
    frame.brand,
    'Sign out',
    `<h1>Do you want to sign out?</h1>
<form method="post" action="${escapeHtml(frame.action)}">
${hiddenInputs(frame)}
<button type="submit">Sign out</button>
</form>`,
  );
}

export function messagePage(brand: string, title: string, message: string): string {
  return layout(brand, title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}
