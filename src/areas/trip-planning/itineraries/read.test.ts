// readItineraryWithComponents, what the proposal renders: the project, its customer and every component in display
// order with the totals, served here by an operation of the test's own (the area exposes no such operation).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaApp } from '../../../../test/support/api.js';
import { uniqueName } from '../../../../test/support/database.js';
import { type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import { Allow } from '../../../platform/auth/roles.js';
import { operation } from '../../../platform/http/operation.js';
import { RecordId } from '../../../platform/http/schema.js';
import { cruiseApi } from '../../cruise/index.js';
import { customersApi } from '../../customers/index.js';
import type { Itinerary, Project } from '../trip.schemas.js';
import { readItineraryWithComponents } from './index.js';

let t: TestTenant;
let agent: TestUser;
let app: FastifyInstance;

// the area's dependencies that the read uses, as service.ts wires them
const deps = { customers: customersApi, rates: cruiseApi };

const readOperation = operation({
  path: '/test/tripmaker/read',
  methods: ['POST'],
  allow: Allow.employees,
  summary: 'readItineraryWithComponents, for the test',
  input: Type.Object({ itineraryId: RecordId('The itinerary') }),
  response: Type.Unknown(),
  handler: (ctx, input) => readItineraryWithComponents(deps, ctx, input.itineraryId),
});

beforeAll(async () => {
  const service = await startTestService();
  t = await tenant(service);
  agent = await user(t, 'agent');
  app = await areaApp(service, [readOperation]);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await t?.service.close();
});

describe('readItineraryWithComponents', () => {
  it('answers the project, its customer and the components by day, type and id, with the totals', async () => {
    const mark = uniqueName('c');
    const customer = await agent.api.ok<{ customerId: number }>('/customer/create', {
      custName: 'Zoé Ãlvarez حداد',
      email: `${mark}@example.com`,
      mobilePhone: '+971500000123',
    });
    const project = await agent.api.ok<Project>('/tripmaker/project/create', {
      projectName: 'Lisbon',
      customerId: customer.customerId,
    });
    const { itineraryId } = await agent.api.ok<Itinerary>('/tripmaker/itinerary/create', {
      projectId: project.projectId,
      itineraryName: 'Option A',
    });
    const add = (path: string, body: object) => agent.api.ok(`/tripmaker/itinerary/${path}`, { itineraryId, ...body });
    await add('add-exclusion', { description: 'Tips' });
    await add('add-service', { serviceType: 'GUIDE', description: 'Guide', cost: 50, dayNumber: 2 });
    await add('add-activity', { title: 'Tram 28', costPrice: 10, dayNumber: 1, marginValue: 10 });
    const read = await agent.api.on(app).ok<{
      project: Project;
      customer: { customerId: number; custName: string } | null;
      itinerary: Itinerary;
    }>('/test/tripmaker/read', { itineraryId });
    expect(read.project).toMatchObject({ projectId: project.projectId, customerName: 'Zoé Ãlvarez حداد' });
    expect(read.customer).toMatchObject({ customerId: customer.customerId, custName: 'Zoé Ãlvarez حداد' });
    expect(read.itinerary.components.map((component) => component.componentType)).toEqual([
      'ACTIVITY',
      'SERVICE',
      'EXCLUSION',
    ]);
    expect(read.itinerary).toMatchObject({ totalCost: 60, totalSelling: 61, currency: 'AED' });
    await agent.api.on(app).expectError('/test/tripmaker/read', { itineraryId: 999999 }, 'NOTFOUND');
  });
});
