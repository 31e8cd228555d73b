-- The realm users' lockout counts failures only, as the tenant users' (see the tenant migration
-- 0017_login_attempts_in_flight.sql and src/platform/lockout.ts).
ALTER TABLE idp_users
  ADD COLUMN logins_in_flight    integer NOT NULL DEFAULT 0,
  ADD COLUMN logins_in_flight_at timestamptz;
