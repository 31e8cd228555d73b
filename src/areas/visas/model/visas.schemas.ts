// Request and answer schemas of visa applications and applicants (/visa/*, spec part 2 "Visa", contract §7.5).
// Dates are yyyy-MM-dd; datetimes the tenant's (yyyy-MM-dd'T'HH:mm:ss); countries ISO 3166-1 alpha-2 codes.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../../platform/http/schema.js';
import {
  APPLICANT_STATUSES,
  APPLICATION_STATUSES,
  type ApplicantStatus,
  type ApplicationStatus,
  GENDERS,
  type Gender,
  LIMITS,
} from '../visas.rules.js';
import { VisaDocument } from './visa-documents.schemas.js';
import {
  CountryCode,
  DateOnly,
  DateTime,
  DocumentTypeSchema,
  enumOf,
  Id,
  Optional,
  Text,
  VisaTypeSchema,
} from '../visas.schema-parts.js';

const ApplicationStatusSchema = enumOf<ApplicationStatus>(
  APPLICATION_STATUSES,
  'NEW → IN_PROGRESS → SUBMITTED → APPROVED | REJECTED; CANCELLED from any open status',
);
const ApplicantStatusSchema = enumOf<ApplicantStatus>(APPLICANT_STATUSES);
const GenderSchema = enumOf<Gender>(GENDERS);
const Method = Type.Literal('partial', { description: 'Accepted; text filters are substrings (any case) anyway' });

const applicantFields = {
  applicantId: Type.Integer(),
  applicationId: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  fullName: Type.String(),
  passportNumber: Type.String(),
  passportIssueDate: Nullable(Type.String()),
  passportExpiryDate: Nullable(Type.String()),
  nationality: Type.String({ description: 'ISO 3166-1 alpha-2' }),
  nationalityName: Type.String(),
  dateOfBirth: Type.String(),
  placeOfBirth: Nullable(Type.String()),
  gender: Nullable(GenderSchema),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  occupation: Nullable(Type.String()),
  employer: Nullable(Type.String()),
  address: Nullable(Type.String()),
  status: ApplicantStatusSchema,
  passportWarning: Nullable(
    Type.String({ description: 'Set when the passport expires before, or within 6 months after, the travel dates' }),
  ),
  createDate: DateTime('When it was added'),
};

export const ApplicantSummary = Type.Object(applicantFields);
export type ApplicantSummary = Static<typeof ApplicantSummary>;

export const Applicant = Type.Object({
  ...applicantFields,
  requiredDocuments: Type.Array(DocumentTypeSchema, {
    description: "The requirement's document types for the destination, visa type and nationality",
  }),
  missingDocuments: Type.Array(DocumentTypeSchema, { description: 'Required types without a VERIFIED document' }),
  documents: Type.Array(VisaDocument),
});
export type Applicant = Static<typeof Applicant>;

const applicationFields = {
  applicationId: Type.Integer(),
  applicationNumber: Type.String({ description: 'VA-<yyyy>-<nnnnn>, gapless per tenant and year' }),
  customerId: Type.Integer(),
  customerName: Type.String({ description: "The customer's name when the application was last written" }),
  destinationCountry: Type.String({ description: 'ISO 3166-1 alpha-2' }),
  destinationCountryName: Type.String(),
  visaType: VisaTypeSchema,
  travelDate: Nullable(Type.String({ description: 'yyyy-MM-dd' })),
  returnDate: Nullable(Type.String({ description: 'yyyy-MM-dd' })),
  status: ApplicationStatusSchema,
  notes: Nullable(Type.String()),
  createDate: DateTime('When it was created'),
  updateDate: DateTime('When it last changed'),
};

export const ApplicationSummary = Type.Object({
  ...applicationFields,
  applicantCount: Type.Integer(),
});
export type ApplicationSummary = Static<typeof ApplicationSummary>;

export const PaymentOverride = Type.Object(
  {
    overriddenBy: Nullable(Type.Integer({ description: "The employee's user id" })),
    reason: Type.String(),
    overriddenAt: DateTime('When'),
  },
  { description: 'Recorded by /visa/overridepayment: SUBMITTED allowed without a paid invoice' },
);

export const InvoiceBrief = Type.Object({
  invoiceId: Type.Integer(),
  invoiceNumber: Type.String(),
  status: Type.String({ description: 'UNPAID, PAID' }),
  totalAmount: Type.Number(),
  currency: Type.String(),
});

export const Application = Type.Object({
  ...applicationFields,
  applicants: Type.Array(Applicant),
  missingDocuments: Type.Array(
    Type.Object({
      applicantId: Type.Integer(),
      fullName: Type.String(),
      documentTypes: Type.Array(DocumentTypeSchema),
    }),
    { description: 'What is still missing, per applicant with anything missing' },
  ),
  invoice: Nullable(InvoiceBrief),
  paymentOverride: Nullable(PaymentOverride),
});
export type Application = Static<typeof Application>;

export const ApplicationIdRequest = Type.Object({ applicationId: Id() });

export const WriteApplicationRequest = Type.Object({
  applicationId: Optional(Id('Absent: a new application (NEW)')),
  customerId: Id('An active customer'),
  destinationCountry: CountryCode('The destination'),
  visaType: VisaTypeSchema,
  travelDate: Optional(DateOnly('Travel date')),
  returnDate: Optional(DateOnly('Return date, not before travelDate')),
  status: Optional(ApplicationStatusSchema),
  notes: Optional(Text(4000)),
});
export type WriteApplicationRequest = Static<typeof WriteApplicationRequest>;

export const SearchApplicationsRequest = Type.Object({
  customerId: Optional(Id()),
  status: Optional(ApplicationStatusSchema),
  destinationCountry: Optional(CountryCode('The destination')),
  fromDate: Optional(DateOnly('travelDate on or after')),
  toDate: Optional(DateOnly('travelDate on or before')),
  keyword: Optional(Text(200, "A substring (any case) of the application number or the customer's name")),
  method: Optional(Method),
  limit: Optional(
    Type.Integer({
      minimum: 1,
      maximum: LIMITS.searchRowsMax,
      description: `At most this many rows, newest first (default ${LIMITS.searchRows})`,
    }),
  ),
});
export type SearchApplicationsRequest = Static<typeof SearchApplicationsRequest>;

export const OverridePaymentRequest = Type.Object({
  applicationId: Id(),
  reason: Text(1000, 'Why the application may be submitted without a paid invoice'),
});
export type OverridePaymentRequest = Static<typeof OverridePaymentRequest>;

export const ApplicantIdRequest = Type.Object({ applicantId: Id() });

export const WriteApplicantRequest = Type.Object({
  applicantId: Optional(Id('Absent: a new applicant (DOCUMENTS_PENDING)')),
  applicationId: Id(),
  firstName: Text(100),
  lastName: Text(100),
  passportNumber: Text(30, '5 to 20 letters and digits (kept in upper case)'),
  nationality: CountryCode('Nationality'),
  dateOfBirth: DateOnly('Date of birth, in the past'),
  gender: Optional(GenderSchema),
  email: Optional(Type.String({ format: 'email', maxLength: 254 })),
  phone: Optional(Text(50)),
  occupation: Optional(Text(200)),
  employer: Optional(Text(200)),
  address: Optional(Text(500)),
  placeOfBirth: Optional(Text(200)),
  passportIssueDate: Optional(DateOnly('Passport issue date')),
  passportExpiryDate: Optional(DateOnly('Passport expiry date, after the issue date')),
});
export type WriteApplicantRequest = Static<typeof WriteApplicantRequest>;

export const SearchApplicantsRequest = Type.Object({
  applicationId: Optional(Id()),
  passportNumber: Optional(Text(20, 'Exactly (any case)')),
  lastName: Optional(Text(100, 'A substring (any case)')),
  method: Optional(Method),
});
export type SearchApplicantsRequest = Static<typeof SearchApplicantsRequest>;
