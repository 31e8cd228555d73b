-- Tickets of the ticket supplier's catalog sold through a cart (issue 31): the line names the supplier's product,
-- variant, day and time, and the reservation made at the supplier when it was added. It is held until
-- `supplier_held_until`; once that passes (and the cart was not ordered) the cart's housekeeping lets the
-- reservation go at the supplier and stamps `supplier_released_at`. The order line and the booking line keep the
-- line's supplier_ticket, so the booking confirms that reservation instead of booking anew.
ALTER TABLE cart_items
  ADD COLUMN supplier_ticket      jsonb,
  ADD COLUMN supplier_held_until  timestamptz,
  ADD COLUMN supplier_released_at timestamptz;
ALTER TABLE sales_order_lines ADD COLUMN supplier_ticket jsonb;
ALTER TABLE booking_lines ADD COLUMN supplier_ticket jsonb;

-- The housekeeping's look-up: reservations still out, by when they lapse.
CREATE INDEX cart_items_supplier_reservations ON cart_items (supplier_held_until)
  WHERE supplier_ticket IS NOT NULL AND supplier_released_at IS NULL;
