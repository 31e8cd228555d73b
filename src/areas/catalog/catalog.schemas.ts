import { type Static, Type } from '@sinclair/typebox';
import { Nullable, RecordId } from '../../platform/http/schema.js';

const Text = (maxLength = 200) => Type.String({ maxLength });
const LongText = Type.String({ maxLength: 20_000 });
const Money = (description?: string) =>
  Type.Number({ minimum: 0, maximum: 1e10, ...(description ? { description } : {}) });
export const DateOnly = Type.String({ format: 'date', description: 'yyyy-MM-dd (tenant calendar date)' });
const Time = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:mm' });
const DateTimeText = Type.String({ description: "yyyy-MM-dd'T'HH:mm:ss in the tenant's timezone" });

// ---------- resources ----------

export const CategoryNode = Type.Recursive(
  (Self) =>
    Type.Object({
      categoryId: Type.Integer(),
      categoryName: Type.String(),
      parentCategoryId: Nullable(Type.Integer()),
      categoryPath: Type.String({ description: 'Names from the root, joined by /' }),
      categorySeq: Type.Integer(),
      childCategories: Type.Union([Type.Array(Self), Type.Null()]),
    }),
  { $id: 'CategoryNode' },
);
export type CategoryNode = Static<typeof CategoryNode>;

export const Transfer = Type.Object({
  transferId: Type.Integer(),
  transferName: Type.String(),
  transferType: Type.Union([Type.Literal('SIC'), Type.Literal('PVT')]),
  price: Type.Number(),
});

/** The fields category listings show. */
export const ProductSummary = Type.Object({
  productId: Type.Integer(),
  prodCode: Type.String(),
  prodName: Type.String(),
  prodDisplayName: Nullable(Type.String()),
  productDescription: Nullable(Type.String()),
  productPrice: Type.Number({ description: 'Base adult price' }),
  childPrice: Nullable(Type.Number()),
  infantPrice: Type.Number({ description: 'Price of an infant (default 0)' }),
  freeSale: Type.Boolean({
    description: 'Sold on any date of its sales period without inventory: no capacity limit, no seats held',
  }),
  currency: Type.String(),
  publicCategoryId: Type.Integer(),
  publicCategoryName: Type.String(),
  prodImgSmall: Nullable(Type.String()),
  prodImgMed: Nullable(Type.String()),
  prodImgLarge: Nullable(Type.String()),
  availableOnWeb: Type.Boolean(),
  availableFrom: Nullable(DateTimeText),
  availableTo: Nullable(DateTimeText),
  bookingType: Type.String(),
  pricingType: Type.String(),
  hasTimeSlot: Type.Boolean(),
  minQuantity: Type.Integer(),
  maxQuantity: Type.Integer(),
  variantCount: Type.Integer(),
});
export type ProductSummary = Static<typeof ProductSummary>;

export const Product = Type.Composite([
  ProductSummary,
  Type.Object({
    webDescription: Nullable(Type.String()),
    hasDateRange: Type.Boolean(),
    hasTime: Type.Boolean(),
    hasPaxInfo: Type.Boolean(),
    hasVendorBooking: Type.Boolean(),
    hasOnlinePayment: Type.Boolean(),
    splitAges: Type.Boolean(),
    qtyType: Type.String(),
    unitId: Type.Integer(),
    childUnitId: Type.Integer(),
    infantUnitId: Type.Integer(),
    unitName: Type.String(),
    childUnitName: Type.String(),
    infantUnitName: Type.String(),
    maxAdults: Nullable(Type.Integer()),
    maxChildren: Nullable(Type.Integer()),
    maxChildAge: Type.Integer(),
    maxInfantAge: Type.Integer(),
    productInfo: Nullable(Type.String()),
    productTerms: Nullable(Type.String()),
    productInclusions: Nullable(Type.String()),
    productExclusions: Nullable(Type.String()),
    cancelPolicy: Nullable(Type.String()),
    childPolicy: Nullable(Type.String()),
    meetingPoint: Nullable(
      Type.String({ description: 'Where a customer not picked up at a hotel meets the tour (tickets show it)' }),
    ),
    pickupWindowMinutes: Nullable(
      Type.Integer({ description: 'A hotel pickup is between the booked time and this many minutes later' }),
    ),
    taxExempt: Type.Boolean({ description: "Exempt from the agency's VAT: its order and invoice lines carry no tax" }),
    transfers: Type.Array(Transfer),
  }),
]);
export type Product = Static<typeof Product>;

export const SearchRow = Type.Object({
  productId: Type.Integer(),
  prodCode: Type.String(),
  prodName: Type.String(),
  productPrice: Type.Number(),
  currency: Type.String(),
  publicCategoryId: Type.Integer(),
  availableOnWeb: Type.Boolean(),
});

export const LookupPair = Type.Tuple([Type.String(), Type.Integer()], { description: '[name, productId]' });

export const AttributeValue = Type.Object({
  attributeValueId: Type.Integer(),
  attributeValue: Type.String(),
  attributeDescription: Nullable(Type.String()),
  sequence: Type.Integer(),
  priceAdjustment: Type.Number(),
});
export const Attribute = Type.Object({
  attributeId: Type.Integer(),
  name: Type.String(),
  sequence: Type.Integer(),
  values: Type.Array(AttributeValue),
});
export type Attribute = Static<typeof Attribute>;

export const Variant = Type.Object({
  servid: Type.Integer(),
  servcode: Type.String(),
  servname: Type.String(),
  servfullname: Nullable(Type.String()),
  servdesc: Nullable(Type.String()),
  cprice: Type.Number({ description: 'Adult price' }),
  bprice: Nullable(Type.Number({ description: 'Buying (cost) price' })),
  child_price: Nullable(Type.Number()),
  currency: Type.String(),
  templateid: Type.Integer({ description: 'The product id' }),
  attributeIds: Type.Array(Type.Integer()),
  attributeVals: Type.Array(Type.Integer()),
  maxOccupancy: Nullable(Type.Integer()),
  maxAdults: Nullable(Type.Integer()),
  maxChildren: Nullable(Type.Integer()),
  hasTimeSlots: Type.Boolean(),
  timeSlots: Type.String({ description: 'Comma-separated HH:mm start times' }),
  available: Type.Boolean(),
  needsLocation: Type.Boolean(),
  transfers: Type.Array(Type.Object({ transferId: Type.Integer(), transferName: Type.String(), price: Type.Number() })),
});
export type Variant = Static<typeof Variant>;

export const Timeslot = Type.Object({
  slotId: Type.Integer(),
  startTime: DateTimeText,
  endTime: DateTimeText,
  slotName: Type.String(),
  available: Type.Integer({
    description: 'Places left; for a free-sale product (no capacity limit) the most one booking may take (maxQuantity)',
  }),
  freeSale: Type.Boolean({ description: 'No capacity limit: `available` is the per-booking maximum' }),
  price: Type.Number({ description: 'Adult price' }),
});

export const AvailabilityResult = Type.Object({
  priceInfoId: Type.String(),
  apc: Type.Number({ description: 'Adult price' }),
  cpc: Type.Number({ description: 'Child price' }),
  ipc: Type.Number({ description: 'Infant price' }),
  sttl: Type.Number({ description: 'Total for the party' }),
  available: Type.Boolean(),
  statusReason: Nullable(Type.String()),
  freeSale: Type.Boolean({ description: 'No capacity limit: available whatever the seats (no seats are held)' }),
  startTime: Type.String({ description: 'HH:mm, empty for a whole-day slot' }),
  needsLocation: Type.Boolean(),
  vpc: Type.Array(Type.Number(), { description: 'Vendor purchase costs per unit: adult, child' }),
});
export type AvailabilityResult = Static<typeof AvailabilityResult>;

export const Terms = Type.Object({
  productId: Type.Integer(),
  productTerms: Nullable(Type.String()),
  cancelPolicy: Nullable(Type.String()),
  childPolicy: Nullable(Type.String()),
});
export type Terms = Static<typeof Terms>;

export const InventorySlot = Type.Object({
  slotId: Type.Integer(),
  variantId: Type.Integer(),
  date: Type.String(),
  startTime: Type.String(),
  capacity: Type.Integer(),
  sold: Type.Integer(),
  held: Type.Integer(),
  free: Type.Integer(),
});

// ---------- requests ----------

export const BookInfo = Type.Object({
  date: Type.Optional(DateOnly),
  adults: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  children: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
});

export const ProductIdRequest = Type.Object({ productId: RecordId() });
export const FindCategoryRequest = Type.Object({ catName: Text() });
export const CategoryProductsQuery = Type.Object({ category: RecordId('Category id') });
export const CategoryProductsBody = Type.Object({ catId: RecordId('Category id') });
export const GetProductRequest = Type.Object({
  productId: Type.Optional(RecordId()),
  productCode: Type.Optional(Text(100)),
});
export const SearchProductRequest = Type.Object({
  method: Type.Optional(
    Type.Union([Type.Literal('partial'), Type.Literal('exact')], { description: 'partial: substring match' }),
  ),
  prodName: Type.Optional(Text()),
  publicCategoryId: Type.Optional(RecordId()),
  availableOnWeb: Type.Optional(Type.Boolean()),
});
export const LookupRequest = Type.Object({ namepart: Type.Optional(Text(100)) });
export const VariantsRequest = Type.Object({ productId: RecordId(), bookInfo: Type.Optional(BookInfo) });
export const GetVariantRequest = Type.Object({
  productId: RecordId(),
  attrValues: Type.Array(RecordId(), { maxItems: 50 }),
  bookInfo: Type.Optional(BookInfo),
});

const Count = Type.Integer({ minimum: 0, maximum: 1000 });
export const BookingRequest = Type.Object({
  productId: RecordId(),
  variantId: Type.Optional(RecordId()),
  quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  adultCount: Type.Optional(Count),
  childCount: Type.Optional(Count),
  infantCount: Type.Optional(Count),
  timeSlotId: Type.Optional(RecordId()),
  date: DateOnly,
  attributes: Type.Optional(
    Type.Record(Type.String(), Type.String(), {
      description: 'Attribute (id or name) → value (attributeValueId or value text)',
    }),
  ),
});
export type BookingRequest = Static<typeof BookingRequest>;
export const AvailabilityRequest = Type.Object({ bookingRequest: BookingRequest });

export const TimeslotsRequest = Type.Object({
  variant: Type.Object({ servid: RecordId(), templateid: Type.Optional(RecordId()) }),
  bookInfo: Type.Object({
    date: DateOnly,
    adults: Type.Optional(Count),
    children: Type.Optional(Count),
  }),
});

// ---------- catalog administration (contract §6) ----------

export const SaveCategoryRequest = Type.Object({
  categoryId: Type.Optional(RecordId()),
  categoryName: Text(),
  parentCategoryId: Type.Optional(Nullable(RecordId())),
  categorySeq: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
});
export const CategoryIdRequest = Type.Object({ categoryId: RecordId() });

const TransferInput = Type.Object({
  transferId: Type.Optional(RecordId()),
  transferName: Text(),
  transferType: Type.Union([Type.Literal('SIC'), Type.Literal('PVT')]),
  price: Money(),
});

export const SaveProductRequest = Type.Object({
  productId: Type.Optional(RecordId()),
  prodCode: Type.String({ maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$' }),
  prodName: Text(),
  productPrice: Money('Base adult price'),
  publicCategoryId: RecordId(),
  prodDisplayName: Type.Optional(Text()),
  productDescription: Type.Optional(LongText),
  childPrice: Type.Optional(Nullable(Money())),
  infantPrice: Type.Optional(Money('Price of an infant (default 0)')),
  freeSale: Type.Optional(
    Type.Boolean({ description: 'Sold without inventory: no capacity limit, no seats held (default false)' }),
  ),
  taxExempt: Type.Optional(
    Type.Boolean({ description: "Exempt from the agency's VAT on orders and invoices (default false)" }),
  ),
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
  prodImgSmall: Type.Optional(Text(500)),
  prodImgMed: Type.Optional(Text(500)),
  prodImgLarge: Type.Optional(Text(500)),
  webDescription: Type.Optional(LongText),
  availableOnWeb: Type.Optional(Type.Boolean()),
  availableFrom: Type.Optional(Nullable(Type.String({ description: 'yyyy-MM-dd or yyyy-MM-ddTHH:mm:ss' }))),
  availableTo: Type.Optional(Nullable(Type.String({ description: 'yyyy-MM-dd or yyyy-MM-ddTHH:mm:ss' }))),
  bookingType: Type.Optional(Text(50)),
  pricingType: Type.Optional(Text(50)),
  hasDateRange: Type.Optional(Type.Boolean()),
  hasTime: Type.Optional(Type.Boolean()),
  hasTimeSlot: Type.Optional(Type.Boolean()),
  hasPaxInfo: Type.Optional(Type.Boolean()),
  hasVendorBooking: Type.Optional(Type.Boolean()),
  hasOnlinePayment: Type.Optional(Type.Boolean()),
  splitAges: Type.Optional(Type.Boolean()),
  minQuantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  maxQuantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  qtyType: Type.Optional(Text(50)),
  unitName: Type.Optional(Text(50)),
  childUnitName: Type.Optional(Text(50)),
  infantUnitName: Type.Optional(Text(50)),
  maxAdults: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1000 }))),
  maxChildren: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1000 }))),
  maxChildAge: Type.Optional(Type.Integer({ minimum: 0, maximum: 25 })),
  maxInfantAge: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
  durationMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 7 * 24 * 60 })),
  productInfo: Type.Optional(LongText),
  productTerms: Type.Optional(LongText),
  productInclusions: Type.Optional(LongText),
  productExclusions: Type.Optional(LongText),
  cancelPolicy: Type.Optional(LongText),
  childPolicy: Type.Optional(LongText),
  meetingPoint: Type.Optional(Nullable(Type.String({ maxLength: 500, description: 'null: none' }))),
  pickupWindowMinutes: Type.Optional(
    Nullable(Type.Integer({ minimum: 1, maximum: 720, description: 'null: pickup at the booked time' })),
  ),
  transfers: Type.Optional(
    Type.Array(TransferInput, { maxItems: 20, description: 'Replaces the product’s transfers' }),
  ),
});
export type SaveProductRequest = Static<typeof SaveProductRequest>;

export const SaveAttributeRequest = Type.Object({
  productId: RecordId(),
  attributeId: Type.Optional(RecordId()),
  name: Text(100),
  sequence: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  values: Type.Array(
    Type.Object({
      attributeValueId: Type.Optional(RecordId()),
      attributeValue: Text(),
      attributeDescription: Type.Optional(Text(1000)),
      sequence: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
      priceAdjustment: Type.Optional(Type.Number({ minimum: -1e9, maximum: 1e9 })),
    }),
    { minItems: 1, maxItems: 100 },
  ),
});
export type SaveAttributeRequest = Static<typeof SaveAttributeRequest>;
export const AttributeIdRequest = Type.Object({ attributeId: RecordId() });

export const SaveVariantRequest = Type.Object({
  productId: RecordId(),
  servid: Type.Optional(RecordId()),
  servcode: Type.String({ maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$' }),
  servname: Text(),
  servfullname: Type.Optional(Text(500)),
  servdesc: Type.Optional(LongText),
  attributeVals: Type.Optional(Type.Array(RecordId(), { maxItems: 50 })),
  cprice: Money('Adult price'),
  bprice: Type.Optional(Nullable(Money('Buying (cost) price'))),
  child_price: Type.Optional(Nullable(Money())),
  maxOccupancy: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1000 }))),
  maxAdults: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1000 }))),
  maxChildren: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1000 }))),
  timeSlots: Type.Optional(
    Type.String({ pattern: '^$|^([01]\\d|2[0-3]):[0-5]\\d(,([01]\\d|2[0-3]):[0-5]\\d)*$', description: 'HH:mm,HH:mm' }),
  ),
  needsLocation: Type.Optional(Type.Boolean()),
});
export type SaveVariantRequest = Static<typeof SaveVariantRequest>;
export const VariantIdRequest = Type.Object({ variantId: RecordId('The variant’s servid') });

export const Weekday = Type.Union(['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'].map((day) => Type.Literal(day)));
export const SetInventoryRequest = Type.Object({
  productId: RecordId(),
  variantId: RecordId(),
  dateFrom: DateOnly,
  dateTo: DateOnly,
  weekdays: Type.Optional(Type.Array(Weekday, { maxItems: 7, uniqueItems: true })),
  timeSlots: Type.Optional(Type.Array(Time, { maxItems: 48, uniqueItems: true })),
  capacity: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
});
export type SetInventoryRequest = Static<typeof SetInventoryRequest>;
export const InventoryRequest = Type.Object({ variantId: RecordId(), dateFrom: DateOnly, dateTo: DateOnly });
