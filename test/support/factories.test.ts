// The test support does what it promises: every factory through the public API, with new names on each call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDate } from '../../src/platform/time.js';
import type { Service } from '../../src/service.js';
import { cartWithItems, guest, product, type TestTenant, tenant, user, variantWithInventory } from './factories.js';
import { startTestService } from './service.js';

let service: Service;
let t: TestTenant;
const day = addDays(formatDate(new Date(), 'Asia/Dubai'), 2);

beforeAll(async () => {
  service = await startTestService();
  t = await tenant(service);
});

afterAll(() => service.close());

describe('factories', () => {
  it('tenant: an admin past the password change, on the tenant host', async () => {
    const admins = await t.adminApi.ok<Array<{ userLogin: string }>>('/user/list', { role: 'admin' });
    expect(admins.map((admin) => admin.userLogin)).toEqual(['admin']);
    expect(t.record.tenantCode).toBe(t.provisioned.tenantCode);
    expect(await t.api.getOk('/product/getCategories')).toEqual(expect.any(Array));
    expect(await t.db((sql) => sql<{ one: number }[]>`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
  });

  it('user and guest: sessions of their role, new names each time', async () => {
    const [first, second] = [await user(t, 'agent'), await user(t, 'agent')];
    expect(first.userLogin).not.toBe(second.userLogin);
    const agents = await t.adminApi.ok<Array<{ userId: number }>>('/user/list', { role: 'agent' });
    expect(agents.map((agent) => agent.userId)).toEqual(expect.arrayContaining([first.userId, second.userId]));
    await first.api.ok('/user/update', { userId: first.userId, city: 'Dubai' });
    const visitor = await guest(t);
    await visitor.api.expectError('/user/update', { userId: first.userId }, 'NOT_LOGGED_IN');
  });

  it('product, variantWithInventory and cartWithItems: a dated item holds seats of the inventory', async () => {
    const tour = await product(t, { productPrice: 80 });
    expect((await product(t)).prodCode).not.toBe(tour.prodCode);
    const variant = await variantWithInventory(t, tour, { dateFrom: day, capacity: 3 }, { cprice: 80 });
    const slots = await t.adminApi.ok('/product/getInventory', {
      variantId: variant.servid,
      dateFrom: day,
      dateTo: day,
    });
    expect(slots).toMatchObject([{ date: day, capacity: 3, free: 3 }]);

    const { session } = await guest(t);
    const item = { productId: tour.productId, unitId: tour.unitId, unitPrice: 80, quantity: 2, bookDate: day };
    const cart = await cartWithItems(t, session, [{ ...item, extVariantId: variant.servid }]);
    expect(cart.items).toMatchObject([{ productId: tour.productId, quantity: 2, isAvailable: true }]);
    const after = await t.adminApi.ok('/product/getInventory', {
      variantId: variant.servid,
      dateFrom: day,
      dateTo: day,
    });
    expect(after).toMatchObject([{ held: 2, free: 1 }]);
  });
});
