-- Sessions of this tenant. Only the SHA-256 of a token is kept; the token itself is shown once.
CREATE TABLE sessions (
  session_id   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash   bytea NOT NULL UNIQUE,
  kind         text NOT NULL CHECK (kind IN ('system', 'guest', 'user')),
  user_id      integer,
  roles        text[] NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  -- absolute expiry; NULL for the long-lived system session
  expires_at   timestamptz,
  revoked_at   timestamptz
);
