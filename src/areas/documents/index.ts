// The documents area: documents rendered from the data other areas hand over (no operations of its own yet).
import type { Area } from '../../platform/area.js';
import { renderInvoicePdf } from './invoice-pdf.js';

export interface DocumentsApi {
  renderInvoicePdf: typeof renderInvoicePdf;
}

export function createDocumentsArea(): Area<DocumentsApi> {
  return { operations: [], api: { renderInvoicePdf } };
}
