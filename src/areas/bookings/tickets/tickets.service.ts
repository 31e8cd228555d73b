// The tickets of a booking request for holders of its id and access code (getTickets, the voucher, the pages),
// the published signing key, and check-in by employees.
import { loggedInUserId } from '../../../platform/auth/session.js';
import { sameSecret } from '../../../platform/crypto.js';
import { ApiError, ErrorCode, notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { formatDateTime } from '../../../platform/time.js';
import { secretPairLookup } from '../secret-pair.js';
import { PAYLOAD_FORMAT, parsePayload } from './ticket-payload.rules.js';
import { DATA_URI_PREFIX, qrDataUri } from './ticket-qr.js';
import type { TicketScope, TicketSigner } from './ticket-signing.js';
import * as repo from './tickets.repository.js';
import type { CheckinAnswer, TicketConfirmation, TicketKeyAnswer } from './tickets.schemas.js';
import { ticketView } from './tickets.view.js';

export interface TicketServiceDeps {
  signer: TicketSigner;
  tenantUrl: (tenantCode: string) => string;
  /** Look-ups by id and access code per client address and minute (contract §7.1: at least 60). */
  lookupsPerMinute: number;
}

/** A ticket with what the pages need beside its API shape. */
export interface IssuedTicket {
  row: repo.TicketRow;
  confirmation: TicketConfirmation;
}

/** The PNG of a ticket's QR code (the PDF voucher draws it), from its data URI. */
export const qrPngOf = (ticket: IssuedTicket): Buffer =>
  Buffer.from(ticket.confirmation.barcodeImage.slice(DATA_URI_PREFIX.length), 'base64');

/** The ticket page of a request, opened at one ticket. */
export function ticketPageUrl(baseUrl: string, requestId: number, accessCode: string, ticketId?: number): string {
  const page = `${baseUrl}/booking/tickets/${requestId}?code=${encodeURIComponent(accessCode)}`;
  return ticketId === undefined ? page : `${page}#ticket-${ticketId}`;
}

/**
 * The request the pair opens, with its tickets; a wrong pair, an unknown id and an access past its date answer
 * the same NOTFOUND, counted against the client address's budget of wrong pairs (secret-pair.ts).
 */
function openRequest(
  deps: TicketServiceDeps,
  ctx: TenantContext,
  requestId: number,
  code: string,
): Promise<repo.RequestWithTickets> {
  return secretPairLookup(ctx, deps.lookupsPerMinute, async () => {
    const opened = await repo.findRequestWithTickets(ctx.db, requestId);
    // compared in constant time even when the id is unknown, so timing tells nothing either
    const matches = sameSecret(opened?.request.access_code ?? '', code);
    if (!opened || !matches || opened.request.access_max_date.getTime() < ctx.now.getTime()) {
      throw notFound('Booking request');
    }
    return opened;
  });
}

/** The request's tickets as answered; a QR image is made once, on the first read, and kept. */
async function issuedTickets(
  deps: TicketServiceDeps,
  ctx: TicketScope,
  { request, tickets }: repo.RequestWithTickets,
): Promise<IssuedTicket[]> {
  const base = deps.tenantUrl(ctx.tenant.tenantCode);
  const issued: IssuedTicket[] = [];
  for (const row of tickets) {
    let image = row.barcode_image;
    if (!image) {
      image = await qrDataUri(await deps.signer.payloadOf(ctx, { ticketId: row.ticket_id, barcode: row.barcode }));
      await repo.storeBarcodeImage(ctx.db, row.ticket_id, image);
    }
    const ticketUrl = ticketPageUrl(base, row.booking_request_id, request.access_code, row.ticket_id);
    const confirmation = ticketView(row, { timeZone: ctx.tenant.timezone, barcodeImage: image, ticketUrl });
    issued.push({ row, confirmation });
  }
  return issued;
}

async function ticketKey(deps: TicketServiceDeps, ctx: TenantContext): Promise<TicketKeyAnswer> {
  const keys = await deps.signer.publicKeys(ctx);
  const [current] = keys;
  if (!current) throw new Error('the tenant has no ticket-signing key');
  return {
    tenantCode: ctx.tenant.tenantCode,
    keyId: current.keyId,
    algorithm: 'Ed25519',
    publicKey: current.publicKey,
    publicKeyPem: current.publicKeyPem,
    payloadFormat: PAYLOAD_FORMAT,
    keys: keys.map((key) => ({ ...key, createdAt: formatDateTime(key.createdAt, ctx.tenant.timezone) })),
  };
}

/**
 * Verifies a scanned QR (format, tenant, key, signature) and redeems its ticket once: a forged, altered or other
 * agency's payload is INVALID_FORMAT naming qr, a verified one without its ticket NOTFOUND, a second scan
 * INVALID_STATE saying when the first one redeemed it.
 */
async function checkin(deps: TicketServiceDeps, ctx: TenantContext, qr: string): Promise<CheckinAnswer> {
  const payload = parsePayload(qr);
  if (!payload || !(await deps.signer.verifies(ctx, payload))) {
    throw new ApiError(ErrorCode.INVALID_FORMAT, 'Parameter qr is not a ticket code signed by this agency');
  }
  const ticket = await repo.findScannedTicket(ctx.db, payload.ticketId, payload.barcode);
  if (!ticket) throw notFound('Ticket');
  const timeZone = ctx.tenant.timezone;
  if (ticket.request_status === 'CANCELLED') {
    throw new ApiError(ErrorCode.INVALID_STATE, 'The booking of this ticket is cancelled');
  }
  const redeemed = await repo.redeemTicket(ctx.db, ticket.ticket_id, loggedInUserId(ctx.session), ctx.now);
  if (!redeemed) {
    const first = (await repo.redeemedAt(ctx.db, ticket.ticket_id)) ?? ctx.now;
    throw new ApiError(
      ErrorCode.INVALID_STATE,
      `Ticket ${ticket.barcode} was already redeemed at ${formatDateTime(first, timeZone)} (${timeZone})`,
    );
  }
  return {
    ticketId: ticket.ticket_id,
    requestId: ticket.booking_request_id,
    barcode: ticket.barcode,
    ticketDescription: ticket.ticket_description,
    startDate: ticket.start_date ? formatDateTime(ticket.start_date, timeZone) : null,
    timeslot: ticket.timeslot,
    ticketResvName: ticket.ticket_resv_name,
    redeemedAt: formatDateTime(redeemed, timeZone),
  };
}

export function createTicketService(deps: TicketServiceDeps) {
  return {
    openRequest: (ctx: TenantContext, requestId: number, code: string) => openRequest(deps, ctx, requestId, code),
    issuedTickets: (scope: TicketScope, opened: repo.RequestWithTickets) => issuedTickets(deps, scope, opened),
    /** The request and its tickets by id alone, for the service's own work (the tickets e-mail); no key checked. */
    requestById: (scope: TicketScope, requestId: number) => repo.findRequestWithTickets(scope.db, requestId),
    async getTickets(ctx: TenantContext, requestId: number, code: string): Promise<TicketConfirmation[]> {
      const opened = await openRequest(deps, ctx, requestId, code);
      return (await issuedTickets(deps, ctx, opened)).map((ticket) => ticket.confirmation);
    },
    ticketKey: (ctx: TenantContext) => ticketKey(deps, ctx),
    checkin: (ctx: TenantContext, qr: string) => checkin(deps, ctx, qr),
  };
}

export type TicketService = ReturnType<typeof createTicketService>;
