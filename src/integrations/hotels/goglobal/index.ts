// The GoGlobal hotel supplier (TC_HOTELS=goglobal): the port's calls as GoGlobal requests over the SOAP client.
// A booking is found again by our client reference (GoGlobal's AgentReference) through the advanced booking
// search, which is how a booking whose answer timed out is checked before any retry.
import { minorToDecimalString, toMinor } from '../../../platform/money.js';
import type { HotelSupplier, SupplierBooking } from '../port.js';
import type { GoGlobalSettings } from '../settings.js';
import { bookingOf, breakdownOf, cancellationOf, offersOf, stateOf, valuationOf, voucherOf } from './answers.js';
import { createGoGlobalClient, type GoGlobalLog } from './client.js';
import { insertMain, searchMain } from './requests.js';
import { list, record } from './xml.js';

export type { GoGlobalLog } from './client.js';

export interface GoGlobalDeps {
  log: GoGlobalLog;
  fetchImpl?: typeof fetch;
}

export function createGoGlobalHotelSupplier(settings: GoGlobalSettings, deps: GoGlobalDeps): HotelSupplier {
  const client = createGoGlobalClient(settings, deps);
  return {
    kind: 'goglobal',
    async search(request, signal) {
      const main = await client.call('search', searchMain(request, settings.timeoutMs), signal);
      return offersOf(main, request);
    },
    async valuate(offerCode, arrivalDate, signal) {
      const main = await client.call('valuation', { HotelSearchCode: offerCode, ArrivalDate: arrivalDate }, signal);
      return valuationOf(main, offerCode, arrivalDate);
    },
    async priceBreakdown(offerCode, signal) {
      const main = await client.call('breakdown', { HotelSearchCode: offerCode }, signal);
      return breakdownOf(main, offerCode, (amounts) => sumOf(amounts, main));
    },
    async book(request, signal) {
      return bookingOf(await client.call('insert', insertMain(request), signal), request.clientReference);
    },
    async status(bookingCode, signal) {
      return stateOf(await client.call('status', { GoBookingCode: bookingCode }, signal));
    },
    async findByClientReference(clientReference, signal) {
      const main = await client.call('bookingSearch', { AgentReference: clientReference }, signal);
      const found: SupplierBooking[] = list(record(main.Bookings)?.Booking ?? main.Booking)
        .map((item) => bookingOf(record(item) ?? {}, clientReference))
        .filter((booking) => booking.clientReference === clientReference);
      return found[0] ?? null;
    },
    async cancel(bookingCode, signal) {
      return cancellationOf(await client.call('cancel', { GoBookingCode: bookingCode }, signal));
    },
    async voucher(bookingCode, signal) {
      const main = await client.call('voucher', { GoBookingCode: bookingCode, GetEmergencyPhone: 'true' }, signal);
      return voucherOf(main, bookingCode);
    },
  };
}

/** Exact sums in the answer's currency (its minor units). */
function sumOf(amounts: string[], main: Record<string, unknown>): string {
  const currency = typeof main.Currency === 'string' ? main.Currency : 'USD';
  return minorToDecimalString(
    amounts.reduce((total, amount) => total + toMinor(amount, currency), 0),
    currency,
  );
}
