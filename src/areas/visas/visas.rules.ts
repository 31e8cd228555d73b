// Pure rules of the visa area: the value sets, which status moves applications, documents and deliveries may make,
// when an applicant's documents are complete, the passport check against the travel dates. No I/O.
import { ApiError, ErrorCode } from '../../platform/http/errors.js';
import { addDays } from '../../platform/time.js';

/** Search answers are capped so that a filter matching most of a tenant still answers in milliseconds. */
// An application search answers a page of 50 by default (what a back-office list shows, as customer search does).
export const LIMITS = { searchRows: 50, searchRowsMax: 500, childRows: 200 } as const;

export const VISA_TYPES = ['TOURIST', 'BUSINESS', 'TRANSIT', 'STUDENT', 'WORK'] as const;
export type VisaType = (typeof VISA_TYPES)[number];

export const APPLICATION_STATUSES = ['NEW', 'IN_PROGRESS', 'SUBMITTED', 'APPROVED', 'REJECTED', 'CANCELLED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const APPLICANT_STATUSES = ['DOCUMENTS_PENDING', 'DOCUMENTS_COMPLETE'] as const;
export type ApplicantStatus = (typeof APPLICANT_STATUSES)[number];

export const DOCUMENT_STATUSES = ['UPLOADED', 'VERIFIED', 'REJECTED'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const DELIVERY_TYPES = ['PICKUP', 'COURIER'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

export const DELIVERY_STATUSES = ['PENDING', 'SCHEDULED', 'IN_TRANSIT', 'DELIVERED', 'CANCELLED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const INVOICE_STATUSES = ['UNPAID', 'PAID', 'CANCELLED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const GENDERS = ['M', 'F'] as const;
export type Gender = (typeof GENDERS)[number];

export const DOCUMENT_TYPES = [
  'PASSPORT_COPY',
  'PHOTO',
  'BANK_STATEMENT',
  'TRAVEL_INSURANCE',
  'FLIGHT_RESERVATION',
  'HOTEL_RESERVATION',
  'INVITATION_LETTER',
  'EMPLOYMENT_LETTER',
  'ADMISSION_LETTER',
  'NATIONAL_ID',
  'OTHER',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The names answers show beside the types (documentTypeName). */
const DOCUMENT_TYPE_NAMES: Readonly<Record<DocumentType, string>> = {
  PASSPORT_COPY: 'Passport copy',
  PHOTO: 'Passport photo',
  BANK_STATEMENT: 'Bank statement',
  TRAVEL_INSURANCE: 'Travel insurance',
  FLIGHT_RESERVATION: 'Flight reservation',
  HOTEL_RESERVATION: 'Hotel reservation',
  INVITATION_LETTER: 'Invitation letter',
  EMPLOYMENT_LETTER: 'Employment letter',
  ADMISSION_LETTER: 'Admission letter',
  NATIONAL_ID: 'National identity card',
  OTHER: 'Other document',
};

export const documentTypeName = (type: DocumentType): string => DOCUMENT_TYPE_NAMES[type];

/** Required when no requirement names the destination, visa type and nationality: what every visa asks for. */
export const DEFAULT_REQUIRED_DOCUMENTS: readonly DocumentType[] = ['PASSPORT_COPY', 'PHOTO'];

/** A passport must stay valid this many months after the return (or travel) date, as most consulates ask. */
export const PASSPORT_VALID_MONTHS_AFTER_TRAVEL = 6;

export { likeEscaped } from '../../platform/text.js';

const refused = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);

// ---- applications ----

/** Where an application may go from each status: forward one step, or CANCELLED from any open status. */
const APPLICATION_NEXT: Readonly<Record<ApplicationStatus, readonly ApplicationStatus[]>> = {
  NEW: ['IN_PROGRESS', 'CANCELLED'],
  IN_PROGRESS: ['SUBMITTED', 'CANCELLED'],
  SUBMITTED: ['APPROVED', 'REJECTED', 'CANCELLED'],
  APPROVED: [],
  REJECTED: [],
  CANCELLED: [],
};

export const isClosedApplication = (status: ApplicationStatus): boolean => APPLICATION_NEXT[status].length === 0;

/** Refuses a move the rules do not allow (the same status is no move and passes). */
export function checkApplicationMove(number: string, from: ApplicationStatus, to: ApplicationStatus): void {
  if (from === to) return;
  if (APPLICATION_NEXT[from].includes(to)) return;
  const allowed = APPLICATION_NEXT[from];
  throw refused(
    `Application ${number} is ${from}; it cannot move to ${to}` +
      (allowed.length > 0 ? ` (allowed: ${allowed.join(', ')})` : ' (it is closed)'),
  );
}

/** VA-2026-00042: the kind's prefix (also its series of the platform counter), the tenant's year and the gapless number. */
export function documentNumber(prefix: 'VA' | 'VI', year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(5, '0')}`;
}

// ---- applicants and documents ----

/** The required types without a VERIFIED document of the applicant. */
export function missingDocuments<T extends string>(
  required: readonly T[],
  documents: ReadonlyArray<{ documentType: string; status: DocumentStatus }>,
): T[] {
  const verified = new Set(documents.filter((d) => d.status === 'VERIFIED').map((d) => d.documentType));
  return required.filter((type) => !verified.has(type));
}

/**
 * Complete when every required type has a VERIFIED document and no document waits for a check or was rejected: a
 * document added (UPLOADED) or rejected puts the applicant back to pending until it is verified or replaced.
 */
export function applicantStatus(
  required: readonly string[],
  documents: ReadonlyArray<{ documentType: string; status: DocumentStatus }>,
): ApplicantStatus {
  const allVerified = documents.every((d) => d.status === 'VERIFIED');
  return allVerified && missingDocuments(required, documents).length === 0 ? 'DOCUMENTS_COMPLETE' : 'DOCUMENTS_PENDING';
}

/** Where a document may go: checked (VERIFIED or REJECTED), a verified one found wrong later (REJECTED). */
const DOCUMENT_NEXT: Readonly<Record<DocumentStatus, readonly DocumentStatus[]>> = {
  UPLOADED: ['VERIFIED', 'REJECTED'],
  VERIFIED: ['REJECTED'],
  REJECTED: [],
};

export function checkDocumentMove(documentId: number, from: DocumentStatus, to: DocumentStatus): void {
  if (from === to || DOCUMENT_NEXT[from].includes(to)) return;
  throw refused(
    `Document ${documentId} is ${from}; it cannot move to ${to}` +
      (from === 'REJECTED' ? ' (send a new fileUrl: the new file is UPLOADED)' : ''),
  );
}

/**
 * A warning when the passport is not valid long enough after the trip: it must outlast the return date (the travel
 * date when there is none) by six months. No warning without an expiry date or travel dates.
 */
export function passportWarning(
  expiryDate: string | null,
  travelDate: string | null,
  returnDate: string | null,
): string | null {
  const lastDay = returnDate ?? travelDate;
  if (expiryDate === null || lastDay === null) return null;
  const needed = addMonths(lastDay, PASSPORT_VALID_MONTHS_AFTER_TRAVEL);
  if (expiryDate < (travelDate ?? lastDay)) return `Passport expires ${expiryDate}, before the travel date`;
  if (expiryDate < needed) {
    return `Passport expires ${expiryDate}, less than ${PASSPORT_VALID_MONTHS_AFTER_TRAVEL} months after ${lastDay} (valid until ${needed} needed)`;
  }
  return null;
}

/** yyyy-MM-dd plus whole months; the 31st of a shorter month becomes its last day. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = [date.slice(0, 4), date.slice(5, 7), date.slice(8, 10)].map(Number);
  if (year === undefined || month === undefined || day === undefined) throw new Error(`not a date: ${date}`);
  const total = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(total / 12);
  const targetMonth = (total % 12) + 1;
  const firstOfNext = `${String(targetMonth === 12 ? targetYear + 1 : targetYear).padStart(4, '0')}-${String(
    targetMonth === 12 ? 1 : targetMonth + 1,
  ).padStart(2, '0')}-01`;
  const lastDay = Number(addDays(firstOfNext, -1).slice(8, 10));
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(
    Math.min(day, lastDay),
  ).padStart(2, '0')}`;
}

// ---- deliveries ----

const DELIVERY_NEXT: Readonly<Record<DeliveryStatus, readonly DeliveryStatus[]>> = {
  PENDING: ['SCHEDULED', 'CANCELLED'],
  SCHEDULED: ['IN_TRANSIT', 'DELIVERED', 'CANCELLED'],
  IN_TRANSIT: ['DELIVERED', 'CANCELLED'],
  DELIVERED: [],
  CANCELLED: [],
};

export interface DeliveryState {
  deliveryType: DeliveryType;
  scheduledDate: string | null;
  trackingNumber: string | null;
  courierCompany: string | null;
}

/**
 * The status a delivery write ends in: the one asked for, checked; else SCHEDULED once it has a date (a new one, or
 * a PENDING one given a date), else what it was. A courier goes IN_TRANSIT only with its tracking number and
 * courier company; a pick-up is never in transit; SCHEDULED needs a date.
 */
export function deliveryStatusAfter(
  deliveryId: number | null,
  from: DeliveryStatus | null,
  asked: DeliveryStatus | undefined,
  state: DeliveryState,
): DeliveryStatus {
  const name = deliveryId === null ? 'A new delivery' : `Delivery ${deliveryId}`;
  const implied: DeliveryStatus = state.scheduledDate !== null ? 'SCHEDULED' : 'PENDING';
  const start = from ?? implied;
  const to = asked ?? (start === 'PENDING' ? implied : start);
  if (to !== start && !DELIVERY_NEXT[start].includes(to)) {
    throw refused(`${name} is ${start}; it cannot move to ${to}`);
  }
  if (to === 'SCHEDULED' && state.scheduledDate === null)
    throw refused(`${name} needs a scheduledDate to be SCHEDULED`);
  if (to === 'IN_TRANSIT' && state.deliveryType === 'PICKUP')
    throw refused(`${name} is a PICKUP: it is never IN_TRANSIT`);
  if (to === 'IN_TRANSIT' && (state.trackingNumber === null || state.courierCompany === null)) {
    throw refused(`${name} needs a trackingNumber and a courierCompany to be IN_TRANSIT`);
  }
  return to;
}

export const isClosedDelivery = (status: DeliveryStatus): boolean => DELIVERY_NEXT[status].length === 0;
