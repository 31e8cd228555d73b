-- The agency's look and contact on the pages its customers and staff see (the sign-in page, ticket, quote and
-- payment pages, their error pages): two colours as #rrggbb (null: the service's own), and the address and phone
-- number those pages give for help (null: not shown).
ALTER TABLE tenant_settings
  ADD COLUMN brand_color   text CHECK (brand_color ~ '^#[0-9a-f]{6}$'),
  ADD COLUMN accent_color  text CHECK (accent_color ~ '^#[0-9a-f]{6}$'),
  ADD COLUMN contact_email text,
  ADD COLUMN contact_phone text;
