// Schemas of the ticket operations: the specification's Ticket confirmation, the look-ups by id and access code,
// the published signing key and check-in.
import { type Static, Type } from '@sinclair/typebox';
import { VERBATIM } from '../../../platform/http/input.js';
import { Nullable, RecordId } from '../../../platform/http/schema.js';
import { PAYLOAD_FORMAT } from './ticket-payload.rules.js';

const DateTimeText = (description: string) =>
  Nullable(Type.String({ description: `${description} (yyyy-MM-dd'T'HH:mm:ss, tenant time)` }));
const Text = (description: string) => Nullable(Type.String({ description }));
const Code = Type.String({
  minLength: 1,
  maxLength: 100,
  description: 'The access code of the booking request (as on the booking confirmation)',
  [VERBATIM]: true,
});

export const TicketConfirmation = Type.Object({
  id: Type.Integer({ description: 'The ticket id' }),
  requestId: Type.Integer({ description: 'The booking request id' }),
  barcode: Type.String({ description: 'What a gate reads: our ticket code, an offline inventory code or a voucher' }),
  barcodeImage: Type.String({
    description: `data:image/png;base64 QR code of the signed payload ${PAYLOAD_FORMAT} (GET /booking/ticketKey)`,
  }),
  timeslot: Text('The time slot, HH:mm'),
  startDate: DateTimeText('Start of the service'),
  endDate: DateTimeText('End of the service'),
  optionId: Nullable(Type.Integer()),
  terms: Text('Terms of the ticket'),
  supplierBookingId: Nullable(Type.Integer()),
  supplierBookingSubId: Nullable(Type.Integer()),
  supplierReference: Text("The supplier's booking reference"),
  supplierVoucher: Text("The supplier's voucher"),
  supplierStatus: Text("The supplier's status of the booking"),
  ticketDescription: Type.String(),
  pickupLocation: Text('Where the traveller is picked up'),
  extInfo1: Text('Extra information'),
  extInfo2: Text('Extra information'),
  extInfo3: Text('Extra information'),
  extInfo4: Text('Extra information'),
  extInfo5: Text('Extra information'),
  ticketUrl: Type.String({ description: 'The printable ticket page, opened at this ticket' }),
  ticketValidity: Type.String({ description: 'When the ticket may be used, as text' }),
  ticketPrintType: Type.String({ enum: ['MOBILE', 'PRINT'], description: 'MOBILE, PRINT' }),
  ticketResvName: Text('The name the ticket is reserved under'),
});
export type TicketConfirmation = Static<typeof TicketConfirmation>;

export const GetTicketsRequest = Type.Object({
  id: RecordId('The booking request id'),
  code: Code,
});

export const VoucherQuery = Type.Object({
  id: RecordId('The booking request id'),
  code: Code,
});

export const TicketPageQuery = Type.Object({
  id: RecordId('The booking request id'),
  code: Code,
});

const PublicKey = Type.Object({
  keyId: Type.String(),
  publicKey: Type.String({ description: 'The raw 32-byte Ed25519 public key, unpadded base64url' }),
  publicKeyPem: Type.String({ description: 'The same key as a PEM SubjectPublicKeyInfo' }),
  createdAt: Type.String({ description: "yyyy-MM-dd'T'HH:mm:ss, tenant time" }),
});

export const TicketKeyAnswer = Type.Object({
  tenantCode: Type.String({ description: 'The tenant a payload must name' }),
  keyId: Type.String({ description: 'The key that signs new tickets' }),
  algorithm: Type.Literal('Ed25519'),
  publicKey: Type.String({ description: 'The raw 32-byte Ed25519 public key of keyId, unpadded base64url' }),
  publicKeyPem: Type.String({ description: 'The same key as a PEM SubjectPublicKeyInfo' }),
  payloadFormat: Type.String({ description: 'The text a ticket QR holds' }),
  keys: Type.Array(PublicKey, { description: 'Every key of the tenant, newest first; a payload names its keyId' }),
});
export type TicketKeyAnswer = Static<typeof TicketKeyAnswer>;

export const CheckinRequest = Type.Object({
  qr: Type.String({ minLength: 1, maxLength: 2000, description: 'The scanned QR text', [VERBATIM]: true }),
});

export const CheckinAnswer = Type.Object({
  ticketId: Type.Integer(),
  requestId: Type.Integer(),
  barcode: Type.String(),
  ticketDescription: Type.String(),
  startDate: DateTimeText('Start of the service'),
  timeslot: Text('The time slot, HH:mm'),
  ticketResvName: Text('The name the ticket is reserved under'),
  redeemedAt: Type.String({ description: "This scan, which redeemed the ticket (yyyy-MM-dd'T'HH:mm:ss, tenant time)" }),
});
export type CheckinAnswer = Static<typeof CheckinAnswer>;

export const Html = Type.String({ description: 'text/html' });
export const Pdf = Type.String({ description: 'application/pdf' });
