// Flight Offers Search: GET /v2/shopping/flight-offers with query parameters when only adults travel, and the POST
// form (X-HTTP-Method-Override: GET, a getFlightOffersQuery body) as soon as a child or an infant does: the body
// names every traveler with the port's ids ("1".. in the order adults, children, infants) and ties each held
// infant to its adult (associatedAdultId), where the GET form leaves both to Amadeus's numbering.
import type { FlightSearchRequest } from '../port.js';
import type { AmadeusCall } from './client.js';

export const SEARCH_PATH = '/v2/shopping/flight-offers';
/** Offers asked for when the area names no number: five pages of twenty (Amadeus's own default, 250, is slow). */
export const DEFAULT_MAX_OFFERS = 100;

interface Traveler {
  id: string;
  travelerType: 'ADULT' | 'CHILD' | 'HELD_INFANT';
  associatedAdultId?: string;
}

export function travelersOf(request: FlightSearchRequest): Traveler[] {
  const travelers: Traveler[] = [];
  const add = (travelerType: Traveler['travelerType'], associatedAdultId?: string) =>
    travelers.push({
      id: String(travelers.length + 1),
      travelerType,
      ...(associatedAdultId ? { associatedAdultId } : {}),
    });
  for (let i = 0; i < request.adults; i++) add('ADULT');
  for (let i = 0; i < request.children; i++) add('CHILD');
  for (let i = 0; i < request.infants; i++) add('HELD_INFANT', String(i + 1));
  return travelers;
}

function maxOffers(request: FlightSearchRequest): number {
  return Math.min(250, Math.max(1, request.maxResults ?? DEFAULT_MAX_OFFERS));
}

function getCall(request: FlightSearchRequest): AmadeusCall {
  return {
    method: 'GET',
    path: SEARCH_PATH,
    query: {
      originLocationCode: request.origin,
      destinationLocationCode: request.destination,
      departureDate: request.departureDate,
      ...(request.returnDate ? { returnDate: request.returnDate } : {}),
      adults: String(request.adults),
      currencyCode: request.currency,
      max: String(maxOffers(request)),
    },
  };
}

function postCall(request: FlightSearchRequest): AmadeusCall {
  const legs = [
    {
      id: '1',
      originLocationCode: request.origin,
      destinationLocationCode: request.destination,
      departureDateTimeRange: { date: request.departureDate },
    },
  ];
  if (request.returnDate) {
    legs.push({
      id: '2',
      originLocationCode: request.destination,
      destinationLocationCode: request.origin,
      departureDateTimeRange: { date: request.returnDate },
    });
  }
  return {
    method: 'POST',
    path: SEARCH_PATH,
    body: {
      currencyCode: request.currency,
      originDestinations: legs,
      travelers: travelersOf(request),
      sources: ['GDS'],
      searchCriteria: { maxFlightOffers: maxOffers(request) },
    },
  };
}

export function searchCall(request: FlightSearchRequest): AmadeusCall {
  return request.children > 0 || request.infants > 0 ? postCall(request) : getCall(request);
}
