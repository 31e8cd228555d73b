// The documents area: documents rendered from the data other areas hand over (no operations of its own yet).
import type { Area } from '../../platform/area.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { renderQuotePdf } from './quote-pdf.js';
export type { QuoteDocument, QuoteLine } from './quote-pdf.js';

export interface DocumentsApi {
  renderInvoicePdf: typeof renderInvoicePdf;
  renderQuotePdf: typeof renderQuotePdf;
}

export function createDocumentsArea(): Area<DocumentsApi> {
  return { operations: [], api: { renderInvoicePdf, renderQuotePdf } };
}
