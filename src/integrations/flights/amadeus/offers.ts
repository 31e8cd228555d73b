// Amadeus flight offers (FlightOffersSearch_v2's FlightOffer, also what pricing answers) mapped to the port's model.
// Almost every field of the spec is optional, so each has its fallback: a segment without id gets one from its
// position, a missing duration is counted from the local times (exact when both ends share a time zone), missing
// flags are false, a missing last ticketing date is the day of the first departure, a missing base or grand total
// is the total. An offer without what an offer cannot lack (an id, a total, a segment with both ends and a carrier)
// is left out and logged, never the whole answer. The offer itself is kept verbatim as `supplierData`: pricing
// sends it back to Amadeus as it came.
import type {
  FareDetailsBySegment,
  FlightEndpoint,
  FlightItinerary,
  FlightOffer,
  FlightSegment,
  TravelerPricing,
  TravelerType,
} from '../port.js';
import { count, decimal, flag, type Json, list, record, text, texts } from '../../amadeus/read.js';

/** Carrier names of the answer's `dictionaries.carriers` (EK → EMIRATES). */
export type Carriers = Record<string, string>;

export function carriersOf(answer: Json | undefined): Carriers {
  const carriers: Carriers = {};
  for (const [code, name] of Object.entries(record(record(answer?.dictionaries)?.carriers) ?? {})) {
    const value = text(name);
    if (value) carriers[code] = value;
  }
  return carriers;
}

/** Minutes of an ISO 8601 duration (PT7H25M, P1DT2H), or undefined. */
export function durationMinutes(duration: string): number | undefined {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:\d+S)?)?$/.exec(duration);
  if (!match || duration === 'P' || duration.endsWith('T')) return undefined;
  const [, days = '0', hours = '0', minutes = '0'] = match;
  return Number(days) * 1440 + Number(hours) * 60 + Number(minutes);
}

export function isoDuration(minutes: number): string {
  const safe = Math.max(0, Math.round(minutes));
  const hours = Math.floor(safe / 60);
  const rest = safe % 60;
  if (hours === 0) return `PT${rest}M`;
  return rest === 0 ? `PT${hours}H` : `PT${hours}H${rest}M`;
}

/** Minutes between two local times read as if in one zone (Amadeus's `at` carries no offset). */
function minutesBetween(from: string, to: string): number {
  const start = Date.parse(`${from}Z`);
  const end = Date.parse(`${to}Z`);
  return Number.isFinite(start) && Number.isFinite(end) ? (end - start) / 60_000 : 0;
}

function endpoint(value: unknown): FlightEndpoint | undefined {
  const raw = record(value);
  const iataCode = text(raw?.iataCode)?.toUpperCase();
  const at = text(raw?.at);
  if (!iataCode || !at || !Number.isFinite(Date.parse(`${at.slice(0, 19)}Z`))) return undefined;
  const terminal = text(raw?.terminal);
  return { iataCode, at: at.slice(0, 19), ...(terminal ? { terminal } : {}) };
}

function segment(value: unknown, position: string, carriers: Carriers): FlightSegment | undefined {
  const raw = record(value);
  const departure = endpoint(raw?.departure);
  const arrival = endpoint(raw?.arrival);
  const operating = text(record(raw?.operating)?.carrierCode);
  const carrierCode = text(raw?.carrierCode) ?? operating;
  if (!raw || !departure || !arrival || !carrierCode) return undefined;
  const carrierName = carriers[carrierCode];
  const aircraftCode = text(record(raw.aircraft)?.code);
  return {
    segmentId: text(raw.id) ?? position,
    carrierCode,
    ...(carrierName ? { carrierName } : {}),
    ...(operating && operating !== carrierCode ? { operatingCarrierCode: operating } : {}),
    flightNumber: text(raw.number) ?? '',
    ...(aircraftCode ? { aircraftCode } : {}),
    departure,
    arrival,
    duration: validDuration(text(raw.duration)) ?? isoDuration(minutesBetween(departure.at, arrival.at)),
    numberOfStops: count(raw.numberOfStops) ?? list(raw.stops).length,
    blacklistedInEU: flag(raw.blacklistedInEU, false),
  };
}

function validDuration(duration: string | undefined): string | undefined {
  return duration !== undefined && durationMinutes(duration) !== undefined ? duration : undefined;
}

export function itineraries(value: unknown, carriers: Carriers): FlightItinerary[] | undefined {
  const raws = list(value);
  const mapped: FlightItinerary[] = [];
  for (const [i, item] of raws.entries()) {
    const raw = record(item);
    const segments = list(raw?.segments).map((s, j) => segment(s, `${i + 1}.${j + 1}`, carriers));
    const whole = segments.filter((s): s is FlightSegment => s !== undefined);
    const first = whole[0];
    const last = whole[whole.length - 1];
    if (!first || !last || whole.length !== segments.length) return undefined;
    const counted = isoDuration(minutesBetween(first.departure.at, last.arrival.at));
    mapped.push({ duration: validDuration(text(raw?.duration)) ?? counted, segments: whole });
  }
  return mapped.length > 0 ? mapped : undefined;
}

const TRAVELER_TYPES: Record<string, TravelerType> = {
  ADULT: 'ADULT',
  CHILD: 'CHILD',
  HELD_INFANT: 'HELD_INFANT',
  SEATED_INFANT: 'SEATED_INFANT',
};

/** SENIOR, YOUNG, STUDENT… pay an adult's seat in the port's model; an unknown type too. */
export function travelerType(value: unknown): TravelerType {
  return TRAVELER_TYPES[text(value)?.toUpperCase() ?? ''] ?? 'ADULT';
}

export function fareDetails(value: unknown): FareDetailsBySegment[] {
  const details: FareDetailsBySegment[] = [];
  for (const item of list(value)) {
    const raw = record(item);
    const segmentId = text(raw?.segmentId);
    if (!raw || !segmentId) continue;
    const bags = record(raw.includedCheckedBags);
    const quantity = count(bags?.quantity);
    const weight = count(bags?.weight);
    const weightUnit = text(bags?.weightUnit);
    const brandedFare = text(raw.brandedFare);
    const brandedFareLabel = text(raw.brandedFareLabel);
    details.push({
      segmentId,
      cabin: text(raw.cabin) ?? '',
      fareBasis: text(raw.fareBasis) ?? '',
      class: text(raw.class) ?? '',
      ...(bags && (quantity !== undefined || weight !== undefined)
        ? {
            includedCheckedBags: {
              ...(quantity !== undefined ? { quantity } : {}),
              ...(weight !== undefined ? { weight, ...(weightUnit ? { weightUnit } : {}) } : {}),
            },
          }
        : {}),
      ...(brandedFare ? { brandedFare } : {}),
      ...(brandedFareLabel ? { brandedFareLabel } : {}),
    });
  }
  return details;
}

/** A traveler's price; without one (a trimmed answer) it reads 0.00, the offer's total being what is charged. */
export function travelerPricings(value: unknown, currency: string): TravelerPricing[] {
  return list(value).flatMap((item, index) => {
    const raw = record(item);
    if (!raw) return [];
    const price = record(raw.price);
    const total = decimal(price?.total) ?? '0.00';
    const associatedAdultId = text(raw.associatedAdultId);
    const pricing: TravelerPricing = {
      travelerId: text(raw.travelerId) ?? String(index + 1),
      travelerType: travelerType(raw.travelerType),
      fareOption: text(raw.fareOption) ?? 'STANDARD',
      ...(associatedAdultId ? { associatedAdultId } : {}),
      price: { currency: text(price?.currency) ?? currency, base: decimal(price?.base) ?? total, total },
      fareDetailsBySegment: fareDetails(raw.fareDetailsBySegment),
    };
    return [pricing];
  });
}

/** What an offer and a priced offer share; undefined when the offer lacks what an offer cannot lack. */
export function offerCore(raw: Json, carriers: Carriers, currency: string): FlightOffer | undefined {
  const id = text(raw.id);
  const price = record(raw.price);
  const total = decimal(price?.total) ?? decimal(price?.grandTotal);
  const trips = itineraries(raw.itineraries, carriers);
  const firstDeparture = trips?.[0]?.segments[0]?.departure.at.slice(0, 10);
  if (!id || !total || !trips || !firstDeparture) return undefined;
  const lastTicketingDateTime = text(raw.lastTicketingDateTime);
  const numberOfBookableSeats = count(raw.numberOfBookableSeats);
  const validating = texts(raw.validatingAirlineCodes);
  const offerCurrency = text(price?.currency) ?? currency;
  return {
    id,
    source: text(raw.source) ?? 'GDS',
    instantTicketingRequired: flag(raw.instantTicketingRequired, false),
    nonHomogeneous: flag(raw.nonHomogeneous, false),
    oneWay: flag(raw.oneWay, false),
    lastTicketingDate:
      text(raw.lastTicketingDate)?.slice(0, 10) ?? lastTicketingDateTime?.slice(0, 10) ?? firstDeparture,
    ...(lastTicketingDateTime ? { lastTicketingDateTime } : {}),
    ...(numberOfBookableSeats !== undefined ? { numberOfBookableSeats } : {}),
    itineraries: trips,
    price: {
      currency: offerCurrency,
      base: decimal(price?.base) ?? total,
      total,
      grandTotal: decimal(price?.grandTotal) ?? total,
    },
    validatingAirlines: validating.length > 0 ? validating : [trips[0]?.segments[0]?.carrierCode ?? ''],
    travelerPricings: travelerPricings(raw.travelerPricings, offerCurrency),
  };
}

/**
 * The offers of a search answer in the asked currency. `dropped` counts what was left out (malformed, or in another
 * currency than asked: the area shows the tenant's currency only).
 */
export function offersOf(answer: unknown, currency: string): { offers: FlightOffer[]; dropped: number } {
  const body = record(answer);
  const carriers = carriersOf(body);
  const offers: FlightOffer[] = [];
  let dropped = 0;
  for (const item of list(body?.data)) {
    const raw = record(item);
    const offer = raw ? offerCore(raw, carriers, currency) : undefined;
    if (offer && offer.price.currency === currency) offers.push({ ...offer, supplierData: raw });
    else dropped += 1;
  }
  return { offers, dropped };
}
