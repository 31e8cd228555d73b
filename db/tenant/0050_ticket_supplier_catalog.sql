-- The ticket supplier's catalog, kept per tenant (contract §8.4): a job copies the supplier's countries, cities,
-- experiences, products, variants, tags and tag types here, so /ticketsupplier reads never wait on the supplier.
-- Ids are the supplier's own (text; Tiqets' are numbers on most resources, strings on tags). A city's `enabled`
-- is the tenant's own choice and survives every sync. `content_hash` lets a sync skip rows that did not change.

CREATE TABLE ts_countries (
  country_id   text PRIMARY KEY,
  code         text,
  name         text NOT NULL,
  full_name    text,
  content_hash text NOT NULL,
  synced_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ts_cities (
  city_code    text PRIMARY KEY,
  name         text NOT NULL,
  country_id   text NOT NULL,
  country_code text,
  latitude     double precision,
  longitude    double precision,
  timezone     text,
  currency     text,
  enabled      boolean NOT NULL DEFAULT false,
  content_hash text NOT NULL,
  synced_at    timestamptz NOT NULL DEFAULT now(),
  -- When the city's experiences, products and variants were last copied (by the job or by enabling the city).
  content_synced_at timestamptz
);
CREATE INDEX ts_cities_country ON ts_cities (country_id, name);

CREATE TABLE ts_experiences (
  experience_id    text PRIMARY KEY,
  experience_type  text,
  title            text NOT NULL,
  tagline          text,
  description      text,
  city_code        text,
  country_id       text,
  street_address   text,
  postal_code      text,
  latitude         double precision,
  longitude        double precision,
  google_place_id  text,
  image_small      text,
  image_medium     text,
  image_large      text,
  image_xlarge     text,
  image_alt_text   text,
  rating_average   numeric(3, 2),
  rating_count     integer,
  from_price       numeric(14, 4),
  currency         text NOT NULL,
  tag_ids          text[] NOT NULL DEFAULT '{}',
  product_ids      text[] NOT NULL DEFAULT '{}',
  experience_url   text,
  active           boolean NOT NULL DEFAULT true,
  content_hash     text NOT NULL,
  synced_at        timestamptz NOT NULL DEFAULT now()
);
-- A city's page of experiences, in a stable order.
CREATE INDEX ts_experiences_city ON ts_experiences (city_code, experience_id);
CREATE INDEX ts_experiences_country ON ts_experiences (country_id, experience_id);
CREATE INDEX ts_experiences_tags ON ts_experiences USING gin (tag_ids);

CREATE TABLE ts_products (
  product_id          text PRIMARY KEY,
  title               text NOT NULL,
  tagline             text,
  summary             text,
  description         text,
  price               numeric(14, 4),
  currency            text NOT NULL,
  sale_status         text,
  city_code           text,
  country_id          text,
  venue_id            text,
  venue_name          text,
  latitude            double precision,
  longitude           double precision,
  tag_ids             text[] NOT NULL DEFAULT '{}',
  image_small         text,
  image_medium        text,
  image_large         text,
  image_xlarge        text,
  product_url         text,
  has_time_slot       boolean NOT NULL DEFAULT false,
  max_quantity        integer,
  has_vendor_booking  boolean NOT NULL DEFAULT false,
  inclusions          text[] NOT NULL DEFAULT '{}',
  exclusions          text[] NOT NULL DEFAULT '{}',
  info                text,
  cancel_policy       text,
  content_hash        text NOT NULL,
  synced_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ts_products_city ON ts_products (city_code, product_id);

CREATE TABLE ts_variants (
  product_id        text NOT NULL REFERENCES ts_products (product_id) ON DELETE CASCADE,
  variant_id        text NOT NULL,
  label             text NOT NULL,
  description       text,
  variant_type      text,
  cancel_policy     text,
  price             numeric(14, 4),
  currency          text,
  max_occupancy     integer NOT NULL DEFAULT 1,
  position          integer NOT NULL DEFAULT 0,
  content_hash      text NOT NULL,
  PRIMARY KEY (product_id, variant_id)
);

CREATE TABLE ts_tag_types (
  tag_type_id  text PRIMARY KEY,
  name         text NOT NULL,
  group_name   text,
  icon_url     text,
  content_hash text NOT NULL
);

CREATE TABLE ts_tags (
  tag_id       text PRIMARY KEY,
  name         text NOT NULL,
  tag_type_id  text,
  icon_url     text,
  content_hash text NOT NULL
);
CREATE INDEX ts_tags_type ON ts_tags (tag_type_id, name);

-- One row: where the sync stands. A run walks the cities in code order and commits each city's content in a
-- transaction of its own, moving `cursor` past it; a run that fails half-way resumes after the last city it
-- committed, and what it had not reached yet stays as the previous run left it.
-- A run claims the row (`run_node`, `heartbeat_at`, moved on after each city) so that two nodes never sync one
-- tenant at once; a claim whose heartbeat is old belongs to a node that died, and may be taken over.
-- `content_version` grows with every write that changes experiences: a node keeps the answers of experience pages
-- and sends one again while the version it was read at is still the current one.
CREATE TABLE ts_sync_state (
  id                integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  run_started_at    timestamptz,
  cursor            text,
  run_node          text,
  heartbeat_at      timestamptz,
  last_completed_at timestamptz,
  last_failed_at    timestamptz,
  last_error        text,
  content_version   bigint NOT NULL DEFAULT 0
);
INSERT INTO ts_sync_state DEFAULT VALUES;
