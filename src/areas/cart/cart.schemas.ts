import { type Static, Type } from '@sinclair/typebox';
import { Nullable, RecordId } from '../../platform/http/schema.js';
import { VERBATIM } from '../../platform/http/input.js';

const Text = (maxLength = 200) => Type.String({ maxLength });

export const CartItemView = Type.Object({
  itemId: Type.Integer({ description: 'Server-assigned, from 0' }),
  cartItemId: Nullable(Type.String({ description: "The client's identifier" })),
  itemType: Type.Union([Type.Literal('PRODUCT'), Type.Literal('FLIGHT'), Type.Literal('SUPPLIER_TICKET')], {
    description:
      'FLIGHT: a flight offer (/cart/addFlightOffer), whose productId, unitId and extVariantId are 0; ' +
      "SUPPLIER_TICKET: a ticket-supplier product (/cart/addSupplierTicket): productId and extVariantId are the supplier's product and variant (0 when not numeric), unitId 0",
  }),
  flightOfferId: Nullable(Type.String({ description: "A flight line's offer (its search's id in it)" })),
  productId: Type.Integer(),
  productTemplateId: Nullable(Type.Integer()),
  unitId: Type.Integer(),
  unitName: Type.String(),
  description: Type.String(),
  unitPrice: Type.Number(),
  quantity: Type.Number(),
  child: Type.Boolean(),
  infant: Type.Boolean(),
  bookDate: Nullable(Type.String({ description: "yyyy-MM-dd'T'HH:mm:ss (the slot's start, tenant time)" })),
  extAttr: Nullable(Type.String()),
  extVariantId: Type.Integer(),
  pickupLocation: Nullable(Type.String()),
  serviceLocation: Nullable(Type.String()),
  xferType: Nullable(Type.String()),
  timeSlot: Type.String(),
  startTime: Nullable(Type.String()),
  isAvailable: Type.Boolean({ description: 'Its seats are held for the cart' }),
  ppc: Nullable(Type.Number()),
  resvName: Nullable(Type.String()),
});
export type CartItemView = Static<typeof CartItemView>;

export const CartView = Type.Object({
  cartId: Type.String({ format: 'uuid' }),
  cartNumber: Type.Integer({ description: 'Unique per tenant: the cartId of /blm/cart/addToBooking' }),
  sessionId: Type.String(),
  items: Type.Array(CartItemView),
  paymentRef: Nullable(Type.String()),
  paymentUrl: Nullable(Type.String()),
  orderNum: Nullable(Type.String()),
});
export type CartView = Static<typeof CartView>;

export const CreateCartRequest = Type.Object({
  persistent: Type.Optional(Type.Boolean({ description: 'Bound to the logged-in user across sessions' })),
});

export const NewItem = Type.Object({
  productId: RecordId(),
  unitId: RecordId(),
  unitPrice: Type.Number({
    minimum: 0,
    maximum: 1e10,
    description: "Must equal the catalog's price (agents and admins may set another)",
  }),
  quantity: Type.Integer({ minimum: 1, maximum: 1000 }),
  cartItemId: Type.Optional(Text(100)),
  productTemplateId: Type.Optional(RecordId()),
  unitName: Type.Optional(Text(100)),
  description: Type.Optional(Text(500)),
  isChild: Type.Optional(Type.Boolean()),
  isInfant: Type.Optional(Type.Boolean()),
  bookDate: Type.Optional(Type.String({ format: 'date', description: 'yyyy-MM-dd' })),
  extAttr: Type.Optional(
    Type.String({ maxLength: 4000, description: 'JSON text: { attribute (id or name): value (id or text) }' }),
  ),
  extVariantId: Type.Optional(RecordId()),
  pickupLocation: Type.Optional(Text(500)),
  serviceLocation: Type.Optional(Text(500)),
  xferType: Type.Optional(Type.Union([Type.Literal('SIC'), Type.Literal('PVT')])),
  timeSlot: Type.Optional(
    Type.String({ pattern: '^$|^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:mm of a timed slot' }),
  ),
  startTime: Type.Optional(Text(20)),
  ppc: Type.Optional(Type.Number({ minimum: 0, maximum: 1e10 })),
  resvName: Type.Optional(Text(200)),
});
export type NewItem = Static<typeof NewItem>;

export const AddItemRequest = Type.Object({ items: Type.Array(NewItem, { minItems: 1, maxItems: 50 }) });
export const AddedItem = Type.Object({ itemId: Type.Integer(), cartItemId: Nullable(Type.String()) });

/** A cart line's number within its cart (from 0, the cart's own count): not a record id, but an integer column. */
const ItemNumber = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });

export const ItemRef = Type.Object({
  itemId: Type.Optional(ItemNumber),
  cartItemId: Type.Optional(Text(100)),
});
export const UpdateItemRequest = Type.Object({
  itemId: Type.Optional(ItemNumber),
  cartItemId: Type.Optional(Text(100)),
  quantity: Type.Integer({ minimum: 1, maximum: 1000 }),
});

export const PersistRequest = Type.Object({
  oldSession: Type.String({ description: 'The anonymous session whose cart is carried over', [VERBATIM]: true }),
});

export const FlightPassengerInput = Type.Object({
  passengerId: Type.String({ minLength: 1, maxLength: 20 }),
  type: Type.Union([Type.Literal('ADULT'), Type.Literal('CHILD'), Type.Literal('INFANT')]),
  dateOfBirth: Type.Optional(Type.String({ format: 'date', description: 'yyyy-MM-dd' })),
});

export const AddFlightOfferRequest = Type.Object({
  flightOfferId: Type.String({
    minLength: 1,
    maxLength: 80,
    description: 'An offer of a kept search (/flight/search, /flight/fetchResults)',
  }),
  passengers: Type.Optional(
    Type.Array(FlightPassengerInput, {
      maxItems: 9,
      description: "As /flight/price takes them; absent: the search's passengers",
    }),
  ),
  cartItemId: Type.Optional(Text(100)),
});
export type AddFlightOfferRequest = Static<typeof AddFlightOfferRequest>;

export const AddedFlightOffer = Type.Object({
  itemId: Type.Integer(),
  cartItemId: Nullable(Type.String()),
  flightOfferId: Type.String(),
  description: Type.String({ description: 'Route, dates and passengers' }),
  unitPrice: Type.Number({ description: "The offer's total as the supplier priced it now (the line's price)" }),
  currency: Type.String(),
});
export type AddedFlightOffer = Static<typeof AddedFlightOffer>;

const SupplierId = Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Integer({ minimum: 1 })]);

export const AddSupplierTicketRequest = Type.Object({
  productId: { ...SupplierId, description: "A /ticketsupplier product's productId (hasVendorBooking true)" },
  variantId: {
    ...SupplierId,
    description: "One of the product's variants (/ticketsupplier/product/variants servcode)",
  },
  quantity: Type.Integer({ minimum: 1, maximum: 100 }),
  bookDate: Type.String({ format: 'date', description: "yyyy-MM-dd, the venue's day" }),
  timeSlot: Type.Optional(
    Type.String({
      pattern: '^$|^([01]\\d|2[0-3]):[0-5]\\d$',
      description: "HH:mm of one of the day's timeslots (/ticketsupplier/timeslots); absent for a whole-day ticket",
    }),
  ),
  cartItemId: Type.Optional(Text(100)),
  resvName: Type.Optional(Text(200)),
});
export type AddSupplierTicketRequest = Static<typeof AddSupplierTicketRequest>;

export const AddedSupplierTicket = Type.Object({
  itemId: Type.Integer(),
  cartItemId: Nullable(Type.String()),
  productId: Type.String(),
  variantId: Type.String(),
  description: Type.String({ description: "The product's title with the day and time" }),
  unitName: Type.String({ description: "The variant's label" }),
  unitPrice: Type.Number({ description: "One ticket as the supplier sells it now (the line's price)" }),
  quantity: Type.Integer(),
  currency: Type.String(),
  bookDate: Type.String(),
  timeSlot: Nullable(Type.String()),
  heldUntil: Type.String({ format: 'date-time', description: 'The reservation is kept for the cart until then' }),
});
export type AddedSupplierTicket = Static<typeof AddedSupplierTicket>;
