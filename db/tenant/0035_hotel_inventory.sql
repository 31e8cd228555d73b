-- Contracted hotel inventory (issue 18, items 1-3): the hotels an agency holds contracts with, their rooms, the
-- meal plans (reference rows RO/BB/HB/FB/AI, seeded here, with per-hotel costs), and the room calendar: one entry
-- per room, market and stay date with its rates, restrictions and allotment. The accommodation search reads the
-- calendar by market and stay dates for every room at once (hotel_room_calendar_search), a room's nights priced
-- alike folded into runs (rate_key).
CREATE TABLE hotels (
  hotel_id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                text NOT NULL,
  short_name          text,
  sh_des              text,
  hotel_desc          text,
  product_id          integer,
  direct              boolean NOT NULL DEFAULT true,
  indirect            boolean NOT NULL DEFAULT false,
  country             text,
  stars               smallint CHECK (stars BETWEEN 0 AND 7),
  -- age limits: a child aged up to `infant` is an infant, up to `child` a child, older an adult
  infant              smallint NOT NULL DEFAULT 1 CHECK (infant >= 0),
  child               smallint NOT NULL DEFAULT 11 CHECK (child >= infant),
  chk_in              text,
  chk_out             text,
  -- per room and night (a tourism fee), added to the price
  fees                numeric(14, 3) NOT NULL DEFAULT 0 CHECK (fees >= 0),
  fees_desc           text,
  terms               text,
  area                text,
  city                text,
  -- days before check-in after which a room is sold on request only
  release             smallint NOT NULL DEFAULT 0 CHECK (release >= 0),
  reservation_contact text,
  -- the agency's margin on the contracted rates (added field): PERCENT of the cost, or ABS per room and night
  margin_type         text NOT NULL DEFAULT 'PERCENT' CHECK (margin_type IN ('PERCENT', 'ABS')),
  margin_value        numeric(14, 3) NOT NULL DEFAULT 0 CHECK (margin_value >= 0),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX hotels_name ON hotels (lower(name));

CREATE TABLE hotel_rooms (
  room_id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  hotel_id           integer NOT NULL REFERENCES hotels ON DELETE CASCADE,
  name               text NOT NULL,
  room_desc          text,
  max_occupancy      smallint NOT NULL DEFAULT 2 CHECK (max_occupancy >= 1),
  max_adults         smallint NOT NULL DEFAULT 2 CHECK (max_adults >= 1),
  extra_bed          boolean NOT NULL DEFAULT false,
  extra_bed_required boolean NOT NULL DEFAULT false,
  bedding            text,
  notes              text
);
CREATE INDEX hotel_rooms_hotel ON hotel_rooms (hotel_id, room_id);

-- The reference plans every tenant has; plan_id is what a calendar entry's mealBase names.
CREATE TABLE hotel_meal_plans (
  plan_id    integer PRIMARY KEY,
  plan       text NOT NULL UNIQUE,
  name       text NOT NULL,
  plan_desc  text NOT NULL,
  plan_order smallint NOT NULL
);
INSERT INTO hotel_meal_plans (plan_id, plan, name, plan_desc, plan_order) VALUES
  (1, 'RO', 'Room only', 'No meals included', 1),
  (2, 'BB', 'Bed and breakfast', 'Breakfast included', 2),
  (3, 'HB', 'Half board', 'Breakfast and dinner included', 3),
  (4, 'FB', 'Full board', 'Breakfast, lunch and dinner included', 4),
  (5, 'AI', 'All inclusive', 'All meals, snacks and selected drinks included', 5);

-- What a plan costs at one hotel, per person and night.
CREATE TABLE hotel_meal_plan_costs (
  hotel_id   integer NOT NULL REFERENCES hotels ON DELETE CASCADE,
  plan_id    integer NOT NULL REFERENCES hotel_meal_plans,
  adult_cost numeric(14, 3) NOT NULL CHECK (adult_cost >= 0),
  child_cost numeric(14, 3) NOT NULL CHECK (child_cost >= 0),
  PRIMARY KEY (hotel_id, plan_id)
);

CREATE TABLE hotel_room_calendar (
  calendar_entry_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  room_id           integer NOT NULL REFERENCES hotel_rooms ON DELETE CASCADE,
  market            text NOT NULL,
  stay_date         date NOT NULL,
  vendor_id         integer,
  promo             text,
  book_from         timestamptz,
  book_to           timestamptz,
  base_rate         numeric(14, 3) NOT NULL DEFAULT 0 CHECK (base_rate >= 0),
  spec_day_rate     numeric(14, 3) NOT NULL DEFAULT 0 CHECK (spec_day_rate >= 0),
  adult_rate        numeric(14, 3) NOT NULL DEFAULT 0 CHECK (adult_rate >= 0),
  child_rate        numeric(14, 3) NOT NULL DEFAULT 0 CHECK (child_rate >= 0),
  extra_bed_rate    numeric(14, 3) NOT NULL DEFAULT 0 CHECK (extra_bed_rate >= 0),
  adult_sd_rate     numeric(14, 3) NOT NULL DEFAULT 0 CHECK (adult_sd_rate >= 0),
  child_sd_rate     numeric(14, 3) NOT NULL DEFAULT 0 CHECK (child_sd_rate >= 0),
  special_day       boolean NOT NULL DEFAULT false,
  sd_rate_type      text NOT NULL DEFAULT 'ABS' CHECK (sd_rate_type IN ('ABS', 'PCT')),
  adult_rate_type   text NOT NULL DEFAULT 'ABS' CHECK (adult_rate_type IN ('ABS', 'PCT')),
  child_rate_type   text NOT NULL DEFAULT 'ABS' CHECK (child_rate_type IN ('ABS', 'PCT')),
  rate_base         text NOT NULL DEFAULT 'ROOM' CHECK (rate_base IN ('ROOM', 'PAX')),
  meal_base         integer NOT NULL DEFAULT 1 REFERENCES hotel_meal_plans,
  meal_supplements  text,
  stop_sale         boolean NOT NULL DEFAULT false,
  available         boolean NOT NULL DEFAULT true,
  on_request        boolean NOT NULL DEFAULT false,
  -- rooms left to sell that night (added field); null: not counted (free sale)
  allotment         integer CHECK (allotment >= 0),
  mlos              smallint NOT NULL DEFAULT 1 CHECK (mlos >= 1),
  sdmlos            smallint NOT NULL DEFAULT 1 CHECK (sdmlos >= 1),
  mlos_desc         text,
  notes             text,
  -- what makes two nights priced alike: the search folds a room's alike nights into one run by this key (64 bits
  -- of a hash of the pricing columns), so it prices runs, not nights
  rate_key          bigint GENERATED ALWAYS AS (hashtextextended(
                      special_day::text || '|' || rate_base || '|' || base_rate::text || '|' || spec_day_rate::text
                      || '|' || adult_rate::text || '|' || child_rate::text || '|' || extra_bed_rate::text || '|'
                      || adult_sd_rate::text || '|' || child_sd_rate::text || '|' || sd_rate_type || '|'
                      || adult_rate_type || '|' || child_rate_type || '|' || meal_base::text || '|'
                      || coalesce(meal_supplements, ''), 0)) STORED,
  UNIQUE (room_id, market, stay_date)
);
-- the accommodation search: every room's nights of one market and stay range
CREATE INDEX hotel_room_calendar_search ON hotel_room_calendar (market, stay_date, room_id);

-- The inventory's version: bumped by every statement that writes a hotel, a room, a meal-plan cost or the calendar
-- (in the writer's transaction, so it is seen exactly when the change is). A node keeps search reads beside the
-- version they were read at (accommodation-search.cache.ts) and uses them only while it is still the current one.
CREATE TABLE hotel_inventory_version (
  id      boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);
INSERT INTO hotel_inventory_version (id, version) VALUES (true, 0);

CREATE FUNCTION hotel_inventory_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE hotel_inventory_version SET version = version + 1;
  RETURN NULL;
END;
$$;

CREATE TRIGGER hotels_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hotels
  FOR EACH STATEMENT EXECUTE FUNCTION hotel_inventory_changed();
CREATE TRIGGER hotel_rooms_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hotel_rooms
  FOR EACH STATEMENT EXECUTE FUNCTION hotel_inventory_changed();
CREATE TRIGGER hotel_meal_plan_costs_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hotel_meal_plan_costs
  FOR EACH STATEMENT EXECUTE FUNCTION hotel_inventory_changed();
CREATE TRIGGER hotel_room_calendar_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hotel_room_calendar
  FOR EACH STATEMENT EXECUTE FUNCTION hotel_inventory_changed();
