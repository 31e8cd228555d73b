-- Browser sign-in on the builtin identity provider: the realm's login sessions (a cookie), authorization codes
-- (authorization code with PKCE) and refresh tokens with rotation. Every secret (cookie, code, refresh token) is
-- random and kept only as its SHA-256. Everything hangs off a user, so deleting a realm or a user deletes it.

-- A login in the browser (Keycloak's SSO session). PENDING_PASSWORD: the temporary password was right, the
-- user must choose a new one before the session may issue codes (required action UPDATE_PASSWORD).
CREATE TABLE idp_sessions (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  realm       text NOT NULL,
  user_id     uuid NOT NULL,
  secret_hash bytea NOT NULL UNIQUE,
  state       text NOT NULL CHECK (state IN ('PENDING_PASSWORD', 'ACTIVE')),
  auth_time   timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  ended_at    timestamptz,
  FOREIGN KEY (realm, user_id) REFERENCES idp_users (realm, id) ON DELETE CASCADE
);
CREATE INDEX idp_sessions_user ON idp_sessions (user_id);
CREATE INDEX idp_sessions_expiry ON idp_sessions (expires_at);

-- Single use: used_at is set by the one exchange that wins; a replay finds it set and revokes what it issued.
CREATE TABLE idp_authorization_codes (
  code_hash      bytea PRIMARY KEY,
  realm          text NOT NULL,
  client_id      text NOT NULL,
  session_id     uuid NOT NULL REFERENCES idp_sessions ON DELETE CASCADE,
  redirect_uri   text NOT NULL,
  code_challenge text NOT NULL,
  scope          text NOT NULL,
  nonce          text,
  expires_at     timestamptz NOT NULL,
  used_at        timestamptz,
  FOREIGN KEY (realm, client_id) REFERENCES idp_clients (realm, client_id) ON DELETE CASCADE
);
CREATE INDEX idp_authorization_codes_expiry ON idp_authorization_codes (expires_at);

-- The refresh tokens issued from one code exchange form a family: each refresh rotates the token, and a
-- rotated token presented again (stolen and replayed, or replayed by the thief's victim) revokes the family.
CREATE TABLE idp_refresh_families (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  realm      text NOT NULL,
  client_id  text NOT NULL,
  session_id uuid NOT NULL REFERENCES idp_sessions ON DELETE CASCADE,
  code_hash  bytea UNIQUE,
  scope      text NOT NULL,
  nonce      text,
  revoked_at timestamptz,
  FOREIGN KEY (realm, client_id) REFERENCES idp_clients (realm, client_id) ON DELETE CASCADE
);
CREATE INDEX idp_refresh_families_session ON idp_refresh_families (session_id);

CREATE TABLE idp_refresh_tokens (
  token_hash bytea PRIMARY KEY,
  family_id  uuid NOT NULL REFERENCES idp_refresh_families ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  rotated_at timestamptz
);
CREATE INDEX idp_refresh_tokens_family ON idp_refresh_tokens (family_id);
