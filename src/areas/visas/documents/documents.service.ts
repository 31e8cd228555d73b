// Visa documents: the papers of an applicant, each a file uploaded through the documents area (/document/upload or
// upload2) and named here by its saved name (fileUrl). A new document or a new file is UPLOADED; an employee then
// VERIFIES it (when and by whom are kept) or REJECTS it; every change sets the applicant's status from its documents.
// The bytes are served to employees only, by /visa/documentFile, never from a public path.
import { withTransaction } from '../../../platform/database/transaction.js';
import { ApiError, ErrorCode, notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { RawAnswer } from '../../../platform/http/raw.js';
import type { DocumentsApi } from '../../documents/index.js';
import { refreshApplicantStatus, type VisaDeps } from '../applications/index.js';
import {
  applicantsRepository as applicants,
  applicationsRepository as applications,
  documentsRepository as repo,
  type SearchDocumentsRequest,
  type VisaDocument,
  type WriteDocumentRequest,
  toDocument,
} from '../model/index.js';
import { checkDocumentMove, type DocumentStatus, isClosedApplication, LIMITS } from '../visas.rules.js';

export interface DocumentDeps extends VisaDeps {
  documents: Pick<DocumentsApi, 'findUpload' | 'openUpload'>;
}

const refused = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);

/** The status, check and upload moment a write leaves a document with. */
function stateAfter(
  ctx: TenantContext,
  current: repo.DocumentRow | undefined,
  input: WriteDocumentRequest,
): Pick<repo.DocumentValues, 'status' | 'uploadedAt' | 'verifiedAt' | 'verifiedBy'> {
  const fresh = { status: 'UPLOADED' as const, uploadedAt: ctx.now, verifiedAt: null, verifiedBy: null };
  if (!current || current.file_url !== input.fileUrl) {
    // a new document, or a new file for one: it waits for a check whatever it was
    if (input.status !== undefined && input.status !== 'UPLOADED') {
      const what = current ? `Document ${current.document_id} gets a new file, which` : 'A new document';
      throw refused(`${what} is UPLOADED; it cannot be written ${input.status} before it is checked`);
    }
    return fresh;
  }
  const status: DocumentStatus = input.status ?? current.status;
  checkDocumentMove(current.document_id, current.status, status);
  if (status === current.status) {
    return {
      status,
      uploadedAt: current.uploaded_at,
      verifiedAt: current.verified_at,
      verifiedBy: current.verified_by,
    };
  }
  const verified = status === 'VERIFIED';
  return {
    status,
    uploadedAt: current.uploaded_at,
    verifiedAt: verified ? ctx.now : null,
    verifiedBy: verified ? (ctx.session?.userId ?? null) : null,
  };
}

export function createDocumentService(deps: DocumentDeps) {
  async function read(ctx: TenantContext, documentId: number): Promise<VisaDocument> {
    const row = await repo.selectDocument(ctx.db, documentId);
    if (!row) throw notFound('Visa document');
    return toDocument(row, ctx.tenant.timezone);
  }

  async function write(ctx: TenantContext, input: WriteDocumentRequest): Promise<VisaDocument> {
    const documentId = await withTransaction(ctx, async (tx) => {
      // the applicant's lock orders every change of its documents, so its status is computed from all of them
      const applicant = await applicants.lockApplicant(tx, input.applicantId);
      if (!applicant) throw notFound('Visa applicant');
      const application = await applications.selectApplication(tx, applicant.application_id);
      if (application && isClosedApplication(application.status)) {
        throw refused(
          `Application ${application.application_number} is ${application.status}; its documents are kept as they are`,
        );
      }
      const current = input.documentId === undefined ? undefined : await repo.selectDocument(tx, input.documentId);
      if (input.documentId !== undefined && !current) throw notFound('Visa document');
      if (current && current.applicant_id !== applicant.applicant_id) {
        throw refused(
          `Document ${current.document_id} belongs to applicant ${current.applicant_id}, not ${applicant.applicant_id}`,
        );
      }
      const upload = await deps.documents.findUpload(tx, input.fileUrl);
      if (!upload) throw notFound('Upload');
      const values: repo.DocumentValues = {
        documentType: input.documentType,
        fileName: input.fileName,
        fileUrl: input.fileUrl,
        fileSize: upload.size,
        ...stateAfter(ctx, current, input),
        expiryDate: input.expiryDate ?? current?.expiry_date ?? null,
        notes: input.notes ?? current?.notes ?? null,
        now: ctx.now,
      };
      const id = current ? current.document_id : await repo.insertDocument(tx, applicant.applicant_id, values);
      if (current) await repo.updateDocument(tx, current.document_id, values);
      await refreshApplicantStatus(deps.requirements, { db: tx, tenant: ctx.tenant }, applicant, ctx.now);
      return id;
    });
    return read(ctx, documentId);
  }

  async function search(ctx: TenantContext, input: SearchDocumentsRequest): Promise<VisaDocument[]> {
    const filter: repo.DocumentFilter = {
      applicantId: input.applicantId ?? null,
      documentType: input.documentType ?? null,
      status: input.status ?? null,
    };
    const rows = await repo.searchDocuments(ctx.db, filter, LIMITS.childRows);
    return rows.map((row) => toDocument(row, ctx.tenant.timezone));
  }

  /** The document's file as an attachment under its fileName, with the type recognised when it was uploaded. */
  async function file(ctx: TenantContext, documentId: number): Promise<RawAnswer> {
    const row = await repo.selectDocument(ctx.db, documentId);
    if (!row) throw notFound('Visa document');
    const found = await deps.documents.openUpload(ctx, row.file_url);
    if (!found) throw notFound('Upload');
    return new RawAnswer(found.upload.contentType, found.stream, {
      filename: row.file_name,
      headers: { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' },
    });
  }

  return { read, write, search, file };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
