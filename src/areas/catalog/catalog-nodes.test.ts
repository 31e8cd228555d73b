// Two nodes on one database: each keeps catalog reads for a few seconds, and every catalog write drops them on
// both nodes once it commits (after-commit effects of withTransaction). A renamed category or a saved attribute
// shows at once on the other node, not after the cache's lifetime.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../service.js';
import { adminSession, type ProvisionedTestTenant, twoNodes } from '../../../test/support/service.js';
import { untilBefore } from '../../../test/support/wait.js';
import { TTL_MS } from './read-cache.js';

let nodeA: Service;
let nodeB: Service;
let tenant: ProvisionedTestTenant;
let admin: string;

async function ok(node: Service, url: string, payload: object) {
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  const answer = (await node.app.inject({ method: 'POST', url, headers: { host: tenant.host }, payload })).json<any>();
  expect(answer.apiStatus, url).toEqual({ errorCode: 'OK', errorMessage: 'Success' });
  return answer.apiData;
}

/**
 * The other node hears of a change by NOTIFY, a moment after the write answered; it shows before the entries cached
 * since `cachedBy` would have expired by themselves (TTL_MS), so the notification dropped them, however slow the
 * machine is.
 */
const beforeExpiry = (cachedBy: number, check: () => Promise<boolean>) => untilBefore(check, cachedBy + TTL_MS);

let cluster: Awaited<ReturnType<typeof twoNodes>>;

beforeAll(async () => {
  cluster = await twoNodes();
  ({ nodeA, nodeB, tenant } = cluster);
  admin = await adminSession(nodeA, tenant);
});
afterAll(() => cluster?.close());

describe('catalog caches on two nodes', () => {
  it('a category renamed through node A is served renamed by both nodes at once', async () => {
    const category = await ok(nodeA, '/product/saveCategory', { session: admin, categoryName: 'Desert trips' });
    const names = async (node: Service) =>
      ((await ok(node, '/product/getCategories', {})) as Array<{ categoryName: string }>).map((c) => c.categoryName);
    // Both nodes now keep the tree with the old name.
    const cachedBy = Date.now();
    expect(await names(nodeA)).toContain('Desert trips');
    expect(await names(nodeB)).toContain('Desert trips');

    await ok(nodeA, '/product/saveCategory', {
      session: admin,
      categoryId: category.categoryId,
      categoryName: 'Desert safaris',
    });
    expect(await names(nodeA)).toContain('Desert safaris');
    await beforeExpiry(cachedBy, async () => (await names(nodeB)).includes('Desert safaris'));
    expect(await names(nodeB)).not.toContain('Desert trips');
  });

  it('an attribute saved through node B shows in both nodes’ product attributes at once', async () => {
    const category = await ok(nodeA, '/product/saveCategory', { session: admin, categoryName: 'Cruises' });
    const { productId } = await ok(nodeA, '/product/saveProduct', {
      session: admin,
      prodCode: 'DHOW',
      prodName: 'Dhow cruise',
      productPrice: 120,
      publicCategoryId: category.categoryId,
    });
    const attributes = async (node: Service) =>
      ((await ok(node, '/product/getProductAttributes', { productId })) as Array<{ name: string }>).map((a) => a.name);
    const cachedBy = Date.now();
    expect(await attributes(nodeA)).toEqual([]);
    expect(await attributes(nodeB)).toEqual([]);

    await ok(nodeB, '/product/saveAttribute', {
      session: admin,
      productId,
      name: 'Deck',
      values: [{ attributeValue: 'Upper' }, { attributeValue: 'Lower' }],
    });
    expect(await attributes(nodeB)).toEqual(['Deck']);
    await beforeExpiry(cachedBy, async () => (await attributes(nodeA)).includes('Deck'));
  });
});
