-- Cruise pricing (issue 32): prices hold the minor unit of every currency a cruise line charges in, the Gulf's
-- three-decimal ones (OMR, KWD, BHD) included, as back-office bookings do (numeric(14, 3)).
ALTER TABLE cruise_cabin_price_templates ALTER COLUMN price TYPE numeric(14, 3);
ALTER TABLE cruise_other_charge_templates ALTER COLUMN price TYPE numeric(14, 3);
ALTER TABLE cruise_cabin_charges ALTER COLUMN price TYPE numeric(14, 3);
ALTER TABLE cruise_other_charges ALTER COLUMN price TYPE numeric(14, 3);
-- The customer's name when the booking was made (as back-office bookings keep it): lists and the manifest show it
-- without reading the customers area's table.
ALTER TABLE cruise_bookings ADD COLUMN customer_name text NOT NULL DEFAULT '';
