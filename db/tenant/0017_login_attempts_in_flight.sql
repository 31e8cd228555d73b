-- The lockout counts failures only (src/platform/lockout.ts): an attempt is admitted while the failures so far
-- plus the checks still running stay under the threshold, so concurrent logins with the right password never lock
-- an account. A check that never ended (its process died) counts as a failure once it is a minute old.
ALTER TABLE users
  ADD COLUMN logins_in_flight    integer NOT NULL DEFAULT 0,
  ADD COLUMN logins_in_flight_at timestamptz;
