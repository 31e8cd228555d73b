-- The sales ledger: customers, sales orders (one per cart checkout, numbered per tenant), their lines, invoices
-- and payment records. Money is numeric. A gateway payment is recorded once (unique gateway reference).

CREATE TABLE customers (
  customer_id  integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  cust_name    text NOT NULL,
  email        text,
  mobile_phone text,
  phone        text,
  street       text,
  city         text,
  country_id   integer,
  is_company   boolean NOT NULL DEFAULT false,
  is_customer  boolean NOT NULL DEFAULT true,
  is_partner   boolean NOT NULL DEFAULT false,
  active       boolean NOT NULL DEFAULT true,
  parent_id    integer REFERENCES customers,
  user_id      integer REFERENCES users ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customers_email ON customers (lower(email));
CREATE INDEX customers_user ON customers (user_id);

-- Per-tenant document numbers without gaps in a year: SO-2026-000001, INV-2026-000001.
CREATE TABLE document_counters (
  kind text NOT NULL,
  year integer NOT NULL,
  last integer NOT NULL,
  PRIMARY KEY (kind, year)
);

CREATE TABLE sales_orders (
  sales_order_id     integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_num          text NOT NULL UNIQUE,
  cart_id            uuid REFERENCES carts,
  session_id         bigint,
  user_id            integer,
  customer_id        integer REFERENCES customers,
  customer_name      text,
  customer_email     text,
  customer_phone     text,
  currency           text NOT NULL,
  total              numeric(14, 3) NOT NULL,
  status             text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'COMPLETED', 'CANCELLED')),
  payment_status     text NOT NULL DEFAULT 'UNPAID'
                     CHECK (payment_status IN ('UNPAID', 'PENDING', 'PAID', 'CANCELLED_PAYMENT', 'DECLINED', 'EXPIRED')),
  payment_ref        text UNIQUE,
  payment_url        text,
  payment_expires_at timestamptz,
  -- the ticket download link of the confirmation e-mail carries a token; only its hash is kept
  download_token_hash bytea,
  -- a success the gateway confirmed but whose processing failed: the reconciliation job retries it
  processing_error   text,
  completed_at       timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sales_orders_pending ON sales_orders (payment_status) WHERE status = 'OPEN';

CREATE TABLE sales_order_lines (
  sales_order_id integer NOT NULL REFERENCES sales_orders ON DELETE CASCADE,
  line_no        integer NOT NULL,
  product_id     integer NOT NULL,
  variant_id     integer NOT NULL,
  description    text NOT NULL,
  detail         text,
  quantity       integer NOT NULL,
  unit_price     numeric(14, 3) NOT NULL,
  total          numeric(14, 3) NOT NULL,
  hold_id        bigint,
  PRIMARY KEY (sales_order_id, line_no)
);

CREATE TABLE invoices (
  invoice_id     integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  invoice_number text NOT NULL UNIQUE,
  sales_order_id integer NOT NULL UNIQUE REFERENCES sales_orders,
  customer_id    integer REFERENCES customers,
  currency       text NOT NULL,
  total          numeric(14, 3) NOT NULL,
  paid           numeric(14, 3) NOT NULL DEFAULT 0,
  status         text NOT NULL DEFAULT 'UNPAID' CHECK (status IN ('UNPAID', 'PAID')),
  issue_date     date NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payments (
  payment_id     integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  invoice_id     integer NOT NULL REFERENCES invoices,
  amount         numeric(14, 3) NOT NULL,
  payment_date   timestamptz NOT NULL,
  online         boolean NOT NULL,
  payment_method text NOT NULL CHECK (payment_method IN ('CARD', 'CASH', 'BANK')),
  status         text NOT NULL DEFAULT 'COMPLETED',
  gateway_ref    text UNIQUE,
  recorded_by    integer,
  created_at     timestamptz NOT NULL DEFAULT now()
);
