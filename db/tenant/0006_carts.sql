-- Shopping carts. A transient cart belongs to a session (a guest's, or a user's who did not ask for more); a
-- persistent cart belongs to a logged-in user across sessions. Items are priced by the server; a dated item
-- holds its seats (capacity_holds) while it is in the cart.
CREATE TABLE carts (
  cart_id     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  session_id  bigint REFERENCES sessions ON DELETE SET NULL,
  user_id     integer REFERENCES users ON DELETE CASCADE,
  persistent  boolean NOT NULL DEFAULT false,
  status      text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'DELETED', 'ORDERED')),
  currency    text NOT NULL,
  payment_ref text,
  payment_url text,
  order_num   text UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (NOT persistent OR user_id IS NOT NULL)
);
CREATE UNIQUE INDEX carts_active_session ON carts (session_id) WHERE status = 'ACTIVE' AND NOT persistent;
CREATE UNIQUE INDEX carts_active_user ON carts (user_id) WHERE status = 'ACTIVE' AND persistent;

CREATE TABLE cart_items (
  cart_id             uuid NOT NULL REFERENCES carts ON DELETE CASCADE,
  item_id             integer NOT NULL,
  cart_item_id        text,
  product_id          integer NOT NULL REFERENCES products,
  product_template_id integer,
  variant_id          integer NOT NULL REFERENCES variants,
  unit_id             integer NOT NULL,
  unit_name           text NOT NULL,
  description         text NOT NULL,
  unit_price          numeric(14, 3) NOT NULL CHECK (unit_price >= 0),
  -- the catalog's price when an agent or admin set another one, and who did
  catalog_price       numeric(14, 3),
  price_set_by        integer,
  quantity            integer NOT NULL CHECK (quantity > 0),
  is_child            boolean NOT NULL DEFAULT false,
  is_infant           boolean NOT NULL DEFAULT false,
  book_date           date,
  time_slot           text NOT NULL DEFAULT '',
  start_time          text,
  ext_attr            text,
  pickup_location     text,
  service_location    text,
  xfer_type           text CHECK (xfer_type IN ('SIC', 'PVT')),
  ppc                 numeric(14, 3),
  resv_name           text,
  hold_id             bigint REFERENCES capacity_holds,
  -- a line the server added for another one (a private transfer priced per booking)
  parent_item_id      integer,
  created_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cart_id, item_id)
);
CREATE UNIQUE INDEX cart_items_client_id ON cart_items (cart_id, cart_item_id) WHERE cart_item_id IS NOT NULL;
