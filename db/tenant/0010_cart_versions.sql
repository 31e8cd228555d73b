-- Every change of a cart, of its items or of its items' holds (status or expiry) bumps carts.version in the same
-- transaction, whoever makes it (any node, the sweeper, the sales area, a hand-written fix). A node that keeps a
-- cart's view answers it again only after one small query finds the version unchanged.
ALTER TABLE carts ADD COLUMN version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION carts_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END $$;

CREATE TRIGGER carts_version BEFORE UPDATE ON carts
  FOR EACH ROW EXECUTE FUNCTION carts_next_version();

-- An item added, changed, moved or removed: its cart (both carts when it moves) gets a new version. A cart row this
-- transaction updated already has one that no node can have seen (an add numbers its line on the cart's row in the
-- same statement), so it is not written twice.
CREATE FUNCTION cart_items_touch_cart() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE carts SET version = version + 1 WHERE cart_id = NEW.cart_id AND xmin <> pg_current_xact_id()::xid;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE carts SET version = version + 1 WHERE cart_id = OLD.cart_id AND xmin <> pg_current_xact_id()::xid;
  ELSE
    UPDATE carts SET version = version + 1
    WHERE cart_id IN (OLD.cart_id, NEW.cart_id) AND xmin <> pg_current_xact_id()::xid;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER cart_items_version AFTER INSERT OR UPDATE OR DELETE ON cart_items
  FOR EACH ROW EXECUTE FUNCTION cart_items_touch_cart();

-- A cart's hold (reference cart:<cart>:<item>) released, sold, expired or extended: its cart gets a new version.
CREATE FUNCTION capacity_holds_touch_cart() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE carts SET version = version + 1
  WHERE cart_id = split_part(NEW.reference, ':', 2)::uuid AND xmin <> pg_current_xact_id()::xid;
  RETURN NULL;
END $$;

CREATE TRIGGER capacity_holds_version AFTER UPDATE ON capacity_holds
  FOR EACH ROW
  WHEN (NEW.reference ~ '^cart:[0-9a-f-]{36}:'
        AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.expires_at IS DISTINCT FROM NEW.expires_at))
  EXECUTE FUNCTION capacity_holds_touch_cart();
