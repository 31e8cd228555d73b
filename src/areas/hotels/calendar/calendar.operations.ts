// /hotel/* of the room calendars (employees, contract §3): a room's rates and allotment per market and date, listed,
// written from a template over a date range, and copied from another room. Documented with the contracted inventory.
import { Type } from '@sinclair/typebox';
import { type OperationDeclaration, operation } from '../../../platform/http/operation.js';
import * as calendar from './calendar.service.js';
import {
  CalendarEntry,
  CopyRoomCalendarRequest,
  CopyRoomCalendarResult,
  CreateRoomCalendarRequest,
  ListRoomCalendarRequest,
} from './calendar.schemas.js';
import { hotelStaff } from '../hotel-policy.js';

const forEmployees = { ...hotelStaff, tags: ['hotel inventory'] } as const;

const listRoomCalendar = operation({
  ...forEmployees,
  path: '/hotel/listRoomCalendar',
  methods: ['POST'],
  summary: "A room's or a hotel's calendar entries of a market (default the tenant's, UAE) from fromDate to toDate",
  description:
    'One of roomId and hotelId is required (MISSING_PARAMETER); toDate before fromDate or more than 731 days after it answers INVALID_FORMAT.',
  input: ListRoomCalendarRequest,
  records: { roomId: 'hotelRoom', hotelId: 'hotel' },
  response: Type.Array(CalendarEntry),
  handler: (ctx, input) => calendar.listRoomCalendar(ctx, input),
});

const createRoomCalendar = operation({
  ...forEmployees,
  path: '/hotel/createRoomCalendar',
  methods: ['POST'],
  summary:
    'Write one entry per date from template.stayDate to stayTo inclusive (at most 731), replacing the same room, market and date',
  description:
    'A date whose weekday is in specDays (Mon…Sun, any case, comma-separated; NONE for none) is a special day. ' +
    'Answers the entries written, by date.',
  input: CreateRoomCalendarRequest,
  records: { 'template.roomId': 'hotelRoom' },
  response: Type.Array(CalendarEntry),
  handler: (ctx, input) => calendar.createRoomCalendar(ctx, input),
});

const copyRoomCalendar = operation({
  ...forEmployees,
  path: '/hotel/copyRoomCalendar',
  methods: ['POST'],
  summary:
    "Copy fromRoom's entries of a market and dates (at most 731) onto toRoom, replacing its entries of those dates",
  input: CopyRoomCalendarRequest,
  records: { fromRoom: 'hotelRoom', toRoom: 'hotelRoom' },
  response: CopyRoomCalendarResult,
  handler: (ctx, input) => calendar.copyRoomCalendar(ctx, input),
});

/** The room calendars' operations. */
export function calendarOperations(): OperationDeclaration[] {
  return [listRoomCalendar, createRoomCalendar, copyRoomCalendar];
}
