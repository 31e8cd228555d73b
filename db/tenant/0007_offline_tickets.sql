-- Offline ticket inventory: ticket codes bought in advance from an attraction and loaded by an agent, one row per
-- code. A ticket is AVAILABLE, RESERVED for one cart reference (the cart's orderNum or a back-office cart
-- reference) while its payment is under way, SOLD once paid, or VOID (taken out of sale).
CREATE TABLE offline_tickets (
  ticket_id      integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- RESTRICT: a product whose tickets were loaded keeps them (sold ones are the record of a sale)
  product_id     integer NOT NULL REFERENCES products,
  -- exactly as the supplier issued it (trimmed); codes are case-sensitive
  code           text NOT NULL CHECK (code <> '' AND length(code) <= 200),
  valid_until    date,
  status         text NOT NULL DEFAULT 'AVAILABLE' CHECK (status IN ('AVAILABLE', 'RESERVED', 'SOLD', 'VOID')),
  cart_reference text,
  reserved_at    timestamptz,
  sold_at        timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  -- the last change of status (load, reservation, sale, release)
  updated_at     timestamptz NOT NULL DEFAULT now(),
  loaded_by      integer REFERENCES users ON DELETE SET NULL,
  -- a reserved or sold ticket always says for which cart; an available one for none
  CHECK ((status IN ('RESERVED', 'SOLD')) = (cart_reference IS NOT NULL)),
  CHECK (status <> 'SOLD' OR sold_at IS NOT NULL)
);
CREATE UNIQUE INDEX offline_tickets_product_code ON offline_tickets (product_id, code);
-- the payment callbacks find a cart's tickets by reference
CREATE INDEX offline_tickets_reference ON offline_tickets (cart_reference, status) WHERE cart_reference IS NOT NULL;
-- the back-office list: by status, newest first
CREATE INDEX offline_tickets_status ON offline_tickets (status, created_at DESC, ticket_id DESC);
