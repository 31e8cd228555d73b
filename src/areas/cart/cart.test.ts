// Carts through the API: the cart state table, server prices, capacity holds taken and given back, persist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../service.js';
import { addDays, formatDate } from '../../platform/time.js';
import {
  adminSession,
  platformToken,
  type ProvisionedTestTenant,
  provisionTenant,
  startTestService,
  withTenantDb,
} from '../../../test/support/service.js';
import type { Sql } from '../../platform/database/connections.js';

let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
let service: Service;
let tenant: ProvisionedTestTenant;
let admin: string;
let productId: number;
let variantId: number;
const day = () => addDays(formatDate(clock(), 'Asia/Dubai'), 3);

interface Answer {
  apiStatus: { errorCode: string; errorMessage: string };
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field against the specification
  apiData: any;
}

async function call(url: string, payload: object): Promise<Answer> {
  const answer = await service.app.inject({ method: 'POST', url, headers: { host: tenant.host }, payload });
  return answer.json<Answer>();
}

async function ok(url: string, payload: object) {
  const answer = await call(url, payload);
  expect(answer.apiStatus, `${url}`).toEqual({ errorCode: 'OK', errorMessage: 'Success' });
  return answer.apiData;
}

const guest = async (): Promise<string> => (await ok('/auth/guest', {})).session;
const adult = (overrides: object = {}) => ({
  productId,
  unitId: 1,
  unitPrice: 120,
  quantity: 2,
  bookDate: day(),
  timeSlot: '10:00',
  ...overrides,
});

beforeAll(async () => {
  service = await startTestService({ clock, env: { TC_RATE_LIMIT_GUEST: '1000' } });
  tenant = await provisionTenant(service, await platformToken(service));
  admin = await adminSession(service, tenant);
  const category = await ok('/product/saveCategory', { session: admin, categoryName: 'Cruises' });
  const product = await ok('/product/saveProduct', {
    session: admin,
    prodCode: 'DHOW',
    prodName: 'Dhow Cruise',
    productPrice: 120,
    childPrice: 80,
    publicCategoryId: category.categoryId,
    transfers: [
      { transferName: 'Shared pick-up', transferType: 'SIC', price: 15 },
      { transferName: 'Private car', transferType: 'PVT', price: 200 },
    ],
  });
  productId = product.productId;
  const variant = await ok('/product/saveVariant', {
    session: admin,
    productId,
    servcode: 'DINNER',
    servname: 'Dinner',
    cprice: 120,
    child_price: 80,
    timeSlots: '10:00,19:00',
  });
  variantId = variant.servid;
  // The default variant stays first; items name the dinner variant explicitly where it matters.
  await ok('/product/setInventory', {
    session: admin,
    productId,
    variantId,
    dateFrom: addDays(formatDate(clock(), 'Asia/Dubai'), 1),
    dateTo: addDays(formatDate(clock(), 'Asia/Dubai'), 10),
    capacity: 5,
  });
  const [defaultVariant] = await ok('/product/getProductVariants', { productId });
  await ok('/product/setInventory', {
    session: admin,
    productId,
    variantId: defaultVariant.servid,
    dateFrom: addDays(formatDate(clock(), 'Asia/Dubai'), 1),
    dateTo: addDays(formatDate(clock(), 'Asia/Dubai'), 10),
    timeSlots: ['10:00'],
    capacity: 5,
  });
});

afterAll(() => service.close());

/** Runs `work` on the tenant's own database (checks of what the API does not show). */
const tenantDb = <T>(work: (sql: Sql) => Promise<T>) => {
  const record = service.registry.byId(tenant.tenantId);
  if (!record) throw new Error('the test tenant is not in the registry');
  return withTenantDb(service, record, work);
};

describe('the cart state table', () => {
  it('create → empty cart; addItem → items with holds; load; removeItem; delete → true', async () => {
    const session = await guest();
    const created = await ok('/cart/create', { session });
    expect(created).toEqual({
      cartId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      cartNumber: expect.any(Number),
      sessionId: expect.any(String),
      items: [],
      paymentRef: null,
      paymentUrl: null,
      orderNum: null,
    });
    expect((await ok('/cart/create', { session })).cartId).toBe(created.cartId);

    const added = await ok('/cart/addItem', {
      session,
      items: [adult({ cartItemId: 'a1' }), { ...adult({ cartItemId: 'c1', unitId: 2, unitPrice: 80, quantity: 1 }) }],
    });
    expect(added).toEqual([
      { itemId: 0, cartItemId: 'a1' },
      { itemId: 1, cartItemId: 'c1' },
    ]);
    const loaded = await ok('/cart/load', { session });
    expect(loaded.items).toHaveLength(2);
    expect(loaded.items[0]).toMatchObject({
      itemId: 0,
      cartItemId: 'a1',
      productId,
      unitId: 1,
      unitName: 'Adult',
      unitPrice: 120,
      quantity: 2,
      child: false,
      infant: false,
      bookDate: `${day()}T10:00:00`,
      timeSlot: '10:00',
      isAvailable: true,
    });
    expect(loaded.items[1]).toMatchObject({ unitName: 'Child', unitPrice: 80, child: true });
    const availability = await ok('/product/getAvailability', {
      bookingRequest: { productId, date: day(), adultCount: 3 },
    });
    expect(availability).toMatchObject({ available: false, statusReason: 'Only 2 places left' });

    expect(await ok('/cart/removeItem', { session, cartItemId: 'c1' })).toBeNull();
    expect((await ok('/cart/load', { session })).items.map((i: { itemId: number }) => i.itemId)).toEqual([0]);
    expect(await ok('/cart/delete', { session })).toBe(true);
    expect(
      (await ok('/product/getAvailability', { bookingRequest: { productId, date: day(), adultCount: 5 } })).available,
    ).toBe(true);
    expect((await call('/cart/delete', { session })).apiStatus.errorCode).toBe('GENERAL');
  });

  it('refuses a client price that is not the catalog’s, but records an agent’s or admin’s own price', async () => {
    const session = await guest();
    const refused = await call('/cart/addItem', { session, items: [adult({ unitPrice: 1 })] });
    expect(refused.apiStatus).toMatchObject({
      errorCode: 'INVALID_FORMAT',
      errorMessage: expect.stringContaining('items[0].unitPrice'),
    });
    const discounted = await ok('/cart/addItem', { session: admin, items: [adult({ unitPrice: 99.5, quantity: 1 })] });
    expect(discounted).toEqual([{ itemId: 0, cartItemId: null }]);
    const cart = await ok('/cart/load', { session: admin });
    expect(cart.items[0].unitPrice).toBe(99.5);
    await ok('/cart/delete', { session: admin });
  });

  it('prices attributes and transfers: a shared one per seat, a private one as its own line', async () => {
    const session = await guest();
    await ok('/cart/addItem', { session, items: [adult({ unitPrice: 135, xferType: 'SIC', quantity: 1 })] });
    await ok('/cart/addItem', {
      session,
      items: [adult({ unitPrice: 120, xferType: 'PVT', quantity: 1, cartItemId: 'p' })],
    });
    const cart = await ok('/cart/load', { session });
    expect(cart.items.map((i: { unitName: string; unitPrice: number }) => [i.unitName, i.unitPrice])).toEqual([
      ['Adult', 135],
      ['Adult', 120],
      ['Transfer', 200],
    ]);
    await ok('/cart/removeItem', { session, cartItemId: 'p' });
    expect((await ok('/cart/load', { session })).items).toHaveLength(1);
    await ok('/cart/delete', { session });
  });

  it('refuses more than the capacity, holds anew on updateItem, and changes nothing when that fails', async () => {
    const session = await guest();
    const other = await guest();
    const tooMany = await call('/cart/addItem', { session, items: [adult({ quantity: 6 })] });
    expect(tooMany.apiStatus).toMatchObject({
      errorCode: 'INVALID_STATE',
      errorMessage: expect.stringContaining('places left'),
    });
    await ok('/cart/addItem', {
      session,
      items: [adult({ quantity: 3, timeSlot: '19:00', extVariantId: variantId, cartItemId: 'x' })],
    });
    await ok('/cart/addItem', {
      session: other,
      items: [adult({ quantity: 2, timeSlot: '19:00', extVariantId: variantId })],
    });
    expect((await call('/cart/updateItem', { session, cartItemId: 'x', quantity: 4 })).apiStatus.errorCode).toBe(
      'INVALID_STATE',
    );
    expect((await ok('/cart/load', { session })).items[0].quantity).toBe(3);
    expect(await ok('/cart/updateItem', { session, cartItemId: 'x', quantity: 1 })).toBeNull();
    expect((await ok('/cart/load', { session })).items[0].quantity).toBe(1);
    await ok('/cart/delete', { session });
    await ok('/cart/delete', { session: other });
  });

  it('lets held seats run out after 30 minutes without activity', async () => {
    const session = await guest();
    await ok('/cart/addItem', { session, items: [adult({ quantity: 5, bookDate: addDays(day(), 1) })] });
    expect(
      (await ok('/product/getAvailability', { bookingRequest: { productId, date: addDays(day(), 1), adultCount: 1 } }))
        .available,
    ).toBe(false);
    offsetMs += 31 * 60_000;
    expect(
      (await ok('/product/getAvailability', { bookingRequest: { productId, date: addDays(day(), 1), adultCount: 5 } }))
        .available,
    ).toBe(true);
    const cart = await ok('/cart/load', { session });
    expect(cart.items[0].isAvailable).toBe(false);
    await ok('/cart/delete', { session });
  });

  it('persist carries an anonymous cart over to the logged-in user’s persistent cart', async () => {
    // A fresh login: the clock moved past the admin's idle timeout in the test before.
    admin = await adminSession(service, tenant);
    const anonymous = await guest();
    await ok('/cart/addItem', { session: anonymous, items: [adult({ quantity: 1, cartItemId: 'moved' })] });
    const persisted = await ok('/cart/persist', { session: admin, oldSession: anonymous });
    expect(persisted.items.map((i: { cartItemId: string }) => i.cartItemId)).toEqual(['moved']);
    expect((await ok('/cart/create', { session: admin, persistent: true })).cartId).toBe(persisted.cartId);
    // The moved line's hold names it where it is now, so the cart's version follows the hold.
    const [movedHold] = await tenantDb(
      (sql) => sql<{ cart_id: string; item_id: number }[]>`
        SELECT h.cart_id::text, h.item_id FROM capacity_holds h JOIN cart_items i ON i.hold_id = h.hold_id
        WHERE i.cart_id = ${persisted.cartId}`,
    );
    expect(movedHold).toEqual({ cart_id: persisted.cartId, item_id: persisted.items[0].itemId });
    // The moved line kept its place in the numbering: the next one follows it.
    expect(await ok('/cart/addItem', { session: admin, items: [adult({ quantity: 1 })] })).toEqual([
      { itemId: persisted.items[0].itemId + 1, cartItemId: null },
    ]);
    expect((await ok('/cart/load', { session: anonymous })).items).toEqual([]);
    expect((await call('/cart/persist', { session: anonymous, oldSession: admin })).apiStatus.errorCode).toBe(
      'NOT_LOGGED_IN',
    );
    expect((await call('/cart/persist', { session: admin, oldSession: 'unknown' })).apiStatus.errorCode).toBe(
      'TOKEN_ERROR',
    );
    expect((await call('/cart/persist', { session: admin })).apiStatus).toMatchObject({
      errorCode: 'MISSING_PARAMETER',
      errorMessage: expect.stringContaining('oldSession'),
    });
    await ok('/cart/delete', { session: admin });
  });
});

describe('one statement per add', () => {
  it('numbers items from the cart: 20 concurrent adds get 20 numbers and 20 seats; a removed number is not reused', async () => {
    const session = await guest();
    const date = addDays(day(), 5);
    const [defaultVariant] = await ok('/product/getProductVariants', { productId });
    await ok('/product/setInventory', {
      session: admin,
      productId,
      variantId: defaultVariant.servid,
      dateFrom: date,
      dateTo: date,
      timeSlots: ['10:00'],
      capacity: 30,
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        ok('/cart/addItem', { session, items: [adult({ quantity: 1, bookDate: date })] }),
      ),
    );
    const numbers = answers.map(([added]: Array<{ itemId: number }>) => added?.itemId ?? -1).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const cart = await ok('/cart/load', { session });
    expect(cart.items).toHaveLength(20);
    expect(cart.items.every((item: { isAvailable: boolean }) => item.isAvailable)).toBe(true);
    const left = await ok('/product/getAvailability', { bookingRequest: { productId, date, adultCount: 11 } });
    expect(left).toMatchObject({ available: false, statusReason: 'Only 10 places left' });

    await ok('/cart/removeItem', { session, itemId: 19 });
    expect(await ok('/cart/addItem', { session, items: [adult({ quantity: 1, bookDate: date })] })).toEqual([
      { itemId: 20, cartItemId: null },
    ]);
    await ok('/cart/delete', { session });
  });

  it('sweeps holds that ran out when they are all that keeps the seats, then holds', async () => {
    const date = addDays(day(), 6);
    const first = await guest();
    await ok('/cart/addItem', { session: first, items: [adult({ quantity: 5, bookDate: date })] });
    const refused = await call('/cart/addItem', {
      session: await guest(),
      items: [adult({ quantity: 1, bookDate: date })],
    });
    expect(refused.apiStatus).toMatchObject({
      errorCode: 'INVALID_STATE',
      errorMessage: expect.stringContaining('Sold out'),
    });
    offsetMs += 31 * 60_000;
    const second = await guest();
    // The first try numbered a line before it found the seats taken: numbers are never reused, so this may skip one.
    const [added] = await ok('/cart/addItem', { session: second, items: [adult({ quantity: 5, bookDate: date })] });
    expect(added).toEqual({ itemId: expect.any(Number), cartItemId: null });
    expect((await ok('/cart/load', { session: first })).items[0].isAvailable).toBe(false);
    expect((await ok('/cart/load', { session: second })).items[0].isAvailable).toBe(true);
    await ok('/cart/delete', { session: second });
  });

  it('refuses an item priced in another currency than the cart, naming it, and adds nothing', async () => {
    admin = await adminSession(service, tenant);
    const category = await ok('/product/saveCategory', { session: admin, categoryName: 'Abroad' });
    const abroad = await ok('/product/saveProduct', {
      session: admin,
      prodCode: 'PARIS',
      prodName: 'Seine cruise',
      productPrice: 40,
      currency: 'EUR',
      publicCategoryId: category.categoryId,
    });
    const [variant] = await ok('/product/getProductVariants', { productId: abroad.productId });
    await ok('/product/setInventory', {
      session: admin,
      productId: abroad.productId,
      variantId: variant.servid,
      dateFrom: day(),
      dateTo: day(),
      capacity: 5,
    });
    const session = await guest();
    const item = { productId: abroad.productId, unitId: 1, unitPrice: 40, quantity: 1, bookDate: day() };
    const refused = await call('/cart/addItem', { session, items: [item] });
    expect(refused.apiStatus).toMatchObject({
      errorCode: 'INVALID_FORMAT',
      errorMessage: expect.stringContaining('items[0].productId is priced in EUR'),
    });
    expect((await ok('/cart/load', { session })).items).toEqual([]);
    expect(
      (
        await ok('/product/getAvailability', {
          bookingRequest: { productId: abroad.productId, date: day(), adultCount: 5 },
        })
      ).available,
    ).toBe(true);
  });
});

describe("loads answered from the node's copy", () => {
  const versionOf = async (cartId: string) =>
    tenantDb(
      async (sql) =>
        (await sql<{ version: string }[]>`SELECT version FROM carts WHERE cart_id = ${cartId}`)[0]?.version,
    );

  it('every change of the cart, its items or their holds, made anywhere, gives the cart a new version', async () => {
    const session = await guest();
    await ok('/cart/addItem', { session, items: [adult({ quantity: 1 })] });
    const cart = await ok('/cart/load', { session });
    const holdOf = async () =>
      tenantDb(
        async (sql) =>
          (
            await sql<{ hold_id: string }[]>`
        SELECT hold_id::text FROM cart_items WHERE cart_id = ${cart.cartId} AND item_id = 0`
          )[0]?.hold_id ?? '',
      );
    const hold = await holdOf();
    const changes: Array<[string, (sql: Sql) => Promise<unknown>]> = [
      ['an item changed', (sql) => sql`UPDATE cart_items SET quantity = 2 WHERE cart_id = ${cart.cartId}`],
      ['the cart changed', (sql) => sql`UPDATE carts SET payment_url = 'x' WHERE cart_id = ${cart.cartId}`],
      [
        'a hold extended',
        (sql) => sql`UPDATE capacity_holds SET expires_at = expires_at + interval '1 minute' WHERE hold_id = ${hold}`,
      ],
      ['a hold released', (sql) => sql`UPDATE capacity_holds SET status = 'RELEASED' WHERE hold_id = ${hold}`],
      ['an item removed', (sql) => sql`DELETE FROM cart_items WHERE cart_id = ${cart.cartId}`],
    ];
    for (const [change, made] of changes) {
      const before = await versionOf(cart.cartId);
      await tenantDb(made);
      expect(BigInt((await versionOf(cart.cartId)) ?? 0), change).toBe(BigInt(before ?? 0) + 1n);
    }
    // Holds that are not a cart's leave carts alone.
    const before = await versionOf(cart.cartId);
    await tenantDb((sql) => sql`UPDATE capacity_holds SET updated_at = now() WHERE holder_kind <> 'CART_ITEM'`);
    await tenantDb((sql) => sql`UPDATE capacity_holds SET quantity = quantity WHERE hold_id = ${hold}`);
    expect(await versionOf(cart.cartId)).toBe(before);
  });

  it("a cart's hold is found by its typed holder (cart and item); releasing it by hand gives the cart a new version", async () => {
    const session = await guest();
    const [added] = await ok('/cart/addItem', { session, items: [adult({ quantity: 1, cartItemId: 'typed' })] });
    await ok('/cart/updateItem', { session, cartItemId: 'typed', quantity: 2 });
    const cart = await ok('/cart/load', { session });
    const holdsOf = () =>
      tenantDb(
        (sql) => sql<{ hold_id: string; holder_kind: string; reference: string | null; status: string }[]>`
          SELECT hold_id::text, holder_kind, reference, status FROM capacity_holds
          WHERE cart_id = ${cart.cartId} AND item_id = ${added.itemId} ORDER BY hold_id`,
      );
    const itemHold = await tenantDb(
      async (sql) =>
        (
          await sql<{ hold_id: string }[]>`
        SELECT hold_id::text FROM cart_items WHERE cart_id = ${cart.cartId} AND item_id = ${added.itemId}`
        )[0]?.hold_id,
    );
    // The add's hold (given back by the update) and the update's, both named by the cart and its item.
    expect(await holdsOf()).toEqual([
      { hold_id: expect.any(String), holder_kind: 'CART_ITEM', reference: null, status: 'RELEASED' },
      { hold_id: itemHold, holder_kind: 'CART_ITEM', reference: null, status: 'HELD' },
    ]);
    const before = await versionOf(cart.cartId);
    await tenantDb(
      (sql) => sql`UPDATE capacity_holds SET status = 'RELEASED'
                   WHERE cart_id = ${cart.cartId} AND item_id = ${added.itemId} AND status = 'HELD'`,
    );
    expect(BigInt((await versionOf(cart.cartId)) ?? 0)).toBe(BigInt(before ?? 0) + 1n);
    expect((await ok('/cart/load', { session })).items[0].isAvailable).toBe(false);
    await ok('/cart/delete', { session });
  });

  it('a load after a change made elsewhere (another node, the sales area, by hand) shows it at once', async () => {
    const session = await guest();
    await ok('/cart/addItem', { session, items: [adult({ quantity: 1, cartItemId: 'kept' })] });
    const first = await ok('/cart/load', { session });
    expect(await ok('/cart/load', { session })).toEqual(first);
    await tenantDb((sql) => sql`UPDATE cart_items SET quantity = 2 WHERE cart_id = ${first.cartId}`);
    expect((await ok('/cart/load', { session })).items[0].quantity).toBe(2);
    await tenantDb(
      (sql) => sql`UPDATE capacity_holds SET status = 'RELEASED'
                   WHERE hold_id = (SELECT hold_id FROM cart_items WHERE cart_id = ${first.cartId} AND cart_item_id = 'kept')`,
    );
    expect((await ok('/cart/load', { session })).items[0].isAvailable).toBe(false);
    await ok('/cart/delete', { session });
  });

  it('a load whose holds come within half their time renews them, even when a copy was kept', async () => {
    const session = await guest();
    await ok('/cart/addItem', { session, items: [adult({ quantity: 1, cartItemId: 'renewed' })] });
    const cart = await ok('/cart/load', { session });
    const expiry = async () =>
      tenantDb(
        async (sql) =>
          (
            await sql<{ expires_at: Date }[]>`
        SELECT h.expires_at FROM capacity_holds h JOIN cart_items i ON i.hold_id = h.hold_id
        WHERE i.cart_id = ${cart.cartId}`
          )[0]?.expires_at.getTime() ?? 0,
      );
    const held = await expiry();
    // 14 minutes on, the hold has 16 left: the load keeps a copy, good for one more minute at most.
    offsetMs += 14 * 60_000;
    expect((await ok('/cart/load', { session })).items[0].isAvailable).toBe(true);
    expect(await expiry()).toBe(held);
    offsetMs += 2 * 60_000;
    expect((await ok('/cart/load', { session })).items[0].isAvailable).toBe(true);
    expect(await expiry()).toBeGreaterThan(held + 15 * 60_000);
    await ok('/cart/delete', { session });
  });
});

describe('refusals', () => {
  it.each([
    '/cart/create',
    '/cart/load',
    '/cart/addItem',
    '/cart/removeItem',
    '/cart/updateItem',
    '/cart/persist',
    '/cart/delete',
  ])('%s: MISSING_PARAMETER without a session, TOKEN_ERROR for an unknown one', async (url) => {
    expect((await call(url, {})).apiStatus).toMatchObject({
      errorCode: 'MISSING_PARAMETER',
      errorMessage: expect.stringContaining('session'),
    });
    expect((await call(url, { session: 'not-a-session' })).apiStatus.errorCode).toBe('TOKEN_ERROR');
  });

  it('names the parameter at fault', async () => {
    const session = await guest();
    const cases: Array<[object, string, string]> = [
      [{}, 'MISSING_PARAMETER', 'items'],
      [{ items: [adult({ quantity: 0 })] }, 'INVALID_FORMAT', 'items[0].quantity'],
      [{ items: [adult({ quantity: 1.5 })] }, 'INVALID_FORMAT', 'items[0].quantity'],
      [{ items: [adult({ productId: 999_999 })] }, 'INVALID_FORMAT', 'items[0].productId'],
      [{ items: [adult({ unitId: 77 })] }, 'INVALID_FORMAT', 'items[0].unitId'],
      [{ items: [adult({ bookDate: undefined })] }, 'MISSING_PARAMETER', 'items[0].bookDate'],
      [{ items: [adult({ bookDate: '2020-01-01' })] }, 'INVALID_FORMAT', 'items[0].bookDate'],
      [{ items: [adult({ bookDate: '31/12/2026' })] }, 'INVALID_FORMAT', 'items[0].bookDate'],
      [{ items: [adult({ extAttr: '{nope' })] }, 'INVALID_FORMAT', 'items[0].extAttr'],
      [{ items: [adult({ xferType: 'BUS' })] }, 'INVALID_FORMAT', 'items[0].xferType'],
    ];
    for (const [payload, code, parameter] of cases) {
      const answer = await call('/cart/addItem', { session, ...payload });
      expect(answer.apiStatus.errorCode, JSON.stringify(payload)).toBe(code);
      expect(answer.apiStatus.errorMessage).toContain(parameter);
    }
    expect((await call('/cart/removeItem', { session })).apiStatus.errorCode).toBe('MISSING_PARAMETER');
    expect((await call('/cart/removeItem', { session, itemId: 42 })).apiStatus.errorCode).toBe('NOTFOUND');
    expect((await call('/cart/updateItem', { session, itemId: 0 })).apiStatus.errorCode).toBe('MISSING_PARAMETER');
    expect((await call('/cart/create', { session, persistent: true })).apiStatus.errorCode).toBe('NOT_LOGGED_IN');
  });
});
