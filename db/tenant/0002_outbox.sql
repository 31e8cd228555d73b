-- Durable side effects of this tenant (mail for now). A row is written in the same transaction as the change
-- that causes it, so the side effect exists exactly when the change does; workers deliver it after commit and
-- retry until it is delivered.
CREATE TABLE outbox (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind            text NOT NULL CHECK (kind IN ('mail')),
  payload         jsonb NOT NULL,
  status          text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENDING', 'SENT', 'FAILED')),
  -- delivery attempts that finished, successful or not
  attempts        integer NOT NULL DEFAULT 0,
  -- when a worker may take the row: the retry time of a PENDING row, the lock's end for a SENDING one,
  -- so one index serves both "due" and "abandoned by a crashed worker"
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- the claim of the worker sending it; a worker only reschedules the row while its own claim holds
  locked_until    timestamptz,
  -- short reason of the last failure (error code and message), never credentials or the body
  last_error      text,
  -- the same side effect queued twice is stored once; NULL never conflicts
  dedupe_key      text UNIQUE,
  created_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz
);

-- The claim query: the oldest due rows of a kind still waiting to be delivered.
CREATE INDEX outbox_due ON outbox (kind, next_attempt_at, id) WHERE status IN ('PENDING', 'SENDING');
