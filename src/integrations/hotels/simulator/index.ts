// The online hotel simulator (the default HotelSupplier, contract §7.1): deterministic offers for any city code
// (real hotels for DXB, PAR and LON), valuation and a price breakdown from the offer's own code, and bookings
// kept in this process's memory (enough for a simulator: a restart forgets them, as a sandbox account would be
// reset). Optional latency for benches and timeouts.
import { simulatedLatency } from '../../simulated-latency.js';
import { randomInt } from 'node:crypto';
import { addDays, formatDate } from '../../../platform/time.js';
import {
  type HotelBookingRequest,
  HotelSupplierError,
  type HotelSupplier,
  type HotelVoucher,
  type SupplierBooking,
  type SupplierBookingState,
} from '../port.js';
import { hotelByCode } from './hotels.js';
import { breakdownOf, decodeOfferKey, offerOf, searchOffers } from './offers.js';

export interface HotelSimulatorOptions {
  clock: () => Date;
  /** Milliseconds every call waits before answering (default 0). */
  latencyMs?: number;
  /** Offers at most (default 100). */
  maxResults?: number;
}

interface KeptBooking {
  booking: SupplierBooking;
  voucher: HotelVoucher;
}

export function createHotelSimulator(options: HotelSimulatorOptions): HotelSupplier {
  const wait = (signal?: AbortSignal) =>
    simulatedLatency(
      options.latencyMs ?? 0,
      signal,
      () => new HotelSupplierError('timeout', 'hotel simulator call aborted'),
    );
  // offers are priced for the hotel's own today: UTC is close enough for a simulator
  const today = () => formatDate(options.clock(), 'UTC');
  const byCode = new Map<string, KeptBooking>();
  const byClientReference = new Map<string, KeptBooking>();
  const kept = (bookingCode: string): KeptBooking => {
    const found = byCode.get(bookingCode);
    if (!found) throw new HotelSupplierError('refused', 'unknown booking code');
    return found;
  };
  return {
    kind: 'simulator',
    async search(request, signal) {
      await wait(signal);
      return searchOffers(request, today(), request.maxResults ?? options.maxResults ?? 100);
    },
    async valuate(offerCode, arrivalDate, signal) {
      await wait(signal);
      const offer = offerOf(decodeOfferKey(offerCode), today());
      if (offer.arrivalDate !== arrivalDate) throw new HotelSupplierError('refused', 'arrival date of another offer');
      const remarks = offer.remark ?? 'Check-in from 14:00, check-out until 12:00.';
      const { totalPrice, currency, cancellationDeadline } = offer;
      return { offerCode, arrivalDate, totalPrice, currency, cancellationDeadline, remarks };
    },
    async priceBreakdown(offerCode, signal) {
      await wait(signal);
      return breakdownOf(decodeOfferKey(offerCode), offerCode);
    },
    async book(request, signal) {
      await wait(signal);
      const existing = byClientReference.get(request.clientReference);
      if (existing) throw new HotelSupplierError('refused', 'client reference already booked');
      const made = makeBooking(request, today());
      byCode.set(made.booking.bookingCode, made);
      byClientReference.set(request.clientReference, made);
      return { ...made.booking };
    },
    async status(bookingCode, signal) {
      await wait(signal);
      return stateOf(kept(bookingCode).booking);
    },
    async findByClientReference(clientReference, signal) {
      await wait(signal);
      const found = byClientReference.get(clientReference);
      return found ? { ...found.booking } : null;
    },
    async cancel(bookingCode, signal) {
      await wait(signal);
      const found = kept(bookingCode);
      found.booking.status = 'CANCELLED';
      return stateOf(found.booking);
    },
    async voucher(bookingCode, signal) {
      await wait(signal);
      const found = kept(bookingCode);
      if (found.booking.status !== 'CONFIRMED' && found.booking.status !== 'VOUCHERED') {
        throw new HotelSupplierError('refused', `no voucher for a booking ${found.booking.status}`);
      }
      found.booking.status = 'VOUCHERED';
      return { ...found.voucher };
    },
  };
}

function stateOf(booking: SupplierBooking): SupplierBookingState {
  const { bookingCode, status, totalPrice, currency } = booking;
  return { bookingCode, status, totalPrice, currency };
}

function makeBooking(request: HotelBookingRequest, today: string): KeptBooking {
  const key = decodeOfferKey(request.offerCode);
  const offer = offerOf(key, today);
  if (offer.arrivalDate !== request.arrivalDate || offer.nights !== request.nights) {
    throw new HotelSupplierError('refused', 'dates differ from the offer');
  }
  if (request.rooms.length !== key.rooms.length) throw new HotelSupplierError('refused', 'rooms differ from the offer');
  const hotel = hotelByCode(key.hotelCode);
  // random, not derived from the request: a restarted simulator must not hand out a code a tenant already keeps
  const bookingCode = String(randomInt(1_000_000_000, 9_999_999_999));
  const booking: SupplierBooking = {
    bookingCode,
    supplierReference: `GO${bookingCode}-${key.hotelCode}`,
    clientReference: request.clientReference,
    status: offer.availability === 'ON_REQUEST' ? 'ON_REQUEST' : 'CONFIRMED',
    hotelName: offer.hotelName,
    arrivalDate: offer.arrivalDate,
    nights: offer.nights,
    totalPrice: offer.totalPrice,
    currency: offer.currency,
    cancellationDeadline: offer.cancellationDeadline,
  };
  const lead = request.rooms[0]?.adults[0];
  const voucher: HotelVoucher = {
    bookingCode,
    supplierReference: booking.supplierReference,
    hotelName: offer.hotelName,
    address: hotel?.address,
    phone: hotel?.phone,
    cityCode: offer.cityCode,
    checkIn: offer.arrivalDate,
    checkOut: addDays(offer.arrivalDate, offer.nights),
    roomBasis: offer.roomBasis,
    roomTypes: offer.roomTypes,
    leadGuest: lead ? `${lead.title} ${lead.firstName} ${lead.lastName}` : '',
    bookedAndPayableBy: 'Go Global Travel (simulator)',
    emergencyPhone: '+971 4 000 0000',
    remarks: offer.remark,
  };
  return { booking, voucher };
}
