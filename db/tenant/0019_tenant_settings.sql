-- The agency's own settings, kept by its admin: where trip-request notifications go, how long a quote stays
-- valid, and its sales tax. One row (id is always true); a missing row means every default.
CREATE TABLE tenant_settings (
  id                      boolean PRIMARY KEY DEFAULT true CHECK (id),
  notification_email      text,
  quote_validity_days     integer NOT NULL DEFAULT 30 CHECK (quote_validity_days BETWEEN 1 AND 365),
  vat_rate_percent        numeric(5, 2) NOT NULL DEFAULT 0 CHECK (vat_rate_percent BETWEEN 0 AND 100),
  tax_registration_number text,
  prices_include_tax      boolean NOT NULL DEFAULT false,
  updated_by              integer,
  updated_at              timestamptz NOT NULL DEFAULT now()
);
