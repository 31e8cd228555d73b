// GoGlobal's answers mapped to the port's model. What an answer cannot do without (an offer's search code and
// price, a booking's code and status) makes it unusable; everything else is optional.
import { addDays } from '../../../platform/time.js';
import {
  type HotelOffer,
  type HotelPriceBreakdown,
  HotelSupplierError,
  type HotelValuation,
  type HotelVoucher,
  type NightPrice,
  type SupplierBooking,
  type SupplierBookingState,
  type SupplierBookingStatus,
} from '../port.js';
import { attribute, decimal, type Json, list, record, supplierDate, text, whole } from './xml.js';

const STATUSES: Record<string, SupplierBookingStatus> = {
  C: 'CONFIRMED',
  RQ: 'ON_REQUEST',
  RJ: 'REJECTED',
  X: 'CANCELLED',
  RX: 'CANCELLATION_REQUESTED',
  VCH: 'VOUCHERED',
};

const unusable = (what: string) =>
  new HotelSupplierError('unavailable', `GoGlobal answered ${what} in an unexpected form`);

function statusOf(value: unknown): SupplierBookingStatus {
  const status = STATUSES[(text(value) ?? '').toUpperCase()];
  if (!status) throw unusable('a booking status');
  return status;
}

/** Several rooms' types come in one RoomType, separated by "|". */
function roomTypes(value: unknown): string[] {
  return (text(value) ?? '')
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean);
}

function geo(value: unknown, name: string): number | undefined {
  const number = Number(text(record(value)?.[name]));
  return text(record(value)?.[name]) !== undefined && Number.isFinite(number) ? number : undefined;
}

function offerOf(hotel: Json, request: { arrivalDate: string; nights: number; cityCode: string }): HotelOffer | null {
  const offerCode = text(hotel.HotelSearchCode);
  const totalPrice = decimal(hotel.TotalPrice);
  const currency = text(hotel.Currency);
  if (!offerCode || !totalPrice || !currency) return null;
  const deadline = supplierDate(hotel.CxlDeadline);
  const nonRefundable = text(hotel.NonRef) === 'true' || text(hotel.NonRef) === '1' || !deadline;
  const remark = text(hotel.Remark);
  return {
    offerCode,
    hotelCode: text(hotel.HotelCode) ?? '',
    hotelName: text(hotel.HotelName) ?? '',
    cityCode: request.cityCode,
    category: text(hotel.Category) ?? '',
    ...(text(hotel.Location) ? { location: text(hotel.Location) } : {}),
    ...(geo(hotel.GeoCodes, 'Latitude') !== undefined ? { latitude: geo(hotel.GeoCodes, 'Latitude') } : {}),
    ...(geo(hotel.GeoCodes, 'Longitude') !== undefined ? { longitude: geo(hotel.GeoCodes, 'Longitude') } : {}),
    ...(text(hotel.Thumbnail) ? { thumbnail: text(hotel.Thumbnail) } : {}),
    roomTypes: roomTypes(hotel.RoomType),
    roomBasis: text(hotel.RoomBasis) ?? 'RO',
    // GoGlobal: 1 available now, 0 on request
    availability: text(hotel.Availability) === '0' ? 'ON_REQUEST' : 'AVAILABLE',
    arrivalDate: request.arrivalDate,
    nights: request.nights,
    totalPrice,
    currency,
    cancellationDeadline: nonRefundable ? null : (deadline ?? null),
    nonRefundable,
    ...(remark ? { remark } : {}),
  };
}

/** Offers that lack what booking needs are skipped, not failed: the rest of the page is still good. */
export function offersOf(main: Json, request: { arrivalDate: string; nights: number; cityCode: string }): HotelOffer[] {
  return list(main.Hotel)
    .map((hotel) => offerOf(record(hotel) ?? {}, request))
    .filter((offer): offer is HotelOffer => offer !== null);
}

export function valuationOf(main: Json, offerCode: string, arrivalDate: string): HotelValuation {
  const totalPrice = decimal(main.TotalPrice) ?? decimal(main.Rates);
  const currency = text(main.Currency) ?? attribute(main.Rates, 'currency');
  if (!totalPrice || !currency) throw unusable('a valuation');
  return {
    offerCode,
    arrivalDate: supplierDate(main.ArrivalDate) ?? arrivalDate,
    totalPrice,
    currency,
    cancellationDeadline: supplierDate(main.CancellationDeadline) ?? null,
    remarks: text(main.Remarks) ?? text(main.Remark) ?? '',
  };
}

export function bookingOf(main: Json, clientReference: string): SupplierBooking {
  const bookingCode = text(main.GoBookingCode);
  const totalPrice = decimal(main.TotalPrice);
  const currency = text(main.Currency);
  const arrivalDate = supplierDate(main.ArrivalDate);
  if (!bookingCode || !totalPrice || !currency || !arrivalDate) throw unusable('a booking');
  const supplierReference = text(main.GoReference);
  return {
    bookingCode,
    ...(supplierReference ? { supplierReference } : {}),
    clientReference: text(main.ClientBookingCode) ?? clientReference,
    status: statusOf(main.BookingStatus),
    hotelName: text(main.HotelName) ?? '',
    arrivalDate,
    nights: whole(main.Nights) ?? 1,
    totalPrice,
    currency,
    cancellationDeadline: supplierDate(main.CancellationDeadline) ?? null,
  };
}

/** A status answer: <GoBookingCode Status="C" TotalPrice="…" Currency="…">code</GoBookingCode>. */
export function stateOf(main: Json): SupplierBookingState {
  const code = main.GoBookingCode;
  const bookingCode = text(code);
  if (!bookingCode) throw unusable('a booking status');
  const totalPrice = decimal(attribute(code, 'TotalPrice'));
  const currency = attribute(code, 'Currency');
  return {
    bookingCode,
    status: statusOf(attribute(code, 'Status') ?? main.BookingStatus),
    ...(totalPrice ? { totalPrice } : {}),
    ...(currency ? { currency } : {}),
  };
}

/** A cancellation answer: the code and BookingStatus (X, or RX while the hotel has not confirmed it). */
export function cancellationOf(main: Json): SupplierBookingState {
  const bookingCode = text(main.GoBookingCode);
  if (!bookingCode) throw unusable('a cancellation');
  return { bookingCode, status: statusOf(main.BookingStatus) };
}

export function voucherOf(main: Json, bookingCode: string): HotelVoucher {
  const checkIn = supplierDate(main.CheckInDate);
  const nights = whole(main.Nights);
  const checkOut = supplierDate(main.CheckOutDate) ?? (checkIn && nights ? addDays(checkIn, nights) : undefined);
  if (!checkIn || !checkOut) throw unusable('a voucher');
  const optional = (name: string, value: unknown) => (text(value) ? { [name]: text(value) } : {});
  return {
    bookingCode: text(main.GoBookingCode) ?? bookingCode,
    hotelName: text(main.HotelName) ?? '',
    checkIn,
    checkOut,
    roomBasis: text(main.RoomBasis) ?? '',
    roomTypes: roomTypes(main.Rooms ?? main.RoomType),
    leadGuest: text(main.LeaderName) ?? '',
    ...optional('supplierReference', main.GoReference),
    ...optional('address', main.Address),
    ...optional('phone', main.Phone),
    ...optional('cityCode', main.CityCode),
    ...optional('bookedAndPayableBy', main.BookedAndPayableBy),
    ...optional('emergencyPhone', main.EmergencyPhone),
    ...optional('remarks', main.Remarks),
  };
}

/** Each PriceBreakdown covers FromDate up to ToDate (exclusive) at one price a night. */
function nightsOf(room: Json): NightPrice[] {
  const nights: NightPrice[] = [];
  for (const item of list(room.PriceBreakdown)) {
    const part = record(item) ?? {};
    const from = supplierDate(part.FromDate);
    const to = supplierDate(part.ToDate);
    const price = decimal(part.Price);
    if (!from || !to || !price) throw unusable('a price breakdown');
    for (let date = from; date < to; date = addDays(date, 1)) nights.push({ date, price });
  }
  return nights;
}

export function breakdownOf(main: Json, offerCode: string, sum: (amounts: string[]) => string): HotelPriceBreakdown {
  const currency = text(main.Currency);
  if (!currency) throw unusable('a price breakdown');
  const rooms = list(main.Room).map((item) => {
    const room = record(item) ?? {};
    const nights = nightsOf(room);
    return { roomType: text(room.RoomType) ?? '', nights, total: sum(nights.map((night) => night.price)) };
  });
  return { offerCode, currency, rooms, totalPrice: sum(rooms.map((room) => room.total)) };
}
