-- Trip planning (issue 33, spec part 2 "Trip planning", contract §8.5): projects of a customer's trip, itineraries
-- as option scenarios of a project, and their priced components (flights, hotels, activities, other services,
-- exclusions). Owned by the trip-planning area (docs/tables.md); exchange rates are read from exchange_rates (0052).
-- Deletes are hard and cascade (contract §8.5). Money is numeric, never float; currencies are ISO 4217 letter codes.

CREATE TABLE trip_projects (
  project_id        integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_name      text NOT NULL,
  customer_id       integer REFERENCES customers,
  start_date        date,
  end_date          date,
  adults            integer NOT NULL DEFAULT 1 CHECK (adults >= 0),
  children          integer NOT NULL DEFAULT 0 CHECK (children >= 0),
  infants           integer NOT NULL DEFAULT 0 CHECK (infants >= 0),
  -- the itineraries' totals are in this currency (the tenant's unless given at create)
  currency          text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  status            text NOT NULL DEFAULT 'DRAFT'
                    CHECK (status IN ('DRAFT', 'QUOTED', 'CONFIRMED', 'COMPLETED', 'CANCELLED')),
  created_by        integer,
  created_by_name   text,
  -- the back-office booking /tripmaker/project/toBooking made (contract §7.3), once, and the itinerary chosen
  blm_booking_id    integer UNIQUE REFERENCES blm_bookings,
  booking_reference text,
  booked_itinerary_id integer,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date IS NULL OR start_date IS NULL OR end_date >= start_date)
);
-- project/list: newest first, optionally for one customer or one status
CREATE INDEX trip_projects_newest ON trip_projects (created_at DESC, project_id DESC);
CREATE INDEX trip_projects_customer ON trip_projects (customer_id, created_at DESC, project_id DESC);
CREATE INDEX trip_projects_status ON trip_projects (status, created_at DESC, project_id DESC);

CREATE TABLE trip_itineraries (
  itinerary_id   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id     integer NOT NULL REFERENCES trip_projects ON DELETE CASCADE,
  itinerary_name text NOT NULL,
  description    text,
  -- moved on by every change of the itinerary or of its components (the repositories write it): a node sends its
  -- kept itinerary/get answer again only after one small query finds it unchanged
  version        bigint NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trip_itineraries_project ON trip_itineraries (project_id, itinerary_id);

-- One table for every kind of component: the money columns are shared (contract §8.5), what only one kind has
-- (a flight's segments, a hotel's room and board, an activity's product, a service's type) is in `details`.
-- cost_price is the cost in force: the supplier's (supplier_cost) unless an employee overrode it (override_reason).
-- Exclusions carry text only: their money columns are null.
CREATE TABLE trip_components (
  component_id   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  itinerary_id   integer NOT NULL REFERENCES trip_itineraries ON DELETE CASCADE,
  component_type text NOT NULL CHECK (component_type IN ('FLIGHT', 'HOTEL', 'ACTIVITY', 'SERVICE', 'EXCLUSION')),
  day_number     integer CHECK (day_number BETWEEN 1 AND 366),
  description    text,
  cost_price     numeric(18, 4) CHECK (cost_price >= 0),
  supplier_cost  numeric(18, 4) CHECK (supplier_cost >= 0),
  override_reason text,
  currency       text CHECK (currency ~ '^[A-Z]{3}$'),
  margin_type    text CHECK (margin_type IN ('PERCENTAGE', 'FIXED')),
  margin_value   numeric(18, 4),
  selling_price  numeric(18, 4) CHECK (selling_price >= 0),
  details        jsonb NOT NULL DEFAULT '{}',
  -- what the supplier answered when the component was priced (a priced flight offer, a hotel valuation): kept for
  -- booking it later, never read by the itinerary's answers
  supplier_offer jsonb,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  CHECK ((component_type = 'EXCLUSION') = (cost_price IS NULL)),
  CHECK (cost_price IS NULL OR (currency IS NOT NULL AND margin_type IS NOT NULL AND margin_value IS NOT NULL
                                AND selling_price IS NOT NULL))
);
CREATE INDEX trip_components_itinerary ON trip_components (itinerary_id, component_type, component_id);
