// Asking a Keycloak realm whether a password is a user's (port.ts checkPassword): the password grant of the realm's
// browser client, which has direct access grants on (provisioning.ts). It is the one check Keycloak offers without
// reading credentials, and it honours what the realm knows and the service may not: a password changed on
// Keycloak's own first-login page, a disabled user, a brute-force lock. The session a granted login opens is ended
// at once with its refresh token, so checks leave no sessions behind in the realm.
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { RealmPasswordVerdict } from '../port.js';
import { type KeycloakConnection, KeycloakError, segment, send } from './admin-client.js';

const Granted = Type.Object({ access_token: Type.String(), refresh_token: Type.Optional(Type.String()) });
const Refused = Type.Object({ error: Type.String(), error_description: Type.Optional(Type.String()) });
type Refused = Static<typeof Refused>;

/** Keycloak's description of a right password whose user still has a required action to do. */
const NOT_FULLY_SET_UP = 'Account is not fully set up';

const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };

export interface PasswordCheckSettings {
  connection: KeycloakConnection;
  /** The realm's public client with direct access grants (tc-web). */
  clientId: string;
  fetch: typeof fetch;
}

export async function checkRealmPassword(
  settings: PasswordCheckSettings,
  realm: string,
  username: string,
  password: string,
): Promise<RealmPasswordVerdict> {
  const endpoint = `${settings.connection.url}/realms${segment(realm)}/protocol/openid-connect`;
  const form = new URLSearchParams({ grant_type: 'password', client_id: settings.clientId, username, password });
  const answer = await send(settings.fetch, settings.connection, `${endpoint}/token`, 'a password check', {
    method: 'POST',
    headers: FORM_HEADERS,
    body: form.toString(),
  });
  if (answer.status === 200 && Value.Check(Granted, answer.body)) {
    const refreshToken = answer.body.refresh_token;
    if (refreshToken) await endSession(settings, endpoint, refreshToken);
    return 'valid';
  }
  if ((answer.status === 400 || answer.status === 401) && Value.Check(Refused, answer.body)) {
    return verdictOfRefusal(answer.body);
  }
  throw new KeycloakError('bad-answer', `Keycloak answered a password check with HTTP ${answer.status}`);
}

/** invalid_grant is about the user (wrong password, disabled, locked, or an action pending); others are ours. */
function verdictOfRefusal(refusal: Refused): RealmPasswordVerdict {
  if (refusal.error !== 'invalid_grant') {
    throw new KeycloakError('refused', `Keycloak refused the password check's client (${refusal.error})`);
  }
  return refusal.error_description === NOT_FULLY_SET_UP ? 'action-required' : 'invalid';
}

/** Ends the realm session the check opened; a failure leaves it to expire, which harms nothing but a count. */
async function endSession(settings: PasswordCheckSettings, endpoint: string, refreshToken: string): Promise<void> {
  const form = new URLSearchParams({ client_id: settings.clientId, refresh_token: refreshToken });
  await send(settings.fetch, settings.connection, `${endpoint}/logout`, 'a logout', {
    method: 'POST',
    headers: FORM_HEADERS,
    body: form.toString(),
  }).catch(() => undefined);
}
