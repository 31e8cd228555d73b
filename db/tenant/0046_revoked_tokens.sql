-- Realm JWTs ended by /user/logout before they expire (contract §3: "the token stops working at once"). A JWT is
-- checked by its signature alone, so the service keeps the ones it must refuse until their own `exp`; an expired one
-- is refused by its `exp` anyway, and its row is pruned by the next logout of a JWT (session.repository.ts).
CREATE TABLE revoked_tokens (
  -- the JWT's `jti`; for a token without one, `sha256:` and the hex SHA-256 of the token
  token_id   text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX revoked_tokens_expiry ON revoked_tokens (expires_at);
