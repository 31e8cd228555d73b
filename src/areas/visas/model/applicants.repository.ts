// SQL of visa applicants. Plain rows out, each with its application's destination, visa type and travel dates (what
// its requirement and passport check need); dates as yyyy-MM-dd text.
import type { Queryable } from '../../../platform/database/connections.js';
import type { ApplicantStatus, Gender, VisaType } from '../visas.rules.js';

export interface ApplicantRow {
  applicant_id: number;
  application_id: number;
  first_name: string;
  last_name: string;
  passport_number: string;
  passport_issue_date: string | null;
  passport_expiry_date: string | null;
  nationality: string;
  nationality_name: string;
  date_of_birth: string;
  place_of_birth: string | null;
  gender: Gender | null;
  email: string | null;
  phone: string | null;
  occupation: string | null;
  employer: string | null;
  address: string | null;
  status: ApplicantStatus;
  created_at: Date;
  // the application's
  destination_country: string;
  visa_type: VisaType;
  travel_date: string | null;
  return_date: string | null;
}

const columns = (db: Queryable) => db`
  p.applicant_id, p.application_id, p.first_name, p.last_name, p.passport_number,
  p.passport_issue_date::text AS passport_issue_date, p.passport_expiry_date::text AS passport_expiry_date,
  p.nationality, p.nationality_name, p.date_of_birth::text AS date_of_birth, p.place_of_birth, p.gender, p.email,
  p.phone, p.occupation, p.employer, p.address, p.status, p.created_at,
  a.destination_country, a.visa_type, a.travel_date::text AS travel_date, a.return_date::text AS return_date`;

export interface ApplicantValues {
  firstName: string;
  lastName: string;
  passportNumber: string;
  passportIssueDate: string | null;
  passportExpiryDate: string | null;
  nationality: string;
  nationalityName: string;
  dateOfBirth: string;
  placeOfBirth: string | null;
  gender: Gender | null;
  email: string | null;
  phone: string | null;
  occupation: string | null;
  employer: string | null;
  address: string | null;
  now: Date;
}

export async function insertApplicant(db: Queryable, applicationId: number, values: ApplicantValues): Promise<number> {
  const [row] = await db<{ applicant_id: number }[]>`
    INSERT INTO visa_applicants (application_id, first_name, last_name, passport_number, passport_issue_date,
                                 passport_expiry_date, nationality, nationality_name, date_of_birth, place_of_birth,
                                 gender, email, phone, occupation, employer, address, created_at, updated_at)
    VALUES (${applicationId}, ${values.firstName}, ${values.lastName}, ${values.passportNumber},
            ${values.passportIssueDate}::date, ${values.passportExpiryDate}::date, ${values.nationality},
            ${values.nationalityName}, ${values.dateOfBirth}::date, ${values.placeOfBirth}, ${values.gender},
            ${values.email}, ${values.phone}, ${values.occupation}, ${values.employer}, ${values.address},
            ${values.now}, ${values.now})
    RETURNING applicant_id`;
  if (!row) throw new Error('applicant insert returned no row');
  return row.applicant_id;
}

export async function updateApplicant(db: Queryable, applicantId: number, values: ApplicantValues): Promise<void> {
  await db`
    UPDATE visa_applicants
    SET first_name = ${values.firstName}, last_name = ${values.lastName},
        passport_number = ${values.passportNumber}, passport_issue_date = ${values.passportIssueDate}::date,
        passport_expiry_date = ${values.passportExpiryDate}::date, nationality = ${values.nationality},
        nationality_name = ${values.nationalityName}, date_of_birth = ${values.dateOfBirth}::date,
        place_of_birth = ${values.placeOfBirth}, gender = ${values.gender}, email = ${values.email},
        phone = ${values.phone}, occupation = ${values.occupation}, employer = ${values.employer},
        address = ${values.address}, updated_at = ${values.now}
    WHERE applicant_id = ${applicantId}`;
}

export async function setApplicantStatus(
  db: Queryable,
  applicantId: number,
  status: ApplicantStatus,
  now: Date,
): Promise<void> {
  await db`
    UPDATE visa_applicants SET status = ${status}, updated_at = ${now}
    WHERE applicant_id = ${applicantId} AND status <> ${status}`;
}

export async function selectApplicant(db: Queryable, applicantId: number): Promise<ApplicantRow | undefined> {
  const [row] = await db<ApplicantRow[]>`
    SELECT ${columns(db)} FROM visa_applicants p JOIN visa_applications a USING (application_id)
    WHERE p.applicant_id = ${applicantId}`;
  return row;
}

/** The applicant's row locked (a document write recomputes its status under it). */
export async function lockApplicant(db: Queryable, applicantId: number): Promise<ApplicantRow | undefined> {
  const [row] = await db<ApplicantRow[]>`
    SELECT ${columns(db)} FROM visa_applicants p JOIN visa_applications a USING (application_id)
    WHERE p.applicant_id = ${applicantId}
    FOR UPDATE OF p`;
  return row;
}

export async function applicantExists(db: Queryable, applicantId: number): Promise<boolean> {
  const rows = await db`SELECT 1 FROM visa_applicants WHERE applicant_id = ${applicantId}`;
  return rows.length === 1;
}

export function selectApplicantsOf(db: Queryable, applicationId: number): Promise<ApplicantRow[]> {
  return db<ApplicantRow[]>`
    SELECT ${columns(db)} FROM visa_applicants p JOIN visa_applications a USING (application_id)
    WHERE p.application_id = ${applicationId}
    ORDER BY p.applicant_id`;
}

export interface ApplicantFilter {
  applicationId: number | null;
  /** Upper case; matched exactly. */
  passportNumber: string | null;
  /** Escaped for LIKE; matched in any case. */
  lastName: string | null;
}

export function searchApplicants(db: Queryable, filter: ApplicantFilter, limit: number): Promise<ApplicantRow[]> {
  const pattern = filter.lastName === null ? null : `%${filter.lastName}%`;
  return db<ApplicantRow[]>`
    SELECT ${columns(db)} FROM visa_applicants p JOIN visa_applications a USING (application_id)
    WHERE (${filter.applicationId}::int IS NULL OR p.application_id = ${filter.applicationId})
      AND (${filter.passportNumber}::text IS NULL OR p.passport_number = ${filter.passportNumber})
      AND (${pattern}::text IS NULL OR p.last_name ILIKE ${pattern})
    ORDER BY p.applicant_id DESC
    LIMIT ${limit}`;
}
