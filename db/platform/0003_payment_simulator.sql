-- The payment simulator's hosted orders (src/integrations/payment-gateway/simulator.ts). The simulator is one
-- service-wide fake gateway, as one Telr store serves every tenant, so its orders live in the platform
-- database. Expiry is not stored: a pending order past expires_at reads as Expired (-1) and can no longer
-- be settled, which one conditional UPDATE enforces.
CREATE TABLE payment_simulator_orders (
  -- Telr-like: 64 upper-case hex digits.
  order_ref         text PRIMARY KEY CHECK (order_ref ~ '^[0-9A-F]{64}$'),
  -- Telr refuses a repeated cart id per store (E56:Duplicate transaction); so does the simulator.
  cart_ref          text NOT NULL UNIQUE,
  amount_minor      bigint NOT NULL CHECK (amount_minor > 0),
  currency          text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  description       text NOT NULL,
  test              boolean NOT NULL,
  return_authorised text NOT NULL,
  return_declined   text NOT NULL,
  return_cancelled  text NOT NULL,
  -- { email, name, phone } as the caller sent them; null when it sent none.
  customer          jsonb,
  language          text,
  device            text CHECK (device IN ('small', 'medium', 'large')),
  -- 1 Pending, 3 Paid, -3 Declined, -2 Canceled (contract §6); -1 Expired is derived from expires_at.
  status_code       smallint NOT NULL DEFAULT 1 CHECK (status_code IN (-3, -2, 1, 3)),
  -- Set when a card was tried (paid or declined): Telr's transaction reference and auth or decline code.
  transaction_ref   text,
  transaction_code  text,
  created_at        timestamptz NOT NULL,
  expires_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL,
  CHECK ((status_code IN (3, -3)) = (transaction_ref IS NOT NULL AND transaction_code IS NOT NULL))
);
