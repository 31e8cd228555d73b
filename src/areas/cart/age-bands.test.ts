// A cart line's age band and a free-sale product in the cart (contract §7.2), through the API: isInfant, then
// isChild, then what unitId names decide the band; a guest's or customer's price must be that band's; a free-sale
// product's line holds no seats, while its quantity rules and sales period still apply.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/support/api.js';
import {
  type Caller,
  guest,
  product,
  type TestTenant,
  tenant,
  user,
  variantWithInventory,
} from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import { addDays, formatDate } from '../../platform/time.js';
import type { CartView, NewItem } from './cart.schemas.js';

type Product = Awaited<ReturnType<typeof product>>;
type Variant = Awaited<ReturnType<typeof variantWithInventory>>;

let t: TestTenant;
let tour: Product;
let dinner: Variant;
let pass: Product;
const day = () => addDays(formatDate(new Date(), 'Asia/Dubai'), 3);

beforeAll(async () => {
  t = await tenant(await startTestService({ env: { TC_RATE_LIMIT_GUEST: '1000' } }));
  tour = await product(t, { prodName: 'Desert Tour', productPrice: 100, childPrice: 60, infantPrice: 20 });
  await t.adminApi.ok('/product/saveVariant', {
    productId: tour.productId,
    servcode: 'LUNCH',
    servname: 'Lunch',
    cprice: 90,
  });
  pass = await product(t, {
    prodName: 'City Pass',
    productPrice: 50,
    infantPrice: 10,
    freeSale: true,
    maxQuantity: 30,
    availableTo: addDays(day(), 10),
  });
  dinner = await variantWithInventory(
    t,
    tour,
    { dateFrom: day(), capacity: 100 },
    { cprice: 100, child_price: 60, servcode: 'DINNER' },
  );
  // A variant's servid names an adult only where the product's own units (1, 2, 3 by default) do not.
  expect(dinner.servid).toBeGreaterThan(3);
});

afterAll(() => t.service.close());

const line = (overrides: Partial<NewItem> = {}): NewItem => ({
  productId: tour.productId,
  extVariantId: dinner.servid,
  unitId: tour.unitId,
  unitPrice: 100,
  quantity: 1,
  bookDate: day(),
  ...overrides,
});

/** The one line a fresh guest's cart holds after adding `item`. */
async function addedAlone(item: NewItem) {
  const visitor = await guest(t);
  await visitor.api.ok('/cart/addItem', { items: [item] });
  const cart = await visitor.api.ok<CartView>('/cart/load');
  expect(cart.items).toHaveLength(1);
  return { visitor, item: cart.items[0] };
}

const holdsOf = (cartId: string) =>
  t.db(async (sql) => {
    const rows = await sql<
      { hold_id: string | null }[]
    >`SELECT hold_id::text FROM cart_items WHERE cart_id = ${cartId}`;
    return rows.map((row) => row.hold_id);
  });

describe('the age band of a line', () => {
  it('isInfant makes an infant whatever the unit: the infant price and unit name, and no seat held', async () => {
    const { visitor, item } = await addedAlone(line({ isInfant: true, unitPrice: 20, quantity: 3 }));
    expect(item).toMatchObject({ infant: true, child: false, unitName: 'Infant', unitPrice: 20, isAvailable: true });
    const cart = await visitor.api.ok<CartView>('/cart/load');
    expect(await holdsOf(cart.cartId)).toEqual([null]);
    // isInfant wins over isChild
    const both = await addedAlone(line({ isInfant: true, isChild: true, unitId: tour.childUnitId, unitPrice: 20 }));
    expect(both.item).toMatchObject({ infant: true, child: false });
  });

  it('isChild makes a child of an adult unit; without flags the unit decides', async () => {
    expect((await addedAlone(line({ isChild: true, unitPrice: 60 }))).item).toMatchObject({
      child: true,
      infant: false,
      unitName: 'Child',
      unitPrice: 60,
    });
    expect((await addedAlone(line({ unitId: tour.childUnitId, unitPrice: 60 }))).item).toMatchObject({ child: true });
    expect((await addedAlone(line({ unitId: tour.infantUnitId, unitPrice: 20 }))).item).toMatchObject({
      infant: true,
    });
    expect((await addedAlone(line({ unitId: tour.childUnitId, isChild: false, unitPrice: 60 }))).item).toMatchObject({
      child: true,
    });
  });

  it('a variant’s servid as the unit is an adult of that variant', async () => {
    const { item } = await addedAlone(line({ unitId: dinner.servid, extVariantId: undefined, unitPrice: 100 }));
    expect(item).toMatchObject({ unitId: dinner.servid, extVariantId: dinner.servid, child: false, infant: false });
  });

  it('refuses a guest’s or customer’s price that is not the band’s, and a unit the product does not have', async () => {
    const visitor = await guest(t);
    await visitor.api.expectError(
      '/cart/addItem',
      { items: [line({ isInfant: true, unitPrice: 100 })] },
      'INVALID_FORMAT',
      'items[0].unitPrice',
    );
    await visitor.api.expectError(
      '/cart/addItem',
      { items: [line({ isChild: true, unitPrice: 100 })] },
      'INVALID_FORMAT',
      'items[0].unitPrice',
    );
    await visitor.api.expectError(
      '/cart/addItem',
      { items: [line({ unitId: 999_999 })] },
      'INVALID_FORMAT',
      'items[0].unitId',
    );
    const customer: Caller = await user(t, 'customer');
    await customer.api.expectError(
      '/cart/addItem',
      { items: [line({ isInfant: true, unitPrice: 100 })] },
      'INVALID_FORMAT',
      'items[0].unitPrice',
    );
    expect(await customer.api.ok('/cart/addItem', { items: [line({ isInfant: true, unitPrice: 20 })] })).toHaveLength(
      1,
    );
  });

  it('staff may still set their own price on any band', async () => {
    const agent = await user(t, 'agent');
    await agent.api.ok('/cart/addItem', { items: [line({ isInfant: true, unitPrice: 5 })] });
    const cart = await agent.api.ok<CartView>('/cart/load');
    expect(cart.items.at(-1)).toMatchObject({ infant: true, unitPrice: 5 });
  });
});

describe('a free-sale product in the cart', () => {
  const passLine = (overrides: Partial<NewItem> = {}) =>
    line({ productId: pass.productId, extVariantId: undefined, unitId: pass.unitId, unitPrice: 50, ...overrides });

  it('is added on a date without inventory, in any number, with no hold; infants at the infant price', async () => {
    const visitor = await guest(t);
    await visitor.api.ok('/cart/addItem', {
      items: [passLine({ quantity: 30 }), passLine({ isInfant: true, unitPrice: 10 })],
    });
    const cart = await visitor.api.ok<CartView>('/cart/load');
    expect(cart.items.map((i) => [i.quantity, i.unitPrice, i.infant, i.isAvailable])).toEqual([
      [30, 50, false, true],
      [1, 10, true, true],
    ]);
    expect(await holdsOf(cart.cartId)).toEqual([null, null]);
    // a quantity change holds nothing either, within the quantity rules
    await visitor.api.ok('/cart/updateItem', { itemId: 0, quantity: 25 });
    await visitor.api.expectError('/cart/updateItem', { itemId: 0, quantity: 31 }, 'INVALID_FORMAT', 'quantity');
    expect((await visitor.api.ok<CartView>('/cart/load')).items[0]?.quantity).toBe(25);
    expect(await holdsOf(cart.cartId)).toEqual([null, null]);
    // and the order goes through
    const invoice = await visitor.api.ok<{ invoices: string[] }>('/cart/createInvoice', {
      customer: { email: 'pass@example.com', custName: 'Pass Buyer', mobilePhone: '+971500000009' },
    });
    expect(invoice.invoices).toHaveLength(1);
  });

  it('still refuses more than maxQuantity and a date outside the sales period', async () => {
    const visitor = await guest(t);
    await visitor.api.expectError(
      '/cart/addItem',
      { items: [passLine({ quantity: 31 })] },
      'INVALID_FORMAT',
      'items[0].quantity',
    );
    await visitor.api.expectError(
      '/cart/addItem',
      { items: [passLine({ bookDate: addDays(day(), 11) })] },
      'INVALID_FORMAT',
      'items[0].bookDate',
    );
  });

  it('a product without free sale is refused on a date without inventory', async () => {
    const visitor: { api: ApiClient } = await guest(t);
    await visitor.api.expectError(
      '/cart/addItem',
      { items: [line({ bookDate: addDays(day(), 1) })] },
      'INVALID_STATE',
      'items[0]',
    );
  });
});
