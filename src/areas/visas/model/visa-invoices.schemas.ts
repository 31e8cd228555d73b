// Request and answer schemas of visa requirements and invoices (/visa/*requirement, /visa/*invoice*, contract §7.5).
// Amounts in answers are numbers rounded to the currency's minor unit.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../../platform/http/schema.js';
import { INVOICE_STATUSES, type InvoiceStatus } from '../visas.rules.js';
import {
  CountryCode,
  DateTime,
  DocumentTypeSchema,
  enumOf,
  Id,
  Optional,
  Text,
  VisaTypeSchema,
} from '../visas.schema-parts.js';

const Fee = (description: string) =>
  Type.Number({ minimum: 0, maximum: 1_000_000, description: `${description}, per applicant` });

export const Requirement = Type.Object({
  requirementId: Type.Integer(),
  destinationCountry: Type.String(),
  nationality: Nullable(Type.String({ description: 'null: every nationality without a requirement of its own' })),
  visaType: VisaTypeSchema,
  documentTypes: Type.Array(DocumentTypeSchema, { description: 'The documents every applicant must have VERIFIED' }),
  visaFee: Type.Number(),
  serviceFee: Type.Number(),
  currency: Type.String(),
  processingDays: Type.Integer(),
  notes: Nullable(Type.String()),
  updateDate: DateTime('When it last changed'),
});
export type Requirement = Static<typeof Requirement>;

export const RequirementIdRequest = Type.Object({ requirementId: Id() });

export const WriteRequirementRequest = Type.Object({
  requirementId: Optional(Id('Absent: a new requirement')),
  destinationCountry: CountryCode('The destination'),
  nationality: Optional(CountryCode("The applicants' nationality (absent: any nationality)")),
  visaType: VisaTypeSchema,
  documentTypes: Type.Array(DocumentTypeSchema, { minItems: 1, maxItems: 20, uniqueItems: true }),
  visaFee: Fee("The consulate's fee"),
  serviceFee: Fee("The agency's fee"),
  currency: Optional(Type.String({ pattern: '^[A-Za-z]{3}$', description: "ISO 4217 (default the tenant's)" })),
  processingDays: Type.Integer({ minimum: 0, maximum: 365 }),
  notes: Optional(Text(2000)),
});
export type WriteRequirementRequest = Static<typeof WriteRequirementRequest>;

export const SearchRequirementsRequest = Type.Object({
  destinationCountry: Optional(CountryCode('The destination')),
  nationality: Optional(CountryCode('Nationality')),
  visaType: Optional(VisaTypeSchema),
});
export type SearchRequirementsRequest = Static<typeof SearchRequirementsRequest>;

const InvoiceStatusSchema = enumOf<InvoiceStatus>(
  INVOICE_STATUSES,
  'UNPAID → PAID (by its payment link); UNPAID → CANCELLED (writeinvoice)',
);

export const InvoiceLine = Type.Object({
  lineNo: Type.Integer(),
  applicantId: Nullable(Type.Integer()),
  feeKind: Type.String({ description: 'VISA_FEE or SERVICE_FEE' }),
  description: Type.String(),
  amount: Type.Number(),
});

const invoiceFields = {
  invoiceId: Type.Integer(),
  invoiceNumber: Type.String({ description: 'VI-<yyyy>-<nnnnn>, gapless per tenant and year' }),
  applicationId: Type.Integer(),
  applicationNumber: Type.String(),
  customerId: Type.Integer(),
  customerName: Type.String(),
  status: InvoiceStatusSchema,
  currency: Type.String(),
  totalAmount: Type.Number(),
  paymentLinkActive: Type.Boolean(),
  paidAt: Nullable(DateTime('When its payment link was paid')),
  notes: Nullable(Type.String()),
  createDate: DateTime('When it was made'),
  updateDate: DateTime('When it last changed'),
};

export const InvoiceSummary = Type.Object(invoiceFields);
export type InvoiceSummary = Static<typeof InvoiceSummary>;

export const Invoice = Type.Object({
  ...invoiceFields,
  paymentUrl: Nullable(Type.String({ description: 'The active payment link, if any' })),
  lines: Type.Array(InvoiceLine),
});
export type Invoice = Static<typeof Invoice>;

export const InvoiceIdRequest = Type.Object({ invoiceId: Id() });

export const WriteInvoiceRequest = Type.Object({
  invoiceId: Optional(Id('Absent: a new invoice of the application (one open invoice per application)')),
  applicationId: Id(),
  serviceFee: Optional(Fee("The agency's fee instead of the requirement's")),
  status: Optional(enumOf<'CANCELLED'>(['CANCELLED'], 'CANCELLED: an UNPAID invoice without an active link')),
  notes: Optional(Text(2000)),
});
export type WriteInvoiceRequest = Static<typeof WriteInvoiceRequest>;

export const SearchInvoicesRequest = Type.Object({
  applicationId: Optional(Id()),
  customerId: Optional(Id()),
  status: Optional(InvoiceStatusSchema),
});
export type SearchInvoicesRequest = Static<typeof SearchInvoicesRequest>;

export const PaymentLinkAnswer = Type.Object({
  invoiceId: Type.Integer(),
  paymentUrl: Type.String(),
  amount: Type.Number(),
  currency: Type.String(),
  expiresAt: DateTime('Until when the link can be paid'),
});
export type PaymentLinkAnswer = Static<typeof PaymentLinkAnswer>;
