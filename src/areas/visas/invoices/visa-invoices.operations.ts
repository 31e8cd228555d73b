// /visa/* requirements and invoices (contract §7.5 names: readrequirement, writerequirement, searchrequirement,
// readinvoice, writeinvoice, searchinvoice) and the invoice's payment link; the page the gateway sends its payer back
// to (/payment/visa/return) is the payments area's (invoice-payment-owner.ts).
import { Type } from '@sinclair/typebox';
import { type OperationDeclaration, operation, type TenantContext } from '../../../platform/http/operation.js';
import { RETURN_PATH } from './invoice-payment-owner.js';
import type { InvoiceService } from './invoices.service.js';
import type { RequirementService } from './requirements.service.js';
import {
  Invoice,
  InvoiceIdRequest,
  InvoiceSummary,
  PaymentLinkAnswer,
  Requirement,
  RequirementIdRequest,
  SearchInvoicesRequest,
  SearchRequirementsRequest,
  WriteInvoiceRequest,
  WriteRequirementRequest,
} from '../model/index.js';
import { forEmployees } from '../applications/index.js';
import { LIMITS } from '../visas.rules.js';

export function requirementOperations(requirements: RequirementService): OperationDeclaration[] {
  const readRequirement = operation({
    ...forEmployees,
    path: '/visa/readrequirement',
    summary: 'A visa requirement: documents, fees and processing days for a destination, visa type and nationality',
    input: RequirementIdRequest,
    records: { requirementId: 'visaRequirement' },
    response: Requirement,
    handler: (ctx, input) => requirements.read(ctx, input.requirementId),
  });
  const writeRequirement = operation({
    ...forEmployees,
    path: '/visa/writerequirement',
    summary: 'Create or change a visa requirement (nationality absent: every nationality without one of its own)',
    description:
      'One requirement per destination, visa type and nationality: a second one answers DUPLICATE. Fees are per ' +
      "applicant, in currency (default the tenant's), rounded to its minor unit. Applicants' statuses follow a changed " +
      'requirement when their documents or applications are next written. Unknown country codes: INVALID_FORMAT.',
    input: WriteRequirementRequest,
    records: { requirementId: 'visaRequirement' },
    response: Requirement,
    handler: (ctx, input) => requirements.write(ctx, input),
  });
  const searchRequirement = operation({
    ...forEmployees,
    path: '/visa/searchrequirement',
    summary: `Visa requirements matching every filter given, by destination and visa type (at most ${LIMITS.childRows})`,
    input: SearchRequirementsRequest,
    response: Type.Array(Requirement),
    handler: (ctx, input) => requirements.search(ctx, input),
  });
  return [readRequirement, writeRequirement, searchRequirement];
}

/** The invoice's payment link (the payments area's, answered with the invoice's id). */
export interface InvoicePaymentLinks {
  create(ctx: TenantContext, invoiceId: number): Promise<PaymentLinkAnswer>;
}

export function invoiceOperations(invoices: InvoiceService, links: InvoicePaymentLinks): OperationDeclaration[] {
  const readInvoice = operation({
    ...forEmployees,
    path: '/visa/readinvoice',
    summary: 'A visa invoice with its lines (visa fee and service fee per applicant) and its active payment link',
    input: InvoiceIdRequest,
    records: { invoiceId: 'visaInvoice' },
    response: Invoice,
    handler: (ctx, input) => invoices.read(ctx, input.invoiceId),
  });
  const writeInvoice = operation({
    ...forEmployees,
    path: '/visa/writeinvoice',
    summary:
      "Invoice an application (UNPAID, VI-<yyyy>-<nnnnn>) from its applicants' requirements, re-price or cancel it",
    description:
      "Per applicant a VISA_FEE and a SERVICE_FEE line (serviceFee replaces the requirement's). Refused with " +
      'INVALID_STATE: an application closed, without applicants, with an applicant whose requirement is unknown, or ' +
      'with an invoice not CANCELLED already; a change of an invoice that is not UNPAID or has an active payment link.',
    input: WriteInvoiceRequest,
    records: { invoiceId: 'visaInvoice', applicationId: 'visaApplication' },
    response: Invoice,
    handler: (ctx, input) => invoices.write(ctx, input),
  });
  const searchInvoice = operation({
    ...forEmployees,
    path: '/visa/searchinvoice',
    summary: `Visa invoices matching every filter given, newest first (at most ${LIMITS.childRows})`,
    input: SearchInvoicesRequest,
    records: { applicationId: 'visaApplication', customerId: 'customer' },
    response: Type.Array(InvoiceSummary),
    handler: (ctx, input) => invoices.search(ctx, input),
  });
  const createPaymentLink = operation({
    ...forEmployees,
    path: '/visa/createinvoicepaymentlink',
    summary: 'A payment link for an UNPAID invoice through the payment gateway → its page, amount and expiry',
    description:
      `The payer returns to ${RETURN_PATH}; the gateway's state of the order then makes the invoice PAID (once), or ` +
      'ends the link (declined, cancelled, expired) so a new one may be made; links whose payer never returns are ' +
      'settled by a minute sweep. Not UNPAID, or a link active already: INVALID_STATE. Gateway unavailable: GENERAL.',
    input: InvoiceIdRequest,
    records: { invoiceId: 'visaInvoice' },
    response: PaymentLinkAnswer,
    handler: (ctx, input) => links.create(ctx, input.invoiceId),
  });
  return [readInvoice, writeInvoice, searchInvoice, createPaymentLink];
}
