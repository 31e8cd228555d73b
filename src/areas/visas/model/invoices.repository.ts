// SQL of visa invoices and their lines. Plain rows out; amounts as exact decimal text. Changes run under the invoice's
// row lock (the caller's transaction); at most one open (UNPAID or PAID) invoice per application (a unique index).
import type { Queryable } from '../../../platform/database/connections.js';
import type { InvoiceStatus } from '../visas.rules.js';

export interface InvoiceRow {
  invoice_id: number;
  invoice_number: string;
  application_id: number;
  application_number: string;
  customer_id: number;
  customer_name: string;
  currency: string;
  total_amount: string;
  status: InvoiceStatus;
  notes: string | null;
  paid_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** The ACTIVE payment link's page, if one is open (and not past its expiry). */
  payment_url: string | null;
}

export interface InvoiceLineRow {
  line_no: number;
  applicant_id: number | null;
  fee_kind: 'VISA_FEE' | 'SERVICE_FEE';
  description: string;
  amount: string;
}

const columns = (db: Queryable, now: Date) => db`
  i.invoice_id, i.invoice_number, i.application_id, a.application_number, a.customer_id, a.customer_name, i.currency,
  i.total_amount::text AS total_amount, i.status, i.notes, i.paid_at, i.created_at, i.updated_at,
  (SELECT l.payment_url FROM visa_invoice_links l
   WHERE l.invoice_id = i.invoice_id AND l.status = 'ACTIVE' AND l.expires_at > ${now}) AS payment_url`;

export interface NewInvoice {
  invoiceNumber: string;
  applicationId: number;
  currency: string;
  totalAmount: string;
  notes: string | null;
  createdBy: number | null;
  now: Date;
}

export async function insertInvoice(db: Queryable, invoice: NewInvoice): Promise<number> {
  const [row] = await db<{ invoice_id: number }[]>`
    INSERT INTO visa_invoices (invoice_number, application_id, currency, total_amount, notes, created_by, created_at,
                               updated_at)
    VALUES (${invoice.invoiceNumber}, ${invoice.applicationId}, ${invoice.currency}, ${invoice.totalAmount}::numeric,
            ${invoice.notes}, ${invoice.createdBy}, ${invoice.now}, ${invoice.now})
    RETURNING invoice_id`;
  if (!row) throw new Error('invoice insert returned no row');
  return row.invoice_id;
}

export interface NewInvoiceLine {
  applicantId: number;
  feeKind: InvoiceLineRow['fee_kind'];
  description: string;
  amount: string;
}

export async function replaceLines(db: Queryable, invoiceId: number, lines: readonly NewInvoiceLine[]): Promise<void> {
  await db`DELETE FROM visa_invoice_lines WHERE invoice_id = ${invoiceId}`;
  const rows = lines.map((line, index) => ({
    invoice_id: invoiceId,
    line_no: index + 1,
    applicant_id: line.applicantId,
    fee_kind: line.feeKind,
    description: line.description,
    amount: line.amount,
  }));
  if (rows.length > 0) await db`INSERT INTO visa_invoice_lines ${db(rows)}`;
}

export async function updateInvoice(
  db: Queryable,
  invoiceId: number,
  change: { totalAmount: string; status: InvoiceStatus; notes: string | null; now: Date },
): Promise<void> {
  await db`
    UPDATE visa_invoices
    SET total_amount = ${change.totalAmount}::numeric, status = ${change.status}, notes = ${change.notes},
        updated_at = ${change.now}
    WHERE invoice_id = ${invoiceId}`;
}

/** Marks an UNPAID invoice PAID; false when it was not UNPAID (paid already, or cancelled). */
export async function markPaid(db: Queryable, invoiceId: number, now: Date): Promise<boolean> {
  const rows = await db`
    UPDATE visa_invoices SET status = 'PAID', paid_at = ${now}, updated_at = ${now}
    WHERE invoice_id = ${invoiceId} AND status = 'UNPAID'
    RETURNING invoice_id`;
  return rows.length === 1;
}

export async function selectInvoice(db: Queryable, invoiceId: number, now: Date): Promise<InvoiceRow | undefined> {
  const [row] = await db<InvoiceRow[]>`
    SELECT ${columns(db, now)} FROM visa_invoices i JOIN visa_applications a USING (application_id)
    WHERE i.invoice_id = ${invoiceId}`;
  return row;
}

/** The invoice's row lock alone (a statement of its own); false when there is no such invoice. */
export async function lockInvoiceRow(db: Queryable, invoiceId: number): Promise<boolean> {
  const locked = await db`SELECT invoice_id FROM visa_invoices WHERE invoice_id = ${invoiceId} FOR UPDATE`;
  return locked.length === 1;
}

/** The invoice under its lock, read by a statement after the one that took it (it sees a link made meanwhile). */
export async function lockInvoice(db: Queryable, invoiceId: number, now: Date): Promise<InvoiceRow | undefined> {
  return (await lockInvoiceRow(db, invoiceId)) ? selectInvoice(db, invoiceId, now) : undefined;
}

export async function invoiceExists(db: Queryable, invoiceId: number): Promise<boolean> {
  const rows = await db`SELECT 1 FROM visa_invoices WHERE invoice_id = ${invoiceId}`;
  return rows.length === 1;
}

/** The application's invoice that is not cancelled, if any. */
export async function selectOpenInvoiceOf(
  db: Queryable,
  applicationId: number,
  now: Date,
): Promise<InvoiceRow | undefined> {
  const [row] = await db<InvoiceRow[]>`
    SELECT ${columns(db, now)} FROM visa_invoices i JOIN visa_applications a USING (application_id)
    WHERE i.application_id = ${applicationId} AND i.status <> 'CANCELLED'`;
  return row;
}

export function selectLines(db: Queryable, invoiceId: number): Promise<InvoiceLineRow[]> {
  return db<InvoiceLineRow[]>`
    SELECT line_no, applicant_id, fee_kind, description, amount::text AS amount
    FROM visa_invoice_lines WHERE invoice_id = ${invoiceId} ORDER BY line_no`;
}

export interface InvoiceFilter {
  applicationId: number | null;
  customerId: number | null;
  status: InvoiceStatus | null;
}

export function searchInvoices(db: Queryable, filter: InvoiceFilter, limit: number, now: Date): Promise<InvoiceRow[]> {
  return db<InvoiceRow[]>`
    SELECT ${columns(db, now)} FROM visa_invoices i JOIN visa_applications a USING (application_id)
    WHERE (${filter.applicationId}::int IS NULL OR i.application_id = ${filter.applicationId})
      AND (${filter.customerId}::int IS NULL OR a.customer_id = ${filter.customerId})
      AND (${filter.status}::text IS NULL OR i.status = ${filter.status})
    ORDER BY i.created_at DESC, i.invoice_id DESC
    LIMIT ${limit}`;
}
