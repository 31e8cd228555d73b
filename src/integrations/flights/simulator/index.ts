// The flight simulator (the default FlightSupplier, contract §7.1): real airports, cities and airlines from
// OpenFlights data, deterministic offers for any pair of its airports (same request and date → same offers),
// re-pricing with the offer's own totals split into fees and taxes. Optional latency for benches and timeouts.
import { simulatedLatency } from '../../simulated-latency.js';
import { minorToDecimalString } from '../../../platform/money.js';
import {
  type FlightOffer,
  type FlightPassenger,
  type FlightSearchRequest,
  type FlightSupplier,
  FlightSupplierError,
  type PassengerType,
  type PricedFlightOffer,
} from '../port.js';
import { type Airport, type FlightData, flightData } from './data.js';
import { fareTotal } from './fares.js';
import { findAirlines, findLocations, locationByCode } from './locations.js';
import { buildOffer, pairJourneys, pricingsFor, type SimulatorOfferData, sumOf } from './offers.js';
import { journeys } from './routes.js';

export interface FlightSimulatorOptions {
  clock: () => Date;
  /** Milliseconds every call waits before answering (default 0). */
  latencyMs?: number;
  /** Offers at most (default 50). */
  maxResults?: number;
}

export function createFlightSimulator(options: FlightSimulatorOptions): FlightSupplier {
  const wait = (signal?: AbortSignal) =>
    simulatedLatency(
      options.latencyMs ?? 0,
      signal,
      () => new FlightSupplierError('timeout', 'flight simulator call aborted'),
    );
  return {
    kind: 'simulator',
    async searchOffers(request, signal) {
      await wait(signal);
      return searchOffers(flightData(), request, options.clock(), request.maxResults ?? options.maxResults ?? 50);
    },
    async priceOffer(offer, passengers, signal) {
      await wait(signal);
      return priceOffer(offer, passengers);
    },
    async findLocations(keyword, signal) {
      await wait(signal);
      return findLocations(flightData(), keyword);
    },
    async locationByCode(code, signal) {
      await wait(signal);
      return locationByCode(flightData(), code);
    },
    async findAirlines(codeOrPart, signal) {
      await wait(signal);
      return findAirlines(flightData(), codeOrPart);
    },
  };
}

/** An airport code as is; a city code as its main airport. */
function airportOf(data: FlightData, code: string): Airport {
  const key = code.toUpperCase();
  const airport = data.airports.get(key) ?? data.cities.get(key)?.airports[0];
  if (!airport) throw new FlightSupplierError('refused', `unknown location ${code}`);
  return airport;
}

export function searchOffers(data: FlightData, request: FlightSearchRequest, now: Date, max: number): FlightOffer[] {
  if (request.infants > request.adults) throw new FlightSupplierError('refused', 'more infants than adults');
  const from = airportOf(data, request.origin);
  const to = airportOf(data, request.destination);
  const outbound = journeys(data, from, to, request.departureDate);
  const inbound = request.returnDate ? journeys(data, to, from, request.returnDate) : undefined;
  const today = now.toISOString().slice(0, 10);
  return pairJourneys(outbound, inbound, max).map((flown, i) => buildOffer(String(i + 1), flown, request, today));
}

const PASSENGER_TYPE: Record<string, PassengerType> = {
  ADULT: 'ADULT',
  CHILD: 'CHILD',
  HELD_INFANT: 'INFANT',
  SEATED_INFANT: 'INFANT',
};

function offerData(offer: FlightOffer): SimulatorOfferData {
  const data = offer.supplierData as Partial<SimulatorOfferData> | undefined;
  if (data?.simulator !== 1 || !data.fares || !data.fareDetails || !data.currency) {
    throw new FlightSupplierError('refused', `offer ${offer.id} is not one of the simulator's`);
  }
  return data as SimulatorOfferData;
}

export function priceOffer(offer: FlightOffer, passengers: FlightPassenger[]): PricedFlightOffer {
  const data = offerData(offer);
  const types = passengers.length
    ? passengers.map((p) => p.type)
    : offer.travelerPricings.map((t) => PASSENGER_TYPE[t.travelerType] ?? 'ADULT');
  const adults = types.filter((t) => t === 'ADULT').length;
  if (adults === 0 || types.filter((t) => t === 'INFANT').length > adults) {
    throw new FlightSupplierError('refused', 'an adult is needed for every infant');
  }
  const { currency } = data;
  const money = (minor: number) => minorToDecimalString(minor, currency);
  const base = sumOf(types, (t) => data.fares[t].base);
  const total = sumOf(types, (t) => fareTotal(data.fares[t]));
  const taxes = new Map<string, number>();
  for (const type of types) {
    for (const tax of data.fares[type].taxes) taxes.set(tax.code, (taxes.get(tax.code) ?? 0) + tax.amount);
  }
  const refundable = [...taxes].filter(([code]) => code !== 'YQ').reduce((s, [, amount]) => s + amount, 0);
  return {
    id: offer.id,
    type: 'flight-offer',
    source: offer.source,
    instantTicketingRequired: offer.instantTicketingRequired,
    nonHomogeneous: offer.nonHomogeneous,
    oneWay: offer.oneWay,
    paymentCardRequired: false,
    lastTicketingDate: offer.lastTicketingDate,
    lastTicketingDateTime: offer.lastTicketingDate,
    numberOfBookableSeats: offer.numberOfBookableSeats,
    itineraries: offer.itineraries,
    price: {
      currency,
      base: money(base),
      total: money(total),
      grandTotal: money(total),
      refundableTaxes: money(refundable),
      billingCurrency: currency,
      fees: [
        { amount: money(0), type: 'SUPPLIER' },
        { amount: money(0), type: 'TICKETING' },
      ],
      taxes: [...taxes].map(([code, amount]) => ({ code, amount: money(amount) })),
    },
    pricingOptions: { fareType: ['PUBLISHED'], includedCheckedBagsOnly: true },
    validatingAirlines: offer.validatingAirlines,
    travelerPricings: pricingsFor(types, data),
  };
}
