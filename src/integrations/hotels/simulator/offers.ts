// The simulator's offers: for each hotel of the city, a few room types and meal plans, priced night by night from
// the hotel's base rate, the weekday, the room, the meal plan and the occupancy, in integer minor units of the
// requested currency. An offer's code carries everything needed to price it again, so valuation, the breakdown
// and booking need no memory of the search.
import { addDays, weekdayOf } from '../../../platform/time.js';
import { minorUnitExponent, minorToDecimalString } from '../../../platform/money.js';
import {
  type HotelOffer,
  type HotelPriceBreakdown,
  type HotelSearchRequest,
  HotelSupplierError,
  type RoomOccupancy,
} from '../port.js';
import { hotelByCode, hotelsOf, type SimulatedHotel, stableHash } from './hotels.js';

/** Units of the currency per US dollar: fixed, the simulator's prices need only be plausible and stable. */
const PER_USD: Record<string, number> = { USD: 1, AED: 3.6725, SAR: 3.75, EUR: 0.92, GBP: 0.79, INR: 83, QAR: 3.64 };

const ROOMS: Array<{ name: string; factor: number }> = [
  { name: 'Standard Room', factor: 1 },
  { name: 'Deluxe Room', factor: 1.35 },
  { name: 'Junior Suite', factor: 2.1 },
];

/** Per adult and night, in US cents, on top of the room. */
const MEAL_SUPPLEMENT_CENTS: Record<string, number> = { RO: 0, BB: 1_800, HB: 4_200, FB: 6_500, AI: 9_000 };

export interface OfferKey {
  hotelCode: string;
  room: number;
  basis: string;
  arrivalDate: string;
  nights: number;
  rooms: RoomOccupancy[];
  currency: string;
}

export function encodeOfferKey(key: OfferKey): string {
  const occupancy = key.rooms.map((room) => [room.adults, ...room.childAges].join('.')).join('_');
  return ['S', key.hotelCode, key.room, key.basis, key.arrivalDate, key.nights, occupancy, key.currency].join('/');
}

export function decodeOfferKey(offerCode: string): OfferKey {
  const [marker, hotelCode, room, basis, arrivalDate, nights, occupancy, currency, extra] = offerCode.split('/');
  const refused = () => new HotelSupplierError('refused', 'unknown offer code');
  if (marker !== 'S' || extra !== undefined || !hotelCode || !occupancy || !currency) throw refused();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(arrivalDate ?? '') || !(basis ?? '') || !/^\d+$/.test(`${room}${nights}`)) {
    throw refused();
  }
  const rooms = occupancy.split('_').map((text) => {
    const [adults = 0, ...childAges] = text.split('.').map(Number);
    return { adults, childAges };
  });
  if (rooms.some((r) => !(r.adults >= 1) || r.childAges.some((age) => !(age >= 0 && age <= 17)))) throw refused();
  return {
    hotelCode,
    room: Number(room),
    basis: basis ?? 'RO',
    arrivalDate: arrivalDate ?? '',
    nights: Number(nights),
    rooms,
    currency,
  };
}

function mealsOf(hotel: SimulatedHotel): string[] {
  const all = ['RO', 'BB', 'HB', 'FB', 'AI'];
  const first = stableHash(hotel.hotelCode) % 2;
  return all.slice(first, first + 2 + (stableHash(hotel.hotelName) % 2));
}

/** One room's price for one night in minor units of `currency`. */
function nightMinor(hotel: SimulatedHotel, key: OfferKey, occupancy: RoomOccupancy, date: string): number {
  const weekday = weekdayOf(date);
  const weekend = weekday === 'FRI' || weekday === 'SAT' ? 1.18 : 1;
  const daily = 0.9 + (stableHash(`${hotel.hotelCode}${date}`) % 21) / 100;
  const roomFactor = ROOMS[key.room]?.factor ?? 1;
  const extraAdults = Math.max(0, occupancy.adults - 2) * 0.35;
  const children = occupancy.childAges.filter((age) => age >= 2).length * 0.2;
  const roomCents = hotel.baseNightCents * roomFactor * weekend * daily * (1 + extraAdults + children);
  const mealCents = (MEAL_SUPPLEMENT_CENTS[key.basis] ?? 0) * (occupancy.adults + occupancy.childAges.length * 0.5);
  const perUsd = PER_USD[key.currency] ?? 1;
  return Math.round(((roomCents + mealCents) / 100) * perUsd * 10 ** minorUnitExponent(key.currency));
}

export function breakdownOf(key: OfferKey, offerCode: string): HotelPriceBreakdown {
  const hotel = hotelByCode(key.hotelCode);
  if (!hotel) throw new HotelSupplierError('refused', 'unknown hotel');
  let total = 0;
  const rooms = key.rooms.map((occupancy) => {
    let roomTotal = 0;
    const nights = Array.from({ length: key.nights }, (_, night) => {
      const date = addDays(key.arrivalDate, night);
      const minor = nightMinor(hotel, key, occupancy, date);
      roomTotal += minor;
      return { date, price: minorToDecimalString(minor, key.currency) };
    });
    total += roomTotal;
    return { roomType: roomName(key, occupancy), nights, total: minorToDecimalString(roomTotal, key.currency) };
  });
  return { offerCode, currency: key.currency, rooms, totalPrice: minorToDecimalString(total, key.currency) };
}

function roomName(key: OfferKey, occupancy: RoomOccupancy): string {
  const kind = occupancy.adults === 1 ? 'Single' : occupancy.adults === 2 ? 'Double' : 'Triple';
  return `${ROOMS[key.room]?.name ?? 'Room'} (${kind})`;
}

export function offerOf(key: OfferKey, today: string): HotelOffer {
  const hotel = hotelByCode(key.hotelCode);
  if (!hotel) throw new HotelSupplierError('refused', 'unknown hotel');
  const offerCode = encodeOfferKey(key);
  const hash = stableHash(offerCode);
  const nonRefundable = hash % 6 === 0;
  const deadline = addDays(key.arrivalDate, -(2 + (hash % 5)));
  return {
    offerCode,
    hotelCode: hotel.hotelCode,
    hotelName: hotel.hotelName,
    cityCode: hotel.cityCode,
    countryCode: hotel.countryCode,
    category: hotel.category,
    location: hotel.location,
    latitude: hotel.latitude,
    longitude: hotel.longitude,
    roomTypes: key.rooms.map((occupancy) => roomName(key, occupancy)),
    roomBasis: key.basis,
    availability: hash % 7 === 3 ? 'ON_REQUEST' : 'AVAILABLE',
    arrivalDate: key.arrivalDate,
    nights: key.nights,
    totalPrice: breakdownOf(key, offerCode).totalPrice,
    currency: key.currency,
    // a deadline already past means cancelling costs: the offer is as good as non-refundable
    cancellationDeadline: nonRefundable || deadline < today ? null : deadline,
    nonRefundable: nonRefundable || deadline < today,
    ...(nonRefundable ? { remark: 'Non-refundable rate: no change or cancellation.' } : {}),
  };
}

export function searchOffers(request: HotelSearchRequest, today: string, max: number): HotelOffer[] {
  if (!/^[A-Z0-9]{2,10}$/.test(request.cityCode)) throw new HotelSupplierError('refused', 'unknown city code');
  const name = request.hotelName?.toLowerCase();
  const wanted = request.roomBasis?.length ? new Set(request.roomBasis) : undefined;
  const offers: HotelOffer[] = [];
  for (const hotel of hotelsOf(request.cityCode)) {
    if (name && !hotel.hotelName.toLowerCase().includes(name)) continue;
    const roomsSold = 1 + (stableHash(`${hotel.hotelCode}${request.arrivalDate}`) % ROOMS.length);
    for (let room = 0; room < roomsSold; room++) {
      for (const basis of mealsOf(hotel)) {
        if (wanted && !wanted.has(basis)) continue;
        const key = { hotelCode: hotel.hotelCode, room, basis, ...pick(request) };
        offers.push(offerOf(key, today));
      }
    }
  }
  return offers.slice(0, max);
}

function pick(request: HotelSearchRequest) {
  const { arrivalDate, nights, rooms, currency } = request;
  return { arrivalDate, nights, rooms, currency };
}
