// /groups/exportSchedule: what happens to the given groups over the next rangeDays days (from today in the tenant's
// timezone) as a spreadsheet: a title, the date range, then the events grouped by date, each with its readiness:
// "OK" on a green cell, or the warnings' texts on a yellow one.
import type ExcelJS from 'exceljs';
import { loadExcelJS } from './exceljs.js';
import { notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { RawAnswer } from '../../../platform/http/raw.js';
import { addDays, formatDate, formatDateTime } from '../../../platform/time.js';
import type { ScheduleRequest } from './group-sheets.schemas.js';
import { groupReads as groups } from '../groups/index.js';
import { readinessWarnings } from '../groups/index.js';
import { readinessInputOf } from '../groups/index.js';
import { byDate, type DateRange, type ScheduleEvent, type ScheduleGroup, scheduleEvents } from './schedule.rules.js';
import { addSafeRow, setSafeValue, workbookBuffer, XLSX_TYPE } from './sheet-writer.js';

export const DEFAULT_RANGE_DAYS = 30;
export const FILLS = {
  ok: 'FFC6EFCE',
  warning: 'FFFFFF00',
  day: 'FFD9E1F2',
} as const;

const COLUMNS = [
  { title: 'Group', width: 28 },
  { title: 'Event Type', width: 12 },
  { title: 'Event Description', width: 48 },
  { title: 'Date / Time', width: 17 },
  { title: 'Status', width: 60 },
] as const;

const solid = (argb: string): ExcelJS.Fill => ({ type: 'pattern', pattern: 'solid', fgColor: { argb } });

/** One group as the schedule reads it: NOTFOUND when the tenant has no such group. */
async function scheduleGroup(ctx: TenantContext, groupId: number): Promise<ScheduleGroup> {
  const group = await groups.selectGroup(ctx.db, groupId);
  if (!group) throw notFound('Group');
  const [passengers, hotels, transport, assignments] = await Promise.all([
    groups.selectGroupPax(ctx.db, groupId),
    groups.selectGroupHotels(ctx.db, groupId),
    groups.selectGroupTransport(ctx.db, groupId),
    groups.selectGroupRoomPax(ctx.db, groupId),
  ]);
  const timezone = ctx.tenant.timezone;
  return {
    groupId,
    groupName: group.group_name,
    arrivalDate: group.arrival_date,
    departureDate: group.departure_date,
    paxCount: group.pax_count,
    hotels: hotels.map((h) => ({
      hotelId: h.hotel_id,
      hotelName: h.hotel_name,
      checkIn: h.check_in,
      checkOut: h.check_out,
    })),
    transport: transport.map((leg) => {
      const local = formatDateTime(leg.departure_at, timezone);
      return {
        transportId: leg.transport_id,
        type: leg.type,
        from: leg.from_place,
        to: leg.to_place,
        flightNumber: leg.flight_number,
        carrier: leg.carrier,
        vehicleType: leg.vehicle_type,
        departureDate: local.slice(0, 10),
        departureTime: local.slice(11, 16),
      };
    }),
    warnings: readinessWarnings(readinessInputOf({ group, passengers, hotels, transport, assignments })),
  };
}

/** "Saturday 28 November 2026" for a yyyy-MM-dd date. */
const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

function addBanner(sheet: ExcelJS.Worksheet, text: string, font: Partial<ExcelJS.Font>, fill?: ExcelJS.Fill): void {
  const row = addSafeRow(sheet, [text]);
  sheet.mergeCells(row.number, 1, row.number, COLUMNS.length);
  row.font = font;
  if (fill) row.getCell(1).fill = fill;
}

function addEventRow(sheet: ExcelJS.Worksheet, event: ScheduleEvent): void {
  const when = event.time ? `${event.date} ${event.time}` : event.date;
  const ready = event.warnings.length === 0;
  const row = addSafeRow(sheet, [event.groupName, event.type, event.description, when, null]);
  const status = row.getCell(COLUMNS.length);
  setSafeValue(status, ready ? 'OK' : event.warnings.join('; '));
  status.fill = solid(ready ? FILLS.ok : FILLS.warning);
  status.alignment = { wrapText: true, vertical: 'top' };
}

/** The schedule's workbook for the events of the range. */
export async function scheduleWorkbook(events: readonly ScheduleEvent[], range: DateRange, timezone: string) {
  const { Workbook } = await loadExcelJS();
  const book = new Workbook();
  const sheet = book.addWorksheet('Schedule');
  sheet.columns = COLUMNS.map((column) => ({ width: column.width }));
  addBanner(sheet, 'Group schedule', { bold: true, size: 14 });
  addBanner(sheet, `${longDate(range.from)} – ${longDate(range.to)} (${timezone})`, { italic: true });
  const header = addSafeRow(
    sheet,
    COLUMNS.map((column) => column.title),
  );
  header.font = { bold: true };
  const days = byDate(events);
  if (days.length === 0) addBanner(sheet, 'No events in this period', { italic: true });
  for (const day of days) {
    addBanner(sheet, longDate(day.date), { bold: true }, solid(FILLS.day));
    for (const event of day.events) addEventRow(sheet, event);
  }
  return workbookBuffer(book);
}

/** The schedule's use case: every group must be the tenant's (else NOTFOUND). */
export async function exportSchedule(ctx: TenantContext, input: ScheduleRequest): Promise<RawAnswer> {
  const timezone = ctx.tenant.timezone;
  const from = formatDate(ctx.now, timezone);
  const range = { from, to: addDays(from, (input.rangeDays ?? DEFAULT_RANGE_DAYS) - 1) };
  const scheduled: ScheduleGroup[] = [];
  for (const groupId of new Set(input.groupIds)) scheduled.push(await scheduleGroup(ctx, groupId));
  const workbook = await scheduleWorkbook(scheduleEvents(scheduled, range), range, timezone);
  return new RawAnswer(XLSX_TYPE, workbook, { filename: `group-schedule-${range.from}.xlsx` });
}
