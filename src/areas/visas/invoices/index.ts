// Invoices paid through payment links (an owner kind of the payments area) and the requirements staff keep.
// Leans on model/ and applications/.
export { invoicePaymentOwner } from './invoice-payment-owner.js';
export { createInvoiceService } from './invoices.service.js';
export { createRequirementService } from './requirements.service.js';
export { invoiceOperations, requirementOperations } from './visa-invoices.operations.js';
