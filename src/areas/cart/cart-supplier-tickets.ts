// Tickets of the ticket supplier's catalog as cart lines (issue 31): the ticket-supplier area prices the variant for
// the day and time from the supplier's live availability, whatever a client sends; the units are then reserved at
// the supplier (outside any transaction: a slow supplier locks no cart) and the line keeps the reservation until
// `supplier_held_until`. A line whose write fails lets its reservation go at once; one removed or left to lapse is
// let go after commit (supplier-reservations.ts). Paid, its booking confirms that reservation.
import { randomUUID } from 'node:crypto';
import {
  type SupplierReservation,
  type TicketSupplier,
  TicketSupplierError,
} from '../../integrations/ticket-supplier/index.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { ApiError, ErrorCode } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { decimalAmount, minorToDecimalString, toMinor } from '../../platform/money.js';
import * as repo from './cart.repository.js';
import type { AddedSupplierTicket, AddSupplierTicketRequest } from './cart.schemas.js';
import { CART_HOLD_MINUTES, type CartDeps, cartFor, duplicateClientId } from './cart-shared.js';

/** A variant of a supplier product for a day and time, as the ticket-supplier area prices it now. */
export interface SupplierTicketOffer {
  /** The product's title and the variant's label: the line's description and unit name. */
  title: string;
  variantLabel: string;
  /** Decimal text in `currency`: one ticket, as the supplier sells it now. */
  unitPrice: string;
  currency: string;
  /** The most tickets of it one order may take. */
  maxQuantity: number;
}

export interface SupplierTicketAsk {
  productId: string;
  variantId: string;
  /** yyyy-MM-dd, the venue's day. */
  date: string;
  /** HH:mm, or null for a whole-day ticket. */
  timeSlot: string | null;
}

/**
 * What the cart needs of the ticket-supplier area: the offer (NOTFOUND for a product or variant the tenant's copy
 * does not know, or one not sold through the supplier's API; INVALID_STATE when it is not on sale that day and
 * time; API_ERROR when the supplier fails).
 */
export interface SupplierTicketsForCart {
  offerFor(ctx: TenantContext, ask: SupplierTicketAsk): Promise<SupplierTicketOffer>;
}

/** The cart's hand on the supplier: reserving a line's units and letting them go. */
export interface SupplierReservations {
  supplier: Pick<TicketSupplier, 'reserve' | 'release'>;
  /** A reservation still unanswered after this fails the add (TC_TICKET_SUPPLIER_TIMEOUT_MS). */
  timeoutMs: number;
}

/** What a ticket-supplier line keeps (cart_items.supplier_ticket, then the order's and the booking's line). */
export interface SupplierTicketLine extends SupplierTicketAsk {
  /** The key the reservation was made under (one per add). */
  reservationKey: string;
  reservation: SupplierReservation;
  pricedAt: string;
}

/** The unit name when the supplier gives the variant no label. */
const DEFAULT_UNIT_NAME = 'Ticket';
const DESCRIPTION_LIMIT = 500;

/** Reserves at the supplier; its refusal is the caller's INVALID_STATE, its failure API_ERROR. */
async function reserve(
  reservations: SupplierReservations,
  ctx: TenantContext,
  ask: SupplierTicketAsk & { quantity: number; resvName: string | null; key: string },
): Promise<SupplierReservation> {
  const request = {
    tenantId: ctx.tenant.tenantId,
    idempotencyKey: ask.key,
    supplierProductId: ask.productId,
    supplierVariantId: ask.variantId,
    quantity: ask.quantity,
    serviceDate: ask.date,
    timeSlot: ask.timeSlot,
    resvName: ask.resvName,
  };
  try {
    return await reservations.supplier.reserve(request, AbortSignal.timeout(reservations.timeoutMs));
  } catch (error) {
    if (error instanceof TicketSupplierError && error.code === 'SUPPLIER_REFUSED') {
      throw new ApiError(ErrorCode.INVALID_STATE, 'The supplier has no more of it for that day and time');
    }
    ctx.log.warn({ err: error }, 'the ticket supplier did not reserve a cart line');
    throw new ApiError(ErrorCode.API_ERROR, 'The ticket supplier did not answer; try again');
  }
}

/** Lets a reservation go without failing the caller (the housekeeping tries again for lines that keep one). */
export function letGo(reservations: SupplierReservations, ctx: TenantContext, reservation: SupplierReservation) {
  reservations.supplier.release(ctx.tenant.tenantId, reservation).catch((error: unknown) => {
    ctx.log.warn({ err: error, reservationId: reservation.reservationId }, 'a supplier reservation was not released');
  });
}

/** Adds the variant for the day and time, priced and reserved at the supplier now, as one line. */
export async function addSupplierTicket(
  deps: CartDeps,
  ctx: TenantContext,
  request: AddSupplierTicketRequest,
): Promise<AddedSupplierTicket> {
  const ask: SupplierTicketAsk = {
    productId: String(request.productId),
    variantId: String(request.variantId),
    date: request.bookDate,
    timeSlot: request.timeSlot || null,
  };
  const offer = await deps.supplierTickets.offerFor(ctx, ask);
  if (request.quantity > offer.maxQuantity) {
    throw new ApiError(ErrorCode.INVALID_FORMAT, `Parameter quantity must be at most ${offer.maxQuantity}`);
  }
  const unitPrice = minorToDecimalString(toMinor(offer.unitPrice, offer.currency), offer.currency);
  const key = `cart-line:${randomUUID()}`;
  const reservation = await reserve(deps.reservations, ctx, {
    ...ask,
    quantity: request.quantity,
    resvName: request.resvName ?? null,
    key,
  });
  const kept: SupplierTicketLine = { ...ask, reservationKey: key, reservation, pricedAt: ctx.now.toISOString() };
  const heldUntil = heldUntilOf(ctx.now, reservation);
  try {
    return await withTransaction(ctx, async (tx) => {
      const cart = await cartFor(ctx, tx);
      if (offer.currency !== cart.currency) {
        throw new ApiError(
          ErrorCode.INVALID_STATE,
          `The ticket is priced in ${offer.currency}, the cart in ${cart.currency}`,
        );
      }
      const line = supplierTicketLine(request, offer, unitPrice, { kept, heldUntil });
      const added = await repo.addLine(tx, { cartId: cart.cart_id }, line, undefined, ctx.now).catch(duplicateClientId);
      if (!added) throw new Error('the locked cart took no line');
      return answerOf(added.itemId, line, kept, cart.currency, heldUntil);
    });
  } catch (error) {
    letGo(deps.reservations, ctx, reservation);
    throw error;
  }
}

/** The cart's hold, ended sooner when the supplier keeps the reservation for less. */
function heldUntilOf(now: Date, reservation: SupplierReservation): Date {
  const ours = now.getTime() + CART_HOLD_MINUTES * 60_000;
  const theirs = reservation.expiresAt === null ? Number.POSITIVE_INFINITY : Date.parse(reservation.expiresAt);
  return new Date(Math.min(ours, Number.isNaN(theirs) ? ours : theirs));
}

/** Pure: the cart line of a reserved ticket; no product or variant of ours, no seats of ours. */
export function supplierTicketLine(
  request: Pick<AddSupplierTicketRequest, 'cartItemId' | 'quantity' | 'resvName'>,
  offer: SupplierTicketOffer,
  unitPrice: string,
  hold: { kept: SupplierTicketLine; heldUntil: Date },
): repo.NewLine {
  const when = `${hold.kept.date}${hold.kept.timeSlot ? ` ${hold.kept.timeSlot}` : ''}`;
  return {
    cart_item_id: request.cartItemId ?? null,
    product_id: null,
    product_template_id: null,
    variant_id: null,
    unit_id: null,
    unit_name: (offer.variantLabel || DEFAULT_UNIT_NAME).slice(0, 100),
    description: `${offer.title} (${when})`.slice(0, DESCRIPTION_LIMIT),
    unit_price: unitPrice,
    catalog_price: null,
    price_set_by: null,
    quantity: request.quantity,
    is_child: false,
    is_infant: false,
    book_date: hold.kept.date,
    time_slot: hold.kept.timeSlot ?? '',
    start_time: null,
    ext_attr: null,
    pickup_location: null,
    service_location: null,
    xfer_type: null,
    ppc: null,
    resv_name: request.resvName ?? null,
    parent_item_id: null,
    flight_offer: null,
    supplier_ticket: hold.kept,
    supplier_held_until: hold.heldUntil,
  };
}

function answerOf(
  itemId: number,
  line: repo.NewLine,
  kept: SupplierTicketLine,
  currency: string,
  heldUntil: Date,
): AddedSupplierTicket {
  return {
    itemId,
    cartItemId: line.cart_item_id,
    productId: kept.productId,
    variantId: kept.variantId,
    description: line.description,
    unitName: line.unit_name,
    unitPrice: decimalAmount(line.unit_price, currency),
    quantity: line.quantity,
    currency,
    bookDate: kept.date,
    timeSlot: kept.timeSlot,
    heldUntil: heldUntil.toISOString(),
  };
}

/** The kept line of a row's supplier_ticket column; undefined on other lines. */
export function supplierTicketOf(value: unknown): SupplierTicketLine | undefined {
  if (typeof value !== 'object' || value === null || !('reservation' in value)) return undefined;
  return value as SupplierTicketLine;
}
