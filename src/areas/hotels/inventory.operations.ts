// /hotel/* of the contracted inventory (employees, contract §3): hotels, rooms, meal plans and room calendars, and
// the accommodation search (guest sessions and above, accommodation-search.operations.ts).
import { Type } from '@sinclair/typebox';
import { type OperationDeclaration, operation } from '../../platform/http/operation.js';
import { searchAccommodationOperation } from './accommodation-search.operations.js';
import type { OnlineAccommodationSearch } from './accommodation-search.service.js';
import * as calendar from './calendar.service.js';
import {
  CalendarEntry,
  CopyRoomCalendarRequest,
  CopyRoomCalendarResult,
  CreateRoomCalendarRequest,
  ListRoomCalendarRequest,
} from './calendar.schemas.js';
import * as inventory from './inventory.service.js';
import { LIMITS } from './inventory.rules.js';
import {
  GetHotelRequest,
  Hotel,
  HotelIdRequest,
  HotelLookupRequest,
  HotelPair,
  ListHotelsRequest,
  ListMealPlansRequest,
  MealPlan,
  Room,
  SaveHotelRequest,
  SaveMealPlanCostRequest,
  SaveRoomRequest,
} from './inventory.schemas.js';
import { hotelStaff } from './hotel-policy.js';

const forEmployees = { ...hotelStaff, tags: ['hotel inventory'] } as const;

const listHotels = operation({
  ...forEmployees,
  path: '/hotel/listHotels',
  methods: ['POST'],
  summary: `Contracted hotels by name (at most ${LIMITS.hotelRows}): name and area are substrings, shDes exact (any case)`,
  input: ListHotelsRequest,
  response: Type.Array(Hotel),
  handler: (ctx, input) => inventory.listHotels(ctx, input),
});

const hotelLookup = operation({
  ...forEmployees,
  path: '/hotel/hotelLookup',
  methods: ['POST'],
  summary: `[hotel name, hotelId] pairs of the hotels whose name contains name (any case), by name (at most ${LIMITS.hotelRows})`,
  input: HotelLookupRequest,
  response: Type.Array(HotelPair),
  handler: (ctx, input) => inventory.hotelLookup(ctx, input.name),
});

const getHotel = operation({
  ...forEmployees,
  path: '/hotel/getHotel',
  methods: ['POST'],
  summary: 'One contracted hotel',
  input: GetHotelRequest,
  records: { id: 'hotel' },
  response: Hotel,
  handler: (ctx, input) => inventory.getHotel(ctx, input.id),
});

const saveHotel = operation({
  ...forEmployees,
  path: '/hotel/saveHotel',
  methods: ['POST'],
  summary: 'Create a hotel (hotelId absent or null) or update one (fields left out keep their value)',
  description:
    'child below infant answers INVALID_FORMAT. marginType and marginValue are added fields (docs/decisions.md).',
  input: SaveHotelRequest,
  records: { 'hotel.hotelId': 'hotel' },
  response: Hotel,
  handler: (ctx, input) => inventory.saveHotel(ctx, input.hotel),
});

const listHotelRooms = operation({
  ...forEmployees,
  path: '/hotel/listHotelRooms',
  methods: ['POST'],
  summary: "A hotel's rooms",
  input: HotelIdRequest,
  records: { hotelId: 'hotel' },
  response: Type.Array(Room),
  handler: (ctx, input) => inventory.listRooms(ctx, input.hotelId),
});

const saveRoom = operation({
  ...forEmployees,
  path: '/hotel/saveRoom',
  methods: ['POST'],
  summary: 'Create a room (roomId absent or null) or update one (fields left out keep their value)',
  description: 'maxAdults above maxOccupancy answers INVALID_FORMAT; a room of another hotel INVALID_STATE.',
  input: SaveRoomRequest,
  records: { 'room.roomId': 'hotelRoom', 'room.hotelId': 'hotel' },
  response: Room,
  handler: (ctx, input) => inventory.saveRoom(ctx, input.room),
});

const listMealPlans = operation({
  ...forEmployees,
  path: '/hotel/listMealPlans',
  methods: ['POST'],
  summary: "The meal plans RO, BB, HB, FB, AI; with hotelId, that hotel's costs per person and night (null: not set)",
  input: ListMealPlansRequest,
  records: { hotelId: 'hotel' },
  response: Type.Array(MealPlan),
  handler: (ctx, input) => inventory.listMealPlans(ctx, input.hotelId),
});

const saveMealPlanCost = operation({
  ...forEmployees,
  path: '/hotel/saveMealPlanCost',
  methods: ['POST'],
  summary: "Set what a meal plan costs at a hotel per adult and child and night; answers the hotel's plans",
  input: SaveMealPlanCostRequest,
  records: { hotelId: 'hotel' },
  response: Type.Array(MealPlan),
  handler: (ctx, input) => inventory.saveMealPlanCost(ctx, input),
});

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

/** The contracted inventory's operations and the search; `online` adds the supplier's results to the search. */
export function inventoryOperations(online?: OnlineAccommodationSearch): OperationDeclaration[] {
  return [
    listHotels,
    hotelLookup,
    getHotel,
    saveHotel,
    listHotelRooms,
    saveRoom,
    listMealPlans,
    saveMealPlanCost,
    listRoomCalendar,
    createRoomCalendar,
    copyRoomCalendar,
    searchAccommodationOperation(online),
  ];
}
