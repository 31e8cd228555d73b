// Request and answer schemas of cruise pricing (contract §8.3): cabin price and other-charge templates of an
// itinerary, the cabin and other charges of a sailing, and the tenant's exchange rates. Prices are numbers with at
// most their currency's decimals (checked by the service), stored exactly (numeric).
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, RecordId } from '../../../platform/http/schema.js';

export const Currency = Type.String({ pattern: '^[A-Za-z]{3}$', description: 'ISO 4217 code (any case)' });
const Price = (description: string) =>
  Type.Number({ minimum: 0, maximum: 1e10, description: `${description}; at most the currency's decimals` });
const DateOnly = (description: string) => Type.String({ format: 'date', description: `${description} (yyyy-MM-dd)` });

const cabinFields = {
  shipCabinId: Type.Integer(),
  cabinCode: Type.String(),
  cabinName: Nullable(Type.String()),
  cabinTypeId: Type.Integer(),
  capacity: Type.Integer({ description: 'Most passengers the cabin takes' }),
};
const chargeTypeFields = {
  chargeTypeId: Type.Integer(),
  chargeTypeCode: Type.String(),
  chargeTypeName: Type.String(),
};
const otherChargeFields = {
  price: Type.Number(),
  currency: Type.String(),
  perPerson: Type.Boolean({ description: 'Charged per passenger (else once per booking)' }),
  mandatory: Type.Boolean({ description: 'Part of every booking (else an add-on a booking may choose)' }),
};

export const CabinPriceTemplate = Type.Object({
  cabinPriceTemplateId: Type.Integer(),
  itineraryId: Type.Integer(),
  ...cabinFields,
  price: Type.Number({ description: 'Per cabin, not per person' }),
  currency: Type.String(),
  available: Type.Boolean({ description: 'Sold on the sailings made from it' }),
});
export type CabinPriceTemplate = Static<typeof CabinPriceTemplate>;

export const OtherChargeTemplate = Type.Object({
  otherChargeTemplateId: Type.Integer(),
  itineraryId: Type.Integer(),
  ...chargeTypeFields,
  ...otherChargeFields,
});
export type OtherChargeTemplate = Static<typeof OtherChargeTemplate>;

export const CabinCharge = Type.Object({
  cabinChargeId: Type.Integer(),
  cruiseId: Type.Integer(),
  ...cabinFields,
  price: Type.Number({ description: 'Per cabin, not per person' }),
  currency: Type.String(),
  available: Type.Boolean({ description: 'May be booked on this sailing' }),
  booked: Type.Boolean({ description: 'A booking that is not cancelled holds the cabin on this sailing' }),
});
export type CabinCharge = Static<typeof CabinCharge>;

export const OtherCharge = Type.Object({
  otherChargeId: Type.Integer(),
  cruiseId: Type.Integer(),
  ...chargeTypeFields,
  ...otherChargeFields,
});
export type OtherCharge = Static<typeof OtherCharge>;

export const ExchangeRate = Type.Object({
  exchangeRateId: Type.Integer(),
  fromCurrency: Type.String(),
  toCurrency: Type.String(),
  rate: Type.Number({ description: '1 fromCurrency = rate toCurrency' }),
  validFrom: Type.String({ description: 'yyyy-MM-dd: in force from this date until a newer one of the pair' }),
});
export type ExchangeRate = Static<typeof ExchangeRate>;

// ---------- requests ----------

export const ItineraryIdRequest = Type.Object({ itineraryId: RecordId('The itinerary') });
export const CruiseIdRequest = Type.Object({ cruiseId: RecordId('The sailing (cruise)') });
export const CabinPriceTemplateIdRequest = Type.Object({ cabinPriceTemplateId: RecordId('The template') });
export const OtherChargeTemplateIdRequest = Type.Object({ otherChargeTemplateId: RecordId('The template') });
export const CabinChargeIdRequest = Type.Object({ cabinChargeId: RecordId('The cabin charge') });
export const OtherChargeIdRequest = Type.Object({ otherChargeId: RecordId('The other charge') });
export const ExchangeRateIdRequest = Type.Object({ exchangeRateId: RecordId('The rate') });

export const WriteCabinPriceTemplate = Type.Object({
  cabinPriceTemplateId: Type.Optional(RecordId('Absent: a new template; present: that one is changed')),
  itineraryId: RecordId('The itinerary'),
  shipCabinId: RecordId("A cabin of the itinerary's ship"),
  price: Price('The price of the cabin (not per person)'),
  currency: Currency,
  available: Type.Optional(Type.Boolean({ description: 'Default true' })),
});
export type WriteCabinPriceTemplate = Static<typeof WriteCabinPriceTemplate>;

const otherChargeInput = {
  chargeTypeId: RecordId('The charge type'),
  price: Price('The price: per passenger when perPerson, else per booking (an add-on: per unit)'),
  currency: Currency,
  perPerson: Type.Optional(Type.Boolean({ description: 'Default false' })),
  mandatory: Type.Optional(Type.Boolean({ description: 'Default false' })),
};

export const WriteOtherChargeTemplate = Type.Object({
  otherChargeTemplateId: Type.Optional(RecordId('Absent: a new template; present: that one is changed')),
  itineraryId: RecordId('The itinerary'),
  ...otherChargeInput,
});
export type WriteOtherChargeTemplate = Static<typeof WriteOtherChargeTemplate>;

export const WriteCabinCharge = Type.Object({
  cabinChargeId: Type.Optional(RecordId('Absent: a new charge; present: that one is changed')),
  cruiseId: RecordId('The sailing'),
  shipCabinId: RecordId("A cabin of the sailing's ship"),
  price: Price('The price of the cabin (not per person)'),
  currency: Currency,
  available: Type.Optional(Type.Boolean({ description: 'Default true' })),
});
export type WriteCabinCharge = Static<typeof WriteCabinCharge>;

export const WriteOtherCharge = Type.Object({
  otherChargeId: Type.Optional(RecordId('Absent: a new charge; present: that one is changed')),
  cruiseId: RecordId('The sailing'),
  ...otherChargeInput,
});
export type WriteOtherCharge = Static<typeof WriteOtherCharge>;

export const ListExchangeRates = Type.Object({
  fromCurrency: Type.Optional(Currency),
  toCurrency: Type.Optional(Currency),
  onDate: Type.Optional(DateOnly('Only the rate of each pair in force on this date')),
});
export type ListExchangeRates = Static<typeof ListExchangeRates>;

export const WriteExchangeRate = Type.Object({
  exchangeRateId: Type.Optional(RecordId('Absent: a new rate; present: that one is changed')),
  fromCurrency: Currency,
  toCurrency: Currency,
  rate: Type.Number({ exclusiveMinimum: 0, maximum: 1e9, description: '> 0, at most 8 decimals' }),
  validFrom: DateOnly('In force from this date'),
});
export type WriteExchangeRate = Static<typeof WriteExchangeRate>;
