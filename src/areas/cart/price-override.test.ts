// Who may sell a cart line at another price than the catalog's (issue 11, finding 7): agents and admins, as the
// documentation says. An employee's other price is a role refusal naming the field; a guest's or customer's is a
// wrong value (contract §7.2); the catalog's own price stays open to every session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guest, product, type TestTenant, tenant, user } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import { addDays, formatDate } from '../../platform/time.js';
import type { CartView, NewItem } from './cart.schemas.js';

let t: TestTenant;
let tour: Awaited<ReturnType<typeof product>>;
const day = () => addDays(formatDate(new Date(), 'Asia/Dubai'), 3);

beforeAll(async () => {
  t = await tenant(await startTestService());
  tour = await product(t, { prodName: 'Desert Tour', productPrice: 100, freeSale: true });
});

afterAll(() => t.service.close());

const line = (unitPrice: number): NewItem => ({
  productId: tour.productId,
  unitId: tour.unitId,
  unitPrice,
  quantity: 1,
  bookDate: day(),
});

describe('a cart price other than the catalog’s', () => {
  it.each(['agent', 'admin'] as const)('is kept for an %s', async (role) => {
    const seller = role === 'admin' ? { api: t.adminApi } : await user(t, role);
    await seller.api.ok('/cart/addItem', { items: [line(85.5)] });
    const cart = await seller.api.ok<CartView>('/cart/load');
    expect(cart.items.map((item) => item.unitPrice)).toEqual([85.5]);
    await seller.api.ok('/cart/delete');
  });

  it('is refused to an employee with FORBIDDEN naming the field, and nothing is added', async () => {
    const clerk = await user(t, 'employee');
    await clerk.api.expectError('/cart/addItem', { items: [line(85.5)] }, 'FORBIDDEN', 'items[0].unitPrice');
    expect((await clerk.api.ok<CartView>('/cart/load')).items).toEqual([]);
    // The catalog's price is the employee's to sell at.
    await clerk.api.ok('/cart/addItem', { items: [line(100)] });
    expect((await clerk.api.ok<CartView>('/cart/load')).items.map((item) => item.unitPrice)).toEqual([100]);
  });

  it('is a wrong value from a guest or a customer', async () => {
    for (const caller of [await guest(t), await user(t, 'customer')]) {
      await caller.api.expectError('/cart/addItem', { items: [line(1)] }, 'INVALID_FORMAT', 'items[0].unitPrice');
    }
  });
});
