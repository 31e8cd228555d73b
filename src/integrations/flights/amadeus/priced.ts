// Flight Offers Price (POST /v1/shopping/flight-offers/pricing with X-HTTP-Method-Override: GET): the offer of an
// earlier search sent back verbatim (its supplierData) and the re-priced offer of the answer mapped to the port's
// priced offer. The offer-level taxes are Amadeus's when it gives them, else the travelers' taxes summed per code;
// fees keep every type Amadeus names (SUPPLIER, TICKETING, FORM_OF_PAYMENT).
import type { FlightOffer, FlightPassenger, PricedFlightOffer } from '../port.js';
import { FlightSupplierError } from '../port.js';
import type { AmadeusCall } from './client.js';
import { type Carriers, carriersOf, offerCore } from './offers.js';
import { decimal, flag, type Json, list, record, text, texts } from '../../amadeus/read.js';

export const PRICING_PATH = '/v1/shopping/flight-offers/pricing';

function cents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return amount.startsWith('-') ? -value : value;
}

function fromCents(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

function amounts(value: unknown, key: 'type' | 'code'): { amount: string; key: string }[] {
  return list(value).flatMap((item) => {
    const raw = record(item);
    const amount = decimal(raw?.amount);
    const name = text(raw?.[key]);
    return amount && name ? [{ amount, key: name }] : [];
  });
}

/** The travelers' taxes summed per code, in the order the codes first appear. */
function summedTaxes(travelers: unknown): { amount: string; code: string }[] {
  const sums = new Map<string, bigint>();
  for (const traveler of list(travelers)) {
    for (const tax of amounts(record(record(traveler)?.price)?.taxes, 'code')) {
      sums.set(tax.key, (sums.get(tax.key) ?? 0n) + cents(tax.amount));
    }
  }
  return [...sums].map(([code, sum]) => ({ amount: fromCents(sum), code }));
}

/** The pricing request of an offer: Amadeus wants the offer object exactly as its search answered it. */
export function pricingCall(offer: FlightOffer): AmadeusCall {
  const original = record(offer.supplierData);
  if (!original) throw new FlightSupplierError('refused', 'The offer carries no Amadeus flight offer to price');
  return {
    method: 'POST',
    path: PRICING_PATH,
    body: { data: { type: 'flight-offers-pricing', flightOffers: [original] } },
  };
}

/**
 * Amadeus prices the party the offer was searched for: passengers of another make-up (so many adults, children,
 * infants) cannot be priced on it. The passengers' ids and birth dates are not Amadeus's business until booking.
 */
export function checkParty(offer: FlightOffer, passengers: FlightPassenger[]): void {
  if (passengers.length === 0 || offer.travelerPricings.length === 0) return;
  const party = (types: string[]) =>
    ['ADULT', 'CHILD', 'INFANT'].map((type) => types.filter((t) => t === type).length).join('/');
  const searched = offer.travelerPricings.map((t) => (t.travelerType.endsWith('INFANT') ? 'INFANT' : t.travelerType));
  if (party(searched) !== party(passengers.map((p) => p.type))) {
    throw new FlightSupplierError('refused', `The offer was searched for ${party(searched)} adults/children/infants`);
  }
}

function pricedPrice(raw: Json, core: FlightOffer): PricedFlightOffer['price'] {
  const price = record(raw.price);
  const ownTaxes = amounts(price?.taxes, 'code').map(({ amount, key }) => ({ amount, code: key }));
  const refundableTaxes = decimal(price?.refundableTaxes);
  const billingCurrency = text(price?.billingCurrency);
  const services = amounts(price?.additionalServices, 'type').map(({ amount, key }) => ({ amount, type: key }));
  return {
    ...core.price,
    fees: amounts(price?.fees, 'type').map(({ amount, key }) => ({ amount, type: key })),
    taxes: ownTaxes.length > 0 ? ownTaxes : summedTaxes(raw.travelerPricings),
    ...(refundableTaxes ? { refundableTaxes } : {}),
    ...(billingCurrency ? { billingCurrency } : {}),
    ...(services.length > 0 ? { additionalServices: services } : {}),
  };
}

/** Carrier names the search answer gave (a pricing answer's dictionaries hold locations only). */
function carriersNamedIn(offer: FlightOffer): Carriers {
  const names: Carriers = {};
  for (const segment of offer.itineraries.flatMap((itinerary) => itinerary.segments)) {
    if (segment.carrierName) names[segment.carrierCode] = segment.carrierName;
  }
  return names;
}

/** The priced offer of a pricing answer (its first flight offer), or undefined when it has none that maps. */
export function pricedOfferOf(answer: unknown, searched: FlightOffer): PricedFlightOffer | undefined {
  const body = record(answer);
  const data = record(body?.data);
  const raw = record(list(data?.flightOffers)[0]);
  const carriers = { ...carriersNamedIn(searched), ...carriersOf(body) };
  const core = raw ? offerCore(raw, carriers, searched.price.currency) : undefined;
  if (!raw || !core) return undefined;
  const options = record(raw.pricingOptions);
  const fareType = texts(options?.fareType);
  const { supplierData: _kept, ...offer } = core;
  return {
    ...offer,
    type: text(raw.type) ?? 'flight-offer',
    paymentCardRequired: flag(raw.paymentCardRequired, false),
    price: pricedPrice(raw, core),
    pricingOptions: {
      fareType: fareType.length > 0 ? fareType : ['PUBLISHED'],
      includedCheckedBagsOnly: flag(options?.includedCheckedBagsOnly, false),
    },
    travelerPricings: core.travelerPricings.map((t) => ({ ...t, fareDetailsBySegment: t.fareDetailsBySegment ?? [] })),
  };
}

/** Amadeus's warnings (e.g. PricingOrFareBasisDiscrepancyWarning when the price moved since the search), for the log. */
export function warningsOf(answer: unknown): string[] {
  return list(record(answer)?.warnings).flatMap((item) => {
    const title = text(record(item)?.title);
    return title ? [title] : [];
  });
}
