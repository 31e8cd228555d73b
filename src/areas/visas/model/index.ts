// The visa area's data and shapes, which every other part leans on: the repositories of the visa_* tables (as
// namespaces), the requirements provider port with its table default, the API schemas and the view that turns rows
// into answers. It imports no sibling sub-folder, so the job folders above it stay free of cycles.
export * as applicantsRepository from './applicants.repository.js';
export { applicantExists } from './applicants.repository.js';
export * as applicationsRepository from './applications.repository.js';
export { applicationExists } from './applications.repository.js';
export * as deliveriesRepository from './deliveries.repository.js';
export { deliveryExists } from './deliveries.repository.js';
export * as documentsRepository from './documents.repository.js';
export { documentExists, fileIsAttached } from './documents.repository.js';
export * as invoicesRepository from './invoices.repository.js';
export { invoiceExists } from './invoices.repository.js';
export {
  type RequirementKey,
  type RequirementsProvider,
  requiredDocuments,
  tableRequirements,
  type VisaRequirement,
} from './requirements.js';
export * as requirementsRepository from './requirements.repository.js';
export { selectRequirement } from './requirements.repository.js';
export {
  Delivery,
  DeliveryIdRequest,
  DocumentIdRequest,
  FileBytes,
  SearchDeliveriesRequest,
  SearchDocumentsRequest,
  VisaDocument,
  WriteDeliveryRequest,
  WriteDocumentRequest,
} from './visa-documents.schemas.js';
export {
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
} from './visa-invoices.schemas.js';
export {
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
} from './visas.schemas.js';
export {
  toApplicantSummary,
  toApplicationFields,
  toApplicationSummary,
  toDelivery,
  toDocument,
  toRequirement,
} from './visas.view.js';
