// A flight offer as a cart line (issue 15): the flights area prices the offer of a kept search at the supplier, and
// its total becomes the line's price, whatever a client sends. The line holds no capacity (the supplier sells the
// seats when the ticket is issued), names no product, and keeps the priced offer for the agent who tickets it:
// flights are ticketed offline by an agent in this release (booking confirm issues no ticket for them).
import type { FlightPassenger } from '../../integrations/flights/index.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { ApiError, ErrorCode } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { decimalAmount, minorToDecimalString, toMinor } from '../../platform/money.js';
import * as repo from './cart.repository.js';
import type { AddedFlightOffer, AddFlightOfferRequest } from './cart.schemas.js';
import { type CartDeps, cartFor, duplicateClientId } from './cart-shared.js';

/** An offer of a flight search as the flights area prices it for a cart line. */
export interface FlightOfferForCart {
  /** Route, dates and passengers: the line's description. */
  description: string;
  /** Decimal text in `currency`: the offer's grand total for all its passengers, as the supplier priced it. */
  total: string;
  currency: string;
  /** The priced offer as /flight/price answers it (JSON): kept on the line and on its order line. */
  details: unknown;
}

/** What the cart needs of the flights area: an offer priced by the server (NOTFOUND for an unknown or expired one). */
export interface FlightOffersForCart {
  pricedForCart(
    ctx: TenantContext,
    flightOfferId: string,
    passengers: FlightPassenger[] | undefined,
  ): Promise<FlightOfferForCart>;
}

/** What a flight line keeps of its offer (cart_items.flight_offer, then sales_order_lines.flight_offer). */
export interface FlightLineOffer {
  flightOfferId: string;
  /** The passengers it was priced for, as sent; null: the offer's own travelers. */
  passengers: FlightPassenger[] | null;
  pricedAt: string;
  pricedOffer: unknown;
}

/** The unit name of a flight line: one line is the whole offer, every passenger of it. */
export const FLIGHT_UNIT_NAME = 'Flight';

/** Descriptions are kept to what a cart line and an invoice line show. */
const DESCRIPTION_LIMIT = 500;

/**
 * Adds the offer, priced now at the supplier (outside any transaction: a slow supplier locks no cart), as one line
 * of the caller's cart. The cart must be in the offer's currency (else INVALID_STATE: nothing converts fares).
 */
export async function addFlightOffer(
  deps: CartDeps,
  ctx: TenantContext,
  request: AddFlightOfferRequest,
): Promise<AddedFlightOffer> {
  const offer = await deps.flights.pricedForCart(ctx, request.flightOfferId, request.passengers);
  const totalMinor = toMinor(offer.total, offer.currency);
  const kept: FlightLineOffer = {
    flightOfferId: request.flightOfferId,
    passengers: request.passengers ?? null,
    pricedAt: ctx.now.toISOString(),
    pricedOffer: offer.details,
  };
  return withTransaction(ctx, async (tx) => {
    const cart = await cartFor(ctx, tx);
    if (offer.currency !== cart.currency) {
      throw new ApiError(
        ErrorCode.INVALID_STATE,
        `The flight offer is priced in ${offer.currency}, the cart in ${cart.currency}`,
      );
    }
    const line = flightLine(request, offer.description, minorToDecimalString(totalMinor, cart.currency), kept);
    const added = await repo.addLine(tx, { cartId: cart.cart_id }, line, undefined, ctx.now).catch(duplicateClientId);
    if (!added) throw new Error('the locked cart took no line');
    return {
      itemId: added.itemId,
      cartItemId: line.cart_item_id,
      flightOfferId: request.flightOfferId,
      description: line.description,
      unitPrice: decimalAmount(line.unit_price, cart.currency),
      currency: cart.currency,
    };
  });
}

/** Pure: the cart line of a priced offer; one unit, the offer's total, no product, no seats. */
export function flightLine(
  request: Pick<AddFlightOfferRequest, 'cartItemId'>,
  description: string,
  unitPrice: string,
  offer: FlightLineOffer,
): repo.NewLine {
  return {
    cart_item_id: request.cartItemId ?? null,
    product_id: null,
    product_template_id: null,
    variant_id: null,
    unit_id: null,
    unit_name: FLIGHT_UNIT_NAME,
    description: description.slice(0, DESCRIPTION_LIMIT),
    unit_price: unitPrice,
    catalog_price: null,
    price_set_by: null,
    quantity: 1,
    is_child: false,
    is_infant: false,
    book_date: null,
    time_slot: '',
    start_time: null,
    ext_attr: null,
    pickup_location: null,
    service_location: null,
    xfer_type: null,
    ppc: null,
    resv_name: null,
    parent_item_id: null,
    flight_offer: offer,
    supplier_ticket: null,
    supplier_held_until: null,
  };
}
