-- Cruises (issue 32, spec part 2 "Cruise", contract §8.3): master data (companies, areas, ships, cabin types, charge
-- types, ports, ship cabins), itineraries with their template stops, sailings (cruises) with their ports of call,
-- pricing (templates per itinerary, charges per sailing), exchange rates, and cruise bookings with passengers and
-- add-ons. Owned by the cruise area, except exchange_rates, which trip planning reads too (docs/tables.md).
-- Foreign keys restrict deletes of what is referred to: the service answers INVALID_STATE naming the referrer.
-- Money is numeric, never float; currencies are ISO 4217 letter codes.

CREATE TABLE cruise_companies (
  company_id   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_code text NOT NULL UNIQUE,
  company_name text NOT NULL,
  -- the colour the back office shows the company's sailings in (#RRGGBB)
  color        text CHECK (color ~ '^#[0-9A-Fa-f]{6}$'),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cruise_companies_name ON cruise_companies (company_name, company_id);

CREATE TABLE cruise_areas (
  area_id    integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  area_code  text NOT NULL UNIQUE,
  area_name  text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- a ship's code is unique within its company (contract §8.3)
CREATE TABLE cruise_ships (
  ship_id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id       integer NOT NULL REFERENCES cruise_companies,
  ship_code        text NOT NULL,
  ship_name        text NOT NULL,
  ship_description text,
  doc_url          text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, ship_code)
);

CREATE TABLE cruise_cabin_types (
  cabin_type_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type_code     text NOT NULL UNIQUE,
  type_name     text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cruise_charge_types (
  charge_type_id   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  charge_type_code text NOT NULL UNIQUE,
  charge_type_name text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cruise_ports (
  port_id    integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  port_code  text NOT NULL UNIQUE,
  port_name  text NOT NULL,
  country    text,
  image_url  text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- a bookable cabin (category) of a ship; its code is unique within the ship
CREATE TABLE cruise_ship_cabins (
  ship_cabin_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ship_id       integer NOT NULL REFERENCES cruise_ships,
  cabin_type_id integer NOT NULL REFERENCES cruise_cabin_types,
  cabin_code    text NOT NULL,
  cabin_name    text,
  capacity      integer NOT NULL DEFAULT 2 CHECK (capacity BETWEEN 1 AND 50),
  description   text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (ship_id, cabin_code)
);
CREATE INDEX cruise_ship_cabins_type ON cruise_ship_cabins (cabin_type_id);

CREATE TABLE cruise_itineraries (
  itinerary_id   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ship_id        integer NOT NULL REFERENCES cruise_ships,
  area_id        integer NOT NULL REFERENCES cruise_areas,
  itinerary_code text NOT NULL UNIQUE,
  itinerary_name text NOT NULL,
  -- days
  duration       integer NOT NULL CHECK (duration BETWEEN 1 AND 366),
  description    text,
  image_url      text,
  status         text NOT NULL DEFAULT 'Draft' CHECK (status IN ('Draft', 'Active', 'Suspended', 'Archived')),
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
-- itinerary/list and searchCruises: by area and duration; by ship (list, tree, the ship's delete check)
CREATE INDEX cruise_itineraries_area ON cruise_itineraries (area_id, duration);
CREATE INDEX cruise_itineraries_ship ON cruise_itineraries (ship_id, itinerary_id);

-- a template stop: day offsets from the sailing's start date and local port times (HH:mm)
CREATE TABLE cruise_templates (
  template_id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  itinerary_id         integer NOT NULL REFERENCES cruise_itineraries,
  port_id              integer NOT NULL REFERENCES cruise_ports,
  stop_seq             integer NOT NULL CHECK (stop_seq >= 0),
  day_offset_arrival   integer NOT NULL CHECK (day_offset_arrival >= 0),
  day_offset_departure integer NOT NULL CHECK (day_offset_departure >= day_offset_arrival),
  arrival_time         time,
  departure_time       time,
  description          text,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  UNIQUE (itinerary_id, stop_seq)
);
CREATE INDEX cruise_templates_port ON cruise_templates (port_id);

-- a sailing of an itinerary
CREATE TABLE cruises (
  cruise_id    integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  itinerary_id integer NOT NULL REFERENCES cruise_itineraries,
  -- the first day, a calendar date (may be in the past: historic data)
  start_date   date NOT NULL,
  status       text NOT NULL DEFAULT 'Draft' CHECK (status IN ('Draft', 'Active', 'Cancelled', 'Completed')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
-- searchCruises (Active sailings in a date range) and cruise/list by date
CREATE INDEX cruises_status_start ON cruises (status, start_date);
CREATE INDEX cruises_itinerary_start ON cruises (itinerary_id, start_date);

-- a port of call of a sailing; arrival and departure are the port's local wall-clock times (timestamp without
-- time zone: answered as written, yyyy-MM-dd HH:mm)
CREATE TABLE cruise_points (
  point_id    integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  cruise_id   integer NOT NULL REFERENCES cruises ON DELETE CASCADE,
  port_id     integer NOT NULL REFERENCES cruise_ports,
  stop_seq    integer NOT NULL CHECK (stop_seq >= 0),
  arrival_at   timestamp,
  departure_at timestamp CHECK (departure_at >= arrival_at),
  description text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (cruise_id, stop_seq)
);
CREATE INDEX cruise_points_port ON cruise_points (port_id);

-- Pricing templates of an itinerary, copied into a sailing's charges by generateSkeleton. They belong to the
-- itinerary (gone with it); a ship cabin or charge type they name cannot be deleted.
CREATE TABLE cruise_cabin_price_templates (
  cabin_price_template_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  itinerary_id            integer NOT NULL REFERENCES cruise_itineraries ON DELETE CASCADE,
  ship_cabin_id           integer NOT NULL REFERENCES cruise_ship_cabins,
  -- per cabin, not per person
  price                   numeric(14, 2) NOT NULL CHECK (price >= 0),
  currency                text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  available               boolean NOT NULL DEFAULT true,
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now(),
  UNIQUE (itinerary_id, ship_cabin_id)
);
CREATE INDEX cruise_cabin_price_templates_cabin ON cruise_cabin_price_templates (ship_cabin_id);

CREATE TABLE cruise_other_charge_templates (
  other_charge_template_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  itinerary_id             integer NOT NULL REFERENCES cruise_itineraries ON DELETE CASCADE,
  charge_type_id           integer NOT NULL REFERENCES cruise_charge_types,
  price                    numeric(14, 2) NOT NULL CHECK (price >= 0),
  currency                 text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  per_person               boolean NOT NULL DEFAULT false,
  mandatory                boolean NOT NULL DEFAULT false,
  created_at               timestamptz NOT NULL DEFAULT now(),
  updated_at               timestamptz NOT NULL DEFAULT now(),
  UNIQUE (itinerary_id, charge_type_id)
);
CREATE INDEX cruise_other_charge_templates_type ON cruise_other_charge_templates (charge_type_id);

-- A sailing's own prices (copied from the templates, editable per sailing); gone with the sailing.
CREATE TABLE cruise_cabin_charges (
  cabin_charge_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  cruise_id       integer NOT NULL REFERENCES cruises ON DELETE CASCADE,
  ship_cabin_id   integer NOT NULL REFERENCES cruise_ship_cabins,
  price           numeric(14, 2) NOT NULL CHECK (price >= 0),
  currency        text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  available       boolean NOT NULL DEFAULT true,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (cruise_id, ship_cabin_id)
);
CREATE INDEX cruise_cabin_charges_cabin ON cruise_cabin_charges (ship_cabin_id);
-- searchCruises' lowest available price per sailing
CREATE INDEX cruise_cabin_charges_available ON cruise_cabin_charges (cruise_id, price) WHERE available;

CREATE TABLE cruise_other_charges (
  other_charge_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  cruise_id       integer NOT NULL REFERENCES cruises ON DELETE CASCADE,
  charge_type_id  integer NOT NULL REFERENCES cruise_charge_types,
  price           numeric(14, 2) NOT NULL CHECK (price >= 0),
  currency        text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  per_person      boolean NOT NULL DEFAULT false,
  mandatory       boolean NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (cruise_id, charge_type_id)
);
CREATE INDEX cruise_other_charges_type ON cruise_other_charges (charge_type_id);

-- The tenant's exchange rates: 1 from_currency = rate to_currency from valid_from on (the newest valid_from not
-- after a date applies). Cruise bookings convert add-ons with them; trip planning uses them too.
CREATE TABLE exchange_rates (
  exchange_rate_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  from_currency    text NOT NULL CHECK (from_currency ~ '^[A-Z]{3}$'),
  to_currency      text NOT NULL CHECK (to_currency ~ '^[A-Z]{3}$'),
  rate             numeric(18, 8) NOT NULL CHECK (rate > 0),
  valid_from       date NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CHECK (from_currency <> to_currency),
  UNIQUE (from_currency, to_currency, valid_from)
);

CREATE TABLE cruise_bookings (
  cruise_booking_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  cruise_id         integer NOT NULL REFERENCES cruises,
  ship_cabin_id     integer NOT NULL REFERENCES cruise_ship_cabins,
  customer_id       integer NOT NULL REFERENCES customers,
  status            text NOT NULL DEFAULT 'HELD' CHECK (status IN ('HELD', 'CONFIRMED', 'CANCELLED')),
  -- the back-office booking createBlmPayment made (contract §7.3), once
  blm_booking_id    integer UNIQUE REFERENCES blm_bookings,
  created_by        integer,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  cancelled_at      timestamptz
);
-- a cabin of a sailing is booked once: of two concurrent creates, the second insert fails on this index
CREATE UNIQUE INDEX cruise_bookings_cabin_once ON cruise_bookings (cruise_id, ship_cabin_id)
  WHERE status <> 'CANCELLED';
CREATE INDEX cruise_bookings_cruise ON cruise_bookings (cruise_id, cruise_booking_id);
CREATE INDEX cruise_bookings_customer ON cruise_bookings (customer_id);
CREATE INDEX cruise_bookings_cabin ON cruise_bookings (ship_cabin_id);

CREATE TABLE cruise_booking_passengers (
  passenger_id      integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  cruise_booking_id integer NOT NULL REFERENCES cruise_bookings ON DELETE CASCADE,
  first_name        text NOT NULL,
  last_name         text NOT NULL,
  date_of_birth     date,
  nationality       text,
  passport_number   text
);
CREATE INDEX cruise_booking_passengers_booking ON cruise_booking_passengers (cruise_booking_id, passenger_id);

CREATE TABLE cruise_booking_add_ons (
  add_on_id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  cruise_booking_id integer NOT NULL REFERENCES cruise_bookings ON DELETE CASCADE,
  charge_type_id    integer NOT NULL REFERENCES cruise_charge_types,
  quantity          integer NOT NULL CHECK (quantity BETWEEN 1 AND 1000),
  UNIQUE (cruise_booking_id, charge_type_id)
);
CREATE INDEX cruise_booking_add_ons_type ON cruise_booking_add_ons (charge_type_id);
