// Capacity holds on a real database: no oversell under concurrency, expiry returns seats (lazily and by the
// sweeper), release and sale, and business dates in the tenant's timezone near midnight.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../service.js';
import type { Sql } from '../../platform/database/connections.js';
import type { TenantRecord } from '../../platform/tenancy/tenant.js';
import {
  adminSession,
  platformToken,
  type ProvisionedTestTenant,
  provisionTenant,
  startTestService,
  withTenantDb,
} from '../../../test/support/service.js';
import { convertToSale, extend, hold, release } from './capacity.js';
import { createPeriodicWork } from '../../platform/periodic/periodic-work.js';
import { createHoldSweeper } from './index.js';

// 2026-11-21T20:30Z is already 2026-11-22 00:30 in Dubai (UTC+4).
const START = Date.parse('2026-11-21T20:30:00Z');
let offsetMs = 0;
const clock = () => new Date(START + offsetMs);

let service: Service;
let tenant: ProvisionedTestTenant;
let record: TenantRecord;
let admin: string;
let variantId: number;
let productId: number;

async function ok(url: string, payload: object, session = admin, host = tenant.host) {
  const answer = await service.app.inject({ method: 'POST', url, headers: { host }, payload: { ...payload, session } });
  const body = answer.json();
  expect(body.apiStatus, url).toEqual({ errorCode: 'OK', errorMessage: 'Success' });
  return body.apiData;
}

const withDb = <T>(work: (sql: Sql) => Promise<T>) => withTenantDb(service, record, work);

const slot = (date: string) =>
  withDb(async (sql) => {
    const [row] =
      await sql`SELECT capacity, sold, held FROM inventory_slots WHERE servid = ${variantId} AND slot_date = ${date}`;
    return row;
  });

beforeAll(async () => {
  service = await startTestService({ clock, env: { TC_DB_POOL_SIZE: '20' } });
  tenant = await provisionTenant(service, await platformToken(service));
  const found = service.registry.byCode(tenant.tenantCode);
  if (!found) throw new Error('tenant missing');
  record = found;
  admin = await adminSession(service, tenant);
  const category = await ok('/product/saveCategory', { categoryName: 'Attractions' });
  const product = await ok('/product/saveProduct', {
    prodCode: 'FRAME',
    prodName: 'Dubai Frame',
    productPrice: 50,
    publicCategoryId: category.categoryId,
    maxQuantity: 50,
  });
  productId = product.productId;
  const [variant] = await ok('/product/getProductVariants', { productId });
  variantId = variant.servid;
  await ok('/product/setInventory', {
    productId,
    variantId,
    dateFrom: '2026-11-22',
    dateTo: '2026-11-30',
    capacity: 10,
  });
});

afterAll(() => service.close());

describe('capacity holds', () => {
  it('100 concurrent holds of one seat on a slot with 10 seats: exactly 10 succeed', async () => {
    const until = new Date(clock().getTime() + 15 * 60_000);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        withDb((sql) =>
          hold(
            { db: sql, now: clock() },
            { variantId, date: '2026-11-23', quantity: 1, reference: `item-${i}` },
            until,
          ),
        ),
      ),
    );
    expect(results.filter((result) => result.held)).toHaveLength(10);
    const refusal = results.find((result) => !result.held);
    expect(refusal).toMatchObject({ held: false, free: 0, reason: 'Sold out' });
    expect(await slot('2026-11-23')).toEqual({ capacity: 10, sold: 0, held: 10 });
    const availability = await ok('/product/getAvailability', {
      bookingRequest: { productId, date: '2026-11-23', adultCount: 1 },
    });
    expect(availability).toMatchObject({ available: false, statusReason: 'Sold out' });
  });

  it('refuses more than what is left, and says how much that is', async () => {
    const until = new Date(clock().getTime() + 15 * 60_000);
    const scope = () =>
      withDb((sql) =>
        hold({ db: sql, now: clock() }, { variantId, date: '2026-11-24', quantity: 7, reference: 'a' }, until),
      );
    expect((await scope()).held).toBe(true);
    expect(await scope()).toMatchObject({ held: false, free: 3, reason: 'Only 3 places left' });
    const none = await withDb((sql) =>
      hold({ db: sql, now: clock() }, { variantId, date: '2026-12-24', quantity: 1, reference: 'x' }, until),
    );
    expect(none).toMatchObject({ held: false, reason: 'Not available on 2026-12-24' });
  });

  it('gives back the seats of expired holds, at once for new holds and by the sweeper for the counters', async () => {
    const until = new Date(clock().getTime() + 10 * 60_000);
    for (let i = 0; i < 10; i++) {
      const result = await withDb((sql) =>
        hold({ db: sql, now: clock() }, { variantId, date: '2026-11-25', quantity: 1, reference: `e-${i}` }, until),
      );
      expect(result.held).toBe(true);
    }
    offsetMs += 11 * 60_000; // the holds have run out
    const availability = await ok('/product/getAvailability', {
      bookingRequest: { productId, date: '2026-11-25', adultCount: 4 },
    });
    expect(availability.available).toBe(true);
    expect(await slot('2026-11-25')).toMatchObject({ held: 10 }); // not swept yet
    const sweeper = createPeriodicWork({ registry: service.registry, pools: service.pools, log: service.logger });
    sweeper.register(createHoldSweeper({ log: service.logger, clock }));
    await sweeper.runOnce();
    await sweeper.stop();
    expect(await slot('2026-11-25')).toMatchObject({ held: 0, sold: 0 });
    const statuses = await withDb((sql) => sql`SELECT DISTINCT status FROM capacity_holds WHERE reference LIKE 'e-%'`);
    expect(statuses.map((row) => row.status)).toEqual(['EXPIRED']);
  });

  it('a new hold takes the seats of expired ones before the sweeper runs', async () => {
    const soon = new Date(clock().getTime() + 60_000);
    const full = await withDb((sql) =>
      hold({ db: sql, now: clock() }, { variantId, date: '2026-11-26', quantity: 10, reference: 'f' }, soon),
    );
    expect(full.held).toBe(true);
    offsetMs += 2 * 60_000;
    const later = new Date(clock().getTime() + 60_000);
    const next = await withDb((sql) =>
      hold({ db: sql, now: clock() }, { variantId, date: '2026-11-26', quantity: 10, reference: 'g' }, later),
    );
    expect(next.held).toBe(true);
    expect(await slot('2026-11-26')).toMatchObject({ held: 10 });
  });

  it('release gives seats back once; a sale turns held seats into sold ones once; extension keeps only live holds', async () => {
    const until = new Date(clock().getTime() + 15 * 60_000);
    const first = await withDb((sql) =>
      hold({ db: sql, now: clock() }, { variantId, date: '2026-11-27', quantity: 3, reference: 'r' }, until),
    );
    const second = await withDb((sql) =>
      hold({ db: sql, now: clock() }, { variantId, date: '2026-11-27', quantity: 2, reference: 's' }, until),
    );
    if (!first.held || !second.held) throw new Error('holds refused');
    expect(await withDb((sql) => release({ db: sql, now: clock() }, first.holdId))).toBe(true);
    expect(await withDb((sql) => release({ db: sql, now: clock() }, first.holdId))).toBe(false);
    const later = new Date(clock().getTime() + 60 * 60_000);
    expect(await withDb((sql) => extend({ db: sql, now: clock() }, [first.holdId, second.holdId], later))).toEqual([
      second.holdId,
    ]);
    expect(await withDb((sql) => convertToSale({ db: sql, now: clock() }, second.holdId))).toBe(true);
    expect(await withDb((sql) => convertToSale({ db: sql, now: clock() }, second.holdId))).toBe(false);
    expect(await slot('2026-11-27')).toEqual({ capacity: 10, sold: 2, held: 0 });
    const variantDelete = await service.app.inject({
      method: 'POST',
      url: '/product/deleteVariant',
      headers: { host: tenant.host },
      payload: { session: admin, variantId },
    });
    expect(variantDelete.json().apiStatus.errorCode).toBe('INVALID_STATE');
    const productDelete = await service.app.inject({
      method: 'POST',
      url: '/product/deleteProduct',
      headers: { host: tenant.host },
      payload: { session: admin, productId },
    });
    expect(productDelete.json().apiStatus.errorCode).toBe('INVALID_STATE');
  });
});

describe('business dates in the tenant timezone', () => {
  it('near midnight, Dubai is already on the next day while UTC is not', async () => {
    // Now: 2026-11-21 20:30+ UTC = 2026-11-22 00:30+ in Dubai.
    const dubaiToday = await ok('/product/getAvailability', {
      bookingRequest: { productId, date: '2026-11-22', adultCount: 1 },
    });
    expect(dubaiToday.available).toBe(true);
    await withDb(
      (sql) => sql`INSERT INTO inventory_slots (servid, slot_date, capacity) VALUES (${variantId}, '2026-11-21', 5)`,
    );
    const dubaiYesterday = await ok('/product/getAvailability', {
      bookingRequest: { productId, date: '2026-11-21', adultCount: 1 },
    });
    expect(dubaiYesterday).toMatchObject({ available: false, statusReason: expect.stringContaining('past') });
    const setPast = await service.app.inject({
      method: 'POST',
      url: '/product/setInventory',
      headers: { host: tenant.host },
      payload: { session: admin, productId, variantId, dateFrom: '2026-11-21', dateTo: '2026-11-21', capacity: 5 },
    });
    expect(setPast.json().apiStatus).toMatchObject({
      errorCode: 'INVALID_FORMAT',
      errorMessage: expect.stringContaining('dateFrom'),
    });

    // A tenant in UTC at the same instant still sells the 21st.
    const utc = await provisionTenant(service, await platformToken(service), { timezone: 'UTC' });
    const utcAdmin = await adminSession(service, utc);
    const category = await ok('/product/saveCategory', { categoryName: 'Tours' }, utcAdmin, utc.host);
    const product = await ok(
      '/product/saveProduct',
      { prodCode: 'WALK', prodName: 'Walk', productPrice: 10, publicCategoryId: category.categoryId },
      utcAdmin,
      utc.host,
    );
    const [variant] = await ok('/product/getProductVariants', { productId: product.productId }, utcAdmin, utc.host);
    await ok(
      '/product/setInventory',
      {
        productId: product.productId,
        variantId: variant.servid,
        dateFrom: '2026-11-21',
        dateTo: '2026-11-21',
        capacity: 5,
      },
      utcAdmin,
      utc.host,
    );
    const utcToday = await ok(
      '/product/getAvailability',
      { bookingRequest: { productId: product.productId, date: '2026-11-21', adultCount: 1 } },
      utcAdmin,
      utc.host,
    );
    expect(utcToday.available).toBe(true);
  });
});
