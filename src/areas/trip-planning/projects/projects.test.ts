// Trip projects through the API (contract §8.5): create with its customer and creator, the list's filters and
// pages, get with its itineraries' totals, update and every status move, delete cascading, and toBooking making
// one back-office booking (also of concurrent calls) with the project frozen afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../../../../test/support/database.js';
import { type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import { addDays, formatDate } from '../../../platform/time.js';
import type { Itinerary, Project, ProjectSummary } from '../trip.schemas.js';

// What the test reads of the back-office booking (the BLM area's answer is its own).
type BlmBooking = {
  bookingId: number;
  reference?: string;
  customerId: number;
  currency: string;
  status: string;
  totalAmount: number;
  notes: string | null;
  lines: Array<{ description: string; unitPrice: number; quantity: number; total: number }>;
};

let t: TestTenant;
let agent: TestUser;
let customer: { customerId: number; custName: string; email: string };
const today = formatDate(new Date(), 'Asia/Dubai');

const newCustomer = async () => {
  const mark = uniqueName('c');
  return agent.api.ok<{ customerId: number; custName: string; email: string }>('/customer/create', {
    custName: `Traveller ${mark}`,
    email: `${mark}@example.com`,
    mobilePhone: `+9715${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  });
};

const createProject = (extra: object = {}) =>
  agent.api.ok<Project>('/tripmaker/project/create', { projectName: uniqueName('Trip'), ...extra });

/** A project with one itinerary holding a service and an exclusion. */
async function bookable(extra: object = {}) {
  const project = await createProject({ customerId: customer.customerId, startDate: addDays(today, 10), ...extra });
  const itinerary = await agent.api.ok<Itinerary>('/tripmaker/itinerary/create', {
    projectId: project.projectId,
    itineraryName: 'Option A',
  });
  await agent.api.ok('/tripmaker/itinerary/add-service', {
    itineraryId: itinerary.itineraryId,
    serviceType: 'TRANSFER',
    description: 'Airport pick-up',
    cost: 200,
    marginValue: 10,
    dayNumber: 1,
  });
  await agent.api.ok('/tripmaker/itinerary/add-exclusion', {
    itineraryId: itinerary.itineraryId,
    description: 'Visa fees',
  });
  return { project, itinerary };
}

beforeAll(async () => {
  t = await tenant(await startTestService());
  agent = await user(t, 'agent');
  customer = await newCustomer();
}, 120_000);
afterAll(() => t?.service.close());

describe('/tripmaker/project/create, get and list', () => {
  it('creates a DRAFT project with its customer, its creator and the tenant currency', async () => {
    const made = await createProject({
      customerId: customer.customerId,
      startDate: '2027-03-01',
      endDate: '2027-03-08',
      adults: 2,
      children: 1,
    });
    expect(made).toMatchObject({
      customerId: customer.customerId,
      customerName: customer.custName,
      customerEmail: customer.email,
      startDate: '2027-03-01',
      endDate: '2027-03-08',
      adults: 2,
      children: 1,
      infants: 0,
      currency: 'AED',
      status: 'DRAFT',
      createdBy: agent.userId,
      createdByName: 'Test agent',
      bookingId: null,
      itineraries: [],
    });
    expect(await agent.api.ok('/tripmaker/project/get', { projectId: made.projectId })).toEqual(made);
  });

  it('answers MISSING_PARAMETER without a session and FORBIDDEN to a customer', async () => {
    await t.api.expectError('/tripmaker/project/create', { projectName: 'x' }, 'MISSING_PARAMETER', 'session');
    const customerUser = await user(t, 'customer');
    await customerUser.api.expectError('/tripmaker/project/list', {}, 'FORBIDDEN');
  });

  it('refuses an unknown customer, a currency without a rate, and an end before the start', async () => {
    await agent.api.expectError('/tripmaker/project/create', { projectName: 'x', customerId: 999999 }, 'NOTFOUND');
    await agent.api.expectError(
      '/tripmaker/project/create',
      { projectName: 'x', currency: 'JPY' },
      'INVALID_FORMAT',
      'currency',
    );
    await agent.api.expectError(
      '/tripmaker/project/create',
      { projectName: 'x', startDate: '2027-01-10', endDate: '2027-01-09' },
      'INVALID_FORMAT',
      'endDate',
    );
    await agent.api.expectError('/tripmaker/project/get', { projectId: 999999 }, 'NOTFOUND');
  });

  it('takes a currency that has a rate from the tenant currency', async () => {
    await agent.api.ok('/cruise/exchangerate/write', {
      fromCurrency: 'AED',
      toCurrency: 'EUR',
      rate: 0.25,
      validFrom: addDays(today, -30),
    });
    expect(await createProject({ currency: 'eur' })).toMatchObject({ currency: 'EUR' });
  });

  it('lists newest first by customer, status and overlapping dates, a page at a time', async () => {
    const mine = await newCustomer();
    const a = await createProject({ customerId: mine.customerId, startDate: '2027-05-01', endDate: '2027-05-05' });
    const b = await createProject({ customerId: mine.customerId, startDate: '2027-06-01', endDate: '2027-06-05' });
    const c = await createProject({ customerId: mine.customerId });
    await agent.api.ok('/tripmaker/project/update', { projectId: b.projectId, status: 'QUOTED' });
    const list = (body: object) =>
      agent.api
        .ok<ProjectSummary[]>('/tripmaker/project/list', { customerId: mine.customerId, ...body })
        .then((rows) => rows.map((row) => row.projectId));
    expect(await list({})).toEqual([c.projectId, b.projectId, a.projectId]);
    expect(await list({ status: 'QUOTED' })).toEqual([b.projectId]);
    expect(await list({ fromDate: '2027-05-10' })).toEqual([c.projectId, b.projectId]);
    expect(await list({ toDate: '2027-05-03' })).toEqual([c.projectId, a.projectId]);
    expect(await list({ fromDate: '2027-05-04', toDate: '2027-05-20' })).toEqual([c.projectId, a.projectId]);
    expect(await list({ pageSize: 2, page: 2 })).toEqual([a.projectId]);
    const [row] = await agent.api.ok<ProjectSummary[]>('/tripmaker/project/list', { customerId: mine.customerId });
    expect(row).toMatchObject({ customerName: mine.custName, customerEmail: mine.email });
    await agent.api.expectError('/tripmaker/project/list', { pageSize: 201 }, 'INVALID_FORMAT', 'pageSize');
  });
});

describe('/tripmaker/project/update and delete', () => {
  it('changes fields and moves DRAFT ↔ QUOTED, never to CONFIRMED by update', async () => {
    const made = await createProject();
    const updated = await agent.api.ok<Project>('/tripmaker/project/update', {
      projectId: made.projectId,
      projectName: 'Renamed',
      adults: 3,
      customerId: customer.customerId,
      status: 'QUOTED',
    });
    expect(updated).toMatchObject({
      projectName: 'Renamed',
      adults: 3,
      status: 'QUOTED',
      customerName: customer.custName,
    });
    const back = { projectId: made.projectId, status: 'DRAFT' };
    expect(await agent.api.ok<Project>('/tripmaker/project/update', back)).toMatchObject({ status: 'DRAFT' });
    await agent.api.expectError(
      '/tripmaker/project/update',
      { projectId: made.projectId, status: 'CONFIRMED' },
      'INVALID_STATE',
      'status',
    );
    await agent.api.expectError(
      '/tripmaker/project/update',
      { projectId: made.projectId, status: 'COMPLETED' },
      'INVALID_STATE',
      'status',
    );
    await agent.api.expectError(
      '/tripmaker/project/update',
      { projectId: made.projectId, endDate: '2020-01-01', startDate: '2020-01-02' },
      'INVALID_FORMAT',
      'endDate',
    );
    await agent.api.expectError('/tripmaker/project/update', { projectId: 999999 }, 'NOTFOUND');
  });

  it('cancels from any status but COMPLETED; a cancelled project takes no change but its status', async () => {
    const made = await createProject();
    const cancel = { projectId: made.projectId, status: 'CANCELLED' };
    expect(await agent.api.ok<Project>('/tripmaker/project/update', cancel)).toMatchObject({ status: 'CANCELLED' });
    await agent.api.expectError(
      '/tripmaker/project/update',
      { projectId: made.projectId, projectName: 'x' },
      'INVALID_STATE',
    );
    await agent.api.expectError(
      '/tripmaker/project/update',
      { projectId: made.projectId, status: 'DRAFT' },
      'INVALID_STATE',
    );
    await agent.api.expectError(
      '/tripmaker/itinerary/create',
      { projectId: made.projectId, itineraryName: 'x' },
      'INVALID_STATE',
    );
    await agent.api.expectError('/tripmaker/project/delete', { projectId: made.projectId }, 'INVALID_STATE');
  });

  it('deletes a project with its itineraries and components', async () => {
    const { project, itinerary } = await bookable();
    expect(await agent.api.ok('/tripmaker/project/delete', { projectId: project.projectId })).toBe(true);
    await agent.api.expectError('/tripmaker/project/get', { projectId: project.projectId }, 'NOTFOUND');
    await agent.api.expectError('/tripmaker/itinerary/get', { itineraryId: itinerary.itineraryId }, 'NOTFOUND');
    await agent.api.expectError('/tripmaker/project/delete', { projectId: project.projectId }, 'NOTFOUND');
  });
});

describe('/tripmaker/project/toBooking', () => {
  it('makes a CONFIRMED back-office booking of the itinerary, one line per priced component', async () => {
    const { project, itinerary } = await bookable();
    await agent.api.ok('/tripmaker/itinerary/add-activity', {
      itineraryId: itinerary.itineraryId,
      title: 'Desert safari',
      costPrice: 99.99,
      quantity: 2,
      marginType: 'FIXED',
      marginValue: 0.01,
    });
    const booked = await agent.api.ok<Project>('/tripmaker/project/toBooking', {
      projectId: project.projectId,
      itineraryId: itinerary.itineraryId,
    });
    expect(booked).toMatchObject({
      status: 'CONFIRMED',
      bookingId: expect.any(Number),
      bookingReference: expect.stringMatching(/^TQ/),
      bookedItineraryId: itinerary.itineraryId,
    });
    const booking = await agent.api.ok<BlmBooking>('/blm/booking/read', { bookingId: booked.bookingId });
    expect(booking).toMatchObject({ customerId: customer.customerId, currency: 'AED', status: 'CONFIRMED' });
    expect(booking.notes).toContain(`Trip project ${project.projectId}`);
    expect(booking.lines.map((line) => [line.description, line.unitPrice])).toEqual([
      ['TRANSFER: Airport pick-up', 220],
      ['Desert safari × 2', 100],
    ]);
    expect(booking.totalAmount).toBe(320);
    const totals = await agent.api.ok<Itinerary>('/tripmaker/itinerary/get', { itineraryId: itinerary.itineraryId });
    expect(totals.totalSelling).toBe(320);
  });

  it('freezes the project: no change but its status, COMPLETED only once endDate is past', async () => {
    const { project, itinerary } = await bookable({ startDate: addDays(today, -5), endDate: addDays(today, 2) });
    const ids = { projectId: project.projectId, itineraryId: itinerary.itineraryId };
    await agent.api.ok('/tripmaker/project/toBooking', ids);
    await agent.api.expectError('/tripmaker/project/toBooking', ids, 'INVALID_STATE');
    await agent.api.expectError(
      '/tripmaker/project/update',
      { projectId: project.projectId, adults: 4 },
      'INVALID_STATE',
    );
    await agent.api.expectError(
      '/tripmaker/itinerary/update',
      { itineraryId: itinerary.itineraryId, itineraryName: 'x' },
      'INVALID_STATE',
    );
    await agent.api.expectError(
      '/tripmaker/itinerary/add-exclusion',
      { itineraryId: itinerary.itineraryId, description: 'x' },
      'INVALID_STATE',
    );
    await agent.api.expectError('/tripmaker/itinerary/delete', { itineraryId: itinerary.itineraryId }, 'INVALID_STATE');
    await agent.api.expectError(
      '/tripmaker/project/update',
      { projectId: project.projectId, status: 'COMPLETED' },
      'INVALID_STATE',
      'COMPLETED',
    );
    await agent.api.expectError(
      '/tripmaker/project/update',
      { projectId: project.projectId, status: 'QUOTED' },
      'INVALID_STATE',
    );
    const ended = await bookable({ startDate: addDays(today, -9), endDate: addDays(today, -1) });
    const endedIds = { projectId: ended.project.projectId, itineraryId: ended.itinerary.itineraryId };
    await agent.api.ok('/tripmaker/project/toBooking', endedIds);
    const completed = await agent.api.ok<Project>('/tripmaker/project/update', {
      projectId: ended.project.projectId,
      status: 'COMPLETED',
    });
    expect(completed.status).toBe('COMPLETED');
    await agent.api.expectError(
      '/tripmaker/project/update',
      { projectId: ended.project.projectId, status: 'CANCELLED' },
      'INVALID_STATE',
    );
  });

  it('makes exactly one booking of concurrent calls', async () => {
    const { project, itinerary } = await bookable();
    const ids = { projectId: project.projectId, itineraryId: itinerary.itineraryId };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => agent.api.call('/tripmaker/project/toBooking', ids)),
    );
    const codes = answers.map((answer) => answer.apiStatus.errorCode).sort();
    expect(codes).toEqual(['INVALID_STATE', 'INVALID_STATE', 'INVALID_STATE', 'INVALID_STATE', 'OK']);
    const bookings = await agent.api.ok<Array<{ bookingId: number; notes?: string | null }>>('/blm/booking/search', {
      customerId: customer.customerId,
      keyword: undefined,
    });
    const after = await agent.api.ok<Project>('/tripmaker/project/get', { projectId: project.projectId });
    expect(bookings.filter((booking) => booking.bookingId === after.bookingId)).toHaveLength(1);
  });

  it('refuses a project without customer, an empty itinerary, another project’s itinerary and unknown ids', async () => {
    const lone = await bookable({ customerId: undefined });
    await agent.api.expectError(
      '/tripmaker/project/toBooking',
      { projectId: lone.project.projectId, itineraryId: lone.itinerary.itineraryId },
      'INVALID_STATE',
      'customer',
    );
    const other = await bookable();
    await agent.api.expectError(
      '/tripmaker/project/toBooking',
      { projectId: other.project.projectId, itineraryId: lone.itinerary.itineraryId },
      'NOTFOUND',
      'Itinerary',
    );
    const empty = await agent.api.ok<Itinerary>('/tripmaker/itinerary/create', {
      projectId: other.project.projectId,
      itineraryName: 'Empty',
    });
    await agent.api.expectError(
      '/tripmaker/project/toBooking',
      { projectId: other.project.projectId, itineraryId: empty.itineraryId },
      'INVALID_STATE',
      'priced',
    );
    await agent.api.expectError('/tripmaker/project/toBooking', { projectId: 999999, itineraryId: 1 }, 'NOTFOUND');
  });
});
