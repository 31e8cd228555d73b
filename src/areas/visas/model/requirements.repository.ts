// SQL of visa requirements staff keep: per destination, visa type and nationality (NULL: any other nationality), the
// documents, fees and processing days. Plain rows out; fees as exact decimal text.
import { PgCode, pgErrorCode, type Queryable } from '../../../platform/database/connections.js';
import type { DocumentType, VisaType } from '../visas.rules.js';

export interface RequirementRow {
  requirement_id: number;
  destination_country: string;
  nationality: string | null;
  visa_type: VisaType;
  document_types: DocumentType[];
  visa_fee: string;
  service_fee: string;
  currency: string;
  processing_days: number;
  notes: string | null;
  updated_at: Date;
}

const columns = (db: Queryable) => db`
  requirement_id, destination_country, nationality, visa_type, document_types, visa_fee::text AS visa_fee,
  service_fee::text AS service_fee, currency, processing_days, notes, updated_at`;

export interface RequirementValues {
  destinationCountry: string;
  nationality: string | null;
  visaType: VisaType;
  documentTypes: readonly DocumentType[];
  visaFee: string;
  serviceFee: string;
  currency: string;
  processingDays: number;
  notes: string | null;
  now: Date;
}

/** The new requirement's id; undefined when one of that destination, visa type and nationality exists. */
export async function insertRequirementUnlessTaken(
  db: Queryable,
  values: RequirementValues,
): Promise<number | undefined> {
  const [row] = await db<{ requirement_id: number }[]>`
    INSERT INTO visa_requirements (destination_country, nationality, visa_type, document_types, visa_fee, service_fee,
                                   currency, processing_days, notes, created_at, updated_at)
    VALUES (${values.destinationCountry}, ${values.nationality}, ${values.visaType}, ${[...values.documentTypes]}::text[],
            ${values.visaFee}::numeric, ${values.serviceFee}::numeric, ${values.currency}, ${values.processingDays},
            ${values.notes}, ${values.now}, ${values.now})
    ON CONFLICT DO NOTHING
    RETURNING requirement_id`;
  return row?.requirement_id;
}

/** False when another requirement has that destination, visa type and nationality (the unique index says so). */
export async function updateRequirementUnlessTaken(
  db: Queryable,
  requirementId: number,
  values: RequirementValues,
): Promise<boolean> {
  try {
    await db`
      UPDATE visa_requirements
      SET destination_country = ${values.destinationCountry}, nationality = ${values.nationality},
          visa_type = ${values.visaType}, document_types = ${[...values.documentTypes]}::text[],
          visa_fee = ${values.visaFee}::numeric, service_fee = ${values.serviceFee}::numeric,
          currency = ${values.currency}, processing_days = ${values.processingDays}, notes = ${values.notes},
          updated_at = ${values.now}
      WHERE requirement_id = ${requirementId}`;
    return true;
  } catch (error) {
    if (pgErrorCode(error) === PgCode.uniqueViolation) return false;
    throw error;
  }
}

export async function selectRequirement(db: Queryable, requirementId: number): Promise<RequirementRow | undefined> {
  const [row] = await db<
    RequirementRow[]
  >`SELECT ${columns(db)} FROM visa_requirements WHERE requirement_id = ${requirementId}`;
  return row;
}

/** The requirement of that nationality, else the one for any nationality. */
export async function selectMatchingRequirement(
  db: Queryable,
  key: { destinationCountry: string; visaType: VisaType; nationality: string },
): Promise<RequirementRow | undefined> {
  const [row] = await db<RequirementRow[]>`
    SELECT ${columns(db)} FROM visa_requirements
    WHERE destination_country = ${key.destinationCountry} AND visa_type = ${key.visaType}
      AND (nationality = ${key.nationality} OR nationality IS NULL)
    ORDER BY nationality NULLS LAST
    LIMIT 1`;
  return row;
}

export interface RequirementFilter {
  destinationCountry: string | null;
  nationality: string | null;
  visaType: VisaType | null;
}

export function searchRequirements(db: Queryable, filter: RequirementFilter, limit: number): Promise<RequirementRow[]> {
  return db<RequirementRow[]>`
    SELECT ${columns(db)} FROM visa_requirements
    WHERE (${filter.destinationCountry}::text IS NULL OR destination_country = ${filter.destinationCountry})
      AND (${filter.nationality}::text IS NULL OR nationality = ${filter.nationality})
      AND (${filter.visaType}::text IS NULL OR visa_type = ${filter.visaType})
    ORDER BY destination_country, visa_type, nationality NULLS FIRST
    LIMIT ${limit}`;
}
