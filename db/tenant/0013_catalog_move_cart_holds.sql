-- A cart's items moved to another cart (a guest's cart carried over at login) are renumbered there; their holds
-- follow them, so a hold still names the cart item it keeps seats for. The catalog's API for it: the cart calls it
-- with the moved items' hold ids (found by primary key) and never writes capacity_holds itself.
CREATE FUNCTION catalog_move_cart_holds(hold_ids bigint[], to_cart uuid, item_offset integer) RETURNS integer
LANGUAGE sql VOLATILE
AS $$
  WITH moved AS (
    UPDATE capacity_holds
    SET cart_id = to_cart, item_id = item_id + item_offset
    WHERE hold_id = ANY (hold_ids) AND holder_kind = 'CART_ITEM'
    RETURNING 1)
  SELECT count(*)::integer FROM moved
$$;
