-- The catalog: a category tree, products with their detail texts and transfers, attributes whose values adjust
-- the price, variants (attribute combinations with their own prices and occupancy), and inventory: capacity per
-- variant, date and time slot, with the seats sold and held. Money is numeric, never floating point.

CREATE TABLE categories (
  category_id        integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  category_name      text NOT NULL,
  parent_category_id integer REFERENCES categories,
  category_seq       integer NOT NULL DEFAULT 0,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX categories_parent ON categories (parent_category_id);

CREATE TABLE products (
  product_id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  prod_code           text NOT NULL,
  prod_name           text NOT NULL,
  prod_display_name   text,
  product_description text,
  product_price       numeric(14, 3) NOT NULL CHECK (product_price >= 0),
  child_price         numeric(14, 3) CHECK (child_price >= 0),
  infant_price        numeric(14, 3) NOT NULL DEFAULT 0 CHECK (infant_price >= 0),
  currency            text NOT NULL,
  public_category_id  integer NOT NULL REFERENCES categories,
  prod_img_small      text,
  prod_img_med        text,
  prod_img_large      text,
  web_description     text,
  available_on_web    boolean NOT NULL DEFAULT true,
  available_from      timestamptz,
  available_to        timestamptz,
  booking_type        text NOT NULL DEFAULT 'TICKET',
  pricing_type        text NOT NULL DEFAULT 'PERPAX',
  has_date_range      boolean NOT NULL DEFAULT false,
  has_time            boolean NOT NULL DEFAULT false,
  has_time_slot       boolean NOT NULL DEFAULT false,
  has_pax_info        boolean NOT NULL DEFAULT false,
  has_vendor_booking  boolean NOT NULL DEFAULT false,
  has_online_payment  boolean NOT NULL DEFAULT true,
  split_ages          boolean NOT NULL DEFAULT false,
  min_quantity        integer NOT NULL DEFAULT 1 CHECK (min_quantity >= 1),
  max_quantity        integer NOT NULL DEFAULT 20 CHECK (max_quantity >= 1),
  qty_type            text NOT NULL DEFAULT 'PAX',
  unit_id             integer NOT NULL DEFAULT 1,
  child_unit_id       integer NOT NULL DEFAULT 2,
  infant_unit_id      integer NOT NULL DEFAULT 3,
  unit_name           text NOT NULL DEFAULT 'Adult',
  child_unit_name     text NOT NULL DEFAULT 'Child',
  infant_unit_name    text NOT NULL DEFAULT 'Infant',
  max_adults          integer,
  max_children        integer,
  max_child_age       integer NOT NULL DEFAULT 11,
  max_infant_age      integer NOT NULL DEFAULT 2,
  duration_minutes    integer NOT NULL DEFAULT 60 CHECK (duration_minutes > 0),
  product_info        text,
  product_terms       text,
  product_inclusions  text,
  product_exclusions  text,
  cancel_policy       text,
  child_policy        text,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX products_code_key ON products (lower(prod_code));
CREATE INDEX products_category ON products (public_category_id);

CREATE TABLE product_transfers (
  transfer_id   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  product_id    integer NOT NULL REFERENCES products ON DELETE CASCADE,
  transfer_name text NOT NULL,
  transfer_type text NOT NULL CHECK (transfer_type IN ('SIC', 'PVT')),
  price         numeric(14, 3) NOT NULL CHECK (price >= 0)
);
CREATE INDEX product_transfers_product ON product_transfers (product_id);

CREATE TABLE attributes (
  attribute_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  product_id   integer NOT NULL REFERENCES products ON DELETE CASCADE,
  name         text NOT NULL,
  sequence     integer NOT NULL DEFAULT 0
);
CREATE INDEX attributes_product ON attributes (product_id);

CREATE TABLE attribute_values (
  attribute_value_id    integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  attribute_id          integer NOT NULL REFERENCES attributes ON DELETE CASCADE,
  attribute_value       text NOT NULL,
  attribute_description text,
  sequence              integer NOT NULL DEFAULT 0,
  price_adjustment      numeric(14, 3) NOT NULL DEFAULT 0
);
CREATE INDEX attribute_values_attribute ON attribute_values (attribute_id);

CREATE TABLE variants (
  servid         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  product_id     integer NOT NULL REFERENCES products,
  servcode       text NOT NULL,
  servname       text NOT NULL,
  servfullname   text,
  servdesc       text,
  cprice         numeric(14, 3) NOT NULL CHECK (cprice >= 0),
  bprice         numeric(14, 3) CHECK (bprice >= 0),
  child_price    numeric(14, 3) CHECK (child_price >= 0),
  max_occupancy  integer,
  max_adults     integer,
  max_children   integer,
  -- comma-separated HH:mm start times; empty when the variant is sold for the whole day
  time_slots     text NOT NULL DEFAULT '',
  needs_location boolean NOT NULL DEFAULT false,
  is_default     boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX variants_code_key ON variants (product_id, lower(servcode));
CREATE INDEX variants_product ON variants (product_id);

CREATE TABLE variant_attribute_values (
  servid             integer NOT NULL REFERENCES variants ON DELETE CASCADE,
  attribute_value_id integer NOT NULL REFERENCES attribute_values ON DELETE CASCADE,
  PRIMARY KEY (servid, attribute_value_id)
);

-- Capacity of a variant on a date (the tenant's calendar date) at a start time ('' = the whole day).
-- Free seats = capacity - sold - held; `held` is the sum of the live holds (see capacity_holds).
CREATE TABLE inventory_slots (
  slot_id    integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  servid     integer NOT NULL REFERENCES variants,
  slot_date  date NOT NULL,
  start_time text NOT NULL DEFAULT '',
  capacity   integer NOT NULL CHECK (capacity >= 0),
  sold       integer NOT NULL DEFAULT 0 CHECK (sold >= 0),
  held       integer NOT NULL DEFAULT 0 CHECK (held >= 0),
  UNIQUE (servid, slot_date, start_time)
);
CREATE INDEX inventory_slots_date ON inventory_slots (slot_date);

-- A hold keeps seats for a cart item until it is paid (SOLD), given back (RELEASED) or runs out (EXPIRED).
CREATE TABLE capacity_holds (
  hold_id    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slot_id    integer NOT NULL REFERENCES inventory_slots,
  quantity   integer NOT NULL CHECK (quantity > 0),
  reference  text NOT NULL,
  status     text NOT NULL DEFAULT 'HELD' CHECK (status IN ('HELD', 'RELEASED', 'SOLD', 'EXPIRED')),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX capacity_holds_live ON capacity_holds (expires_at) WHERE status = 'HELD';
CREATE INDEX capacity_holds_slot ON capacity_holds (slot_id) WHERE status = 'HELD';
CREATE INDEX capacity_holds_reference ON capacity_holds (reference);
