// The text a ticket's QR code holds, and how a gate reads it (docs/tickets.md). Pure: no keys, no I/O.
//
//   TC1.<tenantCode>.<ticketId>.<barcode>.<keyId>.<signature>
//
// The signature is Ed25519 over the UTF-8 bytes of everything before its last dot (`TC1.` … `<keyId>`), made with
// the tenant's key `keyId` and written as unpadded base64url. Tenant codes, ticket ids, key ids and base64url
// hold no dot, so a barcode that does is still read whole: the fields are the first three and the last two, and
// the barcode is what lies between them.

export const PAYLOAD_VERSION = 'TC1';

/** The format as GET /booking/ticketKey names it. */
export const PAYLOAD_FORMAT = `${PAYLOAD_VERSION}.<tenantCode>.<ticketId>.<barcode>.<keyId>.<signature>`;

export interface TicketClaim {
  tenantCode: string;
  ticketId: number;
  barcode: string;
  keyId: string;
}

export interface SignedPayload extends TicketClaim {
  /** The bytes the signature covers. */
  signedPart: string;
  signature: Buffer;
}

/** The part of the payload the signature covers. */
export function signedPartOf(claim: TicketClaim): string {
  return [PAYLOAD_VERSION, claim.tenantCode, String(claim.ticketId), claim.barcode, claim.keyId].join('.');
}

export function payloadText(claim: TicketClaim, signature: Buffer): string {
  return `${signedPartOf(claim)}.${signature.toString('base64url')}`;
}

const ED25519_SIGNATURE_BYTES = 64;
const TENANT_CODE = /^[a-z0-9-]{3,50}$/;
const TICKET_ID = /^[1-9]\d{0,9}$/;
const KEY_ID = /^[A-Za-z0-9_-]{1,40}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The fields of a scanned payload, or undefined when it is not one (the signature is not checked here). */
export function parsePayload(text: string): SignedPayload | undefined {
  const parts = text.trim().split('.');
  if (parts.length < 6 || parts[0] !== PAYLOAD_VERSION) return undefined;
  const [, tenantCode = '', ticketId = ''] = parts;
  const keyId = parts.at(-2) ?? '';
  const signatureText = parts.at(-1) ?? '';
  const barcode = parts.slice(3, -2).join('.');
  if (!TENANT_CODE.test(tenantCode) || !TICKET_ID.test(ticketId) || !KEY_ID.test(keyId)) return undefined;
  if (barcode === '' || !BASE64URL.test(signatureText)) return undefined;
  const signature = Buffer.from(signatureText, 'base64url');
  // Only the canonical spelling: another text decoding to the same bytes is an altered payload too.
  if (signature.length !== ED25519_SIGNATURE_BYTES || signature.toString('base64url') !== signatureText) {
    return undefined;
  }
  const claim = { tenantCode, ticketId: Number(ticketId), barcode, keyId };
  return { ...claim, signedPart: signedPartOf(claim), signature };
}
