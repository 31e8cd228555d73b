// /cart/*: carts of any session (guest, system, user). An unknown or expired session answers TOKEN_ERROR.
import { Type } from '@sinclair/typebox';
import { Allow } from '../../platform/auth/roles.js';
import { ErrorCode, missingParameter } from '../../platform/http/errors.js';
import { type OperationDeclaration, operation } from '../../platform/http/operation.js';
import {
  AddedFlightOffer,
  AddedItem,
  AddedSupplierTicket,
  AddFlightOfferRequest,
  AddSupplierTicketRequest,
  AddItemRequest,
  CartView,
  CreateCartRequest,
  ItemRef,
  PersistRequest,
  UpdateItemRequest,
} from './cart.schemas.js';
import type { CartService } from './cart.service.js';

/** Who may call a /cart operation: any session (guest, system, user); an unknown one answers TOKEN_ERROR. */
export const cartPolicy = {
  allow: Allow.anySession,
  sessionParameter: 'required',
  unknownSession: ErrorCode.TOKEN_ERROR,
  tags: ['cart'],
} as const;

const create = (carts: CartService) =>
  operation({
    ...cartPolicy,
    path: '/cart/create',
    methods: ['POST'],
    summary: "The session's cart (created empty when there is none); persistent: bound to the logged-in user",
    input: CreateCartRequest,
    response: CartView,
    handler: (ctx, input) => carts.create(ctx, input.persistent ?? false),
  });

const load = (carts: CartService) =>
  operation({
    ...cartPolicy,
    path: '/cart/load',
    methods: ['POST'],
    summary: "The session's cart with its items; keeps their seats held for another 30 minutes",
    response: CartView,
    handler: (ctx) => carts.load(ctx),
  });

const addItem = (carts: CartService) =>
  operation({
    ...cartPolicy,
    path: '/cart/addItem',
    methods: ['POST'],
    summary: 'Add items priced by the catalog; a dated item holds its seats',
    input: AddItemRequest,
    response: Type.Array(AddedItem),
    handler: (ctx, input) => carts.addItems(ctx, input.items),
  });

const addFlightOffer = (carts: CartService) =>
  operation({
    ...cartPolicy,
    path: '/cart/addFlightOffer',
    methods: ['POST'],
    summary: 'Add a flight offer of a kept search as one line, priced now at the supplier (no seats held)',
    description:
      "The line's price is the offer's total as the supplier prices it now for the passengers (those of the search " +
      'when none are sent); a price sent by the client is ignored. The line names no product (productId 0, ' +
      'itemType FLIGHT), its description says the route, dates and passengers, and it is paid like any item. It ' +
      'holds no capacity and is zero-rated for VAT (international carriage). Ticketing: in this release a flight ' +
      'is ticketed offline by an agent from the order line, which keeps the priced offer; /booking/confirm issues ' +
      'no ticket for it. Errors: NOTFOUND for an unknown offer or one of an expired search; INVALID_STATE when the ' +
      "cart's currency is not the offer's; API_ERROR when the supplier fails.",
    input: AddFlightOfferRequest,
    response: AddedFlightOffer,
    handler: (ctx, input) => carts.addFlightOffer(ctx, input),
  });

const addSupplierTicket = (carts: CartService) =>
  operation({
    ...cartPolicy,
    path: '/cart/addSupplierTicket',
    methods: ['POST'],
    summary:
      "Add tickets of a ticket-supplier product's variant for a day and time, priced and reserved at the supplier",
    description:
      "The line's price is the variant's price for that day and time in the supplier's live availability (kept 60 s); " +
      'a price sent by the client is ignored. The tickets are reserved at the supplier at once and kept for the cart ' +
      'for 30 minutes (less when the supplier keeps them for less; a payment link keeps them until it ends); a lapsed ' +
      'line shows isAvailable false and is let go at the supplier. Paid, its booking confirms that reservation and the ' +
      "supplier's tickets appear on the booking's tickets page. The line is itemType SUPPLIER_TICKET and zero-rated for " +
      "VAT (the supplier's price includes the venue's taxes); its quantity cannot be changed (remove it and add it " +
      'again). Errors: MISSING_PARAMETER; INVALID_FORMAT (a date or time not so written, a time for a whole-day ' +
      'ticket, quantity over what one order may take); NOTFOUND for a product or variant the catalog does not know or one the supplier does not book ' +
      "through its API; INVALID_STATE when it is not on sale that day and time, or the cart's currency is not the " +
      "ticket's; DUPLICATE for a cartItemId already in the cart; API_ERROR when the supplier fails.",
    input: AddSupplierTicketRequest,
    response: AddedSupplierTicket,
    handler: (ctx, input) => carts.addSupplierTicket(ctx, input),
  });

const removeItem = (carts: CartService) =>
  operation({
    ...cartPolicy,
    path: '/cart/removeItem',
    methods: ['POST'],
    summary: 'Remove an item (by itemId or cartItemId); its seats are given back',
    input: ItemRef,
    response: Type.Null(),
    // The cart's number wins when both are sent.
    handler: async (ctx, input) => {
      if (input.itemId !== undefined) return carts.removeItemById(ctx, input.itemId);
      if (input.cartItemId !== undefined) return carts.removeItemByClientId(ctx, input.cartItemId);
      throw missingParameter('itemId or cartItemId');
    },
  });

const updateItem = (carts: CartService) =>
  operation({
    ...cartPolicy,
    path: '/cart/updateItem',
    methods: ['POST'],
    summary: "Change an item's quantity (its seats are held anew, or nothing changes)",
    input: UpdateItemRequest,
    response: Type.Null(),
    handler: (ctx, input) => carts.updateItem(ctx, input, input.quantity),
  });

const persist = (carts: CartService) =>
  operation({
    ...cartPolicy,
    path: '/cart/persist',
    methods: ['POST'],
    summary: "Carry the anonymous session's cart over to the logged-in user's persistent cart",
    input: PersistRequest,
    otherSession: 'oldSession',
    response: CartView,
    handler: (ctx) => carts.persist(ctx),
  });

const deleteOperation = (carts: CartService) =>
  operation({
    ...cartPolicy,
    path: '/cart/delete',
    methods: ['POST'],
    summary: "Delete the session's cart; its seats are given back",
    response: Type.Boolean(),
    handler: (ctx) => carts.remove(ctx),
  });

/** Every operation of the area, bound to its services. */
export function cartOperations(carts: CartService): OperationDeclaration[] {
  const all = [create, load, addItem, addFlightOffer, addSupplierTicket, removeItem, updateItem, persist];
  return [...all, deleteOperation].map((declare) => declare(carts));
}
