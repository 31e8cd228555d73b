-- Contract §7.1's login limits for the identity provider's password grant, as for /user/authenticate: a
-- lockout per realm user (reserved before the password is hashed) and a budget of failures per client address.
ALTER TABLE idp_users
  ADD COLUMN failed_logins integer NOT NULL DEFAULT 0,
  ADD COLUMN locked_until  timestamptz;

-- Fixed-window counters shared by every node (src/platform/rate-limit.ts), as in each tenant database.
CREATE TABLE rate_limit_hits (
  bucket       text NOT NULL,
  window_start timestamptz NOT NULL,
  hits         integer NOT NULL,
  PRIMARY KEY (bucket, window_start)
);
