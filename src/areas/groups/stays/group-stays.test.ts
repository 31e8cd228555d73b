// A group's hotels, transport, rooms and room assignments (/groups/hotel/*, /groups/transport/*, /groups/room/*;
// contract §7.5): writes and updates, lists, capacity, one room per hotel for a passenger, deleting a room, bad input
// and another tenant's ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import type { GroupHotel, Room, RoomAssignment, Transport } from '../groups/index.js';
import type { Group, Passenger } from '../groups/index.js';

let t: TestTenant;
let other: TestTenant;
let agent: TestUser;

beforeAll(async () => {
  const service = await startTestService();
  [t, other] = [await tenant(service), await tenant(service)];
  agent = await user(t, 'agent');
});
afterAll(() => t?.service.close());

const newGroup = async () =>
  (
    await agent.api.ok<Group>('/groups/group/write', {
      groupName: 'Stays',
      arrivalDate: '2027-06-01',
      departureDate: '2027-06-07',
    })
  ).groupId;
const newHotel = (groupId: number, extra: object = {}) =>
  agent.api.ok<GroupHotel>('/groups/hotel/write', {
    groupId,
    hotelName: 'Palm Court',
    checkIn: '2027-06-01',
    checkOut: '2027-06-07',
    ...extra,
  });
const newPax = async (groupId: number, firstName: string) =>
  (await agent.api.ok<Passenger>('/groups/pax/write', { groupId, firstName, lastName: 'Guest' })).paxId;

describe('/groups/hotel/*', () => {
  it('adds hotels, updates one, and lists them by check-in; a time sent with a day is not kept', async () => {
    const groupId = await newGroup();
    const later = await newHotel(groupId, { hotelName: 'Second', checkIn: '2027-06-04T15:00:00' });
    const first = await newHotel(groupId, { hotelAddress: '1 Beach Rd', roomCount: 12, confirmationNumber: 'C-1' });
    expect(first).toEqual({
      hotelId: expect.any(Number),
      groupId,
      hotelName: 'Palm Court',
      hotelAddress: '1 Beach Rd',
      checkIn: '2027-06-01',
      checkOut: '2027-06-07',
      roomCount: 12,
      confirmationNumber: 'C-1',
    });
    expect(later.checkIn).toBe('2027-06-04');
    const updated = await newHotel(groupId, {
      hotelId: later.hotelId,
      hotelName: 'Second (renamed)',
      checkIn: '2027-06-04',
    });
    expect(updated).toEqual({ ...later, hotelName: 'Second (renamed)' });
    expect(await agent.api.ok('/groups/hotel/list', { groupId })).toEqual([first, updated]);
  });

  it('refuses bad dates, a move to another group, and unknown or another tenant’s ids', async () => {
    const [groupId, otherGroup] = [await newGroup(), await newGroup()];
    const hotel = await newHotel(groupId);
    const path = '/groups/hotel/write';
    const fields = { groupId, hotelName: 'X', checkIn: '2027-06-01', checkOut: '2027-06-07' };
    await agent.api.expectError(path, { ...fields, checkOut: '2027-05-31' }, 'INVALID_FORMAT', 'checkOut');
    await agent.api.expectError(path, { ...fields, checkIn: '01/06/2027' }, 'INVALID_FORMAT', 'checkIn');
    await agent.api.expectError(path, { ...fields, checkIn: '2027-02-30' }, 'INVALID_FORMAT', 'checkIn');
    await agent.api.expectError(path, { ...fields, hotelName: '' }, 'MISSING_PARAMETER', 'hotelName');
    await agent.api.expectError(path, { ...fields, hotelId: hotel.hotelId, groupId: otherGroup }, 'INVALID_STATE');
    await agent.api.expectError(path, { ...fields, groupId: 99_999_999 }, 'NOTFOUND', 'Group');
    await other.adminApi.expectError(path, { ...fields, hotelId: hotel.hotelId }, 'NOTFOUND');
    await other.adminApi.expectError('/groups/hotel/list', { groupId }, 'NOTFOUND', 'Group');
  });
});

describe('/groups/transport/*', () => {
  it('adds transport in the tenant’s time, updates it, and lists it by departure', async () => {
    const groupId = await newGroup();
    const coach = await agent.api.ok<Transport>('/groups/transport/write', {
      groupId,
      type: 'COACH',
      departure: '2027-06-07T10:00',
      arrival: '2027-06-07T11:15:00',
      from: 'Palm Court',
      to: 'DXB',
      vehicleType: '50-seat coach',
      notes: 'Luggage van too',
    });
    expect(coach).toEqual({
      transportId: expect.any(Number),
      groupId,
      type: 'COACH',
      departure: '2027-06-07T10:00:00',
      arrival: '2027-06-07T11:15:00',
      from: 'Palm Court',
      to: 'DXB',
      flightNumber: null,
      carrier: null,
      vehicleType: '50-seat coach',
      notes: 'Luggage van too',
    });
    const flight = await agent.api.ok<Transport>('/groups/transport/write', {
      groupId,
      type: 'FLIGHT',
      departure: '2027-06-01',
      arrival: '2027-06-01T06:40:00',
      from: 'LHR',
      to: 'DXB',
      carrier: 'EK',
    });
    expect(flight.departure).toBe('2027-06-01T00:00:00');
    const numbered = await agent.api.ok<Transport>('/groups/transport/write', {
      ...flight,
      flightNumber: 'EK4',
      carrier: undefined,
    });
    expect(numbered).toEqual({ ...flight, flightNumber: 'EK4' });
    expect(await agent.api.ok('/groups/transport/list', { groupId })).toEqual([numbered, coach]);
  });

  it('refuses a bad type, an arrival before the departure, and unknown or another tenant’s ids', async () => {
    const groupId = await newGroup();
    const path = '/groups/transport/write';
    const leg = {
      groupId,
      type: 'FERRY',
      departure: '2027-06-02T09:00',
      arrival: '2027-06-02T10:00',
      from: 'A',
      to: 'B',
    };
    await agent.api.expectError(path, { ...leg, type: 'TRAIN' }, 'INVALID_FORMAT', 'type');
    await agent.api.expectError(path, { ...leg, arrival: '2027-06-02T08:59' }, 'INVALID_FORMAT', 'arrival');
    await agent.api.expectError(path, { ...leg, departure: '2027-06-31T09:00' }, 'INVALID_FORMAT', 'departure');
    await agent.api.expectError(path, { ...leg, from: undefined }, 'MISSING_PARAMETER', 'from');
    await agent.api.expectError(path, { ...leg, transportId: 99_999_999 }, 'NOTFOUND', 'Transport');
    const made = await agent.api.ok<Transport>(path, leg);
    await other.adminApi.expectError(path, { ...leg, transportId: made.transportId }, 'NOTFOUND');
    await other.adminApi.expectError('/groups/transport/list', { groupId }, 'NOTFOUND', 'Group');
  });
});

describe('/groups/room/*', () => {
  it('adds rooms with the capacity given or their type’s, updates and lists them', async () => {
    const hotel = await newHotel(await newGroup());
    const double = await agent.api.ok<Room>('/groups/room/write', {
      hotelId: hotel.hotelId,
      roomType: 'DBL',
      roomNumber: '101',
    });
    expect(double).toEqual({
      roomId: expect.any(Number),
      hotelId: hotel.hotelId,
      groupId: hotel.groupId,
      roomType: 'DBL',
      roomNumber: '101',
      capacity: 2,
    });
    const suite = await agent.api.ok<Room>('/groups/room/write', { hotelId: hotel.hotelId, roomType: 'Suite' });
    expect(suite.capacity).toBeNull();
    const triple = await agent.api.ok<Room>('/groups/room/write', { ...double, roomType: 'TRP', capacity: undefined });
    expect(triple).toEqual({ ...double, roomType: 'TRP', capacity: 3 });
    expect(await agent.api.ok('/groups/room/list', { hotelId: hotel.hotelId })).toEqual([triple, suite]);
  });

  it('assigns passengers up to the capacity, the first one primary, and refuses a full room', async () => {
    const groupId = await newGroup();
    const hotel = await newHotel(groupId);
    const room = await agent.api.ok<Room>('/groups/room/write', { hotelId: hotel.hotelId, roomType: 'DBL' });
    const [a, b, c] = [await newPax(groupId, 'A'), await newPax(groupId, 'B'), await newPax(groupId, 'C')];
    const first = await agent.api.ok<RoomAssignment>('/groups/room/assign', { roomId: room.roomId, paxId: a });
    expect(first).toEqual({
      roomPaxId: expect.any(Number),
      roomId: room.roomId,
      hotelId: hotel.hotelId,
      groupId,
      paxId: a,
      isPrimary: true,
    });
    const second = await agent.api.ok<RoomAssignment>('/groups/room/assign', { roomId: room.roomId, paxId: b });
    expect(second.isPrimary).toBe(false);
    await agent.api.expectError('/groups/room/assign', { roomId: room.roomId, paxId: c }, 'INVALID_STATE', 'full');
    await agent.api.expectError('/groups/room/write', { ...room, capacity: 1 }, 'INVALID_STATE', 'capacity');

    // Unassigning frees a place; a new primary takes the role from the room's current one.
    expect(await agent.api.ok('/groups/room/unassign', { roomPaxId: second.roomPaxId })).toBe(true);
    const third = await agent.api.ok<RoomAssignment>('/groups/room/assign', {
      roomId: room.roomId,
      paxId: c,
      isPrimary: true,
    });
    expect(third.isPrimary).toBe(true);
    const { roomAssignments } = await agent.api.ok<{ roomAssignments: RoomAssignment[] }>(
      '/groups/group/loadExpanded',
      {
        groupId,
      },
    );
    expect(roomAssignments.map((r) => [r.paxId, r.isPrimary])).toEqual([
      [a, false],
      [c, true],
    ]);
    await agent.api.expectError(
      '/groups/room/unassign',
      { roomPaxId: second.roomPaxId },
      'NOTFOUND',
      'Room assignment',
    );
  });

  it('keeps a passenger in one room per hotel and in rooms of its own group', async () => {
    const groupId = await newGroup();
    const [hotel, nextHotel] = [await newHotel(groupId), await newHotel(groupId, { hotelName: 'Next' })];
    const room = await agent.api.ok<Room>('/groups/room/write', { hotelId: hotel.hotelId, roomType: 'QUAD' });
    const sameHotel = await agent.api.ok<Room>('/groups/room/write', { hotelId: hotel.hotelId, roomType: 'QUAD' });
    const elsewhere = await agent.api.ok<Room>('/groups/room/write', { hotelId: nextHotel.hotelId, roomType: 'QUAD' });
    const pax = await newPax(groupId, 'Once');
    await agent.api.ok('/groups/room/assign', { roomId: room.roomId, paxId: pax });
    await agent.api.expectError('/groups/room/assign', { roomId: room.roomId, paxId: pax }, 'INVALID_STATE', 'already');
    await agent.api.expectError(
      '/groups/room/assign',
      { roomId: sameHotel.roomId, paxId: pax },
      'INVALID_STATE',
      'already',
    );
    await agent.api.ok('/groups/room/assign', { roomId: elsewhere.roomId, paxId: pax });
    const stranger = await newPax(await newGroup(), 'Stranger');
    await agent.api.expectError(
      '/groups/room/assign',
      { roomId: room.roomId, paxId: stranger },
      'INVALID_STATE',
      'group',
    );
  });

  it('never overfills a room or doubles a passenger at a hotel under concurrent assigns', async () => {
    const groupId = await newGroup();
    const hotel = await newHotel(groupId);
    const [double, other] = [
      await agent.api.ok<Room>('/groups/room/write', { hotelId: hotel.hotelId, roomType: 'DBL' }),
      await agent.api.ok<Room>('/groups/room/write', { hotelId: hotel.hotelId, roomType: 'QUAD' }),
    ];
    const pax = await Promise.all(['A', 'B', 'C', 'D', 'E', 'F'].map((name) => newPax(groupId, name)));
    const intoDouble = await Promise.all(
      pax.map((paxId) => agent.api.call('/groups/room/assign', { roomId: double.roomId, paxId })),
    );
    expect(intoDouble.map((answer) => answer.apiStatus.errorCode).sort()).toEqual([
      'INVALID_STATE',
      'INVALID_STATE',
      'INVALID_STATE',
      'INVALID_STATE',
      'OK',
      'OK',
    ]);
    const unroomed = pax.find((_, i) => intoDouble[i]?.apiStatus.errorCode !== 'OK') ?? 0;
    const twice = await Promise.all(
      [double.roomId, other.roomId, other.roomId].map((roomId) =>
        agent.api.call('/groups/room/assign', { roomId, paxId: unroomed }),
      ),
    );
    expect(twice.filter((answer) => answer.apiStatus.errorCode === 'OK')).toHaveLength(1);
  });

  it('deletes an empty room and refuses one with room assignments', async () => {
    const groupId = await newGroup();
    const hotel = await newHotel(groupId);
    const room = await agent.api.ok<Room>('/groups/room/write', { hotelId: hotel.hotelId, roomType: 'SGL' });
    const assignment = await agent.api.ok<RoomAssignment>('/groups/room/assign', {
      roomId: room.roomId,
      paxId: await newPax(groupId, 'Solo'),
    });
    await agent.api.expectError('/groups/room/delete', { roomId: room.roomId }, 'INVALID_STATE', 'room assignments');
    await agent.api.ok('/groups/room/unassign', { roomPaxId: assignment.roomPaxId });
    expect(await agent.api.ok('/groups/room/delete', { roomId: room.roomId })).toBe(true);
    await agent.api.expectError('/groups/room/delete', { roomId: room.roomId }, 'NOTFOUND', 'Room');
    expect(await agent.api.ok('/groups/room/list', { hotelId: hotel.hotelId })).toEqual([]);
  });

  it('refuses bad input, a move to another hotel, and unknown or another tenant’s ids', async () => {
    const groupId = await newGroup();
    const [hotel, nextHotel] = [await newHotel(groupId), await newHotel(groupId)];
    const room = await agent.api.ok<Room>('/groups/room/write', { hotelId: hotel.hotelId, roomType: 'DBL' });
    const path = '/groups/room/write';
    await agent.api.expectError(path, { hotelId: hotel.hotelId }, 'MISSING_PARAMETER', 'roomType');
    await agent.api.expectError(
      path,
      { hotelId: hotel.hotelId, roomType: 'DBL', capacity: 0 },
      'INVALID_FORMAT',
      'capacity',
    );
    await agent.api.expectError(path, { ...room, hotelId: nextHotel.hotelId }, 'INVALID_STATE', 'hotel');
    await agent.api.expectError(path, { hotelId: 99_999_999, roomType: 'DBL' }, 'NOTFOUND', 'Hotel');
    await agent.api.expectError(
      '/groups/room/assign',
      { roomId: room.roomId, paxId: 99_999_999 },
      'NOTFOUND',
      'Passenger',
    );
    await agent.api.expectError('/groups/room/assign', { roomId: room.roomId }, 'MISSING_PARAMETER', 'paxId');
    await other.adminApi.expectError('/groups/room/list', { hotelId: hotel.hotelId }, 'NOTFOUND', 'Hotel');
    await other.adminApi.expectError('/groups/room/delete', { roomId: room.roomId }, 'NOTFOUND', 'Room');
  });
});
