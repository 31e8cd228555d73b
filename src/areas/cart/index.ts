// The cart area: a transient cart per session, a persistent one per logged-in user, priced by the catalog, and
// what checkout (the sales area) needs of a cart.
import type { FastifyBaseLogger } from 'fastify';
import type { Area } from '../../platform/area.js';
import type { PeriodicWork } from '../../platform/periodic/periodic-work.js';
import { closeMergedCart, lockCartToMerge } from './cart-merge.js';
import { cartOperations } from './cart.operations.js';
import { type CartService, createCartService } from './cart.service.js';
import type { CartServiceDeps } from './cart-shared.js';
import { cartForCheckout, markCartOrdered, setCartPayment } from './checkout.js';
import { createReservationSweeper, extendSupplierHolds } from './supplier-reservations.js';
import type { ApiTag } from '../../platform/http/openapi.js';

/** The OpenAPI tags of the area's operations (docs/api.md's sections). */
const TAGS: readonly ApiTag[] = [
  { name: 'cart', description: 'Carts with held seats, orders, invoices and payment links, for any session' },
];

export { cartPolicy } from './cart.operations.js';
export { CartView } from './cart.schemas.js';
export { CART_HOLD_MINUTES } from './cart.service.js';
export type { CartToMerge, MergedItem } from './cart-merge.js';
export type { CheckoutCart, CheckoutItem } from './checkout.js';
export type { FlightLineOffer, FlightOfferForCart, FlightOffersForCart } from './cart-flights.js';
export type {
  SupplierTicketAsk,
  SupplierTicketLine,
  SupplierTicketOffer,
  SupplierTicketsForCart,
} from './cart-supplier-tickets.js';
export { supplierTicketOf } from './cart-supplier-tickets.js';

export interface CartApi {
  /** The caller's cart as /cart/load answers it. */
  view: CartService['view'];
  cartForCheckout: typeof cartForCheckout;
  markCartOrdered: typeof markCartOrdered;
  setCartPayment: typeof setCartPayment;
  /** A back-office booking's merge: the cart by its number, locked, and closing it. */
  lockCartToMerge: typeof lockCartToMerge;
  closeMergedCart: typeof closeMergedCart;
  /** A payment link's cart: its ticket-supplier lines stay reserved until the link ends. */
  extendSupplierHolds: typeof extendSupplierHolds;
}

export function createCartArea(
  deps: CartServiceDeps & { periodic: PeriodicWork; logger: FastifyBaseLogger; clock: () => Date },
): Area<CartApi> {
  const carts = createCartService(deps);
  const sweeper = createReservationSweeper({ reservations: deps.reservations, log: deps.logger, clock: deps.clock });
  return {
    tags: TAGS,
    operations: cartOperations(carts),
    api: {
      view: carts.view,
      cartForCheckout,
      markCartOrdered,
      setCartPayment,
      lockCartToMerge,
      closeMergedCart,
      extendSupplierHolds,
    },
    jobs: [deps.periodic.register(sweeper)],
  };
}
