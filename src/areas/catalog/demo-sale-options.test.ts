// The demo catalog shows a new user the options of contract §7.2: a free-sale product sold on a day without
// inventory in any number, and products with an infant price, quoted as such.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoCatalog } from '../../../db/seeds/demo.js';
import type { ApiClient } from '../../../test/support/api.js';
import { type TestTenant, tenant } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import { addDays, formatDate } from '../../platform/time.js';
import type { AvailabilityResult, Product } from './catalog.schemas.js';

let t: TestTenant;
let anyone: ApiClient;
const today = () => formatDate(new Date(), 'Asia/Dubai');

beforeAll(async () => {
  t = await tenant(await startTestService());
  anyone = t.api;
  const lease = await t.service.pools.acquire(t.record);
  try {
    await seedDemoCatalog(t.record, lease.sql, t.service.logger);
  } finally {
    lease.release();
  }
});

afterAll(() => t.service.close());

const productOf = (productCode: string) => anyone.ok<Product>('/product/getProduct', { productCode });
const availability = (productId: number, request: object) =>
  anyone.ok<AvailabilityResult>('/product/getAvailability', { bookingRequest: { productId, ...request } });

it('sells the Dubai Frame as free sale: any day, 50 people at once, no inventory', async () => {
  const frame = await productOf('DXB-FRAME');
  expect(frame).toMatchObject({ freeSale: true, maxQuantity: 50 });
  const far = addDays(today(), 200);
  expect(await availability(frame.productId, { date: far, adultCount: 50 })).toMatchObject({
    available: true,
    freeSale: true,
  });
  expect((await availability(frame.productId, { date: far, adultCount: 51 })).available).toBe(false);
});

it('prices infants on the dinner cruises and the Abu Dhabi city tour', async () => {
  const infantPrices = await Promise.all(
    ['DXB-DHOW-MARINA', 'DXB-DHOW-CREEK', 'AUH-CITY-FULL', 'DXB-IMG'].map(async (code) => {
      const product = await productOf(code);
      return [code, product.infantPrice, product.freeSale];
    }),
  );
  expect(infantPrices).toEqual([
    ['DXB-DHOW-MARINA', 35, false],
    ['DXB-DHOW-CREEK', 25, false],
    ['AUH-CITY-FULL', 40, false],
    ['DXB-IMG', 0, false],
  ]);
  const creek = await productOf('DXB-DHOW-CREEK');
  const quote = await availability(creek.productId, { date: addDays(today(), 10), adultCount: 2, infantCount: 1 });
  expect(quote).toMatchObject({ available: true, apc: 129, ipc: 25, sttl: 2 * 129 + 25 });
});
