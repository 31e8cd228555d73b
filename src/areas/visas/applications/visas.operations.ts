// /visa/* applications and applicants (spec part 2 "Visa (base /visa)", contract §3: employees only; §7.5), and the
// payment override this area adds. Every handler is one line; the rules live in the services.
import { Type } from '@sinclair/typebox';
import { Allow } from '../../../platform/auth/roles.js';
import { type OperationDeclaration, operation } from '../../../platform/http/operation.js';
import type { ApplicantService } from './applicants.service.js';
import type { ApplicationService } from './applications.service.js';
import { LIMITS } from '../visas.rules.js';
import {
  Applicant,
  ApplicantIdRequest,
  ApplicantSummary,
  Application,
  ApplicationIdRequest,
  ApplicationSummary,
  OverridePaymentRequest,
  SearchApplicantsRequest,
  SearchApplicationsRequest,
  WriteApplicantRequest,
  WriteApplicationRequest,
} from '../model/index.js';

export const forEmployees = { allow: Allow.employees, tags: ['visa'], methods: ['POST'] } as const;
const COUNTRY_RULE = 'Country codes are ISO 3166-1 alpha-2 (any case); an unknown one answers INVALID_FORMAT.';

export function applicationOperations(applications: ApplicationService): OperationDeclaration[] {
  const readApplication = operation({
    ...forEmployees,
    path: '/visa/readapplication',
    summary: 'A visa application with its applicants (each with its documents), what is still missing and its invoice',
    description:
      'missingDocuments lists, per applicant, the required document types (its requirement for the destination, visa ' +
      'type and nationality; passport copy and photo when none is kept) without a VERIFIED document.',
    input: ApplicationIdRequest,
    records: { applicationId: 'visaApplication' },
    response: Application,
    handler: (ctx, input) => applications.read(ctx, input.applicationId),
  });
  const writeApplication = operation({
    ...forEmployees,
    path: '/visa/writeapplication',
    summary: 'Create (NEW, numbered VA-<yyyy>-<nnnnn>) or change a visa application; status moves it',
    description:
      'Moves: NEW → IN_PROGRESS → SUBMITTED → APPROVED | REJECTED, CANCELLED from any open status; any other move, or a ' +
      'write of a closed (APPROVED, REJECTED, CANCELLED) application, answers INVALID_STATE naming the current status. ' +
      'SUBMITTED needs the invoice PAID unless /visa/overridepayment was recorded. On a change, optional fields left ' +
      `out keep their values. returnDate before travelDate: INVALID_FORMAT. Unknown customer: NOTFOUND. ${COUNTRY_RULE}`,
    input: WriteApplicationRequest,
    records: { applicationId: 'visaApplication', customerId: 'customer' },
    response: Application,
    handler: (ctx, input) => applications.write(ctx, input),
  });
  const searchApplication = operation({
    ...forEmployees,
    path: '/visa/searchapplication',
    summary: `Visa applications matching every filter given, newest first (${LIMITS.searchRows} rows unless limit says)`,
    description:
      'Rows carry every application field and applicantCount (no applicants). fromDate/toDate filter on travelDate ' +
      `(inclusive); keyword is a substring (any case) of the application number or customer name. ${COUNTRY_RULE}`,
    input: SearchApplicationsRequest,
    records: { customerId: 'customer' },
    response: Type.Array(ApplicationSummary),
    handler: (ctx, input) => applications.search(ctx, input),
  });
  const overridePayment = operation({
    ...forEmployees,
    path: '/visa/overridepayment',
    summary: 'Let a NEW or IN_PROGRESS application move to SUBMITTED without a paid invoice; who and why are recorded',
    description:
      'The answer is the application with paymentOverride { overriddenBy, reason, overriddenAt }. Other statuses: INVALID_STATE.',
    input: OverridePaymentRequest,
    records: { applicationId: 'visaApplication' },
    response: Application,
    handler: (ctx, input) => applications.overridePayment(ctx, input),
  });
  return [readApplication, writeApplication, searchApplication, overridePayment];
}

export function applicantOperations(applicants: ApplicantService): OperationDeclaration[] {
  const readApplicant = operation({
    ...forEmployees,
    path: '/visa/readapplicant',
    summary: 'A visa applicant with its documents, the documents it needs and those still missing',
    input: ApplicantIdRequest,
    records: { applicantId: 'visaApplicant' },
    response: Applicant,
    handler: (ctx, input) => applicants.read(ctx, input.applicantId),
  });
  const writeApplicant = operation({
    ...forEmployees,
    path: '/visa/writeapplicant',
    summary: 'Add (DOCUMENTS_PENDING) or change an applicant of an open application',
    description:
      'passportWarning is set when the passport expires before, or less than 6 months after, the return date (the ' +
      'travel date when there is none). dateOfBirth must be in the past and passportExpiryDate after ' +
      'passportIssueDate (INVALID_FORMAT). On a change, optional fields left out keep their values; an applicant of ' +
      `another application, or a closed application: INVALID_STATE. ${COUNTRY_RULE}`,
    input: WriteApplicantRequest,
    records: { applicantId: 'visaApplicant', applicationId: 'visaApplication' },
    response: Applicant,
    handler: (ctx, input) => applicants.write(ctx, input),
  });
  const searchApplicant = operation({
    ...forEmployees,
    path: '/visa/searchapplicant',
    summary: `Applicants matching every filter given, newest first (at most ${LIMITS.childRows}), without documents`,
    description: 'passportNumber matches exactly (any case); lastName is a substring (any case).',
    input: SearchApplicantsRequest,
    records: { applicationId: 'visaApplication' },
    response: Type.Array(ApplicantSummary),
    handler: (ctx, input) => applicants.search(ctx, input),
  });
  return [readApplicant, writeApplicant, searchApplicant];
}
