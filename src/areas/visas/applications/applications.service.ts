// Visa applications: written for a customer of the customers area, numbered per tenant and year, moved through their
// statuses by writeapplication (contract §7.5), read with their applicants and what they still miss, searched with
// their applicant counts. SUBMITTED needs a paid invoice, unless an employee recorded an override (who and why).
import type { Queryable } from '../../../platform/database/connections.js';
import { nextNumber } from '../../../platform/database/counters.js';
import { withTransaction } from '../../../platform/database/transaction.js';
import { ApiError, ErrorCode, invalidFormat, notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { decimalAmount } from '../../../platform/money.js';
import { formatDate, formatDateTime } from '../../../platform/time.js';
import type { CommonApi } from '../../common/index.js';
import type { CustomersApi } from '../../customers/index.js';
import { applicantsWithDocuments, refreshApplicantStatus } from './applicant-documents.js';
import {
  applicantsRepository as applicants,
  applicationsRepository as repo,
  invoicesRepository as invoices,
  type RequirementsProvider,
  type Application,
  type ApplicationSummary,
  type OverridePaymentRequest,
  type SearchApplicationsRequest,
  type WriteApplicationRequest,
  toApplicationFields,
  toApplicationSummary,
} from '../model/index.js';
import {
  type ApplicationStatus,
  checkApplicationMove,
  documentNumber,
  isClosedApplication,
  LIMITS,
  likeEscaped,
} from '../visas.rules.js';

export interface VisaDeps {
  customers: Pick<CustomersApi, 'findById'>;
  countries: Pick<CommonApi, 'countryByCode'>;
  requirements: RequirementsProvider;
}

const refused = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);

/** The country of a code the caller sent, or INVALID_FORMAT naming the parameter. */
export async function knownCountry(
  deps: Pick<VisaDeps, 'countries'>,
  db: Queryable,
  code: string,
  parameter: string,
): Promise<{ code: string; name: string }> {
  const country = /^[A-Za-z]{2}$/.test(code.trim()) ? await deps.countries.countryByCode(db, code) : undefined;
  if (!country) throw invalidFormat(parameter, `is not an ISO 3166-1 alpha-2 country code (${code})`);
  return { code: country.countryCode, name: country.countryName };
}

async function read(deps: VisaDeps, ctx: TenantContext, applicationId: number): Promise<Application> {
  const row = await repo.selectApplication(ctx.db, applicationId);
  if (!row) throw notFound('Visa application');
  const timezone = ctx.tenant.timezone;
  const people = await applicantsWithDocuments(
    deps.requirements,
    ctx,
    await applicants.selectApplicantsOf(ctx.db, applicationId),
  );
  const invoice = await invoices.selectOpenInvoiceOf(ctx.db, applicationId, ctx.now);
  return {
    ...toApplicationFields(row, timezone),
    applicants: people,
    missingDocuments: people
      .filter((person) => person.missingDocuments.length > 0)
      .map((person) => ({
        applicantId: person.applicantId,
        fullName: person.fullName,
        documentTypes: person.missingDocuments,
      })),
    invoice: invoice
      ? {
          invoiceId: invoice.invoice_id,
          invoiceNumber: invoice.invoice_number,
          status: invoice.status,
          totalAmount: decimalAmount(invoice.total_amount, invoice.currency),
          currency: invoice.currency,
        }
      : null,
    paymentOverride:
      row.override_at === null || row.override_reason === null
        ? null
        : {
            overriddenBy: row.override_by,
            reason: row.override_reason,
            overriddenAt: formatDateTime(row.override_at, timezone),
          },
  };
}

/** SUBMITTED needs the application's invoice PAID, or an override on record. */
async function checkSubmittable(db: Queryable, row: repo.ApplicationRow, now: Date): Promise<void> {
  if (row.override_at !== null) return;
  const invoice = await invoices.selectOpenInvoiceOf(db, row.application_id, now);
  if (invoice?.status === 'PAID') return;
  throw refused(
    `Application ${row.application_number} is ${row.status}; it moves to SUBMITTED once its invoice is paid ` +
      `(${invoice ? `invoice ${invoice.invoice_number} is ${invoice.status}` : 'it has no invoice'}), or with an ` +
      'override (/visa/overridepayment)',
  );
}

async function write(deps: VisaDeps, ctx: TenantContext, input: WriteApplicationRequest): Promise<Application> {
  const country = await knownCountry(deps, ctx.db, input.destinationCountry, 'destinationCountry');
  const customer = await deps.customers.findById(ctx.db, input.customerId);
  if (!customer) throw notFound('Customer');
  const applicationId = await withTransaction(ctx, async (tx) => {
    const base = {
      customerId: customer.customerId,
      customerName: customer.custName,
      destinationCountry: country.code,
      destinationCountryName: country.name,
      visaType: input.visaType,
      now: ctx.now,
    };
    if (input.applicationId === undefined) {
      if (input.status !== undefined && input.status !== 'NEW') {
        throw refused(`A new application is NEW; it cannot be created ${input.status}`);
      }
      const values = { ...base, ...datesOf(input, null), status: 'NEW' as const, notes: input.notes ?? null };
      const year = Number(formatDate(ctx.now, ctx.tenant.timezone).slice(0, 4));
      const number = documentNumber('VA', year, await nextNumber(tx, 'VA', year));
      return repo.insertApplication(tx, number, values, ctx.session?.userId ?? null);
    }
    const current = await repo.lockApplication(tx, input.applicationId);
    if (!current) throw notFound('Visa application');
    if (isClosedApplication(current.status)) {
      throw refused(`Application ${current.application_number} is ${current.status}; it is closed`);
    }
    const status: ApplicationStatus = input.status ?? current.status;
    checkApplicationMove(current.application_number, current.status, status);
    if (status === 'SUBMITTED' && current.status !== 'SUBMITTED') await checkSubmittable(tx, current, ctx.now);
    const values = { ...base, ...datesOf(input, current), status, notes: input.notes ?? current.notes };
    await repo.updateApplication(tx, current.application_id, values);
    if (current.destination_country !== country.code || current.visa_type !== input.visaType) {
      // another destination or visa type may require other documents: each applicant's status follows
      for (const row of await applicants.selectApplicantsOf(tx, current.application_id)) {
        await refreshApplicantStatus(deps.requirements, { db: tx, tenant: ctx.tenant }, row, ctx.now);
      }
    }
    return current.application_id;
  });
  return read(deps, ctx, applicationId);
}

async function search(
  deps: VisaDeps,
  ctx: TenantContext,
  input: SearchApplicationsRequest,
): Promise<ApplicationSummary[]> {
  if (input.fromDate !== undefined && input.toDate !== undefined && input.toDate < input.fromDate) {
    throw invalidFormat('toDate', `must not be before fromDate (${input.fromDate})`);
  }
  const destination =
    input.destinationCountry === undefined
      ? null
      : (await knownCountry(deps, ctx.db, input.destinationCountry, 'destinationCountry')).code;
  const filter: repo.ApplicationFilter = {
    customerId: input.customerId ?? null,
    status: input.status ?? null,
    destinationCountry: destination,
    travelFrom: input.fromDate ?? null,
    travelTo: input.toDate ?? null,
    keyword: input.keyword === undefined ? null : likeEscaped(input.keyword),
  };
  const rows = await repo.searchApplications(ctx.db, filter, input.limit ?? LIMITS.searchRows, ctx.tenant.timezone);
  return rows.map(toApplicationSummary);
}

/** Lets an open application go to SUBMITTED without a paid invoice; who and why are kept with it. */
async function overridePayment(
  deps: VisaDeps,
  ctx: TenantContext,
  input: OverridePaymentRequest,
): Promise<Application> {
  await withTransaction(ctx, async (tx) => {
    const current = await repo.lockApplication(tx, input.applicationId);
    if (!current) throw notFound('Visa application');
    if (current.status !== 'NEW' && current.status !== 'IN_PROGRESS') {
      throw refused(
        `Application ${current.application_number} is ${current.status}; only NEW or IN_PROGRESS ones take an override`,
      );
    }
    await repo.recordOverride(tx, current.application_id, {
      by: ctx.session?.userId ?? null,
      reason: input.reason,
      now: ctx.now,
    });
  });
  return read(deps, ctx, input.applicationId);
}

export function createApplicationService(deps: VisaDeps) {
  return {
    read: (ctx: TenantContext, applicationId: number) => read(deps, ctx, applicationId),
    write: (ctx: TenantContext, input: WriteApplicationRequest) => write(deps, ctx, input),
    search: (ctx: TenantContext, input: SearchApplicationsRequest) => search(deps, ctx, input),
    overridePayment: (ctx: TenantContext, input: OverridePaymentRequest) => overridePayment(deps, ctx, input),
  };
}

/** The travel dates a write leaves: given ones replace the stored ones; the return may not come before travel. */
function datesOf(
  input: Pick<WriteApplicationRequest, 'travelDate' | 'returnDate'>,
  current: Pick<repo.ApplicationRow, 'travel_date' | 'return_date'> | null,
): { travelDate: string | null; returnDate: string | null } {
  const travelDate = input.travelDate ?? current?.travel_date ?? null;
  const returnDate = input.returnDate ?? current?.return_date ?? null;
  if (travelDate !== null && returnDate !== null && returnDate < travelDate) {
    throw invalidFormat('returnDate', `must not be before travelDate (${travelDate})`);
  }
  return { travelDate, returnDate };
}

export type ApplicationService = ReturnType<typeof createApplicationService>;
