// The Main element of each GoGlobal request (research/external-systems.md §6.2), from the port's requests.
import type { HotelBookingRequest, HotelGuest, HotelSearchRequest, RoomOccupancy } from '../port.js';
import type { Json } from './xml.js';

/** GoGlobal's own wait for its suppliers, in seconds: below our timeout so it answers with what it has. */
function maximumWaitSeconds(timeoutMs: number): number {
  return Math.max(1, Math.min(30, Math.floor((timeoutMs * 0.75) / 1000)));
}

/** Rooms of the same occupancy are one Room element with a RoomCount, as GoGlobal asks. */
function roomsOf(rooms: RoomOccupancy[]): Json[] {
  const grouped = new Map<string, { occupancy: RoomOccupancy; count: number }>();
  for (const occupancy of rooms) {
    const key = `${occupancy.adults}:${occupancy.childAges.join(',')}`;
    const group = grouped.get(key);
    if (group) group.count += 1;
    else grouped.set(key, { occupancy, count: 1 });
  }
  return [...grouped.values()].map(({ occupancy, count }) => ({
    '@_Adults': occupancy.adults,
    '@_RoomCount': count,
    '@_ChildCount': occupancy.childAges.length,
    ...(occupancy.childAges.length ? { ChildAge: occupancy.childAges } : {}),
  }));
}

export function searchMain(request: HotelSearchRequest, timeoutMs: number): Json {
  return {
    '@_Currency': request.currency,
    '@_IncludeGeo': 'true',
    SortOrder: 1,
    MaximumWaitTime: maximumWaitSeconds(timeoutMs),
    // 500 offers take ~60 ms of parsing on one core: 200 is what a page of results needs
    MaxResponses: request.maxResults ?? 200,
    ...(request.roomBasis?.length ? { FilterRoomBasises: { FilterRoomBasis: request.roomBasis } } : {}),
    ...(request.hotelName ? { HotelName: request.hotelName } : {}),
    Apartments: 'false',
    CityCode: request.cityCode,
    ArrivalDate: request.arrivalDate,
    Nights: request.nights,
    Rooms: { Room: roomsOf(request.rooms) },
  };
}

const TITLES: Record<HotelGuest['title'], string> = { MR: 'MR.', MRS: 'MRS.', MS: 'MS.', CHD: 'CHD.' };

/** Persons are numbered across the booking; the first adult of the first room leads. */
export function insertMain(request: HotelBookingRequest): Json {
  let personId = 0;
  const person = (guest: HotelGuest) => ({
    '@_PersonID': ++personId,
    '@_Title': TITLES[guest.title],
    '@_FirstName': guest.firstName,
    '@_LastName': guest.lastName,
  });
  const rooms = request.rooms.map((room, index) => ({
    '@_Adults': room.adults.length,
    Room: {
      '@_RoomID': index + 1,
      PersonName: room.adults.map(person),
      ...(room.children.length
        ? { ExtraBed: room.children.map((child) => ({ ...person(child), '@_ChildAge': child.age ?? 0 })) }
        : {}),
    },
  }));
  return {
    AgentReference: request.clientReference,
    HotelSearchCode: request.offerCode,
    ArrivalDate: request.arrivalDate,
    Nights: request.nights,
    NoAlternativeHotel: 1,
    Leader: { '@_LeaderPersonID': 1 },
    Rooms: { RoomType: rooms },
    ...(request.remark ? { Remark: request.remark } : {}),
  };
}
