// The online hotel operations (issue 18, item 4), employees only (contract §3): search, valuate, book, status,
// cancel and voucher under /hotel/online, each taking searchMode (online by default: the configured supplier,
// GoGlobal or its simulator; contracted: the agency's own rooms). The supplier failing or not answering in time:
// API_ERROR, never its own words.
import type { HotelSupplier } from '../../../integrations/hotels/index.js';
import { type OperationDeclaration, operation } from '../../../platform/http/operation.js';
import { SearchAccommodationResult } from '../search/index.js';
import { createHotelBookings, type HotelBookings } from './hotel-bookings.service.js';
import { createOnlineSearches, type OnlineSearches } from './online.service.js';
import {
  BookingIdRequest,
  BookRequest,
  HotelBooking,
  HotelVoucher,
  OnlineSearchRequest,
  ValuateRequest,
  Valuation,
} from './online.schemas.js';
import { hotelStaff } from '../hotel-policy.js';

const common = { ...hotelStaff, tags: ['hotel'], methods: ['POST'] } as const;
const SUPPLIER_FAILURE = 'The supplier failing, refusing or not answering in time: API_ERROR.';

const search = (searches: OnlineSearches) =>
  operation({
    ...common,
    path: '/hotel/online/search',
    summary: "Hotel offers for a stay: the online supplier's by default, or the contracted rooms",
    description:
      'Takes the parameters of /hotel/searchAccommodation; searchMode online (default) needs cityCode and answers ' +
      "results with resultSource ONLINE (each room's offerId is what valuate and book take); contracted answers the " +
      'contracted rooms (DIRECT, roomId). ' +
      SUPPLIER_FAILURE,
    input: OnlineSearchRequest,
    response: SearchAccommodationResult,
    records: { hotelId: 'hotel', roomId: 'hotelRoom' },
    handler: (ctx, input) => searches.search(ctx, input),
  });

const valuate = (searches: OnlineSearches) =>
  operation({
    ...common,
    path: '/hotel/online/valuate',
    summary: 'The price of an offer now, before booking it, with its cancellation deadline and breakdown',
    description:
      'online: offerId and checkin; the supplier values the offer again and breaks its price down night by night. ' +
      'contracted: roomId, checkin, checkout and the party; a room that cannot be sold for them: INVALID_STATE. ' +
      SUPPLIER_FAILURE,
    input: ValuateRequest,
    response: Valuation,
    records: { roomId: 'hotelRoom' },
    handler: (ctx, input) => searches.valuate(ctx, input),
  });

const book = (bookings: HotelBookings) =>
  operation({
    ...common,
    path: '/hotel/online/book',
    summary: 'Books an online offer at the supplier, or a contracted room',
    description:
      'online: the offer is valued, our booking written (PENDING), booked at the supplier with our reference and ' +
      'confirmed (CONFIRMED, or ON_REQUEST when the hotel confirms later); our side failing after the supplier ' +
      'booked cancels it there. A booking call that times out is looked up at the supplier by our reference before ' +
      'its one retry (never booked twice); when even that cannot tell, API_ERROR and the booking stays PENDING ' +
      'until /hotel/online/status settles it. contracted: roomId and one room; the room priced now and one room of ' +
      'every night taken (sold out or not sellable: INVALID_STATE). ' +
      SUPPLIER_FAILURE,
    input: BookRequest,
    response: HotelBooking,
    records: { roomId: 'hotelRoom', customerId: 'customer' },
    handler: (ctx, input) => bookings.book(ctx, input),
  });

const status = (bookings: HotelBookings) =>
  operation({
    ...common,
    path: '/hotel/online/status',
    summary: 'A hotel booking with its status at the supplier now',
    description:
      "online: the supplier's status moves ours (confirmed, on request, cancelled); a PENDING booking is looked up " +
      'by our reference: found, it is confirmed; not found five minutes after it was made, FAILED. contracted: the ' +
      'booking as it is. ' +
      SUPPLIER_FAILURE,
    input: BookingIdRequest,
    response: HotelBooking,
    records: { bookingId: 'hotelBooking' },
    handler: (ctx, input) => bookings.status(ctx, input.bookingId),
  });

const cancel = (bookings: HotelBookings) =>
  operation({
    ...common,
    path: '/hotel/online/cancel',
    summary: 'Cancels a hotel booking at the supplier, or gives a contracted room back',
    description:
      'Only a CONFIRMED or ON_REQUEST booking (else INVALID_STATE). A cancellation the supplier has still to confirm ' +
      'leaves the status as it is; status shows it CANCELLED later. A paid booking stays PAID (a refund is the ' +
      "agency's own). " +
      SUPPLIER_FAILURE,
    input: BookingIdRequest,
    response: HotelBooking,
    records: { bookingId: 'hotelBooking' },
    handler: (ctx, input) => bookings.cancel(ctx, input.bookingId),
  });

const voucher = (bookings: HotelBookings) =>
  operation({
    ...common,
    path: '/hotel/online/voucher',
    summary: "What the guest shows at the hotel: the supplier's voucher, or ours for a contracted room",
    description: `Only a CONFIRMED booking (else INVALID_STATE). ${SUPPLIER_FAILURE}`,
    input: BookingIdRequest,
    response: HotelVoucher,
    records: { bookingId: 'hotelBooking' },
    handler: (ctx, input) => bookings.voucher(ctx, input.bookingId),
  });

export function onlineOperations(deps: { hotelSupplier: HotelSupplier }): OperationDeclaration[] {
  const searches = createOnlineSearches({ supplier: deps.hotelSupplier });
  const bookings = createHotelBookings({ supplier: deps.hotelSupplier });
  return [search(searches), valuate(searches), book(bookings), status(bookings), cancel(bookings), voucher(bookings)];
}
