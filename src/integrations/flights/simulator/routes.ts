// Which flights the simulator flies between two airports on a date: direct flights by the carriers plausible for
// the route (hub carriers at either end, else a home carrier of either country) and one-stop itineraries through
// real hubs by the hub's carrier, with connection times of 75 minutes to 4 hours. Schedules are seeded from the
// route and the date only, so every request for that route and date sees the same flights.
import type { FlightEndpoint, FlightSegment } from '../port.js';
import { blockMinutes, distanceKm, instantOf, isoDuration, localIso, seededRandom, type Random } from './clock.js';
import type { Airline, Airport, FlightData } from './data.js';
import { CONNECTING_HUBS, GATEWAYS, HUB_CARRIERS } from './reference.js';

export interface Leg {
  from: Airport;
  to: Airport;
  carrier: Airline;
  flightNumber: string;
  departMs: number;
  arriveMs: number;
  minutes: number;
}

/** One way from origin to destination: one leg (direct) or two (one stop). */
export interface Journey {
  legs: Leg[];
  /** Kilometres flown (sum of the legs). */
  km: number;
  /** Seed of this journey's fares. */
  key: string;
}

const MIN_KM = 80;
const MAX_DIRECT_KM = 15_500;
/** Beyond this a hub carrier flies direct only between gateways. */
const REGIONAL_KM = 4_500;

export function journeys(data: FlightData, from: Airport, to: Airport, date: string): Journey[] {
  const km = distanceKm(from, to);
  if (km < MIN_KM || from.cityCode === to.cityCode) return [];
  const random = seededRandom(`route|${from.code}|${to.code}|${date}`);
  const found: Journey[] = [];
  if (km <= MAX_DIRECT_KM) {
    for (const carrier of directCarriers(data, from, to, km, random)) {
      const departures = random.int(1, 2);
      for (let i = 0; i < departures; i++) {
        const leg = flight(carrier, from, to, date, random.int(72, 264) * 5, i);
        found.push({ legs: [leg], km, key: `${leg.carrier.iataCode}${leg.flightNumber}|${date}` });
      }
    }
  }
  for (const hub of connectingHubs(data, from, to, km)) {
    const carrier = hubCarrier(data, hub);
    if (!carrier) continue;
    for (let i = 0; i < 2; i++) found.push(oneStop(carrier, from, hub, to, date, i, random));
  }
  return found.length ? found : viaNearestGateway(data, from, to, date, random);
}

/**
 * A route no carrier flies direct and no hub is on the way to: one stop at the gateway of least detour, flown by
 * a home carrier of the origin's country (else the destination's).
 */
function viaNearestGateway(data: FlightData, from: Airport, to: Airport, date: string, random: Random): Journey[] {
  let best: { hub: Airport; km: number } | undefined;
  for (const code of GATEWAYS) {
    const hub = data.airports.get(code);
    if (!hub || hub.cityCode === from.cityCode || hub.cityCode === to.cityCode) continue;
    const first = distanceKm(from, hub);
    const second = distanceKm(hub, to);
    if (first < 150 || second < 150 || first > MAX_DIRECT_KM || second > MAX_DIRECT_KM) continue;
    if (!best || first + second < best.km) best = { hub, km: first + second };
  }
  const home = data.airlinesByCountry.get(from.countryCode) ?? data.airlinesByCountry.get(to.countryCode);
  if (!best || !home?.length) return [];
  const carrier = random.pick(home);
  return [0, 1].map((i) => oneStop(carrier, from, best.hub, to, date, i, random));
}

function oneStop(carrier: Airline, from: Airport, hub: Airport, to: Airport, date: string, i: number, r: Random) {
  const first = flight(carrier, from, hub, date, r.int(60, 270) * 5, i);
  const connection = r.int(15, 48) * 5;
  const hubDate = localIso(first.arriveMs + connection * 60_000, hub.timeZone);
  const [day = date, time = '00:00'] = hubDate.split('T');
  const minute = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const second = flight(carrier, hub, to, day, minute, i);
  const km = distanceKm(from, hub) + distanceKm(hub, to);
  return { legs: [first, second], km, key: `${carrier.iataCode}${first.flightNumber}${second.flightNumber}|${date}` };
}

function flight(carrier: Airline, from: Airport, to: Airport, date: string, minute: number, i: number): Leg {
  const minutes = blockMinutes(from, to);
  const departMs = instantOf(date, minute, from.timeZone);
  const base = seededRandom(`number|${carrier.iataCode}|${from.code}|${to.code}`).int(1, 1990);
  const flightNumber = String(base + i * 2);
  return { from, to, carrier, flightNumber, departMs, arriveMs: departMs + minutes * 60_000, minutes };
}

function hubCarrier(data: FlightData, hub: Airport): Airline | undefined {
  const code = Object.entries(HUB_CARRIERS).find(([, hubs]) => hubs[0] === hub.code)?.[0];
  return code ? data.airlines.get(code) : undefined;
}

function directCarriers(data: FlightData, from: Airport, to: Airport, km: number, random: Random): Airline[] {
  const carriers = new Map<string, Airline>();
  const gateways = GATEWAYS.has(from.code) && GATEWAYS.has(to.code);
  for (const [code, hubs] of Object.entries(HUB_CARRIERS)) {
    const airline = data.airlines.get(code);
    const atHub = hubs.includes(from.code) || hubs.includes(to.code);
    if (airline && atHub && (km <= REGIONAL_KM || gateways)) carriers.set(code, airline);
  }
  if (carriers.size === 0 && (km <= REGIONAL_KM || gateways)) {
    for (const country of [from.countryCode, to.countryCode]) {
      const home = data.airlinesByCountry.get(country);
      if (home?.length) {
        const airline = random.pick(home);
        carriers.set(airline.iataCode, airline);
      }
    }
  }
  return [...carriers.values()].slice(0, 4);
}

function connectingHubs(data: FlightData, from: Airport, to: Airport, km: number): Airport[] {
  const hubs: { hub: Airport; detour: number }[] = [];
  for (const code of CONNECTING_HUBS) {
    const hub = data.airports.get(code);
    if (!hub || hub.cityCode === from.cityCode || hub.cityCode === to.cityCode) continue;
    const first = distanceKm(from, hub);
    const second = distanceKm(hub, to);
    if (first < 150 || second < 150 || first > MAX_DIRECT_KM || second > MAX_DIRECT_KM) continue;
    const detour = first + second;
    if (detour <= km * 1.3 + 600) hubs.push({ hub, detour });
  }
  return hubs
    .sort((a, b) => a.detour - b.detour)
    .slice(0, 3)
    .map((h) => h.hub);
}

/** The port's segments of a journey, numbered from `firstId`. */
export function segmentsOf(journey: Journey, firstId: number): FlightSegment[] {
  return journey.legs.map((leg, i) => ({
    segmentId: String(firstId + i),
    carrierCode: leg.carrier.iataCode,
    carrierName: leg.carrier.name,
    flightNumber: leg.flightNumber,
    aircraftCode: aircraft(leg),
    departure: endpoint(leg.from, leg.departMs, leg.carrier),
    arrival: endpoint(leg.to, leg.arriveMs, leg.carrier),
    duration: isoDuration(leg.minutes),
    numberOfStops: 0,
    blacklistedInEU: false,
  }));
}

/** Local time in the airport's zone; a terminal (1 to 3, fixed per airport and carrier) at gateways. */
function endpoint(airport: Airport, epochMs: number, carrier: Airline): FlightEndpoint {
  const at = localIso(epochMs, airport.timeZone);
  if (!GATEWAYS.has(airport.code)) return { iataCode: airport.code, at, timeZone: airport.timeZone };
  const terminal = String(seededRandom(`terminal|${airport.code}|${carrier.iataCode}`).int(1, 3));
  return { iataCode: airport.code, terminal, at, timeZone: airport.timeZone };
}

function aircraft(leg: Leg): string {
  if (leg.minutes < 150) return '320';
  if (leg.minutes < 330) return '321';
  return leg.carrier.iataCode === 'EK' ? '388' : leg.minutes < 600 ? '789' : '77W';
}

/** Minutes from the first departure to the last arrival. */
export function journeyMinutes(journey: Journey): number {
  const first = journey.legs[0];
  const last = journey.legs[journey.legs.length - 1];
  return first && last ? Math.round((last.arriveMs - first.departMs) / 60_000) : 0;
}
