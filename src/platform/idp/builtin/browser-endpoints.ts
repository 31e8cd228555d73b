// What browser sign-in adds to the builtin provider (see browser-routes.ts for the HTTP side): the authorization
// endpoint and the login page's forms, the end-session and revocation endpoints, and the password chooser and
// password reset the composition root wires in once the users area exists.
import { type BrowserAnswer, type BrowserRequest, type BrowserSignIn, createBrowserSignIn } from './browser-sign-in.js';
import { endSession } from './end-session.js';
import { type PasswordChooser, realmOnlyChooser } from './password-choice.js';
import type { PasswordReset } from './password-reset-page.js';
import type { RealmPages } from './realm-pages.js';
import { type RevocationAnswer, revokeToken } from './revocation.js';
import type { TokenEndpointDeps, TokenForm } from './token-endpoint.js';

export interface BrowserEndpoints {
  /** Browser sign-in: the authorization endpoint and the login page's forms (browser-sign-in.ts). */
  browserSignIn: BrowserSignIn;
  /** The end-session endpoint (end-session.ts); `confirmed`: the user's POST of the confirmation page. */
  endSession(request: BrowserRequest & { confirmed: boolean }): Promise<BrowserAnswer>;
  /** The revocation endpoint (RFC 7009, revocation.ts). */
  revokeToken(realm: string, form: TokenForm, authorization: string | undefined): Promise<RevocationAnswer>;
  /**
   * Wired once by the composition root: who checks, hashes and stores for the tenant user a password chosen on
   * the login page (password-choice.ts). Until then a chosen password reaches the realm user only.
   */
  usePasswordChooser(chooser: PasswordChooser): void;
  /**
   * Wired once by the composition root: the tenant's password reset behind "Forgot password?"
   * (password-reset-page.ts). Until then the form sends nothing (and says the same).
   */
  usePasswordReset(reset: PasswordReset): void;
}

export function createBrowserEndpoints(deps: TokenEndpointDeps, pages: RealmPages): BrowserEndpoints {
  let passwordChooser: PasswordChooser = realmOnlyChooser;
  let passwordReset: PasswordReset | undefined;
  return {
    browserSignIn: createBrowserSignIn({
      ...deps,
      pages,
      passwordChooser: () => passwordChooser,
      passwordReset: () => passwordReset,
    }),
    endSession: (request) => endSession({ ...deps, pages }, request),
    revokeToken: (realm, form, authorization) => revokeToken(deps, realm, form, authorization),
    usePasswordChooser(chooser) {
      passwordChooser = chooser;
    },
    usePasswordReset(reset) {
      passwordReset = reset;
    },
  };
}
