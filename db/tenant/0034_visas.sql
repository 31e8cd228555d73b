-- Visas (issue 17, spec part 2 "Visa", contract §7.5): applications of a customer with their applicants, the
-- documents each applicant hands in (files kept by the documents area's uploads), deliveries of the passports,
-- the requirements staff keep per destination, nationality and visa type, and invoices with their payment links.
-- Country codes are ISO 3166-1 alpha-2; their English names are copied when written (search rows carry them).

-- VA-<yyyy>-<nnnnn> and VI-<yyyy>-<nnnnn>: gapless per tenant, kind and year (the tenant's calendar).
CREATE TABLE visa_counters (
  kind        text NOT NULL CHECK (kind IN ('APPLICATION', 'INVOICE')),
  year        integer NOT NULL,
  last_number integer NOT NULL,
  PRIMARY KEY (kind, year)
);

CREATE TABLE visa_applications (
  application_id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  application_number       text NOT NULL UNIQUE,
  customer_id              integer NOT NULL REFERENCES customers,
  -- the customer's name when the application was last written (search rows show it without a join)
  customer_name            text NOT NULL,
  destination_country      text NOT NULL CHECK (destination_country ~ '^[A-Z]{2}$'),
  destination_country_name text NOT NULL,
  visa_type                text NOT NULL CHECK (visa_type IN ('TOURIST', 'BUSINESS', 'TRANSIT', 'STUDENT', 'WORK')),
  travel_date              date,
  return_date              date CHECK (return_date >= travel_date),
  status                   text NOT NULL DEFAULT 'NEW' CHECK (status IN ('NEW', 'IN_PROGRESS', 'SUBMITTED', 'APPROVED',
                             'REJECTED', 'CANCELLED')),
  notes                    text,
  -- an employee let it go to SUBMITTED without a paid invoice: who, why and when
  override_by              integer,
  override_reason          text,
  override_at              timestamptz,
  created_by               integer,
  created_at               timestamptz NOT NULL,
  updated_at               timestamptz NOT NULL
);
CREATE INDEX visa_applications_newest ON visa_applications (created_at DESC, application_id DESC);
CREATE INDEX visa_applications_customer ON visa_applications (customer_id, created_at DESC);
CREATE INDEX visa_applications_status ON visa_applications (status, created_at DESC);
CREATE INDEX visa_applications_destination ON visa_applications (destination_country, created_at DESC);
-- a destination with a status (the work list of a consulate desk), newest first
CREATE INDEX visa_applications_destination_status
  ON visa_applications (destination_country, status, created_at DESC);
CREATE INDEX visa_applications_travel ON visa_applications (travel_date);

CREATE TABLE visa_applicants (
  applicant_id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  application_id       integer NOT NULL REFERENCES visa_applications ON DELETE CASCADE,
  first_name           text NOT NULL,
  last_name            text NOT NULL,
  passport_number      text NOT NULL,
  passport_issue_date  date,
  passport_expiry_date date,
  nationality          text NOT NULL CHECK (nationality ~ '^[A-Z]{2}$'),
  nationality_name     text NOT NULL,
  date_of_birth        date NOT NULL,
  place_of_birth       text,
  gender               text CHECK (gender IN ('M', 'F')),
  email                text,
  phone                text,
  occupation           text,
  employer             text,
  address              text,
  status               text NOT NULL DEFAULT 'DOCUMENTS_PENDING'
                         CHECK (status IN ('DOCUMENTS_PENDING', 'DOCUMENTS_COMPLETE')),
  created_at           timestamptz NOT NULL,
  updated_at           timestamptz NOT NULL
);
CREATE INDEX visa_applicants_application ON visa_applicants (application_id, applicant_id);
CREATE INDEX visa_applicants_passport ON visa_applicants (passport_number);

CREATE TABLE visa_documents (
  document_id   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  applicant_id  integer NOT NULL REFERENCES visa_applicants ON DELETE CASCADE,
  document_type text NOT NULL,
  file_name     text NOT NULL,
  -- the saved name of the documents area's upload holding the file (never a path)
  file_url      text NOT NULL,
  file_size     integer NOT NULL,
  status        text NOT NULL DEFAULT 'UPLOADED' CHECK (status IN ('UPLOADED', 'VERIFIED', 'REJECTED')),
  expiry_date   date,
  notes         text,
  uploaded_at   timestamptz NOT NULL,
  verified_at   timestamptz,
  -- the employee (user id) who verified it
  verified_by   integer,
  updated_at    timestamptz NOT NULL,
  CHECK ((status = 'VERIFIED') = (verified_at IS NOT NULL))
);
CREATE INDEX visa_documents_applicant ON visa_documents (applicant_id, document_id);
CREATE INDEX visa_documents_file ON visa_documents (file_url);

CREATE TABLE visa_deliveries (
  delivery_id     integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  application_id  integer NOT NULL REFERENCES visa_applications ON DELETE CASCADE,
  delivery_type   text NOT NULL CHECK (delivery_type IN ('PICKUP', 'COURIER')),
  address         text,
  city            text,
  postal_code     text,
  contact_name    text,
  contact_phone   text,
  scheduled_date  date,
  status          text NOT NULL CHECK (status IN ('PENDING', 'SCHEDULED', 'IN_TRANSIT', 'DELIVERED', 'CANCELLED')),
  tracking_number text,
  courier_company text,
  notes           text,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);
CREATE INDEX visa_deliveries_application ON visa_deliveries (application_id, delivery_id);
CREATE INDEX visa_deliveries_status ON visa_deliveries (status, delivery_id DESC);

-- What a visa needs: per destination, visa type and nationality (NULL: any nationality without a row of its own).
CREATE TABLE visa_requirements (
  requirement_id      integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  destination_country text NOT NULL CHECK (destination_country ~ '^[A-Z]{2}$'),
  nationality         text CHECK (nationality ~ '^[A-Z]{2}$'),
  visa_type           text NOT NULL CHECK (visa_type IN ('TOURIST', 'BUSINESS', 'TRANSIT', 'STUDENT', 'WORK')),
  document_types      text[] NOT NULL CHECK (cardinality(document_types) > 0),
  visa_fee            numeric(14, 3) NOT NULL CHECK (visa_fee >= 0),
  service_fee         numeric(14, 3) NOT NULL CHECK (service_fee >= 0),
  currency            text NOT NULL,
  processing_days     integer NOT NULL CHECK (processing_days >= 0),
  notes               text,
  created_at          timestamptz NOT NULL,
  updated_at          timestamptz NOT NULL
);
CREATE UNIQUE INDEX visa_requirements_key
  ON visa_requirements (destination_country, visa_type, coalesce(nationality, ''));

-- An application's invoice: visa fee + service fee per applicant. One open (UNPAID or PAID) invoice per application.
CREATE TABLE visa_invoices (
  invoice_id     integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  invoice_number text NOT NULL UNIQUE,
  application_id integer NOT NULL REFERENCES visa_applications ON DELETE CASCADE,
  currency       text NOT NULL,
  total_amount   numeric(14, 3) NOT NULL CHECK (total_amount > 0),
  status         text NOT NULL DEFAULT 'UNPAID' CHECK (status IN ('UNPAID', 'PAID', 'CANCELLED')),
  notes          text,
  paid_at        timestamptz,
  created_by     integer,
  created_at     timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL
);
CREATE UNIQUE INDEX visa_invoices_open ON visa_invoices (application_id) WHERE status <> 'CANCELLED';
CREATE INDEX visa_invoices_newest ON visa_invoices (created_at DESC, invoice_id DESC);

CREATE TABLE visa_invoice_lines (
  invoice_id   integer NOT NULL REFERENCES visa_invoices ON DELETE CASCADE,
  line_no      integer NOT NULL,
  applicant_id integer REFERENCES visa_applicants ON DELETE SET NULL,
  fee_kind     text NOT NULL CHECK (fee_kind IN ('VISA_FEE', 'SERVICE_FEE')),
  description  text NOT NULL,
  amount       numeric(14, 3) NOT NULL CHECK (amount >= 0),
  PRIMARY KEY (invoice_id, line_no)
);

-- A payment link for an UNPAID invoice. ACTIVE until paid, declined, cancelled or past expires_at.
CREATE TABLE visa_invoice_links (
  link_id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  invoice_id          integer NOT NULL REFERENCES visa_invoices ON DELETE CASCADE,
  -- our reference given to the gateway (its cart id), the `ref` of the return address
  link_reference      text NOT NULL UNIQUE,
  gateway_order_ref   text NOT NULL,
  payment_url         text NOT NULL,
  amount              numeric(14, 3) NOT NULL CHECK (amount > 0),
  currency            text NOT NULL,
  status              text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'PAID', 'DECLINED', 'CANCELLED', 'EXPIRED')),
  -- the return address's `t`: only its hash is kept
  callback_token_hash bytea NOT NULL,
  expires_at          timestamptz NOT NULL,
  settled_at          timestamptz,
  created_at          timestamptz NOT NULL
);
CREATE UNIQUE INDEX visa_invoice_links_active ON visa_invoice_links (invoice_id) WHERE status = 'ACTIVE';
CREATE INDEX visa_invoice_links_open ON visa_invoice_links (link_id) WHERE status = 'ACTIVE';
