// The supplier's model (integrations/flights/port.ts) in the specification's shapes. Missing optional fields become
// empty strings, zeros or nulls, never a failure.
import type {
  FlightAirline,
  FlightItinerary,
  FlightLocation,
  FlightOffer,
  PricedFlightOffer,
  TravelerPricing,
} from '../../integrations/flights/index.js';
import { decimalAmount } from '../../platform/money.js';
import type { Airline, Itinerary, Location, Offer, PricedOffer } from './flights.schemas.js';

/** Airport names by IATA code, for the segments. */
export type AirportNames = ReadonlyMap<string, string>;

export function toLocation(location: FlightLocation): Location {
  return {
    name: location.name,
    type: 'location',
    subType: location.subType,
    detailedName: location.detailedName,
    iataCode: location.iataCode,
    cityName: location.cityName,
    cityCode: location.cityCode,
    countryName: location.countryName,
    countryCode: location.countryCode,
    regionCode: location.regionCode,
  };
}

export function toAirline(airline: FlightAirline): Airline {
  return {
    iataCode: airline.iataCode,
    icaoCode: airline.icaoCode ?? '',
    businessName: airline.businessName,
    commonName: airline.commonName ?? airline.businessName,
    type: 'airline',
  };
}

/**
 * Local time without offset and seconds always present: 2026-12-01T08:35 → 2026-12-01T08:35:00. A date alone (a
 * last ticketing date-time some suppliers give as a date) is the end of that day.
 */
function localTime(at: string): string {
  if (/^\d{4}-\d\d-\d\d$/.test(at)) return `${at}T23:59:59`;
  const plain = at.replace(/(Z|[+-]\d\d:?\d\d)$/, '').replace(/\.\d+$/, '');
  return /T\d\d:\d\d$/.test(plain) ? `${plain}:00` : plain;
}

export function toItinerary(itinerary: FlightItinerary, airports: AirportNames): Itinerary {
  return {
    duration: itinerary.duration,
    segments: itinerary.segments.map((segment) => ({
      segmentId: segment.segmentId,
      duration: segment.duration,
      carrierCode: segment.carrierCode,
      carrierName: segment.carrierName ?? '',
      flightNumber: segment.flightNumber,
      numberOfStops: segment.numberOfStops,
      blacklistedInEU: segment.blacklistedInEU,
      departureAirportCode: segment.departure.iataCode,
      departureAirportName: airports.get(segment.departure.iataCode) ?? '',
      departureTerminal: segment.departure.terminal ?? '',
      departureTime: localTime(segment.departure.at),
      arrivalAirportCode: segment.arrival.iataCode,
      arrivalAirportName: airports.get(segment.arrival.iataCode) ?? '',
      arrivalTerminal: segment.arrival.terminal ?? '',
      arrivalTime: localTime(segment.arrival.at),
    })),
  };
}

const passengerType = (traveler: TravelerPricing): string =>
  traveler.travelerType === 'HELD_INFANT' || traveler.travelerType === 'SEATED_INFANT'
    ? 'INFANT'
    : traveler.travelerType;

/** An offer of a search under our id. */
export function toOffer(offer: FlightOffer, id: string, airports: AirportNames): Offer {
  const { currency } = offer.price;
  return {
    id,
    source: offer.source,
    instantTicketingRequired: offer.instantTicketingRequired,
    nonHomogenous: offer.nonHomogeneous,
    oneWay: offer.oneWay,
    lastTicketingDate: offer.lastTicketingDate,
    currency,
    totalAmount: decimalAmount(offer.price.total, currency),
    baseAmount: decimalAmount(offer.price.base, currency),
    grandTotal: decimalAmount(offer.price.grandTotal, currency),
    itineraries: offer.itineraries.map((itinerary) => toItinerary(itinerary, airports)),
    paxPricing: offer.travelerPricings.map((traveler) => ({
      passengerId: traveler.travelerId,
      fareOption: traveler.fareOption,
      passengerType: passengerType(traveler),
      currency: traveler.price.currency,
      totalAmount: decimalAmount(traveler.price.total, traveler.price.currency),
      baseAmount: decimalAmount(traveler.price.base, traveler.price.currency),
      // A traveler's fees are the offer's, not a traveler's: its grand total is its total.
      grandTotal: decimalAmount(traveler.price.total, traveler.price.currency),
      segmentFares:
        traveler.fareDetailsBySegment?.map((fare) => ({
          segmentId: fare.segmentId,
          cabin: fare.cabin,
          fareBasis: fare.fareBasis,
          class: fare.class,
        })) ?? null,
    })),
  };
}

/** The priced offer under the id of the offer it prices. */
export function toPricedOffer(priced: PricedFlightOffer, id: string, airports: AirportNames): PricedOffer {
  const { price } = priced;
  return {
    id,
    type: priced.type,
    source: priced.source,
    instantTicketingRequired: priced.instantTicketingRequired,
    nonHomogenous: priced.nonHomogeneous,
    oneWay: priced.oneWay,
    disablePricing: false,
    paymentCardRequired: priced.paymentCardRequired,
    lastTicketingDate: priced.lastTicketingDate,
    lastTicketingDateTime: priced.lastTicketingDateTime ? localTime(priced.lastTicketingDateTime) : null,
    noOfBookableSeats: priced.numberOfBookableSeats ?? 0,
    itineraries: priced.itineraries.map((itinerary) => toItinerary(itinerary, airports)),
    price: {
      currency: price.currency,
      base: price.base,
      total: price.total,
      grandTotal: price.grandTotal,
      refundableTaxes: price.refundableTaxes ?? '0.00',
      margin: null,
      billingCurrency: price.billingCurrency ?? price.currency,
      fees: price.fees.map((fee) => ({ amount: fee.amount, type: fee.type })),
      taxes: price.taxes.map((tax) => ({ amount: tax.amount, code: tax.code })),
      additionalServices: price.additionalServices?.map((service) => ({ ...service })) ?? null,
    },
    pricingOptions: {
      fareType: [...priced.pricingOptions.fareType],
      includedCheckedBagsOnly: priced.pricingOptions.includedCheckedBagsOnly,
    },
    validatingAirlines: [...priced.validatingAirlines],
    travelerPricings: priced.travelerPricings.map((traveler) => ({
      travelerId: traveler.travelerId,
      travelerType: traveler.travelerType,
      fareOption: traveler.fareOption,
      associatedAdultId: traveler.associatedAdultId ?? null,
      price: { ...traveler.price },
      fareDetailsBySegment: traveler.fareDetailsBySegment.map((fare) => ({
        segmentId: fare.segmentId,
        cabin: fare.cabin,
        fareBasis: fare.fareBasis,
        class: fare.class,
        includedCheckedBags: {
          weight: fare.includedCheckedBags?.weight ?? 0,
          weightUnit: fare.includedCheckedBags?.weightUnit ?? '',
          quantity: fare.includedCheckedBags?.quantity ?? 0,
        },
        brandedFare: fare.brandedFare ?? '',
        brandedFareLabel: fare.brandedFareLabel ?? '',
      })),
    })),
  };
}
