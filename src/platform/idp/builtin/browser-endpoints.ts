// What browser sign-in adds to the builtin provider (see browser-routes.ts for the HTTP side): the authorization
// endpoint and the login page's forms, the end-session and revocation endpoints, and the password chooser the
// composition root wires in once the users area exists.
import { type BrowserAnswer, type BrowserRequest, type BrowserSignIn, createBrowserSignIn } from './browser-sign-in.js';
import { endSession } from './end-session.js';
import { type PasswordChooser, realmOnlyChooser } from './password-choice.js';
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
}

export function createBrowserEndpoints(deps: TokenEndpointDeps): BrowserEndpoints {
  let passwordChooser: PasswordChooser = realmOnlyChooser;
  return {
    browserSignIn: createBrowserSignIn({ ...deps, passwordChooser: () => passwordChooser }),
    endSession: (request) => endSession(deps, request),
    revokeToken: (realm, form, authorization) => revokeToken(deps, realm, form, authorization),
    usePasswordChooser(chooser) {
      passwordChooser = chooser;
    },
  };
}
