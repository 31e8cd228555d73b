-- A cart numbers its items from a counter on its row: an add takes its number under the cart's row lock in the
-- same statement that inserts the item (one round trip), where max(item_id) + 1 needed a statement of its own.
-- Numbers are never reused within a cart; an add that held nothing may leave a gap.
ALTER TABLE carts ADD COLUMN next_item_id integer NOT NULL DEFAULT 0;
UPDATE carts c SET next_item_id = n.next
FROM (SELECT cart_id, max(item_id) + 1 AS next FROM cart_items GROUP BY cart_id) n
WHERE c.cart_id = n.cart_id;
