-- What a ticket tells its holder beyond the ticket itself (issue 30): where to be and when, whom to call, what a
-- cancellation costs.
-- A tour's meeting point (for those not picked up at their hotel) and the length of its pickup window: a hotel pickup
-- is between the booked time and that many minutes later (null: at the booked time).
ALTER TABLE products
  ADD COLUMN meeting_point         text,
  ADD COLUMN pickup_window_minutes integer CHECK (pickup_window_minutes BETWEEN 1 AND 720);

-- The agency's WhatsApp number on its tickets, payment pages and their e-mails (null: not shown; its e-mail and
-- phone are 0047's contact_email and phone), and the cancellation policy of a product that has none of its own.
ALTER TABLE tenant_settings
  ADD COLUMN contact_whatsapp    text,
  ADD COLUMN cancellation_policy text;
