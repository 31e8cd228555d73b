-- The online hotel supplier's static data (GoGlobal's export: spec part 2, "Static data import"): its countries,
-- cities and hotels, keyed by the supplier's own ids, loaded by merge from the pipe-delimited file
-- (src/areas/hotels/static-data.import.ts). Named static_* to stay apart from the contracted inventory's `hotels`.
-- `*_folded` columns hold the name in lower case without accents (foldName in static-data.rules.ts), written by
-- the import, so name searches ignore case and accents with a trigram index and without the unaccent extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE static_countries (
  country_id   integer PRIMARY KEY CHECK (country_id > 0),
  country_name text NOT NULL CHECK (country_name <> ''),
  country_code text,
  name_folded  text NOT NULL,
  updated_at   timestamptz NOT NULL
);
CREATE INDEX static_countries_name_trgm ON static_countries USING gin (name_folded gin_trgm_ops);

CREATE TABLE static_cities (
  city_id     integer PRIMARY KEY CHECK (city_id > 0),
  country_id  integer NOT NULL REFERENCES static_countries,
  city_name   text NOT NULL CHECK (city_name <> ''),
  name_folded text NOT NULL,
  updated_at  timestamptz NOT NULL
);
CREATE INDEX static_cities_country ON static_cities (country_id);
CREATE INDEX static_cities_name ON static_cities (name_folded);

CREATE TABLE static_hotels (
  hotel_id       integer PRIMARY KEY CHECK (hotel_id > 0),
  city_id        integer NOT NULL REFERENCES static_cities,
  hotel_name     text NOT NULL CHECK (hotel_name <> ''),
  name_folded    text NOT NULL,
  address        text,
  phone          text,
  fax            text,
  -- `stars` is the display value (3.5), `stars_id` the supplier's code for it (1 = 1 star … 11 = 6 stars)
  stars          numeric(3, 1),
  stars_id       integer,
  longitude      numeric(10, 7) CHECK (longitude BETWEEN -180 AND 180),
  latitude       numeric(10, 7) CHECK (latitude BETWEEN -90 AND 90),
  is_apartment   boolean NOT NULL DEFAULT false,
  -- the four external-code columns after IsApartment, by their header titles (mapping codes, e.g. GIATA)
  external_codes jsonb NOT NULL DEFAULT '{}',
  updated_at     timestamptz NOT NULL
);
CREATE INDEX static_hotels_city ON static_hotels (city_id, name_folded);
CREATE INDEX static_hotels_name_trgm ON static_hotels USING gin (name_folded gin_trgm_ops);
