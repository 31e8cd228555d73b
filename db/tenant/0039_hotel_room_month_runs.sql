-- The accommodation search without per-night work (issue 18). A search of a new stay read every candidate room's
-- nights and folded them on every request; now each room's calendar of one market and month is kept folded:
-- `hotel_room_month_runs` holds its runs of consecutive nights sold alike, already written as JSON, and statement
-- triggers on the calendar keep it in step whoever writes (the calendar operations, a booking's allotment, SQL).
-- A search reads one or two rows per room and slices the stay out of them (accommodation-search.runs.ts).

-- Meal supplements get the form the service writes ("HB:45.5,FB:80"), enforced, so they need no escaping below.
UPDATE hotel_room_calendar SET meal_supplements = upper(regexp_replace(meal_supplements, '\s', '', 'g'))
  WHERE meal_supplements IS NOT NULL;
ALTER TABLE hotel_room_calendar
  ADD CONSTRAINT hotel_room_calendar_meal_supplements_form
    CHECK (meal_supplements ~ '^[A-Z]{2}:[0-9]+(\.[0-9]+)?(,[A-Z]{2}:[0-9]+(\.[0-9]+)?)*$'),
  -- the night can be sold from the allotment
  ADD COLUMN has_room boolean GENERATED ALWAYS AS (available AND coalesce(allotment > 0, true)) STORED,
  -- the night's pricing columns as the members of a JSON array (the order of the search's run tuple): what makes
  -- two nights priced alike, sent as stored
  ADD COLUMN rates text GENERATED ALWAYS AS (
    special_day::text || ',"' || rate_base || '","' || base_rate::text || '","' || spec_day_rate::text || '","'
    || adult_rate::text || '","' || child_rate::text || '","' || extra_bed_rate::text || '","'
    || adult_sd_rate::text || '","' || child_sd_rate::text || '","' || sd_rate_type || '","' || adult_rate_type
    || '","' || child_rate_type || '",' || meal_base::text || ','
    || coalesce('"' || meal_supplements || '"', 'null')) STORED,
  -- the hash the search grouped nights by: `rates` says the same
  DROP COLUMN rate_key;

-- One row per room, market and month that has calendar entries: `runs` is the JSON [[rates…], [run…]]: the month's
-- distinct rates once each (a room priced per person has a special-day rate every week), then its runs in date
-- order, each [first night (days since 1970-01-01), nights, its rates' place in the list, has_room, on_request,
-- mlos, sdmlos, stop_sale, book_from, book_to (epoch ms or null)]. A run never crosses a month or a missing night.
CREATE TABLE hotel_room_month_runs (
  room_id integer NOT NULL REFERENCES hotel_rooms ON DELETE CASCADE,
  market  text NOT NULL,
  month   date NOT NULL,
  runs    text NOT NULL,
  PRIMARY KEY (market, month, room_id)
);
CREATE INDEX hotel_room_month_runs_room ON hotel_room_month_runs (room_id);

-- The runs of the given rooms, markets and months, folded from the calendar as it is now.
CREATE FUNCTION hotel_room_month_runs_of(keys jsonb)
RETURNS TABLE (room_id integer, market text, month date, runs text) LANGUAGE sql STABLE AS $$
  SELECT n.room_id, n.market, n.month,
    '[[' || string_agg(DISTINCT n.rates, ',' ORDER BY n.rates) || '],['
      || string_agg(n.run, ',' ORDER BY n.first_night) || ']]'
  FROM (
    SELECT i.room_id, i.market, i.month, min(i.stay_date) AS first_night, i.rates,
      '[' || (min(i.stay_date) - date '1970-01-01') || ',' || count(*) || ','
      -- the run's rates by their place in the month's list (sorted as string_agg sorts it above)
      || (dense_rank() OVER (PARTITION BY i.room_id, i.market, i.month ORDER BY i.rates) - 1) || ','
      || i.has_room || ',' || i.on_request || ',' || i.mlos || ',' || i.sdmlos || ',' || i.stop_sale || ','
      || coalesce((extract(epoch FROM i.book_from) * 1000)::bigint::text, 'null') || ','
      || coalesce((extract(epoch FROM i.book_to) * 1000)::bigint::text, 'null') || ']' AS run
    FROM (
      -- consecutive nights alike share `island` (their date less their rank among the alike)
      SELECT c.room_id, c.market, k.month, c.stay_date, ('[' || c.rates || ']') COLLATE "C" AS rates, c.has_room,
        c.on_request, c.mlos, c.sdmlos, c.stop_sale, c.book_from, c.book_to,
        c.stay_date - row_number() OVER (PARTITION BY c.room_id, c.market, k.month, c.rates, c.has_room,
          c.on_request, c.mlos, c.sdmlos, c.stop_sale, c.book_from, c.book_to ORDER BY c.stay_date)::integer AS island
      FROM jsonb_to_recordset(keys) AS k (room_id integer, market text, month date)
      JOIN hotel_room_calendar c ON c.room_id = k.room_id AND c.market = k.market
        AND c.stay_date >= k.month AND c.stay_date < (k.month + interval '1 month')
    ) i
    GROUP BY i.room_id, i.market, i.month, i.island, i.rates, i.has_room, i.on_request, i.mlos, i.sdmlos,
      i.stop_sale, i.book_from, i.book_to
  ) n
  GROUP BY n.room_id, n.market, n.month
$$;

-- Refolds the months a statement touched. The month rows are locked first: the fold then runs in a snapshot taken
-- after any other writer of those months committed, so two bookings of one room never leave either's nights out.
CREATE FUNCTION hotel_room_month_runs_refresh(keys jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO hotel_room_month_runs (room_id, market, month, runs)
    SELECT k.room_id, k.market, k.month, '[]' FROM jsonb_to_recordset(keys) AS k (room_id integer, market text, month date)
    JOIN hotel_rooms r ON r.room_id = k.room_id
    ORDER BY k.market, k.month, k.room_id
    ON CONFLICT DO NOTHING;
  PERFORM 1 FROM hotel_room_month_runs m
    JOIN jsonb_to_recordset(keys) AS k (room_id integer, market text, month date)
      ON m.room_id = k.room_id AND m.market = k.market AND m.month = k.month
    ORDER BY m.market, m.month, m.room_id FOR UPDATE OF m;
  UPDATE hotel_room_month_runs m SET runs = f.runs FROM hotel_room_month_runs_of(keys) f
    WHERE m.room_id = f.room_id AND m.market = f.market AND m.month = f.month;
  -- months left without a night
  DELETE FROM hotel_room_month_runs m USING jsonb_to_recordset(keys) AS k (room_id integer, market text, month date)
    WHERE m.room_id = k.room_id AND m.market = k.market AND m.month = k.month
      AND NOT EXISTS (SELECT 1 FROM hotel_room_calendar c WHERE c.room_id = k.room_id AND c.market = k.market
        AND c.stay_date >= k.month AND c.stay_date < (k.month + interval '1 month'));
END;
$$;

CREATE FUNCTION hotel_room_calendar_refold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(DISTINCT jsonb_build_object('room_id', room_id, 'market', market,
      'month', date_trunc('month', stay_date)::date)) INTO keys FROM new_nights;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(DISTINCT jsonb_build_object('room_id', room_id, 'market', market,
      'month', date_trunc('month', stay_date)::date)) INTO keys FROM old_nights;
  ELSE
    SELECT jsonb_agg(DISTINCT jsonb_build_object('room_id', t.room_id, 'market', t.market,
      'month', date_trunc('month', t.stay_date)::date)) INTO keys
    FROM (SELECT room_id, market, stay_date FROM new_nights UNION ALL
          SELECT room_id, market, stay_date FROM old_nights) t;
  END IF;
  IF keys IS NOT NULL THEN
    PERFORM hotel_room_month_runs_refresh(keys);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER hotel_room_calendar_refold_insert AFTER INSERT ON hotel_room_calendar
  REFERENCING NEW TABLE AS new_nights FOR EACH STATEMENT EXECUTE FUNCTION hotel_room_calendar_refold();
CREATE TRIGGER hotel_room_calendar_refold_update AFTER UPDATE ON hotel_room_calendar
  REFERENCING NEW TABLE AS new_nights OLD TABLE AS old_nights FOR EACH STATEMENT
  EXECUTE FUNCTION hotel_room_calendar_refold();
CREATE TRIGGER hotel_room_calendar_refold_delete AFTER DELETE ON hotel_room_calendar
  REFERENCING OLD TABLE AS old_nights FOR EACH STATEMENT EXECUTE FUNCTION hotel_room_calendar_refold();
CREATE FUNCTION hotel_room_calendar_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM hotel_room_month_runs;
  RETURN NULL;
END;
$$;
CREATE TRIGGER hotel_room_calendar_refold_truncate AFTER TRUNCATE ON hotel_room_calendar
  FOR EACH STATEMENT EXECUTE FUNCTION hotel_room_calendar_truncated();

INSERT INTO hotel_room_month_runs (room_id, market, month, runs)
  SELECT * FROM hotel_room_month_runs_of((
    SELECT jsonb_agg(DISTINCT jsonb_build_object('room_id', room_id, 'market', market,
      'month', date_trunc('month', stay_date)::date)) FROM hotel_room_calendar));

-- A second version, bumped only by writes of hotels, rooms and meal-plan costs (not by the calendar, so not by
-- every booking): a node keeps the rooms' and hotels' fields the search shows for as long as it holds.
ALTER TABLE hotel_inventory_version ADD COLUMN fields_version bigint NOT NULL DEFAULT 0;
CREATE FUNCTION hotel_inventory_fields_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE hotel_inventory_version SET version = version + 1, fields_version = fields_version + 1;
  RETURN NULL;
END;
$$;
DROP TRIGGER hotels_changed ON hotels;
DROP TRIGGER hotel_rooms_changed ON hotel_rooms;
DROP TRIGGER hotel_meal_plan_costs_changed ON hotel_meal_plan_costs;
CREATE TRIGGER hotels_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hotels
  FOR EACH STATEMENT EXECUTE FUNCTION hotel_inventory_fields_changed();
CREATE TRIGGER hotel_rooms_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hotel_rooms
  FOR EACH STATEMENT EXECUTE FUNCTION hotel_inventory_fields_changed();
CREATE TRIGGER hotel_meal_plan_costs_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hotel_meal_plan_costs
  FOR EACH STATEMENT EXECUTE FUNCTION hotel_inventory_fields_changed();
