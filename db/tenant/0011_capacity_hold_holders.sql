-- The catalog's capacity holds name their holder in typed columns, and the catalog offers other areas a database
-- API for them: `catalog_hold_seats` takes seats and records a hold in one call (a cart's add calls it from its own
-- single statement), `catalog_hold_states` tells whether a hold still keeps its seats. Other areas call these and
-- never write capacity_holds or inventory_slots themselves. (docs/tables.md, "Database functions other areas call".)

-- The cart's trigger below read the holder out of `reference`; it is replaced at the end of this file.
DROP TRIGGER capacity_holds_version ON capacity_holds;

-- A hold is a cart's item's (CART_ITEM: cart_id and item_id as in cart_items) or another holder's, named by a
-- free reference (REFERENCE: bookings, back-office, tests).
ALTER TABLE capacity_holds
  ADD COLUMN holder_kind text,
  ADD COLUMN cart_id uuid,
  ADD COLUMN item_id integer,
  ALTER COLUMN reference DROP NOT NULL;

UPDATE capacity_holds
SET holder_kind = 'CART_ITEM',
    cart_id = split_part(reference, ':', 2)::uuid,
    item_id = split_part(reference, ':', 3)::integer,
    reference = NULL
WHERE reference ~ '^cart:[0-9a-f-]{36}:[0-9]+$';

UPDATE capacity_holds SET holder_kind = 'REFERENCE' WHERE holder_kind IS NULL;

ALTER TABLE capacity_holds
  ALTER COLUMN holder_kind SET NOT NULL,
  ADD CONSTRAINT capacity_holds_holder CHECK (CASE holder_kind
    WHEN 'CART_ITEM' THEN cart_id IS NOT NULL AND item_id IS NOT NULL AND reference IS NULL
    WHEN 'REFERENCE' THEN reference IS NOT NULL AND cart_id IS NULL AND item_id IS NULL
    ELSE false
  END);

-- No index on (cart_id, item_id): a cart finds its items' holds by their hold_id (cart_items.hold_id), and every
-- add would pay for maintaining one.

-- Takes `quantity` seats of the slot (variant, date, start time: '' for a whole-day slot) when that many are free,
-- and records a hold of them until `expires_at` for its holder: a cart's item (cart_id => …, item_id => …) or a
-- reference (reference => …), named by argument. Answers the hold and its slot, or no row when the slot is missing
-- or its seats are taken as counted (holds that ran out still count until swept: the caller's retry sweeps them).
-- One statement: the slot's row is locked for it alone; lock order as everywhere, holds then slot.
-- PL/pgSQL rather than SQL: its statement's plan is cached per connection on every supported PostgreSQL (SQL
-- functions' plans are cached only from PostgreSQL 18).
CREATE FUNCTION catalog_hold_seats(
  variant_id integer,
  slot_date date,
  start_time text,
  quantity integer,
  expires_at timestamptz,
  now timestamptz,
  cart_id uuid DEFAULT NULL,
  item_id integer DEFAULT NULL,
  reference text DEFAULT NULL)
RETURNS TABLE (hold_id bigint, slot_id integer) LANGUAGE plpgsql ROWS 1 AS $$
BEGIN
  WITH taken AS (
    UPDATE inventory_slots s SET held = s.held + catalog_hold_seats.quantity
    WHERE s.servid = catalog_hold_seats.variant_id
      AND s.slot_date = catalog_hold_seats.slot_date
      AND s.start_time = catalog_hold_seats.start_time
      AND s.capacity - s.sold - s.held >= catalog_hold_seats.quantity
    RETURNING s.slot_id)
  INSERT INTO capacity_holds AS h (
    slot_id, quantity, holder_kind, cart_id, item_id, reference, expires_at, created_at, updated_at)
  SELECT t.slot_id, catalog_hold_seats.quantity,
    CASE WHEN catalog_hold_seats.reference IS NULL THEN 'CART_ITEM' ELSE 'REFERENCE' END,
    catalog_hold_seats.cart_id, catalog_hold_seats.item_id, catalog_hold_seats.reference,
    catalog_hold_seats.expires_at, catalog_hold_seats.now, catalog_hold_seats.now
  FROM taken t
  RETURNING h.hold_id, h.slot_id INTO catalog_hold_seats.hold_id, catalog_hold_seats.slot_id;
  IF FOUND THEN
    RETURN NEXT;
  END IF;
END $$;

-- Whether a hold still keeps its seats: `held_until` is its expiry while it is HELD, NULL once it was sold,
-- released or expired (a hold past `held_until` keeps nothing, swept or not). A plain view: joined in a query, it
-- costs what a join of capacity_holds costs.
CREATE VIEW catalog_hold_states AS
  SELECT hold_id, status, CASE WHEN status = 'HELD' THEN expires_at END AS held_until
  FROM capacity_holds;

-- The cart's: a cart item's hold released, sold, expired or extended gives its cart a new version (see
-- 0010_cart_versions.sql), found by the hold's typed holder.
CREATE OR REPLACE FUNCTION capacity_holds_touch_cart() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE carts SET version = version + 1 WHERE cart_id = NEW.cart_id AND xmin <> pg_current_xact_id()::xid;
  RETURN NULL;
END $$;

CREATE TRIGGER capacity_holds_version AFTER UPDATE ON capacity_holds
  FOR EACH ROW
  WHEN (NEW.holder_kind = 'CART_ITEM'
        AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.expires_at IS DISTINCT FROM NEW.expires_at))
  EXECUTE FUNCTION capacity_holds_touch_cart();
