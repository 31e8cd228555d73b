// Tiqets bookings behind the ticketing port: a booking is reserved (`POST /orders`: product, day, timeslot,
// variants and counts, the lead name, our key's digest as `external_reference`), confirmed (`PUT /orders/{id}`
// with the reservation's `payment_confirmation_token`) and its tickets read (`GET /orders/{id}/tickets`, a barcode
// each); a cancel is `DELETE /orders/{id}`. The order made under a key is remembered by this process, so the same
// key answers the booking it made and a cancel finds the order even when its confirm never came back. A failure
// after the reservation cancels it. Tiqets' failures are TicketSupplierErrors: API_ERROR (failed, timed out,
// rate limited, an answer not understood) or SUPPLIER_REFUSED (a 4xx: sold out, unknown product, bad request);
// a call the caller gave up on rejects with the caller's reason, as the port asks. A cart line's reservation is the
// same `POST /orders` made when the line is added; its booking then only confirms it, and releasing it cancels it.
import { createHash } from 'node:crypto';
import {
  type SupplierBooking,
  type SupplierBookingRequest,
  type SupplierReservation,
  type SupplierReservationRequest,
  type TicketSupplier,
  TicketSupplierError,
} from '../port.js';
import { TicketCatalogError } from '../catalog.js';
import { records, text, timeslotsOf } from './answers.js';
import type { TiqetsClient } from './client.js';

interface KeptOrder {
  orderId: string;
  booking?: SupplierBooking;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Our bigint column's id for Tiqets' order reference: a positive number below 2^47 derived from it. */
export const bookingIdOf = (orderId: string) => digest(`tiqets\n${orderId}`).readUIntBE(0, 6) % 2 ** 47 || 1;

/** What Tiqets sees of our key: its digest (the key names our booking request and line). */
export const externalReferenceOf = (tenantId: string, key: string) =>
  digest(`${tenantId}\n${key}`).toString('hex').slice(0, 32);

function supplierErrorOf(error: unknown): unknown {
  if (!(error instanceof TicketCatalogError)) return error;
  const refused = error.kind === 'refused' || error.kind === 'not-found';
  return new TicketSupplierError(refused ? 'SUPPLIER_REFUSED' : 'API_ERROR', error.message);
}

function splitName(name: string | null): { firstname: string; lastname: string } {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstname: 'Guest', lastname: 'Guest' };
  return { firstname: words[0] ?? 'Guest', lastname: words.length > 1 ? words.slice(1).join(' ') : (words[0] ?? '') };
}

/** The variant to book: the one asked, else the first the day's timeslot offers. */
async function variantFor(client: TiqetsClient, request: SupplierBookingRequest, day: string, signal: AbortSignal) {
  if (request.supplierVariantId) return request.supplierVariantId;
  const productId = request.supplierProductId ?? String(request.productId);
  const answer = await client.call(
    {
      method: 'GET',
      path: `/products/${encodeURIComponent(productId)}/availability`,
      query: { start_date: day, end_date: day },
    },
    signal,
  );
  const date = records(answer.dates).find((item) => text(item.date) === day);
  // The price's currency does not matter here: only the variant's id is kept.
  const slot = date ? timeslotsOf(date, 'EUR').find((item) => item.time === (request.timeSlot ?? null)) : undefined;
  const variantId = slot?.variants[0]?.variantId;
  if (!variantId) throw new TicketSupplierError('SUPPLIER_REFUSED', 'Tiqets has nothing on sale for that day and time');
  return variantId;
}

/** POST /orders: the reservation's order reference and its payment confirmation token. */
async function placeOrder(client: TiqetsClient, request: SupplierReservationRequest, signal: AbortSignal) {
  const answer = await client.call(
    {
      method: 'POST',
      path: '/orders',
      body: {
        product_id: request.supplierProductId,
        day: request.serviceDate,
        ...(request.timeSlot ? { timeslot: request.timeSlot } : {}),
        variants: [{ variant_id: request.supplierVariantId, count: request.quantity }],
        customer_details: splitName(request.resvName),
        external_reference: externalReferenceOf(request.tenantId, request.idempotencyKey),
      },
    },
    signal,
  );
  const orderId = text(answer.order_reference_id);
  if (!orderId) throw new TicketSupplierError('API_ERROR', 'Tiqets reserved without an order reference');
  return { orderId, token: text(answer.payment_confirmation_token) };
}

/** A booking without a cart reservation: its variant found, then reserved as a cart line would be. */
async function reserve(client: TiqetsClient, request: SupplierBookingRequest, signal: AbortSignal) {
  const day = request.serviceDate;
  if (!day) throw new TicketSupplierError('SUPPLIER_REFUSED', 'Tiqets needs the visit date');
  const variantId = await variantFor(client, request, day, signal);
  return placeOrder(
    client,
    {
      tenantId: request.tenantId,
      idempotencyKey: request.idempotencyKey,
      supplierProductId: request.supplierProductId ?? String(request.productId),
      supplierVariantId: variantId,
      quantity: request.quantity,
      serviceDate: day,
      timeSlot: request.timeSlot,
      resvName: request.resvName,
    },
    signal,
  );
}

/** PUT /orders/{id} with the token, then GET /orders/{id}/tickets: a voucher per ticket. */
async function confirmAndRead(
  client: TiqetsClient,
  order: { orderId: string; token: string | null },
  signal: AbortSignal,
): Promise<SupplierBooking> {
  const { orderId } = order;
  const path = `/orders/${encodeURIComponent(orderId)}`;
  await client.call({ method: 'PUT', path, body: { payment_confirmation_token: order.token } }, signal);
  const answer = await client.call({ method: 'GET', path: `${path}/tickets` }, signal);
  const tickets = records(answer.tickets);
  const barcodes = tickets.map((ticket) => text(ticket.barcode));
  if (tickets.length === 0 || barcodes.some((barcode) => barcode === null)) {
    throw new TicketSupplierError('API_ERROR', 'Tiqets confirmed the order without its tickets');
  }
  const pdf = text(answer.tickets_pdf_url);
  return {
    supplierBookingId: bookingIdOf(orderId),
    supplierReference: orderId,
    status: 'CONFIRMED',
    vouchers: tickets.map((ticket, index) => ({
      subId: index + 1,
      barcode: barcodes[index] ?? '',
      voucher: text(ticket.ticket_url) ?? pdf ?? `${orderId}-${index + 1}`,
    })),
  };
}

/** DELETE /orders/{id}; an order Tiqets no longer knows is cancelled already. */
async function cancelOrder(client: TiqetsClient, orderId: string): Promise<void> {
  try {
    await client.call({ method: 'DELETE', path: `/orders/${encodeURIComponent(orderId)}` });
  } catch (error) {
    if (error instanceof TicketCatalogError && error.kind === 'not-found') return;
    throw supplierErrorOf(error);
  }
}

export function createTiqetsTicketSupplier(client: TiqetsClient): TicketSupplier {
  const kept = new Map<string, KeptOrder>();
  return {
    kind: 'tiqets',
    async book(request, signal) {
      const mapKey = `${request.tenantId}\n${request.idempotencyKey}`;
      const done = kept.get(mapKey)?.booking;
      if (done) return done;
      let orderId: string | undefined;
      const reserved = request.reservation;
      try {
        const order = reserved
          ? { orderId: reserved.reservationId, token: reserved.confirmationToken }
          : await reserve(client, request, signal);
        orderId = order.orderId;
        kept.set(mapKey, { orderId });
        const booking = await confirmAndRead(client, order, signal);
        kept.set(mapKey, { orderId, booking });
        return booking;
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        // A cart's reservation failing to confirm is let go by its owner (the cart); one we made here, by us.
        if (orderId && !reserved) await cancelOrder(client, orderId).catch(() => undefined);
        kept.delete(mapKey);
        throw supplierErrorOf(error);
      }
    },
    async cancel(tenantId, idempotencyKey) {
      const mapKey = `${tenantId}\n${idempotencyKey}`;
      const order = kept.get(mapKey);
      if (!order) return;
      await cancelOrder(client, order.orderId);
      kept.delete(mapKey);
    },
    async reserve(request, signal): Promise<SupplierReservation> {
      try {
        const order = await placeOrder(client, request, signal);
        return { reservationId: order.orderId, confirmationToken: order.token, expiresAt: null };
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        throw supplierErrorOf(error);
      }
    },
    release: (_tenantId, reservation) => cancelOrder(client, reservation.reservationId),
  };
}
