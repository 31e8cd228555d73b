// The accommodation search. `searchContracted` prices the contracted rooms (resultSource DIRECT) for a stay: one
// read of every candidate room's nights, then the pure rules (occupancy by the hotel's age limits, minimum stay,
// release days, availability, the price) per room; the online operations use it for searchMode `contracted`.
// `takeContractedRoom` and `releaseContractedRoom` are what booking a contracted room needs.
import { ApiError, ErrorCode } from '../../../platform/http/errors.js';
import type { Queryable } from '../../../platform/database/connections.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { fromMinor, toMinor } from '../../../platform/money.js';
import { daysBetween, formatDate } from '../../../platform/time.js';
import { isEmployee } from '../../../platform/auth/roles.js';
import { candidateReads } from './accommodation-search.cache.js';
import { type CandidateRoom, selectPlanRefs } from './accommodation-search.repository.js';
import { asSearchDate, type Stay, sellability, stayOf } from './accommodation-search.rules.js';
import type {
  AccommodationResult,
  ResultRoom,
  SearchAccommodationRequest,
  SearchAccommodationResult,
} from './accommodation-search.schemas.js';
import { releaseAllotment, takeAllotment } from '../calendar/index.js';
import { substringPattern } from '../inventory/index.js';
import { fitRoom, guestsByAge, type MealPlanRef, priceStay } from './pricing.rules.js';

/** A contracted search: the stay in calendar dates (stayOf), the party and the filters. */
export interface ContractedSearch {
  stay: Stay;
  adults: number;
  children: number;
  childAges?: readonly number[];
  /** A plan code (RO, BB, HB, FB, AI); absent: each room's included plan. */
  meals?: string;
  area?: string;
  /** Upper case; the tenant's market when the caller named none. */
  market: string;
  maxBudget?: number;
  extraBed?: boolean;
  hotelId?: number;
  roomId?: number;
  /** Employees' cost view (context config): cost and margin per room. */
  withCost: boolean;
}

function priceRoom(
  ctx: TenantContext,
  candidate: CandidateRoom,
  search: ContractedSearch,
  plans: { all: ReadonlyMap<number, MealPlanRef>; wanted: MealPlanRef | undefined },
  daysBeforeCheckin: number,
): ResultRoom | undefined {
  const { hotel } = candidate;
  const party = guestsByAge(search.adults, search.children, search.childAges, hotel);
  const fit = fitRoom(candidate, party, search.extraBed ?? false);
  if (!fit.fits) return undefined;
  const sale = sellability(candidate.nights, search.stay, { days: hotel.release, daysBeforeCheckin });
  if (!sale.sellable) return undefined;
  const currency = ctx.tenant.currency;
  const price = priceStay({
    nights: candidate.nights,
    party,
    extraBed: fit.extraBed,
    mealPlan: plans.wanted,
    plans: plans.all,
    mealCosts: candidate.mealCosts,
    feesPerNight: hotel.fees,
    margin: { type: hotel.marginType, value: hotel.marginValue },
    currency,
  });
  if ('reason' in price) return undefined;
  if (search.maxBudget !== undefined && price.totalMinor > toMinor(search.maxBudget, currency)) return undefined;
  const room: ResultRoom = {
    roomId: candidate.roomId,
    offerId: null,
    roomName: candidate.roomName,
    roomDesc: candidate.roomDesc,
    maxOccupancy: candidate.maxOccupancy,
    mealPlan: price.mealPlan,
    totalPrice: fromMinor(price.totalMinor, currency),
    pricePerNight: fromMinor(price.perNightMinor, currency),
    currency,
    available: sale.available,
    onRequest: sale.onRequest,
    extraBed: fit.extraBed,
  };
  if (!search.withCost) return room;
  return {
    ...room,
    costPrice: fromMinor(price.costMinor, currency),
    margin: fromMinor(price.marginMinor, currency),
    marginType: hotel.marginType,
    marginValue: Number(hotel.marginValue),
  };
}

/** The contracted rooms that can be sold for the stay, grouped by hotel, cheapest hotel first. */
export async function searchContracted(ctx: TenantContext, search: ContractedSearch): Promise<AccommodationResult[]> {
  const [candidates, all] = await Promise.all([
    candidateReads.read(ctx, {
      market: search.market,
      checkin: search.stay.checkin,
      checkout: search.stay.checkout,
      hotelId: search.hotelId ?? null,
      roomId: search.roomId ?? null,
      areaPattern: substringPattern(search.area),
    }),
    selectPlanRefs(ctx.db),
  ]);
  const wanted = search.meals === undefined ? undefined : [...all.values()].find((p) => p.plan === search.meals);
  const byHotel = new Map<number, { result: AccommodationResult; cheapest: number }>();
  // the release days count from the tenant's today, the same for every room
  const daysBeforeCheckin = daysBetween(formatDate(ctx.now, ctx.tenant.timezone), search.stay.checkin);
  for (const candidate of candidates) {
    const room = priceRoom(ctx, candidate, search, { all, wanted }, daysBeforeCheckin);
    if (!room) continue;
    const { hotel } = candidate;
    let entry = byHotel.get(hotel.hotelId);
    if (!entry) {
      const resultHotel = {
        hotelId: hotel.hotelId,
        hotelCode: null,
        name: hotel.name,
        stars: hotel.stars,
        area: hotel.area,
        city: hotel.city,
        country: hotel.country,
        address: null,
        chkIn: hotel.chkIn,
        chkOut: hotel.chkOut,
      };
      entry = { result: { hotel: resultHotel, resultSource: 'DIRECT', rooms: [] }, cheapest: room.totalPrice };
      byHotel.set(hotel.hotelId, entry);
    }
    entry.result.rooms.push(room);
    entry.cheapest = Math.min(entry.cheapest, room.totalPrice);
  }
  const hotels = [...byHotel.values()].sort((a, b) => a.cheapest - b.cheapest);
  for (const { result } of hotels) result.rooms.sort((a, b) => a.totalPrice - b.totalPrice);
  return hotels.map(({ result }) => result);
}

/** The contracted search of a request: the stay from its dd/MM/yyyy dates, the market defaulted to the tenant's. */
export function contractedSearchOf(ctx: TenantContext, input: SearchAccommodationRequest): ContractedSearch {
  if (input.context === 'config' && !isEmployee(ctx.roles)) {
    throw new ApiError(ErrorCode.FORBIDDEN, 'context config (the cost view) is for employees only');
  }
  const stay = stayOf(input.checkin, input.checkout, formatDate(ctx.now, ctx.tenant.timezone));
  if (input.childAges !== undefined && input.childAges.length !== input.children) {
    throw new ApiError(ErrorCode.INVALID_FORMAT, 'Parameter childAges must hold one age per child');
  }
  return {
    stay,
    adults: input.adults,
    children: input.children,
    ...(input.childAges ? { childAges: input.childAges } : {}),
    ...(input.meals ? { meals: input.meals } : {}),
    ...(input.area ? { area: input.area } : {}),
    market: (input.market ?? ctx.tenant.market).toUpperCase(),
    ...(input.maxBudget !== undefined ? { maxBudget: input.maxBudget } : {}),
    extraBed: input.extraBed ?? false,
    ...(input.hotelId !== undefined ? { hotelId: input.hotelId } : {}),
    ...(input.roomId !== undefined ? { roomId: input.roomId } : {}),
    withCost: input.context === 'config',
  };
}

/** The online part of a search, when the area is wired with a supplier (the online operations' port). */
export type OnlineAccommodationSearch = (
  ctx: TenantContext,
  input: SearchAccommodationRequest,
  search: ContractedSearch,
) => Promise<AccommodationResult[]>;

export async function searchAccommodation(
  ctx: TenantContext,
  input: SearchAccommodationRequest,
  online: OnlineAccommodationSearch | undefined,
): Promise<SearchAccommodationResult> {
  const search = contractedSearchOf(ctx, input);
  const mode = input.searchMode;
  const [direct, remote] = await Promise.all([
    mode === 'online' ? [] : searchContracted(ctx, search),
    mode === 'contracted' || !online ? [] : online(ctx, input, search),
  ]);
  return {
    input: {
      checkin: asSearchDate(search.stay.checkin),
      checkout: asSearchDate(search.stay.checkout),
      adults: input.adults,
      children: input.children,
      market: search.market,
      area: input.area ?? null,
      meals: input.meals ?? null,
      nights: search.stay.nights,
    },
    results: [...direct, ...remote],
  };
}

/** A contracted room's nights, for a booking: checkout exclusive, in the room's calendar of that market. */
export interface ContractedStay {
  roomId: number;
  market: string;
  checkin: string;
  checkout: string;
}

/** Takes one room of every night (all or none), in the caller's transaction; false when some night has none. */
export function takeContractedRoom(db: Queryable, stay: ContractedStay): Promise<boolean> {
  return takeAllotment(db, { roomId: stay.roomId, market: stay.market, from: stay.checkin, to: stay.checkout });
}

/** Gives the room back (a cancellation, or the undo of a booking step). */
export function releaseContractedRoom(db: Queryable, stay: ContractedStay): Promise<void> {
  return releaseAllotment(db, { roomId: stay.roomId, market: stay.market, from: stay.checkin, to: stay.checkout });
}
