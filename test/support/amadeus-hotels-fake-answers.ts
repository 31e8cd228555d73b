// The Amadeus hotels fake's data and answer shapes (research/amadeus-openapi/HotelSearch_v3.json's HotelOffer and
// Hotel, HotelList_v1.json's Hotel): the starting cities, and an offer for a stay priced per room and night from the
// hotel and the date, in the currency asked unless the hotel prices in its own.
import type { FakeHotel } from './amadeus-hotels-fake.js';

function hotel(city: string, index: number, boardTypes: string[], extra: Partial<FakeHotel> = {}): FakeHotel {
  return {
    hotelId: `ZZ${city}${String(index).padStart(3, '0')}`,
    name: `HOTEL ${city} ${index}`,
    chainCode: index % 2 === 0 ? 'ZZ' : 'HI',
    latitude: 48.85 + index / 1000,
    longitude: 2.35 + index / 1000,
    countryCode: 'FR',
    boardTypes,
    ...extra,
  };
}

export function startingCities(): Map<string, FakeHotel[]> {
  const paris = Array.from({ length: 45 }, (_, i) =>
    hotel('PAR', i + 1, i % 3 === 0 ? ['ROOM_ONLY', 'BREAKFAST'] : ['ROOM_ONLY']),
  );
  const london = [
    hotel('LON', 1, ['ENGLISH_BREAKFAST', 'HALF_BOARD'], { countryCode: 'GB', amenities: ['WIFI', 'SPA'] }),
    hotel('LON', 2, ['ALL_INCLUSIVE'], { countryCode: 'GB', ownCurrency: 'GBP' }),
    hotel('LON', 3, ['ROOM_ONLY'], { countryCode: 'GB', available: false }),
  ];
  const nice = [hotel('NCE', 1, []), hotel('NCE', 2, ['FULL_BOARD'])];
  return new Map([
    ['PAR', paris],
    ['LON', london],
    ['NCE', nice],
  ]);
}

export const addDays = (date: string, days: number) => {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};
const nightsBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
/** Cents as Amadeus's decimal text. */
const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export interface Stay {
  checkInDate: string;
  checkOutDate: string;
  adults: number;
  roomQuantity: number;
  currency: string;
}

/** One offer of a hotel for the stay, shaped as HotelSearch_v3's HotelOffer. */
export function offerOf(
  fakeHotel: FakeHotel,
  boardType: string | undefined,
  stay: Stay,
  id: string,
): Record<string, unknown> {
  const index = Number(fakeHotel.hotelId.slice(-3));
  const nights = nightsBetween(stay.checkInDate, stay.checkOutDate);
  const nightCents =
    (12_000 + index * 731 + (boardType === undefined ? 0 : boardType.length * 100)) * stay.roomQuantity;
  const changes = Array.from({ length: nights }, (_, night) => ({
    startDate: addDays(stay.checkInDate, night),
    endDate: addDays(stay.checkInDate, night + 1),
    total: decimal(nightCents + night * 50),
  }));
  const totalCents = Array.from({ length: nights }, (_, night) => nightCents + night * 50).reduce((a, b) => a + b, 0);
  const refundable = index % 2 === 1;
  return {
    type: 'hotel-offer',
    id,
    checkInDate: stay.checkInDate,
    checkOutDate: stay.checkOutDate,
    rateCode: 'RAC',
    room: {
      type: 'A1K',
      typeEstimated: { category: 'SUPERIOR_ROOM', beds: 1, bedType: 'KING' },
      description: { text: `Superior King Room\n1 King, ${20 + index} sqm`, lang: 'EN' },
    },
    guests: { adults: stay.adults },
    ...(boardType ? { boardType } : {}),
    price: {
      currency: fakeHotel.ownCurrency ?? stay.currency,
      base: decimal(Math.round(totalCents * 0.9)),
      total: decimal(totalCents),
      variations: { average: { base: decimal(Math.round(nightCents * 0.9)) }, changes },
    },
    policies: refundable
      ? {
          paymentType: 'guarantee',
          cancellations: [{ amount: decimal(nightCents), deadline: `${addDays(stay.checkInDate, -2)}T23:59:00+01:00` }],
          checkInOut: { checkIn: '14:00:00', checkOut: '11:00:00' },
        }
      : { paymentType: 'deposit', cancellation: { description: { text: 'NON-REFUNDABLE RATE' }, type: 'FULL_STAY' } },
    self: `https://test.api.amadeus.com/v3/shopping/hotel-offers/${id}`,
  };
}

export function hotelOf(fakeHotel: FakeHotel, cityCode: string): Record<string, unknown> {
  return {
    type: 'hotel',
    hotelId: fakeHotel.hotelId,
    chainCode: fakeHotel.chainCode,
    dupeId: `7000${fakeHotel.hotelId.slice(-3)}`,
    name: fakeHotel.name,
    cityCode,
    latitude: fakeHotel.latitude,
    longitude: fakeHotel.longitude,
    ...(fakeHotel.amenities ? { amenities: fakeHotel.amenities } : {}),
  };
}
