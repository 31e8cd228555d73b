// /visa/* documents and deliveries (spec part 2 "Visa (base /visa)", employees only), and /visa/documentFile, the
// bytes of a document's file for employees (never a public path).
import { Type } from '@sinclair/typebox';
import { type OperationDeclaration, operation } from '../../../platform/http/operation.js';
import type { DeliveryService } from './deliveries.service.js';
import type { DocumentService } from './documents.service.js';
import {
  Delivery,
  DeliveryIdRequest,
  DocumentIdRequest,
  FileBytes,
  SearchDeliveriesRequest,
  SearchDocumentsRequest,
  VisaDocument,
  WriteDeliveryRequest,
  WriteDocumentRequest,
} from '../model/index.js';
import { forEmployees } from '../applications/index.js';
import { LIMITS } from '../visas.rules.js';

export function documentOperations(documents: DocumentService): OperationDeclaration[] {
  const readDocument = operation({
    ...forEmployees,
    path: '/visa/readdocument',
    summary: 'A document of a visa applicant',
    input: DocumentIdRequest,
    records: { documentId: 'visaDocument' },
    response: VisaDocument,
    handler: (ctx, input) => documents.read(ctx, input.documentId),
  });
  const writeDocument = operation({
    ...forEmployees,
    path: '/visa/writedocument',
    summary: 'Attach an uploaded file to an applicant (UPLOADED), or check it: VERIFIED (when, by whom) or REJECTED',
    description:
      'fileUrl is the savedFileName /document/upload or upload2 answered (fileSize is taken from it). Moves: UPLOADED → ' +
      'VERIFIED | REJECTED, VERIFIED → REJECTED; another file makes the document UPLOADED again. Refused moves, or ' +
      'another status on creation: INVALID_STATE naming the current status. The applicant becomes DOCUMENTS_COMPLETE ' +
      'once every required type has a VERIFIED document and none is UPLOADED or REJECTED, else DOCUMENTS_PENDING. ' +
      "An upload the caller may not use (another employee's, unless a document holds it already): NOTFOUND.",
    input: WriteDocumentRequest,
    records: { documentId: 'visaDocument', applicantId: 'visaApplicant', fileUrl: 'visaFile' },
    response: VisaDocument,
    handler: (ctx, input) => documents.write(ctx, input),
  });
  const searchDocument = operation({
    ...forEmployees,
    path: '/visa/searchdocument',
    summary: `Visa documents matching every filter given, newest first (at most ${LIMITS.childRows})`,
    input: SearchDocumentsRequest,
    records: { applicantId: 'visaApplicant' },
    response: Type.Array(VisaDocument),
    handler: (ctx, input) => documents.search(ctx, input),
  });
  const documentFile = operation({
    ...forEmployees,
    methods: ['GET', 'POST'],
    path: '/visa/documentFile',
    summary: "The bytes of a visa document's file (attachment named fileName, the type recognised at upload)",
    description:
      'Employees only; X-Content-Type-Options nosniff, Cache-Control no-store. Errors come as a JSON envelope.',
    input: DocumentIdRequest,
    records: { documentId: 'visaDocument' },
    response: FileBytes,
    handler: (ctx, input) => documents.file(ctx, input.documentId),
  });
  return [readDocument, writeDocument, searchDocument, documentFile];
}

export function deliveryOperations(deliveries: DeliveryService): OperationDeclaration[] {
  const readDelivery = operation({
    ...forEmployees,
    path: '/visa/readdelivery',
    summary: "A delivery of an application's passports",
    input: DeliveryIdRequest,
    records: { deliveryId: 'visaDelivery' },
    response: Delivery,
    handler: (ctx, input) => deliveries.read(ctx, input.deliveryId),
  });
  const writeDelivery = operation({
    ...forEmployees,
    path: '/visa/writedelivery',
    summary: 'Create (SCHEDULED with a scheduledDate, else PENDING) or change a PICKUP or COURIER delivery',
    description:
      'Moves: PENDING → SCHEDULED (needs scheduledDate; given a date, a PENDING delivery is SCHEDULED) → IN_TRANSIT ' +
      '(COURIER only, with trackingNumber and courierCompany) → DELIVERED (SCHEDULED → DELIVERED too); CANCELLED from ' +
      'any open status. A COURIER delivery needs an address (MISSING_PARAMETER). Refused moves and closed deliveries: ' +
      'INVALID_STATE naming the status. Optional fields left out keep their values.',
    input: WriteDeliveryRequest,
    records: { deliveryId: 'visaDelivery', applicationId: 'visaApplication' },
    response: Delivery,
    handler: (ctx, input) => deliveries.write(ctx, input),
  });
  const searchDelivery = operation({
    ...forEmployees,
    path: '/visa/searchdelivery',
    summary: `Deliveries matching every filter given, newest first (at most ${LIMITS.childRows})`,
    description: 'fromDate/toDate filter on scheduledDate (inclusive).',
    input: SearchDeliveriesRequest,
    records: { applicationId: 'visaApplication' },
    response: Type.Array(Delivery),
    handler: (ctx, input) => deliveries.search(ctx, input),
  });
  return [readDelivery, writeDelivery, searchDelivery];
}
