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

-- A line sells our product, a flight offer, or a supplier's ticket: exactly one of them, and only ours hold seats.
ALTER TABLE cart_items DROP CONSTRAINT cart_items_product_or_flight;
ALTER TABLE cart_items
  ADD CONSTRAINT cart_items_product_flight_or_ticket CHECK (
    CASE WHEN flight_offer IS NULL AND supplier_ticket IS NULL
      THEN product_id IS NOT NULL AND variant_id IS NOT NULL AND unit_id IS NOT NULL
      ELSE product_id IS NULL AND variant_id IS NULL AND unit_id IS NULL AND hold_id IS NULL
        AND (flight_offer IS NULL OR supplier_ticket IS NULL)
    END),
  ADD CONSTRAINT cart_items_ticket_held_until CHECK ((supplier_ticket IS NULL) = (supplier_held_until IS NULL));
ALTER TABLE booking_lines ADD COLUMN supplier_ticket jsonb;

-- The housekeeping's look-up: reservations still out, by when they lapse.
CREATE INDEX cart_items_supplier_reservations ON cart_items (supplier_held_until)
  WHERE supplier_ticket IS NOT NULL AND supplier_released_at IS NULL;
