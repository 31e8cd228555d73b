// The area on the default settings: the simulator's catalog (thousands of experiences) synced into a tenant, read
// back in the canonical shapes, and its availability asked live; a second sync writes no unchanged row.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defined } from '../../../test/support/api.js';
import { type TestTenant, tenant } from '../../../test/support/factories.js';
import { runJobOnce, startTestService } from '../../../test/support/service.js';
import { addDays, formatDate } from '../../platform/time.js';
import type { Service } from '../../service.js';
import { FORCED_SYNC_JOB } from './index.js';
import type { Availability, City, Experience, Product, Timeslot, Variant } from './ticket-supplier.schemas.js';

let service: Service;
let t: TestTenant;

beforeAll(async () => {
  service = await startTestService();
  t = await tenant(service);
});
afterAll(() => service.close());

const counts = () =>
  t.db(
    async (sql) =>
      (
        await sql`SELECT (SELECT count(*)::int FROM ts_experiences) AS experiences,
                         (SELECT count(*)::int FROM ts_products) AS products,
                         (SELECT max(synced_at) FROM ts_products) AS last_write`
      )[0],
  );

it("syncs the simulator's catalog and serves it", async () => {
  await runJobOnce(service, FORCED_SYNC_JOB);
  const first = await counts();
  expect(first?.experiences).toBeGreaterThanOrEqual(5_000);
  const cities = await t.api.ok<City[]>('/ticketsupplier/cities');
  expect(cities.every((city) => city.timezone !== null && city.currency !== null)).toBe(true);
  const dubai = defined(
    cities.find((city) => city.cityName === 'Dubai'),
    'Dubai',
  );
  const experiences = await t.api.ok<Experience[]>('/ticketsupplier/experiences', { cityId: dubai.cityCode });
  const productId = defined(defined(experiences[0], 'an experience').productIds.split(',')[0], 'a product');
  const product = await t.api.ok<Product>('/ticketsupplier/product', { productId });
  expect(product).toMatchObject({ productId, cityId: dubai.cityCode });
  expect((await t.api.ok<Variant[]>('/ticketsupplier/product/variants', { productId })).length).toBeGreaterThan(0);
  const dateFrom = addDays(formatDate(new Date(), 'Asia/Dubai'), 3);
  const range = { productId, dateFrom, dateTo: addDays(dateFrom, 40) };
  const availability = await t.api.ok<Availability>('/ticketsupplier/availability', range);
  expect(availability.availableDates).toHaveLength(41);
  expect(availability.availableDates.some((day) => day.available)).toBe(true);
  expect((await t.api.ok<Timeslot[]>('/ticketsupplier/timeslots', range)).length).toBeGreaterThan(0);

  await runJobOnce(service, FORCED_SYNC_JOB);
  expect(await counts()).toEqual(first);
}, 120_000);
