// Offers of the simulator: journeys out (and back, for a return trip) paired by carrier, priced for the request's
// travelers, with what priceOffer needs kept in supplierData (the unit fares and the fare details per segment).
import { minorToDecimalString } from '../../../platform/money.js';
import type {
  FareDetailsBySegment,
  FlightOffer,
  FlightSearchRequest,
  PassengerType,
  TravelerPricing,
  TravelerType,
} from '../port.js';
import { addDays, isoDuration, seededRandom } from './clock.js';
import { fareTotal, type UnitFares, unitFares } from './fares.js';
import { type Journey, journeyMinutes, segmentsOf } from './routes.js';

/** What the simulator keeps in an offer's supplierData. */
export interface SimulatorOfferData {
  simulator: 1;
  currency: string;
  fares: UnitFares;
  fareDetails: Omit<FareDetailsBySegment, 'includedCheckedBags'>[];
  bagsKg: number;
}

const CLASSES = ['Y', 'B', 'M', 'H', 'K', 'L', 'Q', 'T', 'V'];

/** Pairs each outbound journey with the inbound ones of its carrier (else the first two): at most `max` offers. */
export function pairJourneys(outbound: Journey[], inbound: Journey[] | undefined, max: number): Journey[][] {
  if (!inbound) return outbound.slice(0, max).map((j) => [j]);
  const pairs: Journey[][] = [];
  for (const out of outbound) {
    const carrier = out.legs[0]?.carrier.iataCode;
    const same = inbound.filter((back) => back.legs[0]?.carrier.iataCode === carrier);
    for (const back of same.length ? same : inbound.slice(0, 2)) pairs.push([out, back]);
  }
  return pairs.slice(0, max);
}

export function travelerTypes(adults: number, children: number, infants: number): PassengerType[] {
  return [
    ...Array<PassengerType>(adults).fill('ADULT'),
    ...Array<PassengerType>(children).fill('CHILD'),
    ...Array<PassengerType>(infants).fill('INFANT'),
  ];
}

export function buildOffer(id: string, flown: Journey[], request: FlightSearchRequest, today: string): FlightOffer {
  const { currency } = request;
  const fares = unitFares(flown, currency);
  let segmentId = 1;
  const itineraries = flown.map((journey) => {
    const segments = segmentsOf(journey, segmentId);
    segmentId += segments.length;
    return { duration: isoDuration(journeyMinutes(journey)), segments };
  });
  const random = seededRandom(`offer|${flown.map((j) => j.key).join('|')}`);
  const long = flown.some((j) => j.km > 3000);
  const fareClass = random.pick(CLASSES);
  const carrier = flown[0]?.legs[0]?.carrier.iataCode ?? 'YY';
  const fareDetails = itineraries.flatMap((it) =>
    it.segments.map((s) => ({
      segmentId: s.segmentId,
      cabin: 'ECONOMY',
      fareBasis: `${fareClass}${flown.length > 1 ? 'RT' : 'OW'}${carrier}${long ? 'L' : 'S'}`,
      class: fareClass,
      brandedFare: 'ECOCLASSIC',
      brandedFareLabel: 'Economy Classic',
    })),
  );
  const supplierData: SimulatorOfferData = { simulator: 1, currency, fares, fareDetails, bagsKg: long ? 30 : 23 };
  const types = travelerTypes(request.adults, request.children, request.infants);
  const travelerPricings = pricingsFor(types, supplierData);
  const base = minorToDecimalString(
    sumOf(types, (t) => fares[t].base),
    currency,
  );
  const total = minorToDecimalString(
    sumOf(types, (t) => fareTotal(fares[t])),
    currency,
  );
  return {
    id,
    source: 'GDS',
    instantTicketingRequired: false,
    nonHomogeneous: false,
    oneWay: flown.length === 1,
    lastTicketingDate: lastTicketingDate(today, request.departureDate),
    numberOfBookableSeats: Math.max(types.length - request.infants, random.int(4, 9)),
    itineraries,
    price: { currency, base, total, grandTotal: total },
    validatingAirlines: [carrier],
    travelerPricings,
    supplierData,
  };
}

export function sumOf(types: PassengerType[], amount: (type: PassengerType) => number): number {
  return types.reduce((sum, type) => sum + amount(type), 0);
}

/** Three days after today, but no later than the day before departure (nor before today). */
export function lastTicketingDate(today: string, departureDate: string): string {
  const latest = addDays(departureDate, -1);
  const wanted = addDays(today, 3);
  const date = wanted.localeCompare(latest) < 0 ? wanted : latest;
  return date < today ? today : date;
}

const TRAVELER_TYPE: Record<PassengerType, TravelerType> = { ADULT: 'ADULT', CHILD: 'CHILD', INFANT: 'HELD_INFANT' };

/** Travelers "1", "2", ... in the order given; each infant held by the adult of its rank. */
export function pricingsFor(
  types: PassengerType[],
  data: SimulatorOfferData,
): (TravelerPricing & { fareDetailsBySegment: FareDetailsBySegment[] })[] {
  const adults = types.map((t, i) => (t === 'ADULT' ? String(i + 1) : '')).filter(Boolean);
  let infants = 0;
  return types.map((type, i) => {
    const fare = data.fares[type];
    const weight = type === 'INFANT' ? 10 : data.bagsKg;
    return {
      travelerId: String(i + 1),
      travelerType: TRAVELER_TYPE[type],
      fareOption: 'STANDARD',
      ...(type === 'INFANT' ? { associatedAdultId: adults[infants++] ?? adults[0] } : {}),
      price: {
        currency: data.currency,
        base: minorToDecimalString(fare.base, data.currency),
        total: minorToDecimalString(fareTotal(fare), data.currency),
      },
      fareDetailsBySegment: data.fareDetails.map((d) => ({ ...d, includedCheckedBags: { weight, weightUnit: 'KG' } })),
    };
  });
}
