// /hotel/* of the contracted inventory (employees, contract §3): hotels, rooms and meal plans. The room calendars
// (calendar/) and the accommodation search (search/) follow them in the area's list of operations (../index.ts).
import { Type } from '@sinclair/typebox';
import { type OperationDeclaration, operation } from '../../../platform/http/operation.js';
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
import { hotelStaff } from '../hotel-policy.js';

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

/** The contracted inventory's operations: hotels, rooms and meal plans. */
export function inventoryOperations(): OperationDeclaration[] {
  return [listHotels, hotelLookup, getHotel, saveHotel, listHotelRooms, saveRoom, listMealPlans, saveMealPlanCost];
}
