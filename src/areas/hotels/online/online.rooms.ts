// The online part of /hotel/online/search when the request names several rooms: the supplier asked for every room
// of the party at once (its offers price them together, as booking takes them), answered as the accommodation
// search's ONLINE results. Without cityCode: MISSING_PARAMETER with searchMode online; none in the merged search.
// The supplier failing: API_ERROR with searchMode online; in the merged search the contracted results alone.
import type { HotelOffer, HotelSupplier } from '../../../integrations/hotels/index.js';
import { ApiError, missingParameter } from '../../../platform/http/errors.js';
import { onlineResults, type OnlineAccommodationSearch } from '../search/index.js';
import { supplierFailure } from './hotel-bookings.supplier.js';
import type { OnlineSearchRequest } from './online.schemas.js';

type SearchedRooms = NonNullable<OnlineSearchRequest['rooms']>;

/** The most offers asked of the supplier for one search, as the accommodation search asks. */
const MAX_OFFERS = 200;

export function severalRoomsSearch(supplier: HotelSupplier, rooms: SearchedRooms): OnlineAccommodationSearch {
  return async (ctx, input, search) => {
    if (input.cityCode === undefined) {
      if (input.searchMode === 'online') throw missingParameter('cityCode');
      return [];
    }
    const cityCode = input.cityCode.toUpperCase();
    const request = {
      cityCode,
      arrivalDate: search.stay.checkin,
      nights: search.stay.nights,
      rooms: rooms.map((room) => ({ adults: room.adults, childAges: room.childAges ?? [] })),
      currency: ctx.tenant.currency,
      ...(search.meals ? { roomBasis: [search.meals] } : {}),
      maxResults: MAX_OFFERS,
    };
    let offers: HotelOffer[];
    try {
      offers = await supplier.search(request);
    } catch (error) {
      const failure = supplierFailure(ctx, 'search hotels', error);
      // in the merged search the contracted results are answered alone, as the accommodation search does
      if (input.searchMode === 'online' || !(failure instanceof ApiError)) throw failure;
      return [];
    }
    return onlineResults(offers, search.maxBudget);
  };
}
