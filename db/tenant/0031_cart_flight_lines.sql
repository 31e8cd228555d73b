-- A flight offer as a cart line (issue 15): priced by the flights area at the supplier when it is added, no capacity
-- hold, paid like any product and ticketed offline by an agent in this release. A flight line names no product,
-- variant or unit; it keeps the offer as priced (`flight_offer`: the offer's id, the passengers and the priced offer
-- the supplier answered), and so does the order line it becomes, for the agent who tickets it.
ALTER TABLE cart_items
  ALTER COLUMN product_id DROP NOT NULL,
  ALTER COLUMN variant_id DROP NOT NULL,
  ALTER COLUMN unit_id DROP NOT NULL,
  ADD COLUMN flight_offer jsonb,
  ADD CONSTRAINT cart_items_product_or_flight CHECK (
    CASE WHEN flight_offer IS NULL
      THEN product_id IS NOT NULL AND variant_id IS NOT NULL AND unit_id IS NOT NULL
      ELSE product_id IS NULL AND variant_id IS NULL AND unit_id IS NULL AND hold_id IS NULL
    END);

ALTER TABLE sales_order_lines ADD COLUMN flight_offer jsonb;
