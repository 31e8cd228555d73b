-- The builtin identity provider: realms, their signing keys, clients, realm roles and users.
-- Everything hangs off a realm and goes with it (provisioning undo deletes a realm in one statement).

CREATE TABLE idp_realms (
  name         text PRIMARY KEY,
  display_name text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- RS256 signing keys. The private JWK is sealed ('encrypted:<base64>', see src/platform/crypto.ts); the
-- public JWK is served as the realm's JWKS. One active key per realm: nodes racing to create the first key
-- collide on the partial unique index, and the loser re-reads the winner's key.
CREATE TABLE idp_signing_keys (
  kid         text PRIMARY KEY,
  realm       text NOT NULL REFERENCES idp_realms ON DELETE CASCADE,
  alg         text NOT NULL DEFAULT 'RS256' CHECK (alg = 'RS256'),
  public_jwk  jsonb NOT NULL,
  private_jwk text NOT NULL CHECK (private_jwk LIKE 'encrypted:%'),
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX idp_signing_keys_one_active ON idp_signing_keys (realm) WHERE active;
CREATE INDEX idp_signing_keys_realm ON idp_signing_keys (realm);

-- A confidential client has a secret (only its SHA-256 is kept: the secret is random and high-entropy)
-- and may have a service account, whose token subject is service_account_user_id.
CREATE TABLE idp_clients (
  realm                   text NOT NULL REFERENCES idp_realms ON DELETE CASCADE,
  client_id               text NOT NULL,
  confidential            boolean NOT NULL,
  secret_hash             bytea,
  redirect_uris           text[] NOT NULL DEFAULT '{}',
  direct_access_grants    boolean NOT NULL DEFAULT false,
  service_account         boolean NOT NULL DEFAULT false,
  service_account_user_id uuid NOT NULL DEFAULT gen_random_uuid(),
  created_at              timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (realm, client_id),
  CHECK (confidential = (secret_hash IS NOT NULL)),
  CHECK (confidential OR NOT service_account)
);

CREATE TABLE idp_realm_roles (
  realm       text NOT NULL REFERENCES idp_realms ON DELETE CASCADE,
  name        text NOT NULL,
  description text NOT NULL DEFAULT '',
  PRIMARY KEY (realm, name)
);

-- Usernames and e-mail addresses are kept in lower case (as Keycloak does), so uniqueness ignores case.
-- password_hash: 'scrypt$N$r$p$<salt base64>$<hash base64>'.
CREATE TABLE idp_users (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  realm            text NOT NULL REFERENCES idp_realms ON DELETE CASCADE,
  username         text NOT NULL CHECK (username = lower(username)),
  email            text NOT NULL CHECK (email = lower(email)),
  password_hash    text NOT NULL,
  required_actions text[] NOT NULL DEFAULT '{}',
  enabled          boolean NOT NULL DEFAULT true,
  created_at       timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT idp_users_username_unique UNIQUE (realm, username),
  CONSTRAINT idp_users_email_unique UNIQUE (realm, email),
  CONSTRAINT idp_users_realm_id_unique UNIQUE (realm, id)
);

-- Both foreign keys carry the realm, so a user can only hold roles of its own realm.
CREATE TABLE idp_user_roles (
  realm     text NOT NULL,
  user_id   uuid NOT NULL,
  role_name text NOT NULL,
  PRIMARY KEY (user_id, role_name),
  FOREIGN KEY (realm, user_id) REFERENCES idp_users (realm, id) ON DELETE CASCADE,
  FOREIGN KEY (realm, role_name) REFERENCES idp_realm_roles (realm, name) ON DELETE CASCADE
);
CREATE INDEX idp_user_roles_role ON idp_user_roles (realm, role_name);
