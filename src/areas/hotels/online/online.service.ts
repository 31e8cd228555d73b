// The online search and valuation (/hotel/online/search, /hotel/online/valuate): searchMode online (the default)
// asks the configured supplier, contracted the agency's own calendar; both answer in the accommodation search's
// shapes, so a result of either can be valued and booked the same way.
import type { HotelSupplier } from '../../../integrations/hotels/index.js';
import { ApiError, ErrorCode, invalidFormat, missingParameter } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { decimalAmount } from '../../../platform/money.js';
import { formatDate } from '../../../platform/time.js';
import {
  onlineSearchWith,
  searchDate,
  stayOf,
  type SearchAccommodationResult,
  searchAccommodation,
  searchContracted,
} from '../search/index.js';
import { fromSupplier } from './hotel-bookings.supplier.js';
import { severalRoomsSearch } from './online.rooms.js';
import type { OnlineSearchRequest, ValuateRequest, Valuation } from './online.schemas.js';

export interface OnlineSearches {
  search(ctx: TenantContext, input: OnlineSearchRequest): Promise<SearchAccommodationResult>;
  valuate(ctx: TenantContext, input: ValuateRequest): Promise<Valuation>;
}

async function valuateOnline(ctx: TenantContext, supplier: HotelSupplier, input: ValuateRequest): Promise<Valuation> {
  const offerCode = input.offerId;
  if (offerCode === undefined) throw missingParameter('offerId');
  const checkin = searchDate(input.checkin, 'checkin');
  if (checkin < formatDate(ctx.now, ctx.tenant.timezone)) {
    throw invalidFormat('checkin', 'must not be in the past');
  }
  const [valuation, breakdown] = await fromSupplier(ctx, 'value the offer', () =>
    Promise.all([supplier.valuate(offerCode, checkin), supplier.priceBreakdown(offerCode)]),
  );
  const amount = (text: string) => decimalAmount(text, breakdown.currency);
  return {
    searchMode: 'online',
    offerId: offerCode,
    roomId: null,
    checkin: valuation.arrivalDate,
    totalPrice: decimalAmount(valuation.totalPrice, valuation.currency),
    currency: valuation.currency,
    available: true,
    onRequest: false,
    cancellationDeadline: valuation.cancellationDeadline,
    remarks: valuation.remarks,
    rooms: breakdown.rooms.map((room) => ({
      roomType: room.roomType,
      nights: room.nights.map((night) => ({ date: night.date, price: amount(night.price) })),
      total: amount(room.total),
    })),
  };
}

async function valuateContracted(ctx: TenantContext, input: ValuateRequest): Promise<Valuation> {
  const roomId = input.roomId;
  if (roomId === undefined) throw missingParameter('roomId');
  if (input.checkout === undefined) throw missingParameter('checkout');
  const stay = stayOf(input.checkin, input.checkout, formatDate(ctx.now, ctx.tenant.timezone));
  const childAges = input.childAges ?? [];
  const [result] = await searchContracted(ctx, {
    stay,
    adults: input.adults ?? 1,
    children: input.children ?? childAges.length,
    ...(input.childAges ? { childAges } : {}),
    ...(input.meals ? { meals: input.meals } : {}),
    market: (input.market ?? ctx.tenant.market).toUpperCase(),
    roomId,
    withCost: false,
  });
  const room = result?.rooms[0];
  if (!room) {
    throw new ApiError(
      ErrorCode.INVALID_STATE,
      'The room cannot be sold for this stay and party (calendar, stay rules)',
    );
  }
  return {
    searchMode: 'contracted',
    offerId: null,
    roomId,
    checkin: stay.checkin,
    totalPrice: room.totalPrice,
    currency: room.currency,
    available: room.available,
    onRequest: room.onRequest,
    cancellationDeadline: null,
    remarks: '',
    rooms: [],
  };
}

export function createOnlineSearches(deps: { supplier: HotelSupplier }): OnlineSearches {
  const online = onlineSearchWith(deps.supplier);
  return {
    search: (ctx, input) =>
      searchAccommodation(
        ctx,
        { ...input, searchMode: input.searchMode ?? 'online' },
        input.rooms ? severalRoomsSearch(deps.supplier, input.rooms) : online,
      ),
    valuate: (ctx, input) =>
      input.searchMode === 'contracted' ? valuateContracted(ctx, input) : valuateOnline(ctx, deps.supplier, input),
  };
}
