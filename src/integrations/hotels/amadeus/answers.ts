// Amadeus's hotel answers as the port's values, read tolerantly (integrations/amadeus/read.ts): the hotel list's
// hotels, the offers search's hotel-offers, one offer again for a valuation or its nightly prices. An offer missing
// what the port cannot do without (its id, a total, a currency) is left out and counted for the log.
import { record, list, text, texts, decimal, type Json } from '../../amadeus/read.js';
import { addDays, daysBetween } from '../../../platform/time.js';
import type { HotelOffer, HotelPriceBreakdown, HotelSearchRequest, HotelValuation, NightPrice } from '../port.js';
import { occupancyOf, roomBasisOf } from './calls.js';

/** A hotel of the city's list: what the offers search does not repeat (the country, the coordinates). */
export interface ListedHotel {
  hotelId: string;
  name?: string;
  chainCode?: string;
  countryCode?: string;
  latitude?: number;
  longitude?: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function coordinate(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

export function listedHotelsOf(answer: unknown): { hotels: ListedHotel[]; next?: string } {
  const hotels: ListedHotel[] = [];
  for (const item of list(record(answer)?.data)) {
    const hotel = record(item);
    const hotelId = text(hotel?.hotelId);
    if (!hotel || !hotelId) continue;
    const geoCode = record(hotel.geoCode);
    hotels.push({
      hotelId,
      name: text(hotel.name),
      chainCode: text(hotel.chainCode),
      countryCode: text(record(hotel.address)?.countryCode),
      latitude: coordinate(geoCode?.latitude),
      longitude: coordinate(geoCode?.longitude),
    });
  }
  return { hotels, next: text(record(record(record(answer)?.meta)?.links)?.next) };
}

/** The last day to cancel free of charge: the day before the first penalty's deadline starts to apply. */
function freeCancellationUntil(offer: Json): string | null {
  const policies = record(offer.policies);
  const cancellations = [...list(policies?.cancellations), policies?.cancellation].map(record);
  const deadlines = cancellations
    .map((policy) => text(policy?.deadline))
    .filter((deadline): deadline is string => deadline !== undefined && DATE.test(deadline.slice(0, 10)))
    .sort();
  const first = deadlines[0];
  if (!first) return null;
  const day = first.slice(0, 10);
  // a penalty from 00:00 of a day leaves the day before as the last free one
  const time = first.slice(11, 19);
  return time === '' || time.startsWith('00:00') ? addDays(day, -1) : day;
}

/** The offer's and the room's texts, and the policies' descriptions: what the agent reads to the guest. */
function remarksOf(offer: Json): string {
  const policies = record(offer.policies);
  const cancellations = [...list(policies?.cancellations), policies?.cancellation].map(record);
  const checkInOut = record(policies?.checkInOut);
  const said = [
    text(record(offer.description)?.text),
    text(record(record(offer.room)?.description)?.text),
    ...cancellations.map((policy) => text(record(policy?.description)?.text)),
    text(record(record(policies?.guarantee)?.description)?.text),
    text(record(record(policies?.deposit)?.description)?.text),
    text(record(record(policies?.prepay)?.description)?.text),
    text(checkInOut?.checkIn) ? `Check-in from ${text(checkInOut?.checkIn)}` : undefined,
    text(checkInOut?.checkOut) ? `Check-out until ${text(checkInOut?.checkOut)}` : undefined,
  ].filter((line): line is string => line !== undefined);
  return [...new Set(said)].join('\n');
}

/** The room's name: the first line of its description, else its estimated category, else its 3-character code. */
function roomNameOf(offer: Json): string {
  const room = record(offer.room);
  const described = text(record(room?.description)?.text)?.split('\n')[0]?.trim();
  const category = text(record(room?.typeEstimated)?.category)?.replaceAll('_', ' ');
  return described || category || text(room?.type) || 'Room';
}

function priceOf(offer: Json): { total: string; currency: string } | undefined {
  const price = record(offer.price);
  const total = decimal(price?.total) ?? decimal(price?.sellingTotal);
  const currency = text(price?.currency);
  return total && currency ? { total, currency } : undefined;
}

interface Stay {
  arrivalDate: string;
  nights: number;
}

function stayOf(offer: Json, fallback: Stay): Stay {
  const checkIn = text(offer.checkInDate);
  const checkOut = text(offer.checkOutDate);
  if (!checkIn || !checkOut || !DATE.test(checkIn) || !DATE.test(checkOut)) return fallback;
  const nights = daysBetween(checkIn, checkOut);
  return nights > 0 ? { arrivalDate: checkIn, nights } : fallback;
}

/** One offer of a hotel as the port's offer, or undefined when it lacks an id or a price. */
export function offerOf(hotel: Json, offer: Json, listed: ListedHotel | undefined, stay: Stay): HotelOffer | undefined {
  const offerCode = text(offer.id);
  const hotelCode = text(hotel.hotelId) ?? listed?.hotelId;
  const price = priceOf(offer);
  if (!offerCode || !hotelCode || !price) return undefined;
  const boardType = text(offer.boardType);
  const deadline = freeCancellationUntil(offer);
  const roomQuantity = Math.max(1, Number(text(offer.roomQuantity) ?? 1) || 1);
  const remark = remarksOf(offer);
  const amenities = texts(hotel.amenities);
  return {
    offerCode,
    hotelCode,
    hotelName: text(hotel.name) ?? listed?.name ?? hotelCode,
    cityCode: text(hotel.cityCode) ?? '',
    countryCode: listed?.countryCode,
    category: '',
    latitude: coordinate(hotel.latitude) ?? listed?.latitude,
    longitude: coordinate(hotel.longitude) ?? listed?.longitude,
    chainCode: text(hotel.chainCode) ?? listed?.chainCode,
    amenities: amenities.length > 0 ? amenities : undefined,
    roomTypes: Array.from({ length: roomQuantity }, () => roomNameOf(offer)),
    roomBasis: roomBasisOf(boardType),
    supplierBoardType: boardType,
    availability: 'AVAILABLE',
    ...stayOf(offer, stay),
    totalPrice: price.total,
    currency: price.currency,
    cancellationDeadline: deadline,
    nonRefundable: deadline === null,
    remark: remark === '' ? undefined : remark,
  };
}

/**
 * The offers search's hotel-offers as port offers in the request's currency. Left out and counted: a sold-out
 * hotel's (available false), an offer without id or price, and one priced in another currency (Amadeus answers a
 * hotel's own currency when it cannot give the one asked; the port promises the tenant's).
 */
export function offersOf(
  answer: unknown,
  listed: Map<string, ListedHotel>,
  request: HotelSearchRequest,
): { offers: HotelOffer[]; dropped: number } {
  const offers: HotelOffer[] = [];
  let dropped = 0;
  const wanted = request.roomBasis?.length ? new Set(request.roomBasis) : undefined;
  const stay = { arrivalDate: request.arrivalDate, nights: request.nights };
  const { roomQuantity } = occupancyOf(request);
  for (const item of list(record(answer)?.data)) {
    const entry = record(item);
    const hotel = record(entry?.hotel);
    if (!entry || !hotel || entry.available === false) continue;
    for (const raw of list(entry.offers)) {
      const offer = offerOf(hotel, { roomQuantity, ...record(raw) }, listed.get(text(hotel.hotelId) ?? ''), stay);
      if (!offer || offer.currency !== request.currency) {
        dropped++;
        continue;
      }
      if (wanted && !wanted.has(offer.roomBasis)) continue;
      if (request.hotelName && !offer.hotelName.toLowerCase().includes(request.hotelName.toLowerCase())) continue;
      offers.push(offer);
    }
  }
  return { offers, dropped };
}

/** The one offer of GET /v3/shopping/hotel-offers/{offerId} (PricingResponse: data is one hotel-offers). */
export function pricedOfferOf(answer: unknown): { hotel: Json; offer: Json } | undefined {
  const data = record(record(answer)?.data);
  const hotel = record(data?.hotel) ?? {};
  const offer = record(list(data?.offers)[0]);
  return offer ? { hotel, offer } : undefined;
}

export function valuationOf(
  hotel: Json,
  offer: Json,
  offerCode: string,
  arrivalDate: string,
): HotelValuation | undefined {
  const priced = offerOf(hotel, offer, undefined, { arrivalDate, nights: 1 });
  if (!priced) return undefined;
  return {
    offerCode,
    arrivalDate: priced.arrivalDate,
    totalPrice: priced.totalPrice,
    currency: priced.currency,
    cancellationDeadline: priced.cancellationDeadline,
    remarks: priced.remark ?? '',
  };
}

/** Each night of a price period (startDate to endDate, the end excluded) at the period's nightly amount. */
function nightsOf(change: Json): NightPrice[] {
  const start = text(change.startDate);
  const end = text(change.endDate);
  const price = decimal(change.total) ?? decimal(change.sellingTotal) ?? decimal(change.base);
  if (!start || !end || !price || !DATE.test(start) || !DATE.test(end)) return [];
  const count = Math.min(Math.max(0, daysBetween(start, end)), 366);
  return Array.from({ length: count }, (_, night) => ({ date: addDays(start, night), price }));
}

/** The offer's nightly prices (price.variations.changes) for the whole booking, as one room line. */
export function breakdownOf(offer: Json, offerCode: string): HotelPriceBreakdown | undefined {
  const price = priceOf(offer);
  const nights = list(record(record(offer.price)?.variations)?.changes).flatMap((change) =>
    nightsOf(record(change) ?? {}),
  );
  if (!price || nights.length === 0) return undefined;
  return {
    offerCode,
    currency: price.currency,
    rooms: [{ roomType: roomNameOf(offer), nights, total: price.total }],
    totalPrice: price.total,
  };
}
