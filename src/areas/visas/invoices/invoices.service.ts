// Visa invoices: per applicant, the visa fee and the service fee of its requirement (the service fee may be given
// instead), in one currency. One open invoice per application; an UNPAID one without an active payment link may be
// written again (its lines follow the applicants as they are now) or CANCELLED. It becomes PAID through its payment
// link (invoice-payment-link.ts).
import type { TransactionSql } from '../../../platform/database/connections.js';
import { nextNumber } from '../../../platform/database/counters.js';
import { withTransaction } from '../../../platform/database/transaction.js';
import { ApiError, ErrorCode, notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { decimalAmount, minorToDecimalString, toMinor } from '../../../platform/money.js';
import { formatDate, formatDateTime } from '../../../platform/time.js';
import {
  applicantsRepository as applicants,
  applicationsRepository as applications,
  invoicesRepository as repo,
  type Invoice,
  type InvoiceSummary,
  type SearchInvoicesRequest,
  type WriteInvoiceRequest,
} from '../model/index.js';
import type { VisaDeps } from '../applications/index.js';
import { documentNumber, isClosedApplication, LIMITS } from '../visas.rules.js';

const refused = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);

export function toInvoiceSummary(row: repo.InvoiceRow, timezone: string): InvoiceSummary {
  return {
    invoiceId: row.invoice_id,
    invoiceNumber: row.invoice_number,
    applicationId: row.application_id,
    applicationNumber: row.application_number,
    customerId: row.customer_id,
    customerName: row.customer_name,
    status: row.status,
    currency: row.currency,
    totalAmount: decimalAmount(row.total_amount, row.currency),
    paymentLinkActive: row.payment_url !== null,
    paidAt: row.paid_at === null ? null : formatDateTime(row.paid_at, timezone),
    notes: row.notes,
    createDate: formatDateTime(row.created_at, timezone),
    updateDate: formatDateTime(row.updated_at, timezone),
  };
}

interface PricedLines {
  currency: string;
  lines: repo.NewInvoiceLine[];
  totalMinor: number;
}

/** Two lines per applicant from its requirement; refused when one has none or the currencies differ. */
async function priceApplicants(
  deps: VisaDeps,
  ctx: TenantContext,
  tx: TransactionSql,
  application: applications.ApplicationRow,
  serviceFee: number | undefined,
): Promise<PricedLines> {
  const rows = await applicants.selectApplicantsOf(tx, application.application_id);
  const name = `Application ${application.application_number}`;
  if (rows.length === 0) throw refused(`${name} has no applicants to invoice`);
  let currency: string | undefined;
  const lines: repo.NewInvoiceLine[] = [];
  let totalMinor = 0;
  for (const row of rows) {
    const key = { destinationCountry: row.destination_country, visaType: row.visa_type, nationality: row.nationality };
    const requirement = await deps.requirements.find({ db: tx, tenant: ctx.tenant }, key);
    const fullName = `${row.first_name} ${row.last_name}`;
    if (!requirement) {
      throw refused(
        `${name}: no requirement for ${key.destinationCountry} ${key.visaType} visas of ${key.nationality} ` +
          `(applicant ${fullName}); write one with /visa/writerequirement`,
      );
    }
    currency ??= requirement.currency;
    if (requirement.currency !== currency)
      throw refused(`${name}: its requirements are in ${currency} and ${requirement.currency}`);
    const visaFee = toMinor(requirement.visaFee, currency);
    const service = toMinor(serviceFee ?? requirement.serviceFee, currency);
    totalMinor += visaFee + service;
    const at = (minor: number) => minorToDecimalString(minor, requirement.currency);
    lines.push(
      { applicantId: row.applicant_id, feeKind: 'VISA_FEE', description: `Visa fee: ${fullName}`, amount: at(visaFee) },
      {
        applicantId: row.applicant_id,
        feeKind: 'SERVICE_FEE',
        description: `Service fee: ${fullName}`,
        amount: at(service),
      },
    );
  }
  if (currency === undefined || totalMinor <= 0) throw refused(`${name} has nothing to invoice (every fee is 0)`);
  return { currency, lines, totalMinor };
}

async function read(ctx: TenantContext, invoiceId: number): Promise<Invoice> {
  const row = await repo.selectInvoice(ctx.db, invoiceId, ctx.now);
  if (!row) throw notFound('Visa invoice');
  const lines = await repo.selectLines(ctx.db, invoiceId);
  return {
    ...toInvoiceSummary(row, ctx.tenant.timezone),
    paymentUrl: row.payment_url,
    lines: lines.map((line) => ({
      lineNo: line.line_no,
      applicantId: line.applicant_id,
      feeKind: line.fee_kind,
      description: line.description,
      amount: decimalAmount(line.amount, row.currency),
    })),
  };
}

async function create(
  deps: VisaDeps,
  ctx: TenantContext,
  tx: TransactionSql,
  input: WriteInvoiceRequest,
): Promise<number> {
  const application = await applications.lockApplication(tx, input.applicationId);
  if (!application) throw notFound('Visa application');
  if (isClosedApplication(application.status)) {
    throw refused(`Application ${application.application_number} is ${application.status}; it is not invoiced`);
  }
  if (input.status === 'CANCELLED') throw refused('A new invoice is UNPAID; it cannot be created CANCELLED');
  const open = await repo.selectOpenInvoiceOf(tx, application.application_id, ctx.now);
  if (open) {
    throw refused(
      `Application ${application.application_number} has invoice ${open.invoice_number} (${open.status}) already`,
    );
  }
  const priced = await priceApplicants(deps, ctx, tx, application, input.serviceFee);
  const year = Number(formatDate(ctx.now, ctx.tenant.timezone).slice(0, 4));
  const invoiceId = await repo.insertInvoice(tx, {
    invoiceNumber: documentNumber('VI', year, await nextNumber(tx, 'VI', year)),
    applicationId: application.application_id,
    currency: priced.currency,
    totalAmount: minorToDecimalString(priced.totalMinor, priced.currency),
    notes: input.notes ?? null,
    createdBy: ctx.session?.userId ?? null,
    now: ctx.now,
  });
  await repo.replaceLines(tx, invoiceId, priced.lines);
  return invoiceId;
}

async function update(
  deps: VisaDeps,
  ctx: TenantContext,
  tx: TransactionSql,
  invoiceId: number,
  input: WriteInvoiceRequest,
) {
  // lock order: the application, then its invoice (as a new invoice and a status move take them)
  const application = await applications.lockApplication(tx, input.applicationId);
  const invoice = await repo.lockInvoice(tx, invoiceId, ctx.now);
  if (!invoice || !application) throw notFound(invoice ? 'Visa application' : 'Visa invoice');
  if (invoice.application_id !== input.applicationId) {
    throw refused(`Invoice ${invoice.invoice_number} belongs to application ${invoice.application_number}`);
  }
  if (invoice.status !== 'UNPAID')
    throw refused(`Invoice ${invoice.invoice_number} is ${invoice.status}; it is not changed`);
  if (invoice.payment_url !== null) {
    throw refused(`Invoice ${invoice.invoice_number} has an active payment link; it is changed once the link ends`);
  }
  const notes = input.notes ?? invoice.notes;
  if (input.status === 'CANCELLED') {
    await repo.updateInvoice(tx, invoiceId, {
      totalAmount: invoice.total_amount,
      status: 'CANCELLED',
      notes,
      now: ctx.now,
    });
    return;
  }
  const priced = await priceApplicants(deps, ctx, tx, application, input.serviceFee);
  const totalAmount = minorToDecimalString(priced.totalMinor, priced.currency);
  if (priced.currency !== invoice.currency) {
    throw refused(
      `Invoice ${invoice.invoice_number} is in ${invoice.currency}; its requirements are now in ${priced.currency}`,
    );
  }
  await repo.updateInvoice(tx, invoiceId, { totalAmount, status: 'UNPAID', notes, now: ctx.now });
  await repo.replaceLines(tx, invoiceId, priced.lines);
}

async function write(deps: VisaDeps, ctx: TenantContext, input: WriteInvoiceRequest): Promise<Invoice> {
  const invoiceId = await withTransaction(ctx, async (tx) => {
    if (input.invoiceId === undefined) return create(deps, ctx, tx, input);
    await update(deps, ctx, tx, input.invoiceId, input);
    return input.invoiceId;
  });
  return read(ctx, invoiceId);
}

async function search(ctx: TenantContext, input: SearchInvoicesRequest): Promise<InvoiceSummary[]> {
  const filter: repo.InvoiceFilter = {
    applicationId: input.applicationId ?? null,
    customerId: input.customerId ?? null,
    status: input.status ?? null,
  };
  const rows = await repo.searchInvoices(ctx.db, filter, LIMITS.childRows, ctx.now);
  return rows.map((row) => toInvoiceSummary(row, ctx.tenant.timezone));
}

export function createInvoiceService(deps: VisaDeps) {
  return {
    read: (ctx: TenantContext, invoiceId: number) => read(ctx, invoiceId),
    write: (ctx: TenantContext, input: WriteInvoiceRequest) => write(deps, ctx, input),
    search: (ctx: TenantContext, input: SearchInvoicesRequest) => search(ctx, input),
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
