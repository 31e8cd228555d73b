// Contracted inventory use cases for employees: hotels, their rooms and their meal-plan costs. A save with an id
// updates the stored record and keeps what the request leaves out; without one it creates with the defaults.
import { ApiError, ErrorCode, invalidFormat, notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { minorToDecimalString, toMinor } from '../../../platform/money.js';
import * as repo from './inventory.repository.js';
import { LIMITS, substringPattern } from './inventory.rules.js';
import type {
  Hotel,
  HotelInput,
  ListHotelsRequest,
  MealPlan,
  Room,
  RoomInput,
  SaveMealPlanCostRequest,
} from './inventory.schemas.js';
import { toHotel, toMealPlan } from './inventory.view.js';

/** An amount of the request as numeric text, rounded to the currency's minor unit. */
const money = (amount: number, currency: string) => minorToDecimalString(toMinor(amount, currency), currency);
/** A percentage or amount kept to the thousandth (margins). */
const thousandths = (value: number) => minorToDecimalString(toMinor(value, 'KWD'), 'KWD');

const NEW_HOTEL: repo.HotelFields = {
  name: '',
  shortName: null,
  shDes: null,
  hotelDesc: null,
  productId: null,
  direct: true,
  indirect: false,
  country: null,
  stars: null,
  infant: 1,
  child: 11,
  chkIn: null,
  chkOut: null,
  fees: '0',
  feesDesc: null,
  terms: null,
  area: null,
  city: null,
  release: 0,
  reservationContact: null,
  marginType: 'PERCENT',
  marginValue: '0',
};

function mergedHotel(stored: repo.HotelFields, input: HotelInput, currency: string): repo.HotelFields {
  const { hotelId: _id, fees, marginValue, ...given } = input;
  const merged: repo.HotelFields = { ...stored };
  for (const [key, value] of Object.entries(given)) {
    if (value !== undefined) Object.assign(merged, { [key]: value });
  }
  if (fees !== undefined) merged.fees = money(fees, currency);
  if (marginValue !== undefined) merged.marginValue = thousandths(marginValue);
  if (merged.child < merged.infant) throw invalidFormat('hotel.child', 'must not be below the infant age limit');
  return merged;
}

export async function getHotel(ctx: TenantContext, hotelId: number): Promise<Hotel> {
  const row = await repo.selectHotel(ctx.db, hotelId);
  if (!row) throw notFound('Hotel');
  return toHotel(row, ctx.tenant.currency);
}

export async function saveHotel(ctx: TenantContext, input: HotelInput): Promise<Hotel> {
  const currency = ctx.tenant.currency;
  if (input.hotelId === undefined) {
    return getHotel(ctx, await repo.insertHotel(ctx.db, mergedHotel(NEW_HOTEL, input, currency)));
  }
  const stored = await repo.selectHotel(ctx.db, input.hotelId);
  if (!stored) throw notFound('Hotel');
  const { hotelId, ...fields } = stored;
  if (!(await repo.updateHotel(ctx.db, hotelId, mergedHotel(fields, input, currency)))) throw notFound('Hotel');
  return getHotel(ctx, hotelId);
}

export async function listHotels(ctx: TenantContext, filter: ListHotelsRequest): Promise<Hotel[]> {
  const rows = await repo.selectHotels(
    ctx.db,
    {
      namePattern: substringPattern(filter.name),
      areaPattern: substringPattern(filter.area),
      shDes: filter.shDes ?? null,
    },
    LIMITS.hotelRows,
  );
  return rows.map((row) => toHotel(row, ctx.tenant.currency));
}

export function hotelLookup(ctx: TenantContext, name: string | undefined): Promise<Array<[string, number]>> {
  return repo.lookupHotels(ctx.db, substringPattern(name), LIMITS.hotelRows);
}

export async function listRooms(ctx: TenantContext, hotelId: number): Promise<Room[]> {
  return repo.selectRooms(ctx.db, hotelId);
}

const NEW_ROOM = {
  roomDesc: null,
  maxOccupancy: 2,
  maxAdults: 2,
  extraBed: false,
  extraBedRequired: false,
  bedding: null,
  notes: null,
};

function mergedRoom(stored: repo.RoomFields, input: RoomInput): repo.RoomFields {
  const { roomId: _id, ...given } = input;
  const merged: repo.RoomFields = { ...stored };
  for (const [key, value] of Object.entries(given)) {
    if (value !== undefined) Object.assign(merged, { [key]: value });
  }
  if (merged.maxAdults > merged.maxOccupancy) {
    throw invalidFormat('room.maxAdults', 'must not be above maxOccupancy');
  }
  return merged;
}

export async function saveRoom(ctx: TenantContext, input: RoomInput): Promise<Room> {
  if (input.roomId === undefined) {
    const roomId = await repo.insertRoom(ctx.db, mergedRoom({ ...NEW_ROOM, hotelId: input.hotelId, name: '' }, input));
    return readRoom(ctx, roomId);
  }
  const stored = await repo.selectRoom(ctx.db, input.roomId);
  if (!stored) throw notFound('Room');
  if (stored.hotelId !== input.hotelId) {
    throw new ApiError(ErrorCode.INVALID_STATE, `Room ${stored.roomId} belongs to hotel ${stored.hotelId}`);
  }
  const { roomId, ...fields } = stored;
  if (!(await repo.updateRoom(ctx.db, roomId, mergedRoom(fields, input)))) throw notFound('Room');
  return readRoom(ctx, roomId);
}

async function readRoom(ctx: TenantContext, roomId: number): Promise<Room> {
  const room = await repo.selectRoom(ctx.db, roomId);
  if (!room) throw notFound('Room');
  return room;
}

export async function listMealPlans(ctx: TenantContext, hotelId: number | undefined): Promise<MealPlan[]> {
  const rows = await repo.selectMealPlans(ctx.db, hotelId ?? null);
  return rows.map((row) => toMealPlan(row, ctx.tenant.currency));
}

/** Sets what a plan costs at a hotel; answers the hotel's plans. */
export async function saveMealPlanCost(ctx: TenantContext, input: SaveMealPlanCostRequest): Promise<MealPlan[]> {
  const currency = ctx.tenant.currency;
  await repo.upsertMealPlanCost(ctx.db, {
    hotelId: input.hotelId,
    plan: input.plan,
    adultCost: money(input.adultCost, currency),
    childCost: money(input.childCost ?? 0, currency),
  });
  return listMealPlans(ctx, input.hotelId);
}
