// Where a priced component's cost comes from, decided by the server (contract §8.5): a flight offer of a kept
// /flight/search priced again through the flight supplier port (the flights area's pricedForCart, as /flight/price
// does); an accommodation offer valued again through the online-hotel port; a ticket-supplier product priced from
// the tenant's copy of the catalog; or, for free text, the cost the request gives.
import { HotelSupplierError } from '../../../integrations/hotels/index.js';
import { ApiError, ErrorCode, invalidFormat, missingParameter, notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { minorToDecimalString, toMinor } from '../../../platform/money.js';
import { addDays, daysBetween } from '../../../platform/time.js';
import type { ProjectRow } from '../trip.repository.js';
import { exactAmount } from '../trip.rules.js';
import { BOARD_TYPES, type BoardType } from '../trip.schemas.js';
import { BOARD_TYPE_OF_BASIS } from '../accommodation/index.js';
import type { TripPlanningDeps } from '../trip.shared.js';
import type { AddAccommodationRequest, AddActivityRequest, AddFlightRequest } from './components.schemas.js';
import type { PricedSource } from './components.service.js';

/** The trip's day of a date (from 1), when the project has a start and the date is not before it. */
function dayOf(project: ProjectRow, date: string): number | null {
  if (project.start_date === null || date < project.start_date) return null;
  return daysBetween(project.start_date, date) + 1;
}

export async function flightSource(
  deps: Pick<TripPlanningDeps, 'flights'>,
  ctx: TenantContext,
  input: AddFlightRequest,
  project: ProjectRow,
): Promise<PricedSource> {
  const priced = await deps.flights.pricedForCart(ctx, input.flightOffer.id);
  const offer = priced.details;
  const outbound = offer.itineraries[0]?.segments ?? [];
  const first = outbound[0];
  const last = outbound[outbound.length - 1];
  if (!first || !last) throw new ApiError(ErrorCode.API_ERROR, 'The flight supplier priced an offer without segments');
  const cabins = new Map(
    (offer.travelerPricings[0]?.fareDetailsBySegment ?? []).map((fare) => [fare.segmentId, fare.cabin]),
  );
  const segments = offer.itineraries.flatMap((itinerary) =>
    itinerary.segments.map((segment) => ({
      carrierCode: segment.carrierCode,
      flightNumber: `${segment.carrierCode}${segment.flightNumber}`,
      origin: segment.departureAirportCode,
      destination: segment.arrivalAirportCode,
      departureAt: segment.departureTime,
      arrivalAt: segment.arrivalTime,
      duration: segment.duration,
      cabin: cabins.get(segment.segmentId) ?? null,
    })),
  );
  const departureDate = first.departureTime.slice(0, 10);
  const details = {
    airline: first.carrierCode,
    flightNumber: `${first.carrierCode}${first.flightNumber}`,
    origin: first.departureAirportCode,
    originName: first.departureAirportName,
    destination: last.arrivalAirportCode,
    destinationName: last.arrivalAirportName,
    departureDate,
    departureTime: first.departureTime.slice(11, 16),
    arrivalDate: last.arrivalTime.slice(0, 10),
    arrivalTime: last.arrivalTime.slice(11, 16),
    cabinClass: cabins.get(first.segmentId) ?? 'ECONOMY',
    returnDate: offer.itineraries[1]?.segments[0]?.departureTime.slice(0, 10) ?? null,
    segments,
  };
  const { total: cost, currency } = priced;
  return {
    cost,
    currency,
    currencyParameter: 'flightOffer',
    details,
    dayNumber: dayOf(project, departureDate),
    supplierOffer: offer,
  };
}

/** The online-hotel port's meal codes (as accommodation/search reads them) and the spec's own words. */
const BOARDS: Readonly<Record<string, BoardType>> = {
  ...BOARD_TYPE_OF_BASIS,
  ...Object.fromEntries(BOARD_TYPES.map((word) => [word, word])),
};

export function boardTypeOf(given: string | undefined): BoardType {
  if (given === undefined || given.trim() === '') return 'ROOM_ONLY';
  const board = BOARDS[given.trim().toUpperCase()];
  if (!board) throw invalidFormat('hotelOffer.boardType', `must be one of ${Object.keys(BOARDS).join(', ')}`);
  return board;
}

/** The stay: check-in (given, the offer's, else the trip's day), nights and check-out, consistent. */
function stayOf(input: AddAccommodationRequest, project: ProjectRow) {
  const fromDay =
    input.dayNumber !== undefined && project.start_date !== null
      ? addDays(project.start_date, input.dayNumber - 1)
      : undefined;
  const checkIn = input.checkInDate ?? input.hotelOffer.checkInDate ?? fromDay;
  if (checkIn === undefined) throw missingParameter('checkInDate');
  const checkOut = input.checkOutDate ?? input.hotelOffer.checkOutDate;
  if (checkOut !== undefined && checkOut <= checkIn) throw invalidFormat('checkOutDate', 'must be after checkInDate');
  const nights = input.nights ?? (checkOut === undefined ? 1 : daysBetween(checkIn, checkOut));
  if (checkOut !== undefined && daysBetween(checkIn, checkOut) !== nights) {
    throw invalidFormat('nights', 'must be the nights from checkInDate to checkOutDate');
  }
  return { checkIn, nights, checkOut: addDays(checkIn, nights) };
}

export async function hotelSource(
  deps: Pick<TripPlanningDeps, 'hotelSupplier'>,
  ctx: TenantContext,
  input: AddAccommodationRequest,
  project: ProjectRow,
): Promise<PricedSource> {
  const offer = input.hotelOffer;
  const boardType = boardTypeOf(offer.boardType);
  const stay = stayOf(input, project);
  let valuation: Awaited<ReturnType<TripPlanningDeps['hotelSupplier']['valuate']>>;
  try {
    valuation = await deps.hotelSupplier.valuate(offer.offerId, stay.checkIn);
  } catch (error) {
    if (!(error instanceof HotelSupplierError)) throw error;
    ctx.log.warn({ err: error, kind: error.kind }, 'hotel valuation failed');
    const why = error.kind === 'refused' ? 'no longer sells this offer for checkInDate' : 'did not answer; try again';
    throw new ApiError(ErrorCode.API_ERROR, `The online hotel supplier ${why}`);
  }
  const details = {
    offerId: offer.offerId,
    hotelId: offer.hotelId ?? '',
    hotelName: offer.hotelName,
    roomType: offer.roomType ?? '',
    boardType,
    nights: stay.nights,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
  };
  return {
    cost: valuation.totalPrice,
    currency: valuation.currency.toUpperCase(),
    currencyParameter: 'hotelOffer',
    details,
    dayNumber: dayOf(project, stay.checkIn),
    supplierOffer: valuation,
  };
}

export async function activitySource(
  deps: Pick<TripPlanningDeps, 'ticketSupplier'>,
  ctx: TenantContext,
  input: AddActivityRequest,
  project: ProjectRow,
): Promise<PricedSource> {
  const quantity = input.quantity ?? Math.max(1, project.adults + project.children);
  if (input.productId === undefined) {
    if (!input.title?.trim()) throw missingParameter('title');
    if (input.costPrice === undefined) throw missingParameter('costPrice');
    const currency = (input.currency ?? project.currency).toUpperCase();
    const cost = exactAmount(input.costPrice, currency, 'costPrice');
    const details = { productId: null, variantId: null, title: input.title.trim(), quantity };
    return { cost, currency, currencyParameter: 'currency', details };
  }
  const product = await deps.ticketSupplier.saleableProduct(ctx.db, input.productId);
  if (!product) throw notFound('Product');
  const variant =
    input.variantId === undefined
      ? (product.variants.find((one) => one.price !== null) ?? product.variants[0])
      : product.variants.find((one) => one.variantId === input.variantId);
  if (!variant) throw notFound('Variant');
  const currency = variant.currency.toUpperCase();
  if (variant.price === null && input.costOverride === undefined) {
    throw new ApiError(
      ErrorCode.INVALID_STATE,
      `The catalog has no price for variant ${variant.variantId}: give costOverride and overrideReason`,
    );
  }
  // without a catalog price the override is the cost of all the tickets, and what the component is compared with
  const cost =
    variant.price === null
      ? exactAmount(input.costOverride ?? 0, currency, 'costOverride')
      : minorToDecimalString(toMinor(variant.price, currency) * quantity, currency);
  const title = input.title?.trim() || `${product.title}${variant.label ? ` (${variant.label})` : ''}`;
  const details = { productId: product.productId, variantId: variant.variantId, title, quantity };
  return { cost, currency, currencyParameter: 'productId', details };
}
