// Accommodation search for trip planning (contract §8.5): the request checked against the tenant's today, then the
// online-hotel port asked for the stay in the tenant's currency, its offers answered cheapest first. The supplier
// failing is API_ERROR without its words (they go to the log).
import {
  type HotelSearchRequest,
  type HotelSupplier,
  HotelSupplierError,
  type RoomOccupancy,
} from '../../../integrations/hotels/index.js';
import { ApiError, ErrorCode, invalidFormat } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { toMinor } from '../../../platform/money.js';
import { daysBetween, formatDate } from '../../../platform/time.js';
import { accommodationOfferOf } from './accommodation.mapper.js';
import { type AccommodationOffer, type AccommodationSearchRequest, MAX_NIGHTS } from './accommodation.schemas.js';

/** The most offers asked of the supplier for one search (the spec's answer is one list, unpaged). */
const MAX_OFFERS = 200;

/** The adults spread over the rooms as evenly as they go, the first rooms taking one more. */
export function roomsOf(adults: number, roomQuantity: number): RoomOccupancy[] {
  return Array.from({ length: roomQuantity }, (_, room) => ({
    adults: Math.floor(adults / roomQuantity) + (room < adults % roomQuantity ? 1 : 0),
    childAges: [],
  }));
}

/** The supplier's request, or INVALID_FORMAT naming what is wrong with the stay or the party. */
export function searchRequestOf(
  input: AccommodationSearchRequest,
  today: string,
  currency: string,
): HotelSearchRequest {
  if (input.checkInDate < today) throw invalidFormat('checkInDate', "must not be before today (the tenant's date)");
  const nights = daysBetween(input.checkInDate, input.checkOutDate);
  if (nights < 1) throw invalidFormat('checkOutDate', 'must be after checkInDate');
  if (nights > MAX_NIGHTS)
    throw invalidFormat('checkOutDate', `must be at most ${MAX_NIGHTS} nights after checkInDate`);
  const roomQuantity = input.roomQuantity ?? 1;
  if (roomQuantity > input.adults) throw invalidFormat('roomQuantity', 'must not be more than adults');
  return {
    cityCode: input.cityCode.trim().toUpperCase(),
    arrivalDate: input.checkInDate,
    nights,
    rooms: roomsOf(input.adults, roomQuantity),
    currency,
    maxResults: MAX_OFFERS,
  };
}

/** Cheapest first; then by hotel name and offer id, so equal prices keep one order. */
function byPrice(a: AccommodationOffer, b: AccommodationOffer): number {
  const price = toMinor(a.price.total, a.price.currency) - toMinor(b.price.total, b.price.currency);
  if (price !== 0) return price;
  return a.hotelName.localeCompare(b.hotelName) || a.offerId.localeCompare(b.offerId);
}

export function createAccommodationService(supplier: HotelSupplier) {
  return {
    async search(ctx: TenantContext, input: AccommodationSearchRequest): Promise<AccommodationOffer[]> {
      const today = formatDate(ctx.now, ctx.tenant.timezone);
      const request = searchRequestOf(input, today, ctx.tenant.currency);
      try {
        const offers = await supplier.search(request, ctx.signal);
        return offers.map(accommodationOfferOf).sort(byPrice);
      } catch (error) {
        if (!(error instanceof HotelSupplierError)) throw error;
        ctx.log.warn({ err: error, kind: error.kind, supplier: supplier.kind }, 'trip-planning hotel search failed');
        throw new ApiError(ErrorCode.API_ERROR, 'The online hotel supplier did not answer; try again');
      }
    },
  };
}

export type AccommodationService = ReturnType<typeof createAccommodationService>;
