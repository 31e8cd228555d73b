// Request and answer schemas of visa documents and deliveries (/visa/*document*, /visa/*delivery*).
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../../platform/http/schema.js';
import {
  DELIVERY_STATUSES,
  DELIVERY_TYPES,
  DOCUMENT_STATUSES,
  type DeliveryStatus,
  type DeliveryType,
  type DocumentStatus,
} from '../visas.rules.js';
import { DateOnly, DateTime, DocumentTypeSchema, enumOf, Id, Optional, Text } from '../visas.schema-parts.js';

const DocumentStatusSchema = enumOf<DocumentStatus>(
  DOCUMENT_STATUSES,
  'UPLOADED (on creation, and when a new file is sent) → VERIFIED | REJECTED; VERIFIED → REJECTED',
);
const DeliveryTypeSchema = enumOf<DeliveryType>(DELIVERY_TYPES);
const DeliveryStatusSchema = enumOf<DeliveryStatus>(
  DELIVERY_STATUSES,
  'PENDING → SCHEDULED (once it has a scheduledDate) → IN_TRANSIT (a courier with its tracking number) → ' +
    'DELIVERED; CANCELLED from any open status',
);

export const VisaDocument = Type.Object({
  documentId: Type.Integer(),
  applicantId: Type.Integer(),
  applicantName: Type.String(),
  documentType: DocumentTypeSchema,
  documentTypeName: Type.String(),
  fileName: Type.String(),
  fileUrl: Type.String({
    description: 'The saved name of the upload holding the file; its bytes: POST /visa/documentFile (employees)',
  }),
  fileSize: Type.Integer({ description: 'Bytes' }),
  status: DocumentStatusSchema,
  expiryDate: Nullable(Type.String({ description: 'yyyy-MM-dd' })),
  uploadedAt: DateTime('When the file was attached'),
  verifiedAt: Nullable(DateTime('When it was verified')),
  verifiedBy: Nullable(Type.Integer({ description: 'The user id of the employee who verified it' })),
  notes: Nullable(Type.String()),
});
export type VisaDocument = Static<typeof VisaDocument>;

export const DocumentIdRequest = Type.Object({ documentId: Id() });

export const WriteDocumentRequest = Type.Object({
  documentId: Optional(Id('Absent: a new document (UPLOADED)')),
  applicantId: Id(),
  documentType: DocumentTypeSchema,
  fileName: Text(255, 'The name shown for the file'),
  fileUrl: Type.String({
    minLength: 1,
    maxLength: 200,
    description:
      'The savedFileName /document/upload or /document/upload2 answered: an upload of the caller (any for an admin), ' +
      'or the file the document already has',
  }),
  status: Optional(DocumentStatusSchema),
  expiryDate: Optional(DateOnly('Expiry of the document')),
  notes: Optional(Text(2000)),
});
export type WriteDocumentRequest = Static<typeof WriteDocumentRequest>;

export const SearchDocumentsRequest = Type.Object({
  applicantId: Optional(Id()),
  documentType: Optional(DocumentTypeSchema),
  status: Optional(DocumentStatusSchema),
});
export type SearchDocumentsRequest = Static<typeof SearchDocumentsRequest>;

export const FileBytes = Type.String({ description: "The file's bytes (the type recognised when it was uploaded)" });

export const Delivery = Type.Object({
  deliveryId: Type.Integer(),
  applicationId: Type.Integer(),
  applicationNumber: Type.String(),
  deliveryType: DeliveryTypeSchema,
  address: Nullable(Type.String()),
  city: Nullable(Type.String()),
  postalCode: Nullable(Type.String()),
  contactName: Nullable(Type.String()),
  contactPhone: Nullable(Type.String()),
  scheduledDate: Nullable(Type.String({ description: 'yyyy-MM-dd' })),
  status: DeliveryStatusSchema,
  trackingNumber: Nullable(Type.String()),
  courierCompany: Nullable(Type.String()),
  createdAt: DateTime('When it was created'),
  notes: Nullable(Type.String()),
});
export type Delivery = Static<typeof Delivery>;

export const DeliveryIdRequest = Type.Object({ deliveryId: Id() });

export const WriteDeliveryRequest = Type.Object({
  deliveryId: Optional(Id('Absent: a new delivery (SCHEDULED when it has a scheduledDate, else PENDING)')),
  applicationId: Id(),
  deliveryType: DeliveryTypeSchema,
  address: Optional(Text(500, 'Required for a COURIER delivery')),
  city: Optional(Text(100)),
  postalCode: Optional(Text(20)),
  contactName: Optional(Text(200)),
  contactPhone: Optional(Text(50)),
  scheduledDate: Optional(DateOnly('The pick-up or delivery date')),
  status: Optional(DeliveryStatusSchema),
  trackingNumber: Optional(Text(100)),
  courierCompany: Optional(Text(100)),
  notes: Optional(Text(2000)),
});
export type WriteDeliveryRequest = Static<typeof WriteDeliveryRequest>;

export const SearchDeliveriesRequest = Type.Object({
  applicationId: Optional(Id()),
  status: Optional(DeliveryStatusSchema),
  deliveryType: Optional(DeliveryTypeSchema),
  fromDate: Optional(DateOnly('scheduledDate on or after')),
  toDate: Optional(DateOnly('scheduledDate on or before')),
});
export type SearchDeliveriesRequest = Static<typeof SearchDeliveriesRequest>;
