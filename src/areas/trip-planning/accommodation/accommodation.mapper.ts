// The online-hotel port's offer as the spec's accommodation offer: pure, so add-accommodation maps an offer it
// values again the same way. Amounts stay exact: decimal strings to minor units to the answer's numbers.
import type { HotelOffer } from '../../../integrations/hotels/index.js';
import { decimalAmount, fromMinor, toMinor } from '../../../platform/money.js';
import { addDays } from '../../../platform/time.js';
import type { BoardType } from '../trip.schemas.js';
import type { AccommodationOffer } from './accommodation.schemas.js';

/**
 * The port's meal codes as the spec's board words (docs/decisions.md): continental breakfast is a bed and breakfast,
 * bed and dinner a half board; a code the port does not list is room only.
 */
export const BOARD_TYPE_OF_BASIS: Readonly<Record<string, BoardType>> = {
  RO: 'ROOM_ONLY',
  BB: 'BED_AND_BREAKFAST',
  CB: 'BED_AND_BREAKFAST',
  HB: 'HALF_BOARD',
  BD: 'HALF_BOARD',
  FB: 'FULL_BOARD',
  AI: 'ALL_INCLUSIVE',
};

export function boardTypeOf(roomBasis: string): BoardType {
  return BOARD_TYPE_OF_BASIS[roomBasis.toUpperCase()] ?? 'ROOM_ONLY';
}

function starsOf(category: string): number | null {
  const stars = Number.parseFloat(category);
  return Number.isFinite(stars) && stars > 0 ? stars : null;
}

export function accommodationOfferOf(offer: HotelOffer): AccommodationOffer {
  const total = toMinor(offer.totalPrice, offer.currency);
  const perNight = offer.nights > 0 ? Math.round(total / offer.nights) : total;
  return {
    offerId: offer.offerCode,
    hotelId: offer.hotelCode,
    hotelName: offer.hotelName,
    chainCode: offer.chainCode ?? null,
    starRating: starsOf(offer.category),
    address: offer.address ?? offer.location ?? null,
    latitude: offer.latitude ?? null,
    longitude: offer.longitude ?? null,
    roomType: offer.roomTypes.join(' + '),
    boardType: boardTypeOf(offer.roomBasis),
    price: {
      total: decimalAmount(offer.totalPrice, offer.currency),
      currency: offer.currency,
      perNight: fromMinor(perNight, offer.currency),
    },
    amenities: offer.amenities ?? [],
    checkInDate: offer.arrivalDate,
    checkOutDate: addDays(offer.arrivalDate, offer.nights),
    nights: offer.nights,
  };
}
