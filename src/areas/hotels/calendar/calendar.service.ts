// Room calendars (employees): list a room's or a hotel's entries of a market and date range, write a range from a
// template (one entry per date, special on the weekdays named, replacing the same room, market and date: contract
// §7.5), copy a range to another room. The market defaults to the tenant's (UAE unless provisioned otherwise).
import { invalidFormat, missingParameter } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { decimalAmount, minorToDecimalString, toMinor } from '../../../platform/money.js';
import { addDays, formatDateTime, localToInstant } from '../../../platform/time.js';
import * as repo from './calendar.repository.js';
import { calendarDate, dateRange, specialWeekdays } from './calendar.rules.js';
import type {
  CalendarEntry,
  CalendarTemplate,
  CopyRoomCalendarRequest,
  CreateRoomCalendarRequest,
  ListRoomCalendarRequest,
} from './calendar.schemas.js';

export function toCalendarEntry(row: repo.CalendarRow, tenant: { timezone: string; currency: string }): CalendarEntry {
  const amount = (text: string) => decimalAmount(text, tenant.currency);
  return {
    ...row,
    calendarEntryId: Number(row.calendarEntryId),
    bookFrom: row.bookFrom ? formatDateTime(row.bookFrom, tenant.timezone) : null,
    bookTo: row.bookTo ? formatDateTime(row.bookTo, tenant.timezone) : null,
    stayDate: `${row.stayDate}T00:00:00`,
    baseRate: amount(row.baseRate),
    specDayRate: amount(row.specDayRate),
    adultRate: amount(row.adultRate),
    childRate: amount(row.childRate),
    extraBedRate: amount(row.extraBedRate),
    adultSdRate: amount(row.adultSdRate),
    childSdRate: amount(row.childSdRate),
  };
}

/** A bookFrom/bookTo parameter as an instant: a bare date is the start of that tenant day (bookTo: its end). */
function bookingBound(value: string | undefined, parameter: string, timezone: string, end: boolean): Date | null {
  if (value === undefined) return null;
  const dateOnly = value.length === 10;
  const local = dateOnly && end ? addDays(calendarDate(value, parameter), 1) : value.replace(' ', 'T');
  const instant = localToInstant(local, timezone);
  if (!instant) throw invalidFormat(parameter, 'is not a valid date or datetime');
  return dateOnly && end ? new Date(instant.getTime() - 1000) : instant;
}

function templateFields(ctx: TenantContext, template: CalendarTemplate): repo.CalendarFields {
  const { currency, timezone } = ctx.tenant;
  const money = (amount: number | undefined, parameter: string) => {
    if (amount === undefined) return '0';
    const text = minorToDecimalString(toMinor(amount, currency), currency);
    if (toMinor(text, currency) < 0) throw invalidFormat(parameter, 'must not be negative');
    return text;
  };
  const bookFrom = bookingBound(template.bookFrom, 'template.bookFrom', timezone, false);
  const bookTo = bookingBound(template.bookTo, 'template.bookTo', timezone, true);
  if (bookFrom && bookTo && bookTo < bookFrom) throw invalidFormat('template.bookTo', 'must not be before bookFrom');
  return {
    roomId: template.roomId,
    market: (template.market ?? ctx.tenant.market).toUpperCase(),
    vendorId: template.vendorId ?? null,
    promo: template.promo ?? null,
    bookFrom,
    bookTo,
    baseRate: money(template.baseRate, 'template.baseRate'),
    specDayRate: money(template.specDayRate, 'template.specDayRate'),
    adultRate: money(template.adultRate, 'template.adultRate'),
    childRate: money(template.childRate, 'template.childRate'),
    extraBedRate: money(template.extraBedRate, 'template.extraBedRate'),
    adultSdRate: money(template.adultSdRate, 'template.adultSdRate'),
    childSdRate: money(template.childSdRate, 'template.childSdRate'),
    sdRateType: template.sdRateType ?? 'ABS',
    adultRateType: template.adultRateType ?? 'ABS',
    childRateType: template.childRateType ?? 'ABS',
    rateBase: template.rateBase ?? 'ROOM',
    mealBase: template.mealBase ?? 1,
    mealSupplements: template.mealSupplements?.replace(/\s+/g, '').toUpperCase() ?? null,
    stopSale: template.stopSale ?? false,
    available: template.available ?? true,
    onRequest: template.onRequest ?? false,
    allotment: template.allotment ?? null,
    mlos: template.mlos ?? 1,
    sdmlos: template.sdmlos ?? template.mlos ?? 1,
    mlosDesc: template.mlosDesc ?? null,
    notes: template.notes ?? null,
  };
}

export async function createRoomCalendar(
  ctx: TenantContext,
  input: CreateRoomCalendarRequest,
): Promise<CalendarEntry[]> {
  const range = dateRange(
    { value: input.template.stayDate, parameter: 'template.stayDate' },
    { value: input.stayTo, parameter: 'stayTo' },
  );
  const weekdays = [...specialWeekdays(input.specDays)];
  const rows = await repo.upsertRange(ctx.db, templateFields(ctx, input.template), {
    ...range,
    specialWeekdays: weekdays,
  });
  return rows.sort((a, b) => a.stayDate.localeCompare(b.stayDate)).map((row) => toCalendarEntry(row, ctx.tenant));
}

export async function listRoomCalendar(ctx: TenantContext, input: ListRoomCalendarRequest): Promise<CalendarEntry[]> {
  if (input.roomId === undefined && input.hotelId === undefined) throw missingParameter('roomId or hotelId');
  const range = dateRange(
    { value: input.fromDate, parameter: 'fromDate' },
    { value: input.toDate, parameter: 'toDate' },
  );
  const market = (input.market ?? ctx.tenant.market).toUpperCase();
  const rooms = { roomId: input.roomId ?? null, hotelId: input.hotelId ?? null };
  const rows = await repo.selectEntries(ctx.db, rooms, market, range);
  return rows.map((row) => toCalendarEntry(row, ctx.tenant));
}

export async function copyRoomCalendar(
  ctx: TenantContext,
  input: CopyRoomCalendarRequest,
): Promise<{ recordsCopied: number }> {
  if (input.fromRoom === input.toRoom) throw invalidFormat('toRoom', 'must be another room than fromRoom');
  const range = dateRange(
    { value: input.fromDate, parameter: 'fromDate' },
    { value: input.toDate, parameter: 'toDate' },
  );
  const recordsCopied = await repo.copyEntries(ctx.db, {
    fromRoom: input.fromRoom,
    toRoom: input.toRoom,
    market: input.market.toUpperCase(),
    ...range,
  });
  return { recordsCopied };
}
