// A group's hotels and transport: list them, write one (create, or update: the required fields and the optional
// ones given). An entry stays with the group it was made for.
import type { TransactionSql } from '../../../platform/database/connections.js';
import { withTransaction } from '../../../platform/database/transaction.js';
import { ApiError, ErrorCode, invalidFormat, notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { localToInstant } from '../../../platform/time.js';
import type { GroupHotel, Transport, WriteHotelRequest, WriteTransportRequest } from '../groups/index.js';
import { groupReads as reads, groupWrites as writes } from '../groups/index.js';
import { toGroupHotel, toTransport } from '../groups/index.js';

/** Refuses an update that names another group than the entry's own (or an entry that is not there). */
function checkSameGroup(lockedGroupId: number | undefined, noun: string, groupId: number): void {
  if (lockedGroupId === undefined) throw notFound(noun);
  if (lockedGroupId !== groupId) {
    throw new ApiError(
      ErrorCode.INVALID_STATE,
      `The ${noun.toLowerCase()} belongs to group ${lockedGroupId}, not ${groupId}`,
    );
  }
}

async function requireGroup(tx: TransactionSql, groupId: number): Promise<void> {
  if (!(await reads.groupExists(tx, groupId))) throw notFound('Group');
}

// A check-in is a day: a time sent with it (contract §6 lets a datetime field take one) is not kept.
function calendarDay(parameter: string, value: string): string {
  if (!localToInstant(value, 'UTC')) throw invalidFormat(parameter, 'must be a real date (yyyy-MM-dd)');
  return value.slice(0, 10);
}

export async function listHotels(ctx: TenantContext, groupId: number): Promise<GroupHotel[]> {
  const [exists, rows] = await Promise.all([
    reads.groupExists(ctx.db, groupId),
    reads.selectGroupHotels(ctx.db, groupId),
  ]);
  if (!exists) throw notFound('Group');
  return rows.map(toGroupHotel);
}

export async function writeHotel(ctx: TenantContext, input: WriteHotelRequest): Promise<GroupHotel> {
  const checkIn = calendarDay('checkIn', input.checkIn);
  const checkOut = calendarDay('checkOut', input.checkOut);
  if (checkOut < checkIn) throw invalidFormat('checkOut', 'must not be before checkIn');
  const columns: writes.HotelColumns = {
    group_id: input.groupId,
    hotel_name: input.hotelName,
    check_in: checkIn,
    check_out: checkOut,
    hotel_address: input.hotelAddress,
    room_count: input.roomCount,
    confirmation_number: input.confirmationNumber,
  };
  const hotelId = await withTransaction(ctx, async (tx) => {
    if (input.hotelId === undefined) {
      await requireGroup(tx, input.groupId);
      return writes.insertHotel(tx, columns);
    }
    checkSameGroup(await writes.lockHotelGroup(tx, input.hotelId), 'Hotel', input.groupId);
    await writes.updateHotel(tx, input.hotelId, columns);
    return input.hotelId;
  });
  const row = await reads.selectHotel(ctx.db, hotelId);
  if (!row) throw notFound('Hotel');
  return toGroupHotel(row);
}

export async function listTransport(ctx: TenantContext, groupId: number): Promise<Transport[]> {
  const [exists, rows] = await Promise.all([
    reads.groupExists(ctx.db, groupId),
    reads.selectGroupTransport(ctx.db, groupId),
  ]);
  if (!exists) throw notFound('Group');
  return rows.map((row) => toTransport(row, ctx.tenant.timezone));
}

function instantOf(ctx: TenantContext, parameter: string, local: string): Date {
  const at = localToInstant(local, ctx.tenant.timezone);
  if (!at) throw invalidFormat(parameter, 'must be a real date (yyyy-MM-dd or yyyy-MM-ddTHH:mm:ss)');
  return at;
}

export async function writeTransport(ctx: TenantContext, input: WriteTransportRequest): Promise<Transport> {
  const departure = instantOf(ctx, 'departure', input.departure);
  const arrival = instantOf(ctx, 'arrival', input.arrival);
  if (arrival < departure) throw invalidFormat('arrival', 'must not be before departure');
  const columns: writes.TransportColumns = {
    group_id: input.groupId,
    type: input.type,
    departure_at: departure,
    arrival_at: arrival,
    from_place: input.from,
    to_place: input.to,
    flight_number: input.flightNumber,
    carrier: input.carrier,
    vehicle_type: input.vehicleType,
    notes: input.notes,
  };
  const transportId = await withTransaction(ctx, async (tx) => {
    if (input.transportId === undefined) {
      await requireGroup(tx, input.groupId);
      return writes.insertTransport(tx, columns);
    }
    checkSameGroup(await writes.lockTransportGroup(tx, input.transportId), 'Transport', input.groupId);
    await writes.updateTransport(tx, input.transportId, columns);
    return input.transportId;
  });
  const row = await reads.selectTransport(ctx.db, transportId);
  if (!row) throw notFound('Transport');
  return toTransport(row, ctx.tenant.timezone);
}
