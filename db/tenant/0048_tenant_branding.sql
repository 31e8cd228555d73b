-- The agency's look on the pages its customers and staff see (the sign-in page, ticket, quote and payment pages,
-- their error pages): two colours as #rrggbb (null: the service's own). The contact those pages give for help is
-- the agency's e-mail and phone of 0047 (contact_email, phone), the ones its documents print.
ALTER TABLE tenant_settings
  ADD COLUMN brand_color  text CHECK (brand_color ~ '^#[0-9a-f]{6}$'),
  ADD COLUMN accent_color text CHECK (accent_color ~ '^#[0-9a-f]{6}$');
