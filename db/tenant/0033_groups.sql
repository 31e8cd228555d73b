-- Group travel (issue 16, contract §7.5): groups a partner sends, their passengers, the hotels and transport booked
-- for them, the rooms of each hotel and which passenger sleeps in which room. Owned by the groups area.

CREATE TABLE groups (
  group_id       integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_name     text NOT NULL,
  -- the tenant's calendar dates of the first and the last day
  arrival_date   date NOT NULL,
  departure_date date NOT NULL CHECK (departure_date >= arrival_date),
  -- the partner is a customer record (customers area); its name is copied when the group is written, so a list
  -- of groups reads no other area's table
  partner_id     integer REFERENCES customers (customer_id),
  partner_name   text,
  -- kept by group_pax_count below, whoever writes passengers (a form, an import): never written by a client
  pax_count      integer NOT NULL DEFAULT 0 CHECK (pax_count >= 0),
  status         text NOT NULL DEFAULT 'PENDING'
                   CHECK (status IN ('PENDING', 'CONFIRMED', 'CANCELLED', 'ARRIVED', 'DEPARTED')),
  notes          text,
  -- a new number for every change of the group or of anything of it (the triggers below), whoever makes it: a node
  -- answers its copy of loadExpanded again only after one small query finds the version unchanged
  version        bigint NOT NULL DEFAULT 0,
  created_by     integer,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
-- group/list: arrival range, optionally one partner's
CREATE INDEX groups_arrival ON groups (arrival_date, group_id);
CREATE INDEX groups_partner_arrival ON groups (partner_id, arrival_date, group_id) WHERE partner_id IS NOT NULL;

-- A passenger holds every column of the passenger spreadsheet (template, import, export).
CREATE TABLE group_pax (
  pax_id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id          integer NOT NULL REFERENCES groups ON DELETE CASCADE,
  first_name        text NOT NULL,
  last_name         text NOT NULL,
  gender            text CHECK (gender IN ('M', 'F')),
  date_of_birth     date,
  -- the sheet's Age column, for a passenger whose date of birth is not known
  age               smallint CHECK (age BETWEEN 0 AND 150),
  nationality       text,
  passport_number   text,
  -- the readiness rule: a passport must be valid six months after the group's departure
  passport_expiry   date,
  phone             text,
  email             text,
  notes             text,
  emergency_contact text,
  emergency_tel     text,
  visa_required     boolean,
  visa_status       text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  -- a room assignment names the passenger with its group (group_room_pax), so it cannot cross groups
  UNIQUE (pax_id, group_id)
);
-- a group's passengers in the order they were entered (loadExpanded, pax/list, the export)
CREATE INDEX group_pax_group ON group_pax (group_id, pax_id);
-- the import's match: a row updates the group's passenger of the same last name (any case) and passport number
CREATE INDEX group_pax_match ON group_pax (group_id, lower(last_name), passport_number);

-- paxCount follows the passengers in the statement that adds, removes or moves them: one update of each group the
-- statement touched, whatever the number of rows (a row-level trigger updated the group once per passenger, and an
-- import of 5,000 new passengers spent 1.6 s of its 2.6 s there). The group's row lock also orders concurrent
-- writers of one group's passengers, and the update moves the group's version on (groups_version below).
CREATE FUNCTION group_pax_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE groups g SET pax_count = g.pax_count + d.n
      FROM (SELECT group_id, count(*) AS n FROM added_pax GROUP BY group_id) d WHERE g.group_id = d.group_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE groups g SET pax_count = g.pax_count - d.n
      FROM (SELECT group_id, count(*) AS n FROM removed_pax GROUP BY group_id) d WHERE g.group_id = d.group_id;
  ELSE
    -- every group of a changed passenger: its count moves when the passenger moved, its version in any case
    UPDATE groups g SET pax_count = g.pax_count + d.n
      FROM (SELECT group_id, sum(n) AS n
              FROM (SELECT group_id, 1 AS n FROM added_pax UNION ALL SELECT group_id, -1 FROM removed_pax) moves
             GROUP BY group_id) d
     WHERE g.group_id = d.group_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER group_pax_count_insert AFTER INSERT ON group_pax REFERENCING NEW TABLE AS added_pax
  FOR EACH STATEMENT EXECUTE FUNCTION group_pax_count();
CREATE TRIGGER group_pax_count_delete AFTER DELETE ON group_pax REFERENCING OLD TABLE AS removed_pax
  FOR EACH STATEMENT EXECUTE FUNCTION group_pax_count();
CREATE TRIGGER group_pax_count_update AFTER UPDATE ON group_pax
  REFERENCING OLD TABLE AS removed_pax NEW TABLE AS added_pax
  FOR EACH STATEMENT EXECUTE FUNCTION group_pax_count();

CREATE TABLE group_hotels (
  hotel_id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id            integer NOT NULL REFERENCES groups ON DELETE CASCADE,
  hotel_name          text NOT NULL,
  hotel_address       text,
  -- the tenant's calendar dates of the first and the last night's morning
  check_in            date NOT NULL,
  check_out           date NOT NULL CHECK (check_out >= check_in),
  room_count          integer CHECK (room_count >= 0),
  -- the hotel's booking confirmation; none yet is a readiness warning
  confirmation_number text,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  UNIQUE (hotel_id, group_id)
);
CREATE INDEX group_hotels_group ON group_hotels (group_id, check_in, hotel_id);

CREATE TABLE group_transport (
  transport_id   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id       integer NOT NULL REFERENCES groups ON DELETE CASCADE,
  type           text NOT NULL CHECK (type IN ('FLIGHT', 'COACH', 'FERRY')),
  -- instants; requests and answers give them in the tenant's timezone
  departure_at   timestamptz NOT NULL,
  arrival_at     timestamptz NOT NULL CHECK (arrival_at >= departure_at),
  from_place     text NOT NULL,
  to_place       text NOT NULL,
  flight_number  text,
  carrier        text,
  vehicle_type   text,
  notes          text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX group_transport_group ON group_transport (group_id, departure_at, transport_id);

-- A room of a group's hotel. group_id repeats the hotel's (the composite reference keeps them equal) so a group's
-- rooms are read by one index.
CREATE TABLE group_rooms (
  room_id     integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  hotel_id    integer NOT NULL,
  group_id    integer NOT NULL,
  room_type   text NOT NULL,
  room_number text,
  -- how many passengers may sleep in it; NULL: no limit (a room type that names none and no capacity given)
  capacity    smallint CHECK (capacity > 0),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (hotel_id, group_id) REFERENCES group_hotels (hotel_id, group_id) ON DELETE CASCADE,
  UNIQUE (room_id, hotel_id, group_id)
);
CREATE INDEX group_rooms_hotel ON group_rooms (hotel_id, room_id);
CREATE INDEX group_rooms_group ON group_rooms (group_id, hotel_id, room_id);

-- A passenger in a room. A room is deleted only when empty (the service refuses otherwise, contract §7.1); the
-- references repeat the room's hotel and group and the passenger's group, so a passenger sleeps in one room per
-- hotel (the unique key) and only in rooms of its own group.
CREATE TABLE group_room_pax (
  room_pax_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  room_id     integer NOT NULL,
  hotel_id    integer NOT NULL,
  group_id    integer NOT NULL,
  pax_id      integer NOT NULL,
  is_primary  boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (room_id, hotel_id, group_id) REFERENCES group_rooms (room_id, hotel_id, group_id),
  FOREIGN KEY (pax_id, group_id) REFERENCES group_pax (pax_id, group_id) ON DELETE CASCADE,
  CONSTRAINT group_room_pax_once_per_hotel UNIQUE (hotel_id, pax_id)
);
CREATE INDEX group_room_pax_room ON group_room_pax (room_id, room_pax_id);
CREATE INDEX group_room_pax_group ON group_room_pax (group_id, room_id, room_pax_id);
-- one primary guest (who the hotel registers the room to) per room
CREATE UNIQUE INDEX group_room_pax_primary ON group_room_pax (room_id) WHERE is_primary;

-- The group's version (see groups.version): its own row changed, or a passenger, hotel, transport entry, room or room
-- assignment of it added, changed or removed. A group row this transaction updated already has a version no other
-- transaction can have seen (paxCount's update, say), so it is not written again for each further row.
CREATE FUNCTION groups_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END $$;
CREATE TRIGGER groups_version BEFORE UPDATE ON groups
  FOR EACH ROW EXECUTE FUNCTION groups_next_version();

CREATE FUNCTION group_parts_touch_group() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE groups SET version = version + 1 WHERE group_id = NEW.group_id AND xmin <> pg_current_xact_id()::xid;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE groups SET version = version + 1 WHERE group_id = OLD.group_id AND xmin <> pg_current_xact_id()::xid;
  END IF;
  RETURN NULL;
END $$;
-- (group_pax needs none: group_pax_count updates the group of every passenger a statement touches)
CREATE TRIGGER group_hotels_version AFTER INSERT OR UPDATE OR DELETE ON group_hotels
  FOR EACH ROW EXECUTE FUNCTION group_parts_touch_group();
CREATE TRIGGER group_transport_version AFTER INSERT OR UPDATE OR DELETE ON group_transport
  FOR EACH ROW EXECUTE FUNCTION group_parts_touch_group();
CREATE TRIGGER group_rooms_version AFTER INSERT OR UPDATE OR DELETE ON group_rooms
  FOR EACH ROW EXECUTE FUNCTION group_parts_touch_group();
CREATE TRIGGER group_room_pax_version AFTER INSERT OR UPDATE OR DELETE ON group_room_pax
  FOR EACH ROW EXECUTE FUNCTION group_parts_touch_group();
