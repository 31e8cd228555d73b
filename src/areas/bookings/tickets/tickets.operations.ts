// The ticket operations of /booking: getTickets and the voucher (id + access code, any session holding the pair,
// contract §6), the published ticket-signing key (no session), the printable page and PDF (the pair is the key),
// and check-in by employees.
import { Type } from '@sinclair/typebox';
import { Allow } from '../../../platform/auth/roles.js';
import { type OperationDeclaration, operation } from '../../../platform/http/operation.js';
import { PAYLOAD_FORMAT } from './ticket-payload.rules.js';
import type { TicketPages } from './ticket-pages.js';
import {
  CheckinAnswer,
  CheckinRequest,
  GetTicketsRequest,
  Html,
  Pdf,
  TicketConfirmation,
  TicketKeyAnswer,
  TicketPageQuery,
  VoucherQuery,
} from './tickets.schemas.js';
import type { TicketService } from './tickets.service.js';

export interface TicketServices {
  tickets: TicketService;
  pages: TicketPages;
}

const tags = ['booking'] as const;

const PAIR =
  'Any session holding the pair gets the answer. A wrong code, an unknown id and an access past accessMaxDate ' +
  'answer NOTFOUND alike; look-ups by id and code are limited per client address (429 RATE_LIMITED with ' +
  'Retry-After). A booking whose tickets are not issued yet answers []. Each barcodeImage is made once and kept.';

export const VERIFY_RECIPE =
  `A ticket's QR holds ${PAYLOAD_FORMAT}. To verify offline: split at the dots; the first field is TC1, the second ` +
  'the tenant code, the third the ticket id, the last two the key id and the signature, and the barcode is what ' +
  'lies between (it may hold dots). The signature is unpadded base64url of an Ed25519 signature (64 bytes) over ' +
  'the UTF-8 bytes of the text before the last dot; check it with the key of that key id (publicKey, raw 32 bytes, ' +
  'or publicKeyPem) and check that the tenant code is this tenant. Keep the answer: gates need no connection.';

const getTickets = ({ tickets }: TicketServices) =>
  operation({
    path: '/booking/getTickets',
    methods: ['POST'],
    summary: "A booking request's ticket confirmations, for the holder of its id and access code",
    description: PAIR,
    allow: Allow.anySession,
    sessionParameter: 'required',
    tags,
    input: GetTicketsRequest,
    response: Type.Array(TicketConfirmation),
    handler: (ctx, input) => tickets.getTickets(ctx, input.id, input.code),
  });

const voucher = ({ tickets }: TicketServices) =>
  operation({
    path: '/booking/voucher/:id',
    methods: ['GET'],
    summary: 'The same as getTickets: path id (the booking request id), query code and session',
    description: PAIR,
    allow: Allow.anySession,
    sessionParameter: 'required',
    tags,
    input: VoucherQuery,
    response: Type.Array(TicketConfirmation),
    handler: (ctx, input) => tickets.getTickets(ctx, input.id, input.code),
  });

const ticketKey = ({ tickets }: TicketServices) =>
  operation({
    path: '/booking/ticketKey',
    methods: ['GET'],
    summary: "The tenant's public Ed25519 key that signs ticket QR codes, to verify them offline (no session)",
    description: VERIFY_RECIPE,
    allow: Allow.anyone,
    tags,
    response: TicketKeyAnswer,
    handler: (ctx) => tickets.ticketKey(ctx),
  });

const checkin = ({ tickets }: TicketServices) =>
  operation({
    path: '/booking/checkin',
    methods: ['POST'],
    summary: 'Check a scanned ticket QR in (employees): verified, and redeemed by the first scan only',
    description:
      "A payload that is not signed by this tenant (forged, altered, another agency's) answers INVALID_FORMAT " +
      'naming qr; a verified one whose ticket is gone NOTFOUND; a ticket already redeemed INVALID_STATE, the ' +
      'message saying when (tenant time); a ticket of a cancelled booking INVALID_STATE. Of concurrent scans of ' +
      'one ticket exactly one redeems it.',
    allow: Allow.employees,
    sessionParameter: 'required',
    tags,
    input: CheckinRequest,
    response: CheckinAnswer,
    handler: (ctx, input) => tickets.checkin(ctx, input.qr),
  });

const ticketPage = ({ pages }: TicketServices) =>
  operation({
    path: '/booking/tickets/:id',
    methods: ['GET'],
    summary: "The printable tickets page (HTML): each ticket's QR, code and facts, and a link to the PDF voucher",
    description:
      "The link of the tickets e-mail and of each ticketUrl; the id and the access code are the key. The tenant's " +
      'branding and "what to bring" text come from its templates. Not issued yet: a page that refreshes itself. ' +
      'A wrong code or unknown id: a 404 page. Limited per client address like getTickets.',
    allow: Allow.anyone,
    tags: ['booking pages'],
    input: TicketPageQuery,
    response: Html,
    htmlPage: true,
    handler: (ctx, input) => pages.html(ctx, input.id, input.code),
  });

const voucherPdf = ({ pages }: TicketServices) =>
  operation({
    path: '/booking/tickets/:id/voucher.pdf',
    methods: ['GET'],
    summary: 'The PDF voucher of a booking request: one page per ticket with its QR code',
    description: 'The key and the answers when it does not open tickets are those of the tickets page.',
    allow: Allow.anyone,
    tags: ['booking pages'],
    input: TicketPageQuery,
    response: Pdf,
    handler: (ctx, input) => pages.pdf(ctx, input.id, input.code),
  });

/** The ticket operations, bound to their services. */
export function ticketOperations(services: TicketServices): OperationDeclaration[] {
  return [getTickets, voucher, ticketKey, checkin, ticketPage, voucherPdf].map((declare) => declare(services));
}
