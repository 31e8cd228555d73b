-- Registered users of the tenant (customers and staff), their one-time tokens, and the counters behind
-- rate limits. Logins and e-mail addresses are unique case-insensitively.
CREATE TABLE users (
  user_id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_login          text NOT NULL,
  user_email          text NOT NULL,
  user_name           text,
  password_hash       text NOT NULL,
  mobile              text,
  phone               text,
  street              text,
  street2             text,
  city                text,
  country_id          integer,
  contact_id          integer,
  is_company          boolean NOT NULL DEFAULT false,
  company_id          integer,
  company_name        text,
  company_type        text,
  is_portal_user      boolean NOT NULL DEFAULT true,
  roles               text[] NOT NULL DEFAULT '{customer}',
  is_active           boolean NOT NULL DEFAULT false,
  required_actions    text[] NOT NULL DEFAULT '{}',
  failed_logins       integer NOT NULL DEFAULT 0,
  locked_until        timestamptz,
  password_changed_at timestamptz,
  create_date         timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_login_key ON users (lower(user_login));
CREATE UNIQUE INDEX users_email_key ON users (lower(user_email));

-- Activation (48 h) and reset (1 h) tokens: single use, stored as SHA-256 only.
CREATE TABLE user_tokens (
  token_id   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash bytea NOT NULL UNIQUE,
  user_id    integer NOT NULL REFERENCES users ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN ('ACTIVATION', 'RESET')),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_tokens_user ON user_tokens (user_id, kind);

-- Sessions of users follow their user (roles and required actions are read from the user at each lookup).
ALTER TABLE sessions ADD COLUMN idle_timeout_seconds integer;
ALTER TABLE sessions ADD CONSTRAINT sessions_user_fk FOREIGN KEY (user_id) REFERENCES users ON DELETE CASCADE;
CREATE INDEX sessions_user ON sessions (user_id) WHERE revoked_at IS NULL;

-- Fixed-window request counters shared by every node (rate limits on authenticate, register, …).
CREATE TABLE rate_limit_hits (
  bucket       text NOT NULL,
  window_start timestamptz NOT NULL,
  hits         integer NOT NULL,
  PRIMARY KEY (bucket, window_start)
);
