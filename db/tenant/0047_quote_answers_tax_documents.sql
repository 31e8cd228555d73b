-- What customers and staff see (issue 30, items 4 and 5): the agency's identity on tax documents, the terms of its
-- quotes, how long its invoices may stay unpaid and where to pay them; a customer's reason for declining a quote and
-- the terms a quote was sent with; an invoice's due date and the key of its payment page.

-- The agency as its tax invoices name it (legal name, address, contact), its bank details for payment by transfer,
-- the terms printed under its quotes, and its payment terms (days from issue to due date; 0: due on receipt).
ALTER TABLE tenant_settings
  ADD COLUMN legal_name         text,
  ADD COLUMN address            text,
  ADD COLUMN phone              text,
  ADD COLUMN contact_email      text,
  ADD COLUMN bank_details       text,
  ADD COLUMN quote_terms        text,
  ADD COLUMN invoice_due_days   integer NOT NULL DEFAULT 0 CHECK (invoice_due_days BETWEEN 0 AND 365);

-- The terms a quote was sent with (a DRAFT shows the settings' current ones), and why the customer declined it.
ALTER TABLE quotes
  ADD COLUMN terms          text,
  ADD COLUMN decline_reason text;

-- An invoice is due on its due date (issue date + the payment terms in force when it was issued; invoices issued
-- before this were due on issue). Its payment page is keyed by a random key (122 bits), printed on the invoice as
-- the page's address, the way a booking's access code is kept: it lets its holder see what is due and pay it.
ALTER TABLE invoices
  ADD COLUMN due_date date,
  ADD COLUMN pay_key  text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');
UPDATE invoices SET due_date = issue_date;
ALTER TABLE invoices
  ALTER COLUMN due_date SET NOT NULL,
  ADD CONSTRAINT invoices_due_after_issue CHECK (due_date >= issue_date);
