// Groups (/groups/group/*): write (create, update, status moves, partner, paxCount as written and paxRegistered
// kept by the server), list by
// arrival range and partner, loadExpanded with everything of a group and its readiness warnings, bad input, and
// another tenant's ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../../../../test/support/database.js';
import { type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import {
  type ExpandedGroup,
  ExpandedGroup as ExpandedGroupSchema,
  type GroupHotel,
  type Room,
  type Transport,
  Transport as TransportSchema,
} from './group-stays.schemas.js';
import { type Group, type Passenger, Passenger as PassengerSchema } from './groups.schemas.js';

let t: TestTenant;
const ajv = new Ajv({ strict: false });
addFormats.default(ajv);
/** Whether a value is one of the schema (as the server's validator reads it). */
const answers = (schema: object, value: unknown) => ajv.validate(schema, value);
let other: TestTenant;
let agent: TestUser;

beforeAll(async () => {
  const service = await startTestService();
  [t, other] = [await tenant(service), await tenant(service)];
  agent = await user(t, 'agent');
});
afterAll(() => t?.service.close());

async function partner(api = agent.api): Promise<{ customerId: number; custName: string }> {
  const mark = uniqueName('p');
  return api.ok('/customer/create', {
    custName: `Partner ${mark}`,
    email: `${mark}@example.com`,
    mobilePhone: '+971500000001',
    isCompany: true,
  });
}

const writeGroup = (body: object) =>
  agent.api.ok<Group>('/groups/group/write', {
    groupName: 'Spring choir',
    arrivalDate: '2027-04-10',
    departureDate: '2027-04-15',
    ...body,
  });

describe('/groups/group/write', () => {
  it('creates a PENDING group with its partner’s name, no passengers and the paxCount written', async () => {
    const { customerId, custName } = await partner();
    const group = await writeGroup({ partnerId: customerId, paxCount: 40, notes: ' Choir of 40 ' });
    expect(group).toEqual({
      groupId: expect.any(Number),
      groupName: 'Spring choir',
      arrivalDate: '2027-04-10',
      departureDate: '2027-04-15',
      partnerId: customerId,
      partnerName: custName,
      paxCount: 40,
      paxRegistered: 0,
      status: 'PENDING',
      notes: 'Choir of 40',
      createdDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
    });
  });

  it('updates the fields given and keeps the partner, status and notes not given', async () => {
    const { customerId } = await partner();
    const made = await writeGroup({ partnerId: customerId, status: 'CONFIRMED', notes: 'Vegetarian meals' });
    const updated = await writeGroup({
      groupId: made.groupId,
      groupName: 'Spring choir (B)',
      departureDate: '2027-04-16',
    });
    expect(updated).toEqual({ ...made, groupName: 'Spring choir (B)', departureDate: '2027-04-16' });
  });

  it('keeps the written paxCount (the expected size) apart from the passengers entered (paxRegistered)', async () => {
    const made = await writeGroup({ paxCount: 30 });
    await agent.api.ok('/groups/pax/write', { groupId: made.groupId, firstName: 'Ana', lastName: 'Lima' });
    const kept = await writeGroup({ groupId: made.groupId, notes: 'Rooming list due' });
    expect([kept.paxCount, kept.paxRegistered]).toEqual([30, 1]);
    const changed = await writeGroup({ groupId: made.groupId, paxCount: 32 });
    expect([changed.paxCount, changed.paxRegistered]).toEqual([32, 1]);
    expect((await writeGroup({})).paxCount).toBeNull();
    for (const paxCount of [-1, 1.5, 1e308]) {
      await agent.api.expectError('/groups/group/write', { ...base, paxCount }, 'INVALID_FORMAT', 'paxCount');
    }
  });

  it('moves the status along PENDING → CONFIRMED → ARRIVED → DEPARTED and refuses moves the status does not allow', async () => {
    const { groupId } = await writeGroup({});
    await agent.api.expectError(
      '/groups/group/write',
      { ...base, groupId, status: 'ARRIVED' },
      'INVALID_STATE',
      'PENDING',
    );
    expect((await writeGroup({ groupId, status: 'CANCELLED' })).status).toBe('CANCELLED');
    expect((await writeGroup({ groupId, status: 'PENDING' })).status).toBe('PENDING');
    expect((await writeGroup({ groupId, status: 'CONFIRMED' })).status).toBe('CONFIRMED');
    expect((await writeGroup({ groupId, status: 'CONFIRMED' })).status).toBe('CONFIRMED');
    expect((await writeGroup({ groupId, status: 'ARRIVED' })).status).toBe('ARRIVED');
    await agent.api.expectError('/groups/group/write', { ...base, groupId, status: 'CANCELLED' }, 'INVALID_STATE');
    expect((await writeGroup({ groupId, status: 'DEPARTED' })).status).toBe('DEPARTED');
    await agent.api.expectError('/groups/group/write', { ...base, groupId, status: 'PENDING' }, 'INVALID_STATE');
  });

  it('answers the contract’s codes for bad input, naming the parameter', async () => {
    const path = '/groups/group/write';
    await agent.api.expectError(path, { ...base, groupName: '' }, 'MISSING_PARAMETER', 'groupName');
    await agent.api.expectError(
      path,
      { groupName: 'x', arrivalDate: '2027-04-10' },
      'MISSING_PARAMETER',
      'departureDate',
    );
    await agent.api.expectError(path, { ...base, arrivalDate: '10/04/2027' }, 'INVALID_FORMAT', 'arrivalDate');
    await agent.api.expectError(path, { ...base, arrivalDate: '2027-02-30' }, 'INVALID_FORMAT', 'arrivalDate');
    await agent.api.expectError(path, { ...base, departureDate: '2027-04-09' }, 'INVALID_FORMAT', 'departureDate');
    await agent.api.expectError(path, { ...base, status: 'LOST' }, 'INVALID_FORMAT', 'status');
    await agent.api.expectError(path, { ...base, partnerId: 'one' }, 'INVALID_FORMAT', 'partnerId');
  });

  it('answers NOTFOUND for an unknown group or partner, and for another tenant’s', async () => {
    const { groupId } = await writeGroup({});
    const theirs = await partner(other.adminApi);
    await agent.api.expectError('/groups/group/write', { ...base, groupId: 99_999_999 }, 'NOTFOUND', 'Group');
    await agent.api.expectError(
      '/groups/group/write',
      { ...base, partnerId: theirs.customerId + 10_000 },
      'NOTFOUND',
      'Customer',
    );
    await other.adminApi.expectError('/groups/group/write', { ...base, groupId }, 'NOTFOUND', 'Group');
    await other.adminApi.expectError('/groups/group/loadExpanded', { groupId }, 'NOTFOUND', 'Group');
  });

  it('is for employees only', async () => {
    const customer = await user(t, 'customer');
    await customer.api.expectError('/groups/group/write', base, 'FORBIDDEN');
    await customer.api.expectError(
      '/groups/group/list',
      { arrivalFrom: '2027-01-01', arrivalTo: '2027-01-02' },
      'FORBIDDEN',
    );
  });
});

const base = { groupName: 'Base group', arrivalDate: '2027-04-10', departureDate: '2027-04-15' };

describe('/groups/group/list', () => {
  it('answers the groups arriving in the range (inclusive), by arrival, optionally of one partner', async () => {
    const [first, second] = [await partner(), await partner()];
    const arriving = (arrivalDate: string, partnerId: number) =>
      writeGroup({ groupName: uniqueName('g'), arrivalDate, departureDate: '2031-01-20', partnerId });
    const a = await arriving('2031-01-05', first.customerId);
    const b = await arriving('2031-01-01', second.customerId);
    const c = await arriving('2031-01-10', first.customerId);
    await arriving('2031-01-11', first.customerId);
    const list = (body: object) =>
      agent.api.ok<Group[]>('/groups/group/list', { arrivalFrom: '2031-01-01', arrivalTo: '2031-01-10', ...body });
    expect((await list({})).map((g) => g.groupId)).toEqual([b.groupId, a.groupId, c.groupId]);
    expect((await list({ partnerId: first.customerId })).map((g) => g.groupId)).toEqual([a.groupId, c.groupId]);
    expect(await list({ arrivalFrom: '2032-01-01', arrivalTo: '2032-12-31' })).toEqual([]);
  });

  it('refuses a range that ends before it starts, and bad dates', async () => {
    const path = '/groups/group/list';
    await agent.api.expectError(
      path,
      { arrivalFrom: '2031-01-10', arrivalTo: '2031-01-01' },
      'INVALID_FORMAT',
      'arrivalTo',
    );
    await agent.api.expectError(
      path,
      { arrivalFrom: '2031-13-01', arrivalTo: '2031-01-01' },
      'INVALID_FORMAT',
      'arrivalFrom',
    );
    await agent.api.expectError(path, { arrivalFrom: '2031-01-01' }, 'MISSING_PARAMETER', 'arrivalTo');
  });
});

describe('/groups/group/loadExpanded', () => {
  it('answers the group with passengers, hotels, transport, rooms, assignments and what is not ready', async () => {
    const group = await writeGroup({ departureDate: '2027-04-15' });
    const { groupId } = group;
    const pax = await agent.api.ok<Passenger[]>('/groups/pax/write', {
      paxList: [
        { groupId, firstName: 'Ana', lastName: 'Lima', passportNumber: 'P1', passportExpiry: '2027-10-15' },
        { groupId, firstName: 'Ben', lastName: 'Cole', passportNumber: 'P2', passportExpiry: '2027-10-14' },
      ],
    });
    const [ana, ben] = [pax[0]?.paxId ?? 0, pax[1]?.paxId ?? 0];
    const hotel = await agent.api.ok<GroupHotel>('/groups/hotel/write', {
      groupId,
      hotelName: 'Sea View',
      checkIn: '2027-04-10',
      checkOut: '2027-04-15',
    });
    const flight = await agent.api.ok<Transport>('/groups/transport/write', {
      groupId,
      type: 'FLIGHT',
      departure: '2027-04-10T08:00:00',
      arrival: '2027-04-10T12:30',
      from: 'LHR',
      to: 'DXB',
    });
    const room = await agent.api.ok<Room>('/groups/room/write', { hotelId: hotel.hotelId, roomType: 'DBL' });
    const assignment = await agent.api.ok('/groups/room/assign', { roomId: room.roomId, paxId: ana });

    const expanded = await agent.api.ok<ExpandedGroup>('/groups/group/loadExpanded', { groupId });
    // The lists are written by PostgreSQL: the answer must be the schema's, key for key.
    expect(answers(ExpandedGroupSchema, expanded)).toBe(true);
    expect(Object.keys(expanded.passengers[0] ?? {})).toEqual(Object.keys(PassengerSchema.properties));
    expect(Object.keys(expanded.transport[0] ?? {})).toEqual(Object.keys(TransportSchema.properties));
    expect(expanded.group).toEqual({ ...group, paxRegistered: 2 });
    expect(expanded.passengers).toEqual(pax);
    expect(expanded.hotels).toEqual([hotel]);
    expect(expanded.transport).toEqual([flight]);
    expect(expanded.rooms).toEqual([room]);
    expect(expanded.roomAssignments).toEqual([assignment]);
    expect(expanded.readiness.map((w) => [w.code, w.hotelId, w.transportId, w.paxIds])).toEqual([
      ['HOTEL_UNCONFIRMED', hotel.hotelId, null, []],
      ['PAX_WITHOUT_ROOM', hotel.hotelId, null, [ben]],
      ['FLIGHT_NUMBER_MISSING', null, flight.transportId, []],
      ['PASSPORT_EXPIRES', null, null, [ben]],
    ]);

    // Settled: the hotel confirmed, Ben roomed, the flight numbered, Ben's passport renewed.
    await agent.api.ok('/groups/hotel/write', { ...hotelFields(hotel), confirmationNumber: 'CNF-881' });
    await agent.api.ok('/groups/room/assign', { roomId: room.roomId, paxId: ben });
    await agent.api.ok('/groups/transport/write', { ...transportFields(flight), flightNumber: 'EK2' });
    await agent.api.ok('/groups/pax/write', {
      paxId: ben,
      groupId,
      firstName: 'Ben',
      lastName: 'Cole',
      passportExpiry: '2032-01-01',
    });
    const ready = await agent.api.ok<ExpandedGroup>('/groups/group/loadExpanded', { groupId });
    expect(ready.readiness).toEqual([]);
  });

  it('answers a change made by any writer at once (the node keeps the answer only while the version holds)', async () => {
    const group = await writeGroup({});
    const { groupId } = group;
    const load = () => agent.api.ok<ExpandedGroup>('/groups/group/loadExpanded', { groupId });
    const [pax] = await agent.api.ok<Passenger[]>('/groups/pax/write', {
      paxList: [{ groupId, firstName: 'Kept', lastName: 'Copy' }],
    });
    const paxId = pax?.paxId ?? 0;
    expect((await load()).passengers.map((p) => p.phone)).toEqual([null]);
    expect((await load()).passengers.map((p) => p.phone)).toEqual([null]);
    // Written in the database directly, as an import or another node would: the next answer has it.
    await t.db((sql) => sql`UPDATE group_pax SET phone = '+44 20 7946 0000' WHERE pax_id = ${paxId}`);
    expect((await load()).passengers.map((p) => p.phone)).toEqual(['+44 20 7946 0000']);
    const hotel = await agent.api.ok<GroupHotel>('/groups/hotel/write', {
      groupId,
      hotelName: 'Cache Inn',
      checkIn: '2027-04-10',
      checkOut: '2027-04-15',
    });
    const room = await agent.api.ok<Room>('/groups/room/write', { hotelId: hotel.hotelId, roomType: 'SGL' });
    const assignment = await agent.api.ok<{ roomPaxId: number }>('/groups/room/assign', { roomId: room.roomId, paxId });
    expect((await load()).roomAssignments).toHaveLength(1);
    await agent.api.ok('/groups/room/unassign', { roomPaxId: assignment.roomPaxId });
    await agent.api.ok('/groups/room/delete', { roomId: room.roomId });
    const after = await load();
    expect([after.rooms, after.roomAssignments]).toEqual([[], []]);
    expect(after.readiness.map((w) => w.code)).toEqual(['HOTEL_UNCONFIRMED', 'PAX_WITHOUT_ROOM']);
    await t.db((sql) => sql`DELETE FROM group_pax WHERE pax_id = ${paxId}`);
    expect((await load()).group.paxRegistered).toBe(0);
  });

  it('answers an empty group with empty lists, and NOTFOUND for an unknown one', async () => {
    const group = await writeGroup({});
    expect(await agent.api.ok('/groups/group/loadExpanded', { groupId: group.groupId })).toEqual({
      group,
      passengers: [],
      hotels: [],
      transport: [],
      rooms: [],
      roomAssignments: [],
      readiness: [],
    });
    await agent.api.expectError('/groups/group/loadExpanded', { groupId: 99_999_999 }, 'NOTFOUND', 'Group');
    await agent.api.expectError('/groups/group/loadExpanded', {}, 'MISSING_PARAMETER', 'groupId');
    await agent.api.expectError('/groups/group/loadExpanded', { groupId: 'x' }, 'INVALID_FORMAT', 'groupId');
  });
});

function hotelFields(hotel: GroupHotel) {
  return {
    hotelId: hotel.hotelId,
    groupId: hotel.groupId,
    hotelName: hotel.hotelName,
    checkIn: hotel.checkIn,
    checkOut: hotel.checkOut,
  };
}

function transportFields(leg: Transport) {
  const { transportId, groupId, type, departure, arrival, from, to } = leg;
  return { transportId, groupId, type, departure, arrival, from, to };
}
