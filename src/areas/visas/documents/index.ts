// The applicants' documents (files kept by the documents area's uploads) and the deliveries of an application.
// Leans on model/ and applications/.
export { createDeliveryService } from './deliveries.service.js';
export { createDocumentService } from './documents.service.js';
export { deliveryOperations, documentOperations } from './visa-documents.operations.js';
