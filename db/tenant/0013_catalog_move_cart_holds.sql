-- A cart's items moved to another cart (a guest's cart carried over to the user's at login) renumber there; their
-- holds follow them, so a hold still names the cart item it keeps seats for. The catalog's API for it: the cart
-- calls this in the statement that moves its items, and never writes capacity_holds itself.
CREATE FUNCTION catalog_move_cart_holds(from_cart uuid, to_cart uuid, item_offset integer) RETURNS integer
LANGUAGE sql VOLATILE
AS $$
  WITH moved AS (
    UPDATE capacity_holds
    SET cart_id = to_cart, item_id = item_id + item_offset
    WHERE holder_kind = 'CART_ITEM' AND cart_id = from_cart
    RETURNING 1)
  SELECT count(*)::integer FROM moved
$$;
