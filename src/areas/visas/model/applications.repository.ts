// SQL of visa applications and their numbers. Plain rows out; dates as yyyy-MM-dd text. A status move is written under
// the application's row lock (the caller's transaction), so two staff members cannot move one application at once.
import type { Queryable } from '../../../platform/database/connections.js';
import type { ApplicationStatus, VisaType } from '../visas.rules.js';

export interface ApplicationRow {
  application_id: number;
  application_number: string;
  customer_id: number;
  customer_name: string;
  destination_country: string;
  destination_country_name: string;
  visa_type: VisaType;
  travel_date: string | null;
  return_date: string | null;
  status: ApplicationStatus;
  notes: string | null;
  override_by: number | null;
  override_reason: string | null;
  override_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A search row: the application's fields, its datetimes already in the tenant's time, and its applicant count. */
export interface ApplicationSummaryRow extends Omit<ApplicationRow, 'created_at' | 'updated_at'> {
  create_date: string;
  update_date: string;
  applicant_count: number;
}

const columns = (db: Queryable) => db`
  a.application_id, a.application_number, a.customer_id, a.customer_name, a.destination_country,
  a.destination_country_name, a.visa_type, a.travel_date::text AS travel_date, a.return_date::text AS return_date,
  a.status, a.notes, a.override_by, a.override_reason, a.override_at, a.created_at, a.updated_at`;

export interface ApplicationValues {
  customerId: number;
  customerName: string;
  destinationCountry: string;
  destinationCountryName: string;
  visaType: VisaType;
  travelDate: string | null;
  returnDate: string | null;
  status: ApplicationStatus;
  notes: string | null;
  now: Date;
}

export async function insertApplication(
  db: Queryable,
  applicationNumber: string,
  values: ApplicationValues,
  createdBy: number | null,
): Promise<number> {
  const [row] = await db<{ application_id: number }[]>`
    INSERT INTO visa_applications (application_number, customer_id, customer_name, destination_country,
                                   destination_country_name, visa_type, travel_date, return_date, status, notes,
                                   created_by, created_at, updated_at)
    VALUES (${applicationNumber}, ${values.customerId}, ${values.customerName}, ${values.destinationCountry},
            ${values.destinationCountryName}, ${values.visaType}, ${values.travelDate}::date, ${values.returnDate}::date,
            ${values.status}, ${values.notes}, ${createdBy}, ${values.now}, ${values.now})
    RETURNING application_id`;
  if (!row) throw new Error('application insert returned no row');
  return row.application_id;
}

export async function updateApplication(
  db: Queryable,
  applicationId: number,
  values: ApplicationValues,
): Promise<void> {
  await db`
    UPDATE visa_applications
    SET customer_id = ${values.customerId}, customer_name = ${values.customerName},
        destination_country = ${values.destinationCountry}, destination_country_name = ${values.destinationCountryName},
        visa_type = ${values.visaType}, travel_date = ${values.travelDate}::date, return_date = ${values.returnDate}::date,
        status = ${values.status}, notes = ${values.notes}, updated_at = ${values.now}
    WHERE application_id = ${applicationId}`;
}

export async function selectApplication(db: Queryable, applicationId: number): Promise<ApplicationRow | undefined> {
  const [row] = await db<ApplicationRow[]>`
    SELECT ${columns(db)} FROM visa_applications a WHERE a.application_id = ${applicationId}`;
  return row;
}

export async function lockApplication(db: Queryable, applicationId: number): Promise<ApplicationRow | undefined> {
  const [row] = await db<ApplicationRow[]>`
    SELECT ${columns(db)} FROM visa_applications a WHERE a.application_id = ${applicationId} FOR UPDATE`;
  return row;
}

export async function applicationExists(db: Queryable, applicationId: number): Promise<boolean> {
  const rows = await db`SELECT 1 FROM visa_applications WHERE application_id = ${applicationId}`;
  return rows.length === 1;
}

export async function recordOverride(
  db: Queryable,
  applicationId: number,
  override: { by: number | null; reason: string; now: Date },
): Promise<void> {
  await db`
    UPDATE visa_applications
    SET override_by = ${override.by}, override_reason = ${override.reason}, override_at = ${override.now},
        updated_at = ${override.now}
    WHERE application_id = ${applicationId}`;
}

export interface ApplicationFilter {
  customerId: number | null;
  status: ApplicationStatus | null;
  destinationCountry: string | null;
  travelFrom: string | null;
  travelTo: string | null;
  /** Escaped for LIKE; matched in any case. */
  keyword: string | null;
}

/**
 * Newest first, at most `limit`, each with its number of applicants (an index-only count per row). Only the filters
 * given become conditions, so each combination is planned on its own index (customer, status, destination, travel
 * date, or the newest-first one) instead of one generic plan for all; datetimes are formatted here in the tenant's
 * timezone (no Date per value on the way out).
 */
export function searchApplications(
  db: Queryable,
  filter: ApplicationFilter,
  limit: number,
  timezone: string,
): Promise<ApplicationSummaryRow[]> {
  const pattern = filter.keyword === null ? null : `%${filter.keyword}%`;
  const none = db``;
  return db<ApplicationSummaryRow[]>`
    SELECT a.application_id, a.application_number, a.customer_id, a.customer_name, a.destination_country,
           a.destination_country_name, a.visa_type, a.travel_date::text AS travel_date,
           a.return_date::text AS return_date, a.status, a.notes, a.override_by, a.override_reason, a.override_at,
           to_char(a.created_at AT TIME ZONE ${timezone}, 'YYYY-MM-DD"T"HH24:MI:SS') AS create_date,
           to_char(a.updated_at AT TIME ZONE ${timezone}, 'YYYY-MM-DD"T"HH24:MI:SS') AS update_date,
           (SELECT count(*)::int FROM visa_applicants p WHERE p.application_id = a.application_id) AS applicant_count
    FROM visa_applications a
    WHERE true
      ${filter.customerId === null ? none : db`AND a.customer_id = ${filter.customerId}`}
      ${filter.status === null ? none : db`AND a.status = ${filter.status}`}
      ${filter.destinationCountry === null ? none : db`AND a.destination_country = ${filter.destinationCountry}`}
      ${filter.travelFrom === null ? none : db`AND a.travel_date >= ${filter.travelFrom}::date`}
      ${filter.travelTo === null ? none : db`AND a.travel_date <= ${filter.travelTo}::date`}
      ${pattern === null ? none : db`AND (a.application_number ILIKE ${pattern} OR a.customer_name ILIKE ${pattern})`}
    ORDER BY a.created_at DESC, a.application_id DESC
    LIMIT ${limit}`;
}
