// An applicant together with its documents: what its requirement asks for, what is still missing, and the status
// that follows (DOCUMENTS_COMPLETE once every required document is VERIFIED and none waits or was rejected).
import type { Queryable } from '../../../platform/database/connections.js';
import type { TenantRecord } from '../../../platform/tenancy/tenant.js';
import {
  applicantsRepository as applicants,
  documentsRepository as documents,
  type RequirementsProvider,
  requiredDocuments,
  type Applicant,
  toApplicantSummary,
  toDocument,
} from '../model/index.js';
import { applicantStatus, type DocumentType, missingDocuments } from '../visas.rules.js';

export interface RequirementScope {
  db: Queryable;
  tenant: TenantRecord;
}

/** The required documents of each applicant, asking the provider once per nationality. */
export async function requiredOfEach(
  provider: RequirementsProvider,
  scope: RequirementScope,
  rows: readonly applicants.ApplicantRow[],
): Promise<Map<number, readonly DocumentType[]>> {
  const byNationality = new Map<string, readonly DocumentType[]>();
  const required = new Map<number, readonly DocumentType[]>();
  for (const row of rows) {
    const key = `${row.destination_country}|${row.visa_type}|${row.nationality}`;
    let types = byNationality.get(key);
    if (types === undefined) {
      types = await requiredDocuments(provider, scope, {
        destinationCountry: row.destination_country,
        visaType: row.visa_type,
        nationality: row.nationality,
      });
      byNationality.set(key, types);
    }
    required.set(row.applicant_id, types);
  }
  return required;
}

export function applicantView(
  row: applicants.ApplicantRow,
  rows: readonly documents.DocumentRow[],
  required: readonly DocumentType[],
  timezone: string,
): Applicant {
  const own = rows.filter((document) => document.applicant_id === row.applicant_id);
  const shaped = own.map((document) => ({ documentType: document.document_type, status: document.status }));
  return {
    ...toApplicantSummary(row, timezone),
    requiredDocuments: [...required],
    missingDocuments: missingDocuments(required, shaped),
    documents: own.map((document) => toDocument(document, timezone)),
  };
}

/** The applicants read with their documents and requirements: one query for all their documents. */
export async function applicantsWithDocuments(
  provider: RequirementsProvider,
  scope: RequirementScope,
  rows: readonly applicants.ApplicantRow[],
): Promise<Applicant[]> {
  if (rows.length === 0) return [];
  const docs = await documents.selectDocumentsOf(
    scope.db,
    rows.map((row) => row.applicant_id),
  );
  const required = await requiredOfEach(provider, scope, rows);
  return rows.map((row) => applicantView(row, docs, required.get(row.applicant_id) ?? [], scope.tenant.timezone));
}

/** Writes the status the applicant's documents give it (inside the caller's transaction, the applicant locked). */
export async function refreshApplicantStatus(
  provider: RequirementsProvider,
  scope: RequirementScope,
  row: applicants.ApplicantRow,
  now: Date,
): Promise<void> {
  const required = await requiredDocuments(provider, scope, {
    destinationCountry: row.destination_country,
    visaType: row.visa_type,
    nationality: row.nationality,
  });
  const docs = await documents.selectDocumentsOf(scope.db, [row.applicant_id]);
  const shaped = docs.map((document) => ({ documentType: document.document_type, status: document.status }));
  await applicants.setApplicantStatus(scope.db, row.applicant_id, applicantStatus(required, shaped), now);
}
