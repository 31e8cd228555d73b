-- Domain events (issue 28): an event published inside a transaction becomes one outbox row per subscriber (kind
-- 'event'), delivered after commit and retried; the rows of one subscriber and one aggregate are delivered in the
-- order they were published (a row waits while an earlier one of its aggregate is still to deliver).
ALTER TABLE outbox
  -- the event's name (order.paid), the subscriber the row is for, and the aggregate it orders by (an order's number)
  ADD COLUMN event_name text,
  ADD COLUMN subscriber text,
  ADD COLUMN aggregate  text,
  ADD CONSTRAINT outbox_event_columns CHECK (
    (kind = 'event') = (event_name IS NOT NULL AND subscriber IS NOT NULL AND aggregate IS NOT NULL));

ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN ('mail', 'message', 'booking-confirm', 'event'));

-- The claim's order check: is an earlier row of this subscriber and aggregate still to deliver?
CREATE INDEX outbox_event_order ON outbox (subscriber, aggregate, id)
  WHERE kind = 'event' AND status IN ('PENDING', 'SENDING');
