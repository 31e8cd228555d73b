// Visa deliveries (PICKUP or COURIER; SCHEDULED when created with a date; the moves to IN_TRANSIT and DELIVERED) and
// the requirements staff keep (one per destination, visa type and nationality; fees exact), with every refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import { newApplication, newRequirement } from '../../../../test/support/visas.js';
import type { Delivery, Requirement } from '../model/index.js';

let t: TestTenant;
let agent: TestUser;

beforeAll(async () => {
  t = await tenant(await startTestService());
  agent = await user(t, 'agent');
});
afterAll(() => t?.service.close());

const writeDelivery = (body: object) => agent.api.ok<Delivery>('/visa/writedelivery', body);

describe('/visa/writedelivery, readdelivery and searchdelivery', () => {
  it('creates a COURIER delivery SCHEDULED by its date, sends it with a tracking number and delivers it', async () => {
    const { applicationId, applicationNumber } = await newApplication(agent);
    const made = await writeDelivery({
      applicationId,
      deliveryType: 'COURIER',
      address: '12 Marina Walk',
      city: 'Dubai',
      postalCode: '00000',
      contactName: 'Amira',
      contactPhone: '+971500000002',
      scheduledDate: '2030-06-20',
    });
    expect(made).toEqual({
      deliveryId: expect.any(Number),
      applicationId,
      applicationNumber,
      deliveryType: 'COURIER',
      address: '12 Marina Walk',
      city: 'Dubai',
      postalCode: '00000',
      contactName: 'Amira',
      contactPhone: '+971500000002',
      scheduledDate: '2030-06-20',
      status: 'SCHEDULED',
      trackingNumber: null,
      courierCompany: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      notes: null,
    });
    const base = { deliveryId: made.deliveryId, applicationId, deliveryType: 'COURIER' };
    await agent.api.expectError(
      '/visa/writedelivery',
      { ...base, status: 'IN_TRANSIT' },
      'INVALID_STATE',
      'trackingNumber',
    );
    const sent = await writeDelivery({
      ...base,
      status: 'IN_TRANSIT',
      trackingNumber: 'AWB123',
      courierCompany: 'Aramex',
    });
    expect(sent).toMatchObject({
      status: 'IN_TRANSIT',
      trackingNumber: 'AWB123',
      courierCompany: 'Aramex',
      city: 'Dubai',
    });
    await agent.api.expectError(
      '/visa/writedelivery',
      { ...base, status: 'SCHEDULED' },
      'INVALID_STATE',
      'is IN_TRANSIT',
    );
    expect((await writeDelivery({ ...base, status: 'DELIVERED' })).status).toBe('DELIVERED');
    await agent.api.expectError(
      '/visa/writedelivery',
      { ...base, status: 'CANCELLED' },
      'INVALID_STATE',
      'is DELIVERED',
    );
    expect(await agent.api.ok('/visa/readdelivery', { deliveryId: made.deliveryId })).toMatchObject({
      status: 'DELIVERED',
    });
  });

  it('keeps a PICKUP without a date PENDING until it gets one; a pick-up is never in transit', async () => {
    const { applicationId } = await newApplication(agent);
    const made = await writeDelivery({ applicationId, deliveryType: 'PICKUP', contactName: 'Omar' });
    expect(made).toMatchObject({ status: 'PENDING', scheduledDate: null, address: null });
    const base = { deliveryId: made.deliveryId, applicationId, deliveryType: 'PICKUP' };
    await agent.api.expectError(
      '/visa/writedelivery',
      { ...base, status: 'SCHEDULED' },
      'INVALID_STATE',
      'scheduledDate',
    );
    await agent.api.expectError('/visa/writedelivery', { ...base, status: 'DELIVERED' }, 'INVALID_STATE', 'is PENDING');
    const dated = await writeDelivery({ ...base, scheduledDate: '2030-07-01' });
    expect(dated).toMatchObject({ status: 'SCHEDULED', contactName: 'Omar' });
    await agent.api.expectError('/visa/writedelivery', { ...base, status: 'IN_TRANSIT' }, 'INVALID_STATE', 'PICKUP');
    expect((await writeDelivery({ ...base, status: 'CANCELLED' })).status).toBe('CANCELLED');
    await agent.api.expectError('/visa/writedelivery', { ...base, notes: 'late' }, 'INVALID_STATE', 'is CANCELLED');
  });

  it('searches by application, status, type and scheduled dates, and refuses bad input', async () => {
    const { applicationId } = await newApplication(agent);
    const pickup = await writeDelivery({ applicationId, deliveryType: 'PICKUP', scheduledDate: '2030-08-01' });
    const courier = await writeDelivery({ applicationId, deliveryType: 'COURIER', address: 'Main St 1' });
    const search = (body: object) =>
      agent.api
        .ok<Delivery[]>('/visa/searchdelivery', { applicationId, ...body })
        .then((rows) => rows.map((d) => d.deliveryId));
    expect(await search({})).toEqual([courier.deliveryId, pickup.deliveryId]);
    expect(await search({ status: 'PENDING' })).toEqual([courier.deliveryId]);
    expect(await search({ deliveryType: 'PICKUP' })).toEqual([pickup.deliveryId]);
    expect(await search({ fromDate: '2030-08-01', toDate: '2030-08-01' })).toEqual([pickup.deliveryId]);

    const path = '/visa/writedelivery';
    await agent.api.expectError(path, { applicationId, deliveryType: 'COURIER' }, 'MISSING_PARAMETER', 'address');
    await agent.api.expectError(path, { applicationId }, 'MISSING_PARAMETER', 'deliveryType');
    await agent.api.expectError(path, { applicationId, deliveryType: 'DRONE' }, 'INVALID_FORMAT', 'deliveryType');
    await agent.api.expectError(
      path,
      { applicationId, deliveryType: 'PICKUP', status: 'LOST' },
      'INVALID_FORMAT',
      'status',
    );
    await agent.api.expectError(
      path,
      { applicationId, deliveryType: 'PICKUP', scheduledDate: 'tomorrow' },
      'INVALID_FORMAT',
      'scheduledDate',
    );
    await agent.api.expectError(
      path,
      { applicationId: 2_000_000, deliveryType: 'PICKUP' },
      'NOTFOUND',
      'Visa application',
    );
    await agent.api.expectError(
      path,
      { deliveryId: 2_000_000, applicationId, deliveryType: 'PICKUP' },
      'NOTFOUND',
      'Visa delivery',
    );
    const other = await newApplication(agent);
    await agent.api.expectError(
      path,
      { deliveryId: pickup.deliveryId, applicationId: other.applicationId, deliveryType: 'PICKUP' },
      'INVALID_STATE',
      'belongs to application',
    );
    await agent.api.expectError('/visa/readdelivery', { deliveryId: 2_000_000 }, 'NOTFOUND', 'Visa delivery');
    await agent.api.expectError('/visa/searchdelivery', { status: 'LOST' }, 'INVALID_FORMAT', 'status');
  });
});

describe('/visa/writerequirement, readrequirement and searchrequirement', () => {
  it('keeps one requirement per destination, visa type and nationality, with exact fees', async () => {
    const made = await newRequirement(agent, {
      destinationCountry: 'us',
      visaType: 'BUSINESS',
      visaFee: 185.005,
      serviceFee: 0.1,
      notes: 'Interview at the consulate',
    });
    expect(made).toEqual({
      requirementId: expect.any(Number),
      destinationCountry: 'US',
      nationality: null,
      visaType: 'BUSINESS',
      documentTypes: ['PASSPORT_COPY', 'PHOTO', 'BANK_STATEMENT'],
      visaFee: 185.01,
      serviceFee: 0.1,
      currency: t.record.currency.toUpperCase(),
      processingDays: 7,
      notes: 'Interview at the consulate',
      updateDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const indian = await newRequirement(agent, { destinationCountry: 'US', visaType: 'BUSINESS', nationality: 'in' });
    expect(indian.nationality).toBe('IN');
    await agent.api.expectError(
      '/visa/writerequirement',
      { ...made, requirementId: undefined },
      'DUPLICATE',
      'any nationality',
    );
    await agent.api.expectError(
      '/visa/writerequirement',
      { ...made, requirementId: indian.requirementId, nationality: undefined },
      'DUPLICATE',
      'exists',
    );
    const changed = await agent.api.ok<Requirement>('/visa/writerequirement', {
      ...made,
      documentTypes: ['PASSPORT_COPY', 'INVITATION_LETTER'],
      processingDays: 21,
      currency: 'usd',
    });
    expect(changed).toMatchObject({
      documentTypes: ['PASSPORT_COPY', 'INVITATION_LETTER'],
      processingDays: 21,
      currency: 'USD',
    });
    expect(await agent.api.ok('/visa/readrequirement', { requirementId: made.requirementId })).toEqual(changed);
    const found = await agent.api.ok<Requirement[]>('/visa/searchrequirement', { destinationCountry: 'US' });
    expect(found.map((r) => r.requirementId)).toEqual([made.requirementId, indian.requirementId]);
    const byNationality = await agent.api.ok<Requirement[]>('/visa/searchrequirement', { nationality: 'IN' });
    expect(byNationality.map((r) => r.requirementId)).toContain(indian.requirementId);
    expect(await agent.api.ok('/visa/searchrequirement', { destinationCountry: 'US', visaType: 'WORK' })).toEqual([]);
  });

  it('refuses missing and malformed values, unknown codes and unknown requirements', async () => {
    const path = '/visa/writerequirement';
    const good = {
      destinationCountry: 'CA',
      visaType: 'TOURIST',
      documentTypes: ['PHOTO'],
      visaFee: 100,
      serviceFee: 20,
      processingDays: 10,
    };
    await agent.api.expectError(path, { ...good, documentTypes: undefined }, 'MISSING_PARAMETER', 'documentTypes');
    await agent.api.expectError(path, { ...good, documentTypes: [] }, 'INVALID_FORMAT', 'documentTypes');
    await agent.api.expectError(path, { ...good, documentTypes: ['TICKET'] }, 'INVALID_FORMAT', 'documentTypes');
    await agent.api.expectError(path, { ...good, visaFee: -1 }, 'INVALID_FORMAT', 'visaFee');
    await agent.api.expectError(path, { ...good, serviceFee: undefined }, 'MISSING_PARAMETER', 'serviceFee');
    await agent.api.expectError(path, { ...good, processingDays: 1.5 }, 'INVALID_FORMAT', 'processingDays');
    await agent.api.expectError(path, { ...good, visaType: 'VISIT' }, 'INVALID_FORMAT', 'visaType');
    await agent.api.expectError(path, { ...good, destinationCountry: 'QQ' }, 'INVALID_FORMAT', 'destinationCountry');
    await agent.api.expectError(path, { ...good, nationality: 'QQ' }, 'INVALID_FORMAT', 'nationality');
    await agent.api.expectError(path, { ...good, currency: 'DOLLARS' }, 'INVALID_FORMAT', 'currency');
    await agent.api.expectError(path, { ...good, requirementId: 2_000_000 }, 'NOTFOUND', 'Visa requirement');
    await agent.api.expectError('/visa/readrequirement', { requirementId: 2_000_000 }, 'NOTFOUND', 'Visa requirement');
    await agent.api.expectError(
      '/visa/searchrequirement',
      { destinationCountry: 'QQ' },
      'INVALID_FORMAT',
      'destinationCountry',
    );
  });
});
