-- A free-sale product is sold on any date of its sales period without inventory: no capacity limit applies and
-- no seats are held (contract §7.2). Quantity rules and the sales period still do.
ALTER TABLE products ADD COLUMN free_sale boolean NOT NULL DEFAULT false;
