// The documents area: documents rendered from the data other areas hand over, and the files employees upload.
import type { Area } from '../../platform/area.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { renderQuotePdf } from './quote-pdf.js';
export type { InvoiceDocument, PaymentInstructions } from './invoice-pdf.js';
export type { QuoteDocument, QuoteFigures, QuoteLine } from './quote-pdf.js';
export type { DocumentCustomer, DocumentIssuer } from './document-parties.js';
export { issuerOf } from './document-parties.js';
/** What a quote shows as text (lines, totals, validity): its PDF and its page on the service show the same. */
export { quoteFigures } from './quote-pdf.js';
// How documents write amounts and dates, for pages and mails that show the same figures.
export { formatDateText, formatMinorAmount, formatQuantity } from './document-format.js';

// ---- uploads ----
import type { FileStorage } from './storage/file-storage.js';
import { uploadOperations } from './upload.operations.js';
import { createUploadService, findUpload, mayReadUpload, openUpload } from './upload.service.js';
import type { ApiTag } from '../../platform/http/openapi.js';

/** The OpenAPI tags of the area's operations (docs/api.md's sections). */
const TAGS: readonly ApiTag[] = [{ name: 'document', description: 'Invoice documents and payment records' }];

export type { FileStorage } from './storage/file-storage.js';
export { localDiskStorage } from './storage/local-disk-storage.js';
export type { Upload } from './upload.service.js';
// ---- end of uploads ----

export interface DocumentsApi {
  renderInvoicePdf: typeof renderInvoicePdf;
  renderQuotePdf: typeof renderQuotePdf;
  // ---- uploads: what other areas (visa documents) use of them ----
  /** The upload saved under that name, if any. */
  findUpload: typeof findUpload;
  /** The upload and a stream of its bytes, if both are there. */
  openUpload(ctx: TenantContext, savedFileName: string): ReturnType<typeof openUpload>;
}

export interface DocumentsDeps {
  /** Where uploaded files are kept (localDiskStorage(config.dataDir) in the service). */
  storage: FileStorage;
}

export function createDocumentsArea(deps: DocumentsDeps): Area<DocumentsApi> {
  const uploads = createUploadService(deps);
  return {
    tags: TAGS,
    operations: [...uploadOperations(uploads)],
    api: {
      renderInvoicePdf,
      renderQuotePdf,
      findUpload,
      openUpload: (ctx, savedFileName) => openUpload(ctx, deps.storage, savedFileName),
    },
    records: { upload: { noun: 'Upload', mayRead: (ctx, id) => mayReadUpload(ctx, String(id)) } },
  };
}
