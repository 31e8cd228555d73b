// Visa invoices as an owner of payment links (the payments area): a link takes an UNPAID invoice's total; once
// paid, the invoice is PAID (once) and the customer is sent a confirmation naming the invoice, the visa and its
// applicants. The payer comes back to /payment/visa/return, one page for every outcome, and pays again after a
// decline or a cancel at /payment/visa/retry.
import type { Queryable } from '../../../platform/database/connections.js';
import { ApiError, ErrorCode } from '../../../platform/http/errors.js';
import { toMinor } from '../../../platform/money.js';
import { displayDate } from '../../../platform/time.js';
import type { CustomersApi } from '../../customers/index.js';
import type { OwnerSummary, PaymentOwner, SummaryLine } from '../../payments/index.js';
import { applicantsRepository as applicants, applicationsRepository as applications } from '../model/index.js';
import { invoicesRepository as invoices } from '../model/index.js';

export const RETURN_PATH = '/payment/visa/return';

const visaName = (type: string) => `${type.charAt(0)}${type.slice(1).toLowerCase()} visa`;

/** What an invoice's payment paid for: the invoice, the visa and its applicants; the customer is the payer. */
async function summaryOf(
  deps: { customers: Pick<CustomersApi, 'findById'> },
  db: Queryable,
  invoiceId: number,
  now: Date,
): Promise<OwnerSummary | undefined> {
  const invoice = await invoices.selectInvoice(db, invoiceId, now);
  if (!invoice) return undefined;
  const [application, lines, people, customer] = await Promise.all([
    applications.selectApplication(db, invoice.application_id),
    invoices.selectLines(db, invoiceId),
    applicants.selectApplicantsOf(db, invoice.application_id),
    deps.customers.findById(db, invoice.customer_id),
  ]);
  // the applicants the invoice bills, else every applicant of the application
  const billed = new Set(lines.flatMap((line) => (line.applicant_id === null ? [] : [line.applicant_id])));
  const named = people.filter((person) => billed.size === 0 || billed.has(person.applicant_id));
  const summary: SummaryLine[] = [
    { label: 'Invoice', value: invoice.invoice_number },
    { label: 'Application', value: invoice.application_number },
  ];
  if (application) {
    const dates = application.travel_date ? `, travelling ${displayDate(application.travel_date)}` : '';
    summary.push({
      label: 'Visa',
      value: `${visaName(application.visa_type)} for ${application.destination_country_name}${dates}`,
    });
  }
  if (named.length > 0) {
    const names = named.map((person) => `${person.first_name} ${person.last_name}`).join(', ');
    summary.push({ label: named.length === 1 ? 'Applicant' : 'Applicants', value: names });
  }
  return {
    title: `Visa invoice ${invoice.invoice_number}`,
    lines: summary,
    payer: { name: customer?.custName ?? invoice.customer_name, email: customer?.email ?? null },
  };
}

export function invoicePaymentOwner(deps: { customers: Pick<CustomersApi, 'findById'> }): PaymentOwner {
  return {
    kind: 'visa-invoice',
    noun: 'Visa invoice',
    lock: invoices.lockInvoiceRow,
    async amountOf(db, invoiceId, now) {
      const invoice = await invoices.selectInvoice(db, invoiceId, now);
      if (!invoice) return undefined;
      const name = `Invoice ${invoice.invoice_number}`;
      if (invoice.status !== 'UNPAID') {
        throw new ApiError(ErrorCode.INVALID_STATE, `${name} is ${invoice.status}; no payment is taken`);
      }
      return {
        name,
        amountMinor: toMinor(invoice.total_amount, invoice.currency),
        currency: invoice.currency,
        referencePrefix: invoice.invoice_number,
        description: `visa invoice ${invoice.invoice_number}`,
        customer: { name: invoice.customer_name },
      };
    },
    async onPaid(tx, link, scope) {
      await invoices.markPaid(tx, link.ownerId, scope.now);
    },
    summaryOf: (db, invoiceId, now) => summaryOf(deps, db, invoiceId, now),
    returns: {
      style: 'simple',
      path: RETURN_PATH,
      retry: '/payment/visa/retry',
      paidMeans: 'the invoice becomes PAID and the customer gets a confirmation e-mail',
    },
  };
}
