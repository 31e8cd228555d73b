// Free sale and infant prices (contract §7.2) through the API: the product's fields in every read, availability
// without inventory for a free-sale product (sales period and quantity rules still apply), its time slots, and the
// infant price in availability quotes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/support/api.js';
import { category, product, type TestTenant, tenant, variantWithInventory } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import { addDays, formatDate } from '../../platform/time.js';
import type { AvailabilityResult, Product, ProductSummary, Variant } from './catalog.schemas.js';

let t: TestTenant;
let anyone: ApiClient;
const today = () => formatDate(new Date(), 'Asia/Dubai');
let categoryId: number;
let freeSale: Product;
let stocked: Product;

interface Slot {
  slotId: number;
  startTime: string;
  available: number;
  freeSale: boolean;
}

beforeAll(async () => {
  t = await tenant(await startTestService());
  anyone = t.api;
  categoryId = (await category(t)).categoryId;
  freeSale = await product(t, {
    prodName: 'Museum Pass',
    productPrice: 50,
    childPrice: 30,
    infantPrice: 12.5,
    freeSale: true,
    maxQuantity: 40,
    availableTo: addDays(today(), 60),
    publicCategoryId: categoryId,
  });
  stocked = await product(t, { prodName: 'Boat Tour', productPrice: 80, publicCategoryId: categoryId });
});

afterAll(() => t.service.close());

const availability = (productId: number, request: object) =>
  anyone.ok<AvailabilityResult>('/product/getAvailability', { bookingRequest: { productId, ...request } });

describe('product fields', () => {
  it('saveProduct takes freeSale and infantPrice; every read shows them, with defaults false and 0', async () => {
    expect(freeSale).toMatchObject({ freeSale: true, infantPrice: 12.5, childPrice: 30 });
    expect(stocked).toMatchObject({ freeSale: false, infantPrice: 0 });
    const read = await anyone.ok<Product>('/product/getProduct', { productId: freeSale.productId });
    expect(read).toMatchObject({ freeSale: true, infantPrice: 12.5 });
    const listed = await anyone.ok<ProductSummary[]>('/product/getCategoryProducts', { catId: categoryId });
    expect(listed.map((p) => [p.prodName, p.freeSale, p.infantPrice])).toEqual([
      ['Boat Tour', false, 0],
      ['Museum Pass', true, 12.5],
    ]);

    const changed = await t.adminApi.ok<Product>('/product/saveProduct', {
      productId: stocked.productId,
      prodCode: stocked.prodCode,
      prodName: stocked.prodName,
      productPrice: 80,
      publicCategoryId: categoryId,
      freeSale: true,
      infantPrice: 7,
    });
    expect(changed).toMatchObject({ freeSale: true, infantPrice: 7 });
    const back = await t.adminApi.ok<Product>('/product/saveProduct', {
      productId: stocked.productId,
      prodCode: stocked.prodCode,
      prodName: stocked.prodName,
      productPrice: 80,
      publicCategoryId: categoryId,
      freeSale: false,
    });
    expect(back).toMatchObject({ freeSale: false, infantPrice: 7 });
  });

  it('refuses a freeSale that is not a boolean and a negative infantPrice, naming them', async () => {
    const base = { prodCode: 'BAD-1', prodName: 'Bad', productPrice: 10, publicCategoryId: categoryId };
    await t.adminApi.expectError('/product/saveProduct', { ...base, freeSale: 'yes' }, 'INVALID_FORMAT', 'freeSale');
    await t.adminApi.expectError('/product/saveProduct', { ...base, infantPrice: -1 }, 'INVALID_FORMAT', 'infantPrice');
  });
});

describe('availability of a free-sale product', () => {
  it('is available on a date without inventory, for any party within the quantity rules, infants priced', async () => {
    const answer = await availability(freeSale.productId, {
      date: addDays(today(), 5),
      adultCount: 30,
      childCount: 2,
      infantCount: 2,
    });
    expect(answer).toMatchObject({
      available: true,
      statusReason: null,
      freeSale: true,
      apc: 50,
      cpc: 30,
      ipc: 12.5,
      sttl: 30 * 50 + 2 * 30 + 2 * 12.5,
      startTime: '',
    });
  });

  it('still refuses a party over maxQuantity, a past date and a date after the sales period', async () => {
    const on = addDays(today(), 5);
    expect(await availability(freeSale.productId, { date: on, adultCount: 41 })).toMatchObject({
      available: false,
      statusReason: 'At most 40 participants per booking',
      freeSale: true,
    });
    expect((await availability(freeSale.productId, { date: addDays(today(), -1) })).available).toBe(false);
    expect(await availability(freeSale.productId, { date: addDays(today(), 61) })).toMatchObject({
      available: false,
      statusReason: expect.stringContaining('Not on sale after'),
    });
  });

  it('a product without free sale is not available on a date without inventory', async () => {
    expect(await availability(stocked.productId, { date: addDays(today(), 5) })).toMatchObject({
      available: false,
      statusReason: expect.stringContaining('Not available on'),
      freeSale: false,
      ipc: 7,
    });
  });

  it('variants are available on any date; time slots come from the variant, without a seat count', async () => {
    const date = addDays(today(), 6);
    const variants = await anyone.ok<Variant[]>('/product/getProductVariants', {
      productId: freeSale.productId,
      bookInfo: { date, adults: 35 },
    });
    expect(variants.map((v) => v.available)).toEqual([true]);
    const timed = await t.adminApi.ok<Variant>('/product/saveVariant', {
      productId: freeSale.productId,
      servcode: 'TIMED',
      servname: 'Timed entry',
      cprice: 50,
      timeSlots: '09:00,15:00',
    });
    const slots = await anyone.ok<Slot[]>('/product/getTimeslots', {
      variant: { servid: timed.servid, templateid: freeSale.productId },
      bookInfo: { date },
    });
    expect(slots.map((s) => [s.slotId, s.startTime, s.available, s.freeSale])).toEqual([
      [0, `${date}T09:00:00`, 40, true],
      [0, `${date}T15:00:00`, 40, true],
    ]);
    const quoted = await availability(freeSale.productId, { variantId: timed.servid, date, adultCount: 2 });
    expect(quoted).toMatchObject({ available: true, startTime: '09:00' });
  });

  it('with inventory set anyway, its capacity is no limit', async () => {
    const date = addDays(today(), 7);
    const variant = await variantWithInventory(t, freeSale, { dateFrom: date, capacity: 1 }, { cprice: 50 });
    const answer = await availability(freeSale.productId, { variantId: variant.servid, date, adultCount: 10 });
    expect(answer).toMatchObject({ available: true, statusReason: null });
    const slots = await anyone.ok<Slot[]>('/product/getTimeslots', {
      variant: { servid: variant.servid },
      bookInfo: { date },
    });
    expect(slots).toEqual([expect.objectContaining({ slotId: expect.any(Number), available: 40, freeSale: true })]);
    expect(slots[0]?.slotId).toBeGreaterThan(0);
  });
});
