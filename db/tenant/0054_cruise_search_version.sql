-- searchCruises (issue 32): a node keeps search answers as their bytes under the tenant's cruise content version and
-- sends one again only while a primary-key read of this row finds the version unchanged. Every statement that writes
-- a table the search reads moves it on, whoever writes (an operation, a seed, a hand-made fix), so the next search on
-- any node sees the write. Statement-level: a bulk insert of 20,000 ports of call bumps it once, not 20,000 times;
-- and once per transaction (the row's xmin is then this transaction's), so a sailing written with its skeleton bumps
-- it once. Bookings do not write these tables, so selling cabins never waits for this row.
CREATE TABLE cruise_content_version (
  -- the one row of the table
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version   bigint NOT NULL DEFAULT 0
);
INSERT INTO cruise_content_version DEFAULT VALUES;

CREATE FUNCTION cruise_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cruise_content_version SET version = version + 1
  WHERE singleton AND xmin <> pg_current_xact_id()::xid;
  RETURN NULL;
END $$;

CREATE TRIGGER cruise_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cruises
  FOR EACH STATEMENT EXECUTE FUNCTION cruise_content_changed();
CREATE TRIGGER cruise_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cruise_points
  FOR EACH STATEMENT EXECUTE FUNCTION cruise_content_changed();
CREATE TRIGGER cruise_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cruise_cabin_charges
  FOR EACH STATEMENT EXECUTE FUNCTION cruise_content_changed();
CREATE TRIGGER cruise_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cruise_itineraries
  FOR EACH STATEMENT EXECUTE FUNCTION cruise_content_changed();
CREATE TRIGGER cruise_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cruise_ships
  FOR EACH STATEMENT EXECUTE FUNCTION cruise_content_changed();
CREATE TRIGGER cruise_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cruise_companies
  FOR EACH STATEMENT EXECUTE FUNCTION cruise_content_changed();
CREATE TRIGGER cruise_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cruise_ports
  FOR EACH STATEMENT EXECUTE FUNCTION cruise_content_changed();
CREATE TRIGGER cruise_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cruise_areas
  FOR EACH STATEMENT EXECUTE FUNCTION cruise_content_changed();

-- A port of call as searchCruises answers it: json_agg of this row type writes the answer's objects directly, with
-- about half the work of json_build_object per stop (measured over pages of 20 sailings).
CREATE TYPE cruise_port_of_call AS (
  "stopSeq"           integer,
  "portId"            integer,
  "portCode"          text,
  "portName"          text,
  country             text,
  "imageUrl"          text,
  "arrivalDatetime"   text,
  "departureDatetime" text
);
