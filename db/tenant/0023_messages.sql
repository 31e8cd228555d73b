-- WhatsApp messages of the tenant (messaging area): the outbound ones from the moment a use case queues them
-- (sent through the outbox after commit) to read or failed, and the inbound ones the webhook received. Statuses
-- are Meta's words: queued (ours: not yet accepted by the provider), sent, delivered, read, failed, received.
CREATE TABLE messages (
  message_id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  direction           text NOT NULL CHECK (direction IN ('out', 'in')),
  -- the customer's number in E.164: the recipient of an outbound message, the sender of an inbound one
  phone               text NOT NULL,
  -- template or text for outbound messages; Meta's message type for inbound ones (text, image, button, …)
  message_type        text NOT NULL,
  template_name       text,
  template_language   text,
  template_parameters jsonb,
  -- the text sent or received (an inbound image's caption, a button's text); '' when there is none
  body                text NOT NULL,
  status              text NOT NULL
                      CHECK (status IN ('queued', 'sent', 'delivered', 'read', 'failed', 'received')),
  -- simulator or whatsapp: simulated messages get their later statuses from the simulator's timeline
  provider            text NOT NULL,
  -- the provider's wamid; unique, so a duplicate webhook delivery of an inbound message is stored once
  provider_message_id text UNIQUE,
  -- the same message queued twice (a repeated confirm) is stored, and sent, once; NULL never conflicts
  dedupe_key          text UNIQUE,
  -- the sender's WhatsApp profile name of an inbound message
  contact_name        text,
  -- Meta's error code and our short reason of a failed message (never Meta's free text, never a token)
  error_code          integer,
  error_reason        text,
  created_at          timestamptz NOT NULL DEFAULT now(),
  sent_at             timestamptz,
  delivered_at        timestamptz,
  read_at             timestamptz,
  failed_at           timestamptz,
  -- when the provider says an inbound message was sent (its webhook timestamp)
  received_at         timestamptz,
  CHECK ((direction = 'in') = (status = 'received'))
);

-- The list: newest first, optionally by direction and status.
CREATE INDEX messages_newest ON messages (created_at DESC, message_id DESC);
-- Simulated outbound messages still moving towards read (the list applies their timeline first).
CREATE INDEX messages_simulated_moving ON messages (sent_at)
  WHERE provider = 'simulator' AND status IN ('sent', 'delivered');

-- The outbox carries messages beside mail: a row's payload names the message to send.
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN ('mail', 'message'));
