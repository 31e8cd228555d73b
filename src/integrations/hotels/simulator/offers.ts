// The simulator's offers: for each hotel of the city, a few room types and meal plans, priced night by night from
// the hotel's base rate, the weekday, the room, the meal plan and the occupancy, in integer minor units of the
// requested currency. An offer's code carries everything needed to price it again, so valuation, the breakdown
// and booking need no memory of the search.
import { addDays } from '../../../platform/time.js';
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

/** At most this many stays' night factors are kept; the map is emptied when it is full (a simulator's cache). */
const KEPT_STAYS = 5_000;
const keptFactors = new Map<string, number[]>();

/**
 * The factor of each night of a stay at a hotel: the weekend (Friday and Saturday nights) and the day's demand.
 * Kept per hotel and stay, as every offer of the hotel prices the same nights.
 */
function nightFactors(hotel: SimulatedHotel, arrivalDate: string, nights: number): number[] {
  const key = `${hotel.hotelCode}|${arrivalDate}|${nights}`;
  const kept = keptFactors.get(key);
  if (kept) return kept;
  // 0 Sunday … 6 Saturday
  const first = new Date(`${arrivalDate}T00:00:00Z`).getUTCDay();
  const factors = Array.from({ length: nights }, (_, night) => {
    const weekday = (first + night) % 7;
    const weekend = weekday === 5 || weekday === 6 ? 1.18 : 1;
    return weekend * (0.9 + (stableHash(`${hotel.hotelCode}${arrivalDate}+${night}`) % 21) / 100);
  });
  if (keptFactors.size >= KEPT_STAYS) keptFactors.clear();
  keptFactors.set(key, factors);
  return factors;
}

/** One room's nights in minor units of `currency`: the room's part scales with each night's factor, meals do not. */
function roomMinors(hotel: SimulatedHotel, key: OfferKey, occupancy: RoomOccupancy, factors: number[]): number[] {
  const roomFactor = ROOMS[key.room]?.factor ?? 1;
  const extraAdults = Math.max(0, occupancy.adults - 2) * 0.35;
  const children = occupancy.childAges.filter((age) => age >= 2).length * 0.2;
  const roomCents = hotel.baseNightCents * roomFactor * (1 + extraAdults + children);
  const mealCents = (MEAL_SUPPLEMENT_CENTS[key.basis] ?? 0) * (occupancy.adults + occupancy.childAges.length * 0.5);
  const scale = ((PER_USD[key.currency] ?? 1) * 10 ** minorUnitExponent(key.currency)) / 100;
  return factors.map((factor) => Math.round((roomCents * factor + mealCents) * scale));
}

/** Every room's nights in minor units, in request order. */
function roomNightsMinor(hotel: SimulatedHotel, key: OfferKey): number[][] {
  const factors = nightFactors(hotel, key.arrivalDate, key.nights);
  return key.rooms.map((occupancy) => roomMinors(hotel, key, occupancy, factors));
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export function breakdownOf(key: OfferKey, offerCode: string): HotelPriceBreakdown {
  const hotel = hotelByCode(key.hotelCode);
  if (!hotel) throw new HotelSupplierError('refused', 'unknown hotel');
  const perRoom = roomNightsMinor(hotel, key);
  const rooms = key.rooms.map((occupancy, index) => {
    const minors = perRoom[index] ?? [];
    return {
      roomType: roomName(key, occupancy),
      nights: minors.map((minor, night) => ({
        date: addDays(key.arrivalDate, night),
        price: minorToDecimalString(minor, key.currency),
      })),
      total: minorToDecimalString(sum(minors), key.currency),
    };
  });
  const total = sum(perRoom.map(sum));
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
    address: hotel.address,
    latitude: hotel.latitude,
    longitude: hotel.longitude,
    roomTypes: key.rooms.map((occupancy) => roomName(key, occupancy)),
    roomBasis: key.basis,
    availability: hash % 7 === 3 ? 'ON_REQUEST' : 'AVAILABLE',
    arrivalDate: key.arrivalDate,
    nights: key.nights,
    totalPrice: minorToDecimalString(sum(roomNightsMinor(hotel, key).map(sum)), key.currency),
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
