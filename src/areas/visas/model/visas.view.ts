// Rows of the visa tables as the API answers them: camelCase, datetimes in the tenant's time, amounts rounded to the
// currency's minor unit.
import { decimalAmount } from '../../../platform/money.js';
import { formatDateTime } from '../../../platform/time.js';
import type { ApplicantRow } from './applicants.repository.js';
import type { ApplicationRow, ApplicationSummaryRow } from './applications.repository.js';
import type { DeliveryRow } from './deliveries.repository.js';
import type { DocumentRow } from './documents.repository.js';
import type { RequirementRow } from './requirements.repository.js';
import type { Delivery, VisaDocument } from './visa-documents.schemas.js';
import type { Requirement } from './visa-invoices.schemas.js';
import { documentTypeName, passportWarning } from '../visas.rules.js';
import type { ApplicantSummary, ApplicationSummary } from './visas.schemas.js';

const at = (instant: Date, timezone: string) => formatDateTime(instant, timezone);
const atOrNull = (instant: Date | null, timezone: string) => (instant === null ? null : at(instant, timezone));

type ApplicationFields = Omit<ApplicationSummary, 'applicantCount'>;

/** What an application's full and summary answers share, from the columns both reads select. */
function applicationBasics(row: ApplicationSummaryRow | ApplicationRow) {
  return {
    applicationId: row.application_id,
    applicationNumber: row.application_number,
    customerId: row.customer_id,
    customerName: row.customer_name,
    destinationCountry: row.destination_country,
    destinationCountryName: row.destination_country_name,
    visaType: row.visa_type,
    travelDate: row.travel_date,
    returnDate: row.return_date,
    status: row.status,
    notes: row.notes,
  };
}

export function toApplicationFields(row: ApplicationRow, timezone: string): ApplicationFields {
  return {
    ...applicationBasics(row),
    createDate: at(row.created_at, timezone),
    updateDate: at(row.updated_at, timezone),
  };
}

export const toApplicationSummary = (row: ApplicationSummaryRow): ApplicationSummary => ({
  ...applicationBasics(row),
  createDate: row.create_date,
  updateDate: row.update_date,
  applicantCount: row.applicant_count,
});

export function toApplicantSummary(row: ApplicantRow, timezone: string): ApplicantSummary {
  return {
    applicantId: row.applicant_id,
    applicationId: row.application_id,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: `${row.first_name} ${row.last_name}`,
    passportNumber: row.passport_number,
    passportIssueDate: row.passport_issue_date,
    passportExpiryDate: row.passport_expiry_date,
    nationality: row.nationality,
    nationalityName: row.nationality_name,
    dateOfBirth: row.date_of_birth,
    placeOfBirth: row.place_of_birth,
    gender: row.gender,
    email: row.email,
    phone: row.phone,
    occupation: row.occupation,
    employer: row.employer,
    address: row.address,
    status: row.status,
    passportWarning: passportWarning(row.passport_expiry_date, row.travel_date, row.return_date),
    createDate: at(row.created_at, timezone),
  };
}

export function toDocument(row: DocumentRow, timezone: string): VisaDocument {
  return {
    documentId: row.document_id,
    applicantId: row.applicant_id,
    applicantName: row.applicant_name,
    documentType: row.document_type,
    documentTypeName: documentTypeName(row.document_type),
    fileName: row.file_name,
    fileUrl: row.file_url,
    fileSize: row.file_size,
    status: row.status,
    expiryDate: row.expiry_date,
    uploadedAt: at(row.uploaded_at, timezone),
    verifiedAt: atOrNull(row.verified_at, timezone),
    verifiedBy: row.verified_by,
    notes: row.notes,
  };
}

export function toDelivery(row: DeliveryRow, timezone: string): Delivery {
  return {
    deliveryId: row.delivery_id,
    applicationId: row.application_id,
    applicationNumber: row.application_number,
    deliveryType: row.delivery_type,
    address: row.address,
    city: row.city,
    postalCode: row.postal_code,
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    scheduledDate: row.scheduled_date,
    status: row.status,
    trackingNumber: row.tracking_number,
    courierCompany: row.courier_company,
    createdAt: at(row.created_at, timezone),
    notes: row.notes,
  };
}

export function toRequirement(row: RequirementRow, timezone: string): Requirement {
  return {
    requirementId: row.requirement_id,
    destinationCountry: row.destination_country,
    nationality: row.nationality,
    visaType: row.visa_type,
    documentTypes: row.document_types,
    visaFee: decimalAmount(row.visa_fee, row.currency),
    serviceFee: decimalAmount(row.service_fee, row.currency),
    currency: row.currency,
    processingDays: row.processing_days,
    notes: row.notes,
    updateDate: at(row.updated_at, timezone),
  };
}
