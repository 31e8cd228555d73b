-- Sales tax on orders and invoices (issue 13). A product may be exempt from the tenant's VAT. Each order line keeps
-- its net and tax beside its `total`, which is the line's gross, as it was; the order keeps the rate and the tax
-- registration number in force when it was placed, and the order it came from (a quote's number), if any; an invoice
-- keeps its net and tax totals beside its `total` (the gross). Orders and invoices made before this carry no tax:
-- net = total, tax 0.
ALTER TABLE products ADD COLUMN tax_exempt boolean NOT NULL DEFAULT false;

ALTER TABLE sales_orders
  ADD COLUMN tax_rate_percent numeric(5, 2) NOT NULL DEFAULT 0 CHECK (tax_rate_percent BETWEEN 0 AND 100),
  ADD COLUMN tax_registration_number text,
  ADD COLUMN reference text;

-- Lines invoiced from a quote may name no product, and a quote's quantity may be fractional (2.5 hours of a guide).
ALTER TABLE sales_order_lines
  ALTER COLUMN product_id DROP NOT NULL,
  ALTER COLUMN variant_id DROP NOT NULL,
  ALTER COLUMN quantity TYPE numeric(12, 3),
  ADD COLUMN net numeric(14, 3),
  ADD COLUMN tax numeric(14, 3) NOT NULL DEFAULT 0;
UPDATE sales_order_lines SET net = total;
ALTER TABLE sales_order_lines
  ALTER COLUMN net SET NOT NULL,
  ADD CONSTRAINT sales_order_lines_gross CHECK (total = net + tax);

ALTER TABLE invoices
  ADD COLUMN net_total numeric(14, 3),
  ADD COLUMN tax_total numeric(14, 3) NOT NULL DEFAULT 0;
UPDATE invoices SET net_total = total;
ALTER TABLE invoices
  ALTER COLUMN net_total SET NOT NULL,
  ADD CONSTRAINT invoices_gross CHECK (total = net_total + tax_total);
