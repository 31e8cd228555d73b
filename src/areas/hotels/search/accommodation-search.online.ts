// The online part of /hotel/searchAccommodation (contract §7.5): the active online supplier's offers for the
// request's city code, stay and party, as results with resultSource ONLINE, one per hotel, priced as the supplier
// priced them (its amounts are decimal strings: kept exact). Without cityCode, or when the request names a
// contracted hotel or room, the search has no online part.
import { type HotelOffer, type HotelSupplier, HotelSupplierError } from '../../../integrations/hotels/index.js';
import { ApiError, ErrorCode, missingParameter } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { decimalAmount, fromMinor, toMinor } from '../../../platform/money.js';
import type { AccommodationResult, ResultRoom, SearchAccommodationRequest } from './accommodation-search.schemas.js';
import type { ContractedSearch, OnlineAccommodationSearch } from './accommodation-search.service.js';

/** The age a child counts at when the request gives no childAges (a child, not an infant, at every supplier). */
const DEFAULT_CHILD_AGE = 8;
/** The most offers asked of the supplier for one search. */
const MAX_OFFERS = 200;

function offerRoom(offer: HotelOffer): ResultRoom {
  const total = toMinor(offer.totalPrice, offer.currency);
  return {
    roomId: null,
    offerId: offer.offerCode,
    roomName: offer.roomTypes.join(' + '),
    roomDesc: offer.remark ?? null,
    maxOccupancy: null,
    mealPlan: offer.roomBasis,
    totalPrice: decimalAmount(offer.totalPrice, offer.currency),
    pricePerNight: fromMinor(offer.nights > 0 ? Math.round(total / offer.nights) : total, offer.currency),
    currency: offer.currency,
    available: offer.availability === 'AVAILABLE',
    onRequest: offer.availability === 'ON_REQUEST',
  };
}

/** Offers as results: one per hotel, its rooms cheapest first, hotels by their cheapest room. */
export function onlineResults(offers: readonly HotelOffer[], maxBudget: number | undefined): AccommodationResult[] {
  const byHotel = new Map<string, AccommodationResult>();
  for (const offer of offers) {
    const room = offerRoom(offer);
    if (maxBudget !== undefined && toMinor(offer.totalPrice, offer.currency) > toMinor(maxBudget, offer.currency)) {
      continue;
    }
    let result = byHotel.get(offer.hotelCode);
    if (!result) {
      const stars = Number.parseFloat(offer.category);
      result = {
        hotel: {
          hotelId: null,
          hotelCode: offer.hotelCode,
          name: offer.hotelName,
          stars: Number.isFinite(stars) ? stars : null,
          area: offer.location ?? null,
          city: offer.cityCode,
          country: offer.countryCode ?? null,
          address: offer.location ?? null,
          chkIn: null,
          chkOut: null,
        },
        resultSource: 'ONLINE',
        rooms: [],
      };
      byHotel.set(offer.hotelCode, result);
    }
    result.rooms.push(room);
  }
  const results = [...byHotel.values()];
  for (const result of results) result.rooms.sort((a, b) => a.totalPrice - b.totalPrice);
  const cheapest = (result: AccommodationResult) => result.rooms[0]?.totalPrice ?? 0;
  return results.sort((a, b) => cheapest(a) - cheapest(b));
}

/**
 * The online search through the supplier. With searchMode online the supplier's failure is the answer
 * (API_ERROR, without its words); in the merged search it is logged and the contracted results are answered alone.
 */
export function onlineSearchWith(supplier: HotelSupplier): OnlineAccommodationSearch {
  return async (ctx: TenantContext, input: SearchAccommodationRequest, search: ContractedSearch) => {
    const onlineOnly = input.searchMode === 'online';
    if (input.cityCode === undefined) {
      if (onlineOnly) throw missingParameter('cityCode');
      return [];
    }
    if (input.hotelId !== undefined || input.roomId !== undefined) return [];
    try {
      const offers = await supplier.search({
        cityCode: input.cityCode.toUpperCase(),
        arrivalDate: search.stay.checkin,
        nights: search.stay.nights,
        rooms: [
          {
            adults: search.adults,
            childAges: [...(search.childAges ?? Array.from({ length: search.children }, () => DEFAULT_CHILD_AGE))],
          },
        ],
        currency: ctx.tenant.currency,
        ...(search.meals ? { roomBasis: [search.meals] } : {}),
        maxResults: MAX_OFFERS,
      });
      return onlineResults(offers, search.maxBudget);
    } catch (error) {
      if (!(error instanceof HotelSupplierError)) throw error;
      ctx.log.warn({ err: error, kind: error.kind }, 'online hotel search failed');
      if (onlineOnly) throw new ApiError(ErrorCode.API_ERROR, 'The online hotel supplier did not answer; try again');
      return [];
    }
  };
}
