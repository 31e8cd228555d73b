// Two nodes on one database: a node answers a cart load from its copy of the view only while the cart's version is
// unchanged, so a change made through the other node shows at once (read-your-writes across nodes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../service.js';
import { addDays, formatDate } from '../../platform/time.js';
import { adminSession, type ProvisionedTestTenant, twoNodes } from '../../../test/support/service.js';

let nodeA: Service;
let nodeB: Service;
let tenant: ProvisionedTestTenant;

async function ok(node: Service, url: string, payload: object) {
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  const answer = (await node.app.inject({ method: 'POST', url, headers: { host: tenant.host }, payload })).json<any>();
  expect(answer.apiStatus.errorCode, url).toBe('OK');
  return answer.apiData;
}

let cluster: Awaited<ReturnType<typeof twoNodes>>;

beforeAll(async () => {
  cluster = await twoNodes();
  ({ nodeA, nodeB, tenant } = cluster);
});
afterAll(() => cluster?.close());

describe('cart loads on two nodes', () => {
  it('a change made through node B shows in node A’s next load, though node A kept a copy', async () => {
    const admin = await adminSession(nodeA, tenant);
    const category = await ok(nodeA, '/product/saveCategory', { session: admin, categoryName: 'Tours' });
    const { productId } = await ok(nodeA, '/product/saveProduct', {
      session: admin,
      prodCode: 'TOUR',
      prodName: 'City tour',
      productPrice: 50,
      publicCategoryId: category.categoryId,
    });
    const [variant] = await ok(nodeA, '/product/getProductVariants', { productId });
    const day = addDays(formatDate(new Date(), 'Asia/Dubai'), 2);
    await ok(nodeA, '/product/setInventory', {
      session: admin,
      productId,
      variantId: variant.servid,
      dateFrom: day,
      dateTo: day,
      capacity: 10,
    });
    const session = (await ok(nodeA, '/auth/guest', {})).session;
    const item = { productId, unitId: 1, unitPrice: 50, quantity: 1, bookDate: day };
    const lines = async (node: Service) => (await ok(node, '/cart/load', { session })).items.length;

    await ok(nodeA, '/cart/addItem', { session, items: [item] });
    expect(await lines(nodeA)).toBe(1);
    expect(await lines(nodeA)).toBe(1);
    await ok(nodeB, '/cart/addItem', { session, items: [item] });
    expect(await lines(nodeA)).toBe(2);
    await ok(nodeB, '/cart/updateItem', { session, itemId: 0, quantity: 3 });
    expect((await ok(nodeA, '/cart/load', { session })).items[0].quantity).toBe(3);
    await ok(nodeB, '/cart/removeItem', { session, itemId: 1 });
    expect(await lines(nodeA)).toBe(1);
    await ok(nodeB, '/cart/delete', { session });
    expect(await lines(nodeA)).toBe(0);
  });
});
