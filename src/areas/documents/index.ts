// The documents area's public face: documents rendered from the data other areas hand over.
export { renderInvoicePdf } from './invoice-pdf.js';
