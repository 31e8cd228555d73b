// The Amadeus calls of a hotel search (research/amadeus-openapi/HotelList_v1.json, HotelSearch_v3.json): the city's
// hotel list, then the offers of those hotels at most 20 ids a request (hotelIds' maxItems), then one offer again
// by its id for a valuation. Meal plans travel as Amadeus's boardType words, which are finer than the port's codes.
import type { AmadeusCall } from '../../amadeus/client.js';
import { addDays } from '../../../platform/time.js';
import type { HotelSearchRequest } from '../port.js';

export const HOTEL_LIST_PATH = '/v1/reference-data/locations/hotels/by-city';
export const HOTEL_OFFERS_PATH = '/v3/shopping/hotel-offers';
/** HotelSearch_v3's hotelIds: maxItems 20. */
export const HOTEL_IDS_PER_REQUEST = 20;
/**
 * Hotels whose offers one search asks for: the list is ordered by distance from the centre, and 60 hotels (three
 * offer requests) fill a page of results while the search stays within Amadeus's 10 calls a second of its test
 * environment.
 */
export const HOTELS_SEARCHED = 60;
/** Pages of the hotel list followed at most (meta.links.next), however short each page is. */
export const HOTEL_LIST_PAGES = 5;

/**
 * Amadeus's boardType words (BoardType of HotelSearch_v3) as the port's meal-plan codes: RO room only, BB bed and
 * breakfast, CB continental breakfast, HB half board, FB full board, AI all inclusive, BD bed and dinner. The
 * American plans are full board (AMERICAN, FAMILY_AMERICAN) and half board (MODIFIED); Bermuda is a full breakfast;
 * self-catering has no meal. LUNCH, FAMILY_PLAN and AS_BROCHURED name no plan of ours: RO, with the word kept in
 * the offer's supplierBoardType.
 */
const ROOM_BASIS_OF_BOARD: Record<string, string> = {
  ROOM_ONLY: 'RO',
  SELF_CATERING: 'RO',
  BREAKFAST: 'BB',
  BUFFET_BREAKFAST: 'BB',
  CARIBBEAN_BREAKFAST: 'BB',
  ENGLISH_BREAKFAST: 'BB',
  FULL_BREAKFAST: 'BB',
  BERMUDA: 'BB',
  CONTINENTAL_BREAKFAST: 'CB',
  HALF_BOARD: 'HB',
  DINNER_BED_AND_BREAKFAST: 'HB',
  MODIFIED: 'HB',
  FULL_BOARD: 'FB',
  AMERICAN: 'FB',
  FAMILY_AMERICAN: 'FB',
  ALL_INCLUSIVE: 'AI',
  DINNER: 'BD',
};

/** The search's filter words: the five boardType values the offers search accepts. */
const BOARD_FILTER_OF_BASIS: Record<string, string> = {
  RO: 'ROOM_ONLY',
  BB: 'BREAKFAST',
  HB: 'HALF_BOARD',
  FB: 'FULL_BOARD',
  AI: 'ALL_INCLUSIVE',
};

/** The port's code of an Amadeus boardType; RO when Amadeus says none (an offer without meals). */
export function roomBasisOf(boardType: string | undefined): string {
  return (boardType && ROOM_BASIS_OF_BOARD[boardType]) ?? 'RO';
}

export function hotelListCall(cityCode: string): AmadeusCall {
  return { method: 'GET', path: HOTEL_LIST_PATH, query: { cityCode: cityCode.toUpperCase() } };
}

/** The next page of the hotel list from meta.links.next, only when it is the same operation (never another host). */
export function nextListCall(next: string | undefined): AmadeusCall | undefined {
  if (!next) return undefined;
  let url: URL;
  try {
    url = new URL(next, 'https://amadeus.invalid');
  } catch {
    return undefined;
  }
  // Amadeus's own example links leave out the /v1 prefix of the path
  const path = url.pathname.endsWith('/reference-data/locations/hotels/by-city') ? HOTEL_LIST_PATH : undefined;
  if (!path) return undefined;
  return { method: 'GET', path, query: Object.fromEntries(url.searchParams) };
}

/**
 * Amadeus prices rooms of one occupancy and takes no children: every room is asked for with the largest room's
 * head count (children counted as adults, so the room sold sleeps them all).
 */
export function occupancyOf(request: HotelSearchRequest): { adults: number; roomQuantity: number } {
  const heads = request.rooms.map((room) => room.adults + room.childAges.length);
  return { adults: Math.max(1, ...heads), roomQuantity: Math.max(1, request.rooms.length) };
}

export function offersCall(hotelIds: string[], request: HotelSearchRequest): AmadeusCall {
  const { adults, roomQuantity } = occupancyOf(request);
  const query: Record<string, string> = {
    hotelIds: hotelIds.join(','),
    adults: String(adults),
    checkInDate: request.arrivalDate,
    checkOutDate: addDays(request.arrivalDate, request.nights),
    roomQuantity: String(roomQuantity),
    currency: request.currency,
    bestRateOnly: 'false',
  };
  // the search filters by one boardType only: with several plans wanted, the offers are filtered here instead
  const wanted = request.roomBasis ?? [];
  const filter = wanted.length === 1 ? BOARD_FILTER_OF_BASIS[wanted[0] ?? ''] : undefined;
  if (filter) query.boardType = filter;
  return { method: 'GET', path: HOTEL_OFFERS_PATH, query };
}

export function offerCall(offerId: string): AmadeusCall {
  return { method: 'GET', path: `${HOTEL_OFFERS_PATH}/${encodeURIComponent(offerId)}` };
}

/** The ids in requests of at most HOTEL_IDS_PER_REQUEST. */
export function batchesOf(hotelIds: string[]): string[][] {
  const batches: string[][] = [];
  for (let i = 0; i < hotelIds.length; i += HOTEL_IDS_PER_REQUEST) {
    batches.push(hotelIds.slice(i, i + HOTEL_IDS_PER_REQUEST));
  }
  return batches;
}
