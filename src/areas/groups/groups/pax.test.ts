// Passengers (/groups/pax/*): the single and the multiple form of write (all or none), updates of the fields
// given, paxCount following the passengers, read and list, bad input and another tenant's ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import type { Group, Passenger } from './groups.schemas.js';

let t: TestTenant;
let other: TestTenant;
let agent: TestUser;

beforeAll(async () => {
  const service = await startTestService();
  [t, other] = [await tenant(service), await tenant(service)];
  agent = await user(t, 'employee');
});
afterAll(() => t?.service.close());

const newGroup = (api = agent.api) =>
  api.ok<Group>('/groups/group/write', {
    groupName: 'Pax group',
    arrivalDate: '2027-05-01',
    departureDate: '2027-05-08',
  });
const paxCount = async (groupId: number) =>
  (await agent.api.ok<{ group: Group }>('/groups/group/loadExpanded', { groupId })).group.paxRegistered;

const fullPax = {
  firstName: 'Layla',
  lastName: 'Haddad',
  gender: 'F',
  dateOfBirth: '1990-02-03',
  age: 37,
  nationality: 'JO',
  passportNumber: 'N1234567',
  passportExpiry: '2031-06-30',
  phone: '+962790000000',
  email: 'layla@example.com',
  notes: 'Window seat',
  emergencyContact: 'Omar Haddad',
  emergencyTel: '+962790000001',
  visaRequired: true,
  visaStatus: 'APPLIED',
};

describe('/groups/pax/write, single form', () => {
  it('adds a passenger with every spreadsheet field, reads it back, and counts it in the group', async () => {
    const { groupId } = await newGroup();
    const pax = await agent.api.ok<Passenger>('/groups/pax/write', { groupId, ...fullPax });
    expect(pax).toEqual({ paxId: expect.any(Number), groupId, ...fullPax });
    expect(await agent.api.ok('/groups/pax/read', { paxId: pax.paxId })).toEqual(pax);
    expect(await paxCount(groupId)).toBe(1);
  });

  it('updates the fields given and keeps the others; the count does not change', async () => {
    const { groupId } = await newGroup();
    const pax = await agent.api.ok<Passenger>('/groups/pax/write', { groupId, ...fullPax });
    const updated = await agent.api.ok<Passenger>('/groups/pax/write', {
      paxId: pax.paxId,
      groupId,
      firstName: 'Leila',
      lastName: 'Haddad',
      passportNumber: 'N7654321',
    });
    expect(updated).toEqual({ ...pax, firstName: 'Leila', passportNumber: 'N7654321' });
    expect(await paxCount(groupId)).toBe(1);
  });

  it('keeps a passenger in its group: another groupId on an update is INVALID_STATE', async () => {
    const [first, second] = [await newGroup(), await newGroup()];
    const pax = await agent.api.ok<Passenger>('/groups/pax/write', {
      groupId: first.groupId,
      firstName: 'A',
      lastName: 'B',
    });
    await agent.api.expectError(
      '/groups/pax/write',
      { paxId: pax.paxId, groupId: second.groupId, firstName: 'A', lastName: 'B' },
      'INVALID_STATE',
      'stays in its group',
    );
    expect([await paxCount(first.groupId), await paxCount(second.groupId)]).toEqual([1, 0]);
  });

  it('answers the contract’s codes for missing and bad fields, naming them', async () => {
    const { groupId } = await newGroup();
    const path = '/groups/pax/write';
    await agent.api.expectError(path, { firstName: 'A', lastName: 'B' }, 'MISSING_PARAMETER', 'groupId');
    await agent.api.expectError(path, { groupId, lastName: 'B' }, 'MISSING_PARAMETER', 'firstName');
    await agent.api.expectError(path, { groupId, firstName: 'A', lastName: ' ' }, 'MISSING_PARAMETER', 'lastName');
    await agent.api.expectError(
      path,
      { groupId, firstName: 'A', lastName: 'B', gender: 'X' },
      'INVALID_FORMAT',
      'gender',
    );
    await agent.api.expectError(
      path,
      { groupId, firstName: 'A', lastName: 'B', dateOfBirth: '1990-13-01' },
      'INVALID_FORMAT',
      'dateOfBirth',
    );
    await agent.api.expectError(
      path,
      { groupId, firstName: 'A', lastName: 'B', email: 'not-mail' },
      'INVALID_FORMAT',
      'email',
    );
    await agent.api.expectError(path, { groupId: 99_999_999, firstName: 'A', lastName: 'B' }, 'NOTFOUND', 'Group');
    await agent.api.expectError(
      path,
      { paxId: 99_999_999, groupId, firstName: 'A', lastName: 'B' },
      'NOTFOUND',
      'Passenger',
    );
    expect(await paxCount(groupId)).toBe(0);
  });
});

describe('/groups/pax/write, multiple form', () => {
  it('writes the list in one go and answers the passengers in the order sent', async () => {
    const { groupId } = await newGroup();
    const existing = await agent.api.ok<Passenger>('/groups/pax/write', { groupId, firstName: 'Old', lastName: 'One' });
    const written = await agent.api.ok<Passenger[]>('/groups/pax/write', {
      paxList: [
        { groupId, firstName: 'Zed', lastName: 'Last' },
        { paxId: existing.paxId, groupId, firstName: 'Old', lastName: 'One', phone: '+1' },
        { groupId, firstName: 'Amy', lastName: 'First', gender: 'F' },
      ],
    });
    expect(written.map((p) => [p.firstName, p.phone])).toEqual([
      ['Zed', null],
      ['Old', '+1'],
      ['Amy', null],
    ]);
    expect(written[1]?.paxId).toBe(existing.paxId);
    expect(await paxCount(groupId)).toBe(3);
    const listed = await agent.api.ok<Passenger[]>('/groups/pax/list', { groupId });
    expect(listed.map((p) => p.firstName)).toEqual(['Old', 'Zed', 'Amy']);
  });

  it('writes none when one fails, naming the failing element', async () => {
    const { groupId } = await newGroup();
    await agent.api.expectError(
      '/groups/pax/write',
      {
        paxList: [
          { groupId, firstName: 'A', lastName: 'B' },
          { groupId: 99_999_999, firstName: 'C', lastName: 'D' },
        ],
      },
      'NOTFOUND',
      'paxList[1]',
    );
    await agent.api.expectError(
      '/groups/pax/write',
      {
        paxList: [
          { groupId, firstName: 'A', lastName: 'B' },
          { groupId, firstName: 'C' },
        ],
      },
      'MISSING_PARAMETER',
      'paxList[1].lastName',
    );
    await agent.api.expectError('/groups/pax/write', { paxList: [] }, 'INVALID_FORMAT', 'paxList');
    expect(await paxCount(groupId)).toBe(0);
  });
});

describe('/groups/pax/read and list', () => {
  it('lists the newest passengers of every group without groupId, and [] for a group without any', async () => {
    const [first, second] = [await newGroup(), await newGroup()];
    const a = await agent.api.ok<Passenger>('/groups/pax/write', {
      groupId: first.groupId,
      firstName: 'A',
      lastName: 'A',
    });
    const b = await agent.api.ok<Passenger>('/groups/pax/write', {
      groupId: second.groupId,
      firstName: 'B',
      lastName: 'B',
    });
    const all = await agent.api.ok<Passenger[]>('/groups/pax/list', {});
    expect(all.slice(0, 2).map((p) => p.paxId)).toEqual([b.paxId, a.paxId]);
    const empty = await newGroup();
    expect(await agent.api.ok('/groups/pax/list', { groupId: empty.groupId })).toEqual([]);
  });

  it('answers NOTFOUND for unknown ids and for another tenant’s', async () => {
    const { groupId } = await newGroup();
    const pax = await agent.api.ok<Passenger>('/groups/pax/write', { groupId, firstName: 'A', lastName: 'B' });
    await agent.api.expectError('/groups/pax/read', { paxId: 99_999_999 }, 'NOTFOUND', 'Passenger');
    await agent.api.expectError('/groups/pax/list', { groupId: 99_999_999 }, 'NOTFOUND', 'Group');
    await other.adminApi.expectError('/groups/pax/read', { paxId: pax.paxId }, 'NOTFOUND', 'Passenger');
    await other.adminApi.expectError('/groups/pax/list', { groupId }, 'NOTFOUND', 'Group');
    await other.adminApi.expectError('/groups/pax/write', { paxId: pax.paxId }, 'NOTFOUND', 'Passenger');
    await agent.api.expectError('/groups/pax/read', {}, 'MISSING_PARAMETER', 'paxId');
  });
});
