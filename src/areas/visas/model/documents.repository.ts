// SQL of visa documents: the papers each applicant hands in, whose files are uploads of the documents area (by their
// saved name). Plain rows out, each with its applicant's name.
import type { Queryable } from '../../../platform/database/connections.js';
import type { DocumentStatus, DocumentType } from '../visas.rules.js';

export interface DocumentRow {
  document_id: number;
  applicant_id: number;
  applicant_name: string;
  document_type: DocumentType;
  file_name: string;
  file_url: string;
  file_size: number;
  status: DocumentStatus;
  expiry_date: string | null;
  notes: string | null;
  uploaded_at: Date;
  verified_at: Date | null;
  verified_by: number | null;
}

const columns = (db: Queryable) => db`
  d.document_id, d.applicant_id, p.first_name || ' ' || p.last_name AS applicant_name, d.document_type, d.file_name,
  d.file_url, d.file_size, d.status, d.expiry_date::text AS expiry_date, d.notes, d.uploaded_at, d.verified_at,
  d.verified_by`;

export interface DocumentValues {
  documentType: DocumentType;
  fileName: string;
  fileUrl: string;
  fileSize: number;
  status: DocumentStatus;
  expiryDate: string | null;
  notes: string | null;
  /** When the file was attached (a new file: now). */
  uploadedAt: Date;
  verifiedAt: Date | null;
  verifiedBy: number | null;
  now: Date;
}

export async function insertDocument(db: Queryable, applicantId: number, values: DocumentValues): Promise<number> {
  const [row] = await db<{ document_id: number }[]>`
    INSERT INTO visa_documents (applicant_id, document_type, file_name, file_url, file_size, status, expiry_date,
                                notes, uploaded_at, verified_at, verified_by, updated_at)
    VALUES (${applicantId}, ${values.documentType}, ${values.fileName}, ${values.fileUrl}, ${values.fileSize},
            ${values.status}, ${values.expiryDate}::date, ${values.notes}, ${values.uploadedAt}, ${values.verifiedAt},
            ${values.verifiedBy}, ${values.now})
    RETURNING document_id`;
  if (!row) throw new Error('document insert returned no row');
  return row.document_id;
}

export async function updateDocument(db: Queryable, documentId: number, values: DocumentValues): Promise<void> {
  await db`
    UPDATE visa_documents
    SET document_type = ${values.documentType}, file_name = ${values.fileName}, file_url = ${values.fileUrl},
        file_size = ${values.fileSize}, status = ${values.status}, expiry_date = ${values.expiryDate}::date,
        notes = ${values.notes}, uploaded_at = ${values.uploadedAt}, verified_at = ${values.verifiedAt},
        verified_by = ${values.verifiedBy}, updated_at = ${values.now}
    WHERE document_id = ${documentId}`;
}

export async function selectDocument(db: Queryable, documentId: number): Promise<DocumentRow | undefined> {
  const [row] = await db<DocumentRow[]>`
    SELECT ${columns(db)} FROM visa_documents d JOIN visa_applicants p USING (applicant_id)
    WHERE d.document_id = ${documentId}`;
  return row;
}

export async function documentExists(db: Queryable, documentId: number): Promise<boolean> {
  const rows = await db`SELECT 1 FROM visa_documents WHERE document_id = ${documentId}`;
  return rows.length === 1;
}

/** Whether some visa document holds that upload (any employee may then attach and read it). */
export async function fileIsAttached(db: Queryable, fileUrl: string): Promise<boolean> {
  const rows = await db`SELECT 1 FROM visa_documents WHERE file_url = ${fileUrl} LIMIT 1`;
  return rows.length === 1;
}

/** The documents of these applicants, by applicant then id. */
export function selectDocumentsOf(db: Queryable, applicantIds: readonly number[]): Promise<DocumentRow[]> {
  return db<DocumentRow[]>`
    SELECT ${columns(db)} FROM visa_documents d JOIN visa_applicants p USING (applicant_id)
    WHERE d.applicant_id = ANY (${[...applicantIds]}::int[])
    ORDER BY d.applicant_id, d.document_id`;
}

export interface DocumentFilter {
  applicantId: number | null;
  documentType: DocumentType | null;
  status: DocumentStatus | null;
}

export function searchDocuments(db: Queryable, filter: DocumentFilter, limit: number): Promise<DocumentRow[]> {
  return db<DocumentRow[]>`
    SELECT ${columns(db)} FROM visa_documents d JOIN visa_applicants p USING (applicant_id)
    WHERE (${filter.applicantId}::int IS NULL OR d.applicant_id = ${filter.applicantId})
      AND (${filter.documentType}::text IS NULL OR d.document_type = ${filter.documentType})
      AND (${filter.status}::text IS NULL OR d.status = ${filter.status})
    ORDER BY d.document_id DESC
    LIMIT ${limit}`;
}
