// The catalog through the API: administration by an employee, every read for everyone, availability and price
// decided by the server, and the refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, defined } from '../../../test/support/api.js';
import {
  category,
  guest,
  product,
  type TestTenant,
  tenant,
  variantWithInventory,
} from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import { addDays, formatDate } from '../../platform/time.js';
import type { Service } from '../../service.js';
import type {
  Attribute,
  AvailabilityResult,
  CategoryNode,
  Product,
  ProductSummary,
  Terms,
  Variant,
} from './catalog.schemas.js';

let service: Service;
let t: TestTenant;
/** Calls as the tenant's admin, without a session, and as a guest. */
let admin: ApiClient;
let anyone: ApiClient;
let visitor: ApiClient;
const today = () => formatDate(new Date(), 'Asia/Dubai');
/** A listing row: the checks below make sure it carries none of the product's long texts. */
type Listed = ProductSummary & { productTerms?: unknown };
type SearchRows = Array<{ productId: number }>;

let rootId: number;
let toursId: number;
let desertId: number;
let safariId: number;
let safariCode: string;
let eveningId: number;
let privateValueId: number;
let sunsetVariant: number;

beforeAll(async () => {
  service = await startTestService({ env: { TC_RATE_LIMIT_GUEST: '1000' } });
  t = await tenant(service);
  [admin, anyone, visitor] = [t.adminApi, t.api, (await guest(t)).api];

  rootId = (await category(t, { categoryName: 'Dubai', categorySeq: 1 })).categoryId;
  toursId = (await category(t, { categoryName: 'Tours', parentCategoryId: rootId, categorySeq: 2 })).categoryId;
  desertId = (await category(t, { categoryName: 'Desert', parentCategoryId: toursId, categorySeq: 1 })).categoryId;
  const safari = await product(t, {
    prodName: 'Evening Desert Safari',
    productPrice: 250,
    childPrice: 180,
    infantPrice: 0,
    publicCategoryId: desertId,
    maxQuantity: 12,
    maxChildAge: 11,
    productTerms: 'Pick-up 30 minutes before the start.',
    cancelPolicy: 'Free cancellation up to 24 hours before.',
    childPolicy: 'Children under 3 go free.',
    meetingPoint: 'Al Khail Gate 2, Dubai',
    pickupWindowMinutes: 30,
    transfers: [
      { transferName: 'Shared pick-up', transferType: 'SIC', price: 25 },
      { transferName: 'Private car', transferType: 'PVT', price: 300 },
    ],
  });
  [safariId, safariCode] = [safari.productId, safari.prodCode];
  const attribute = await admin.ok<Attribute>('/product/saveAttribute', {
    productId: safariId,
    name: 'Vehicle',
    values: [
      { attributeValue: 'Shared 4x4', priceAdjustment: 0 },
      { attributeValue: 'Private 4x4', attributeDescription: 'Your own car and driver', priceAdjustment: 120.5 },
    ],
  });
  privateValueId = defined(attribute.values[1], 'Private 4x4').attributeValueId;
  const evening = { servcode: 'EVENING', servname: 'Evening', cprice: 250, bprice: 140, child_price: 180 };
  const inventory = { dateFrom: addDays(today(), 1), dateTo: addDays(today(), 30), capacity: 10 };
  eveningId = (
    await variantWithInventory(t, safari, inventory, { ...evening, maxOccupancy: 6, timeSlots: '18:00,15:30' })
  ).servid;
  const sunset = { productId: safariId, servcode: 'SUNSET', servname: 'Sunset', cprice: 300 };
  sunsetVariant = (await admin.ok<Variant>('/product/saveVariant', { ...sunset, attributeVals: [privateValueId] }))
    .servid;
});

afterAll(() => service.close());

describe('administration', () => {
  it('builds the category tree with paths', async () => {
    const tree = await anyone.ok<CategoryNode[]>('/product/getCategories', {});
    const dubai = defined(
      tree.find((node) => node.categoryId === rootId),
      'Dubai',
    );
    expect(dubai).toMatchObject({ categoryName: 'Dubai', parentCategoryId: null, categoryPath: 'Dubai' });
    expect(dubai.childCategories?.[0]).toMatchObject({ categoryName: 'Tours', categoryPath: 'Dubai/Tours' });
    expect(dubai.childCategories?.[0]?.childCategories?.[0]).toMatchObject({
      categoryId: desertId,
      categoryPath: 'Dubai/Tours/Desert',
      childCategories: null,
    });
    const viaGet = await anyone.get<CategoryNode[]>('/product/getCategories');
    expect(viaGet.apiData).toEqual(tree);
  });

  it('creates a product with a default variant, and answers it with every field', async () => {
    const product = await anyone.ok<Product>('/product/getProduct', { productId: safariId });
    expect(product).toMatchObject({
      productId: safariId,
      prodCode: safariCode,
      prodName: 'Evening Desert Safari',
      productPrice: 250,
      childPrice: 180,
      currency: 'AED',
      publicCategoryId: desertId,
      publicCategoryName: 'Desert',
      availableOnWeb: true,
      bookingType: 'TICKET',
      pricingType: 'PERPAX',
      qtyType: 'PAX',
      unitName: 'Adult',
      childUnitName: 'Child',
      maxQuantity: 12,
      maxChildAge: 11,
      productTerms: 'Pick-up 30 minutes before the start.',
      meetingPoint: 'Al Khail Gate 2, Dubai',
      pickupWindowMinutes: 30,
      variantCount: 3,
    });
    expect(product.transfers).toEqual([
      { transferId: expect.any(Number), transferName: 'Shared pick-up', transferType: 'SIC', price: 25 },
      { transferId: expect.any(Number), transferName: 'Private car', transferType: 'PVT', price: 300 },
    ]);
    expect((await anyone.ok<Product>('/product/getProduct', { productCode: safariCode.toLowerCase() })).productId).toBe(
      safariId,
    );
  });

  it('refuses a taken product code, an unknown category, and a non-employee', async () => {
    const duplicate = await admin.call('/product/saveProduct', {
      prodCode: safariCode,
      prodName: 'x',
      productPrice: 1,
      publicCategoryId: desertId,
    });
    expect(duplicate.apiStatus.errorCode).toBe('DUPLICATE');
    const noCategory = await admin.call('/product/saveProduct', {
      prodCode: 'NEW-1',
      prodName: 'x',
      productPrice: 1,
      publicCategoryId: 999_999,
    });
    expect(noCategory.apiStatus.errorCode).toBe('NOTFOUND');
    const guest = await visitor.call('/product/saveCategory', { categoryName: 'Nope' });
    expect(guest.apiStatus.errorCode).toBe('NOT_LOGGED_IN');
    const anonymous = await anyone.call('/product/saveCategory', { categoryName: 'Nope' });
    expect(anonymous.apiStatus.errorCode).toBe('NOT_LOGGED_IN');
    const missing = await admin.call('/product/saveProduct', {
      prodName: 'x',
      productPrice: 1,
      publicCategoryId: desertId,
    });
    expect(missing.apiStatus).toMatchObject({
      errorCode: 'MISSING_PARAMETER',
      errorMessage: expect.stringContaining('prodCode'),
    });
    const negative = await admin.call('/product/saveProduct', {
      prodCode: 'NEG',
      prodName: 'x',
      productPrice: -5,
      publicCategoryId: desertId,
    });
    expect(negative.apiStatus).toMatchObject({
      errorCode: 'INVALID_FORMAT',
      errorMessage: expect.stringContaining('productPrice'),
    });
  });

  it('refuses to delete a category with products or sub-categories, and a product with holds', async () => {
    expect((await admin.call('/product/deleteCategory', { categoryId: desertId })).apiStatus.errorCode).toBe(
      'INVALID_STATE',
    );
    expect((await admin.call('/product/deleteCategory', { categoryId: rootId })).apiStatus.errorCode).toBe(
      'INVALID_STATE',
    );
    expect((await admin.call('/product/deleteCategory', { categoryId: 999_999 })).apiStatus.errorCode).toBe('NOTFOUND');
    const empty = await admin.ok<CategoryNode>('/product/saveCategory', { categoryName: 'Temporary' });
    expect(await admin.ok<boolean>('/product/deleteCategory', { categoryId: empty.categoryId })).toBe(true);
  });

  it('moves a category but never under itself', async () => {
    const moved = await admin.ok<CategoryNode>('/product/saveCategory', {
      categoryId: desertId,
      categoryName: 'Desert',
      parentCategoryId: rootId,
    });
    expect(moved.categoryPath).toBe('Dubai/Desert');
    await admin.ok<CategoryNode>('/product/saveCategory', {
      categoryId: desertId,
      categoryName: 'Desert',
      parentCategoryId: toursId,
    });
    const cycle = await admin.call('/product/saveCategory', {
      categoryId: rootId,
      categoryName: 'Dubai',
      parentCategoryId: desertId,
    });
    expect(cycle.apiStatus.errorCode).toBe('INVALID_STATE');
  });

  it('saves variants with attribute combinations, refusing foreign attribute values and duplicate codes', async () => {
    const variants = await anyone.ok<Variant[]>('/product/getProductVariants', { productId: safariId });
    expect(variants.map((v: { servcode: string }) => v.servcode)).toEqual(['DEFAULT', 'EVENING', 'SUNSET']);
    const evening = variants[1];
    expect(evening).toMatchObject({
      servid: eveningId,
      cprice: 250,
      bprice: 140,
      child_price: 180,
      templateid: safariId,
      hasTimeSlots: true,
      timeSlots: '15:30,18:00',
      maxOccupancy: 6,
      available: true,
    });
    expect(evening?.transfers).toHaveLength(2);
    expect(variants[2]).toMatchObject({ attributeVals: [privateValueId], attributeIds: [expect.any(Number)] });
    const foreign = await admin.call('/product/saveVariant', {
      productId: safariId,
      servcode: 'X',
      servname: 'X',
      cprice: 1,
      attributeVals: [999_999],
    });
    expect(foreign.apiStatus).toMatchObject({
      errorCode: 'INVALID_FORMAT',
      errorMessage: expect.stringContaining('attributeVals'),
    });
    const again = await admin.call('/product/saveVariant', {
      productId: safariId,
      servcode: 'evening',
      servname: 'X',
      cprice: 1,
    });
    expect(again.apiStatus.errorCode).toBe('DUPLICATE');
    expect(
      (await anyone.ok<Variant>('/product/getVariant', { productId: safariId, attrValues: [privateValueId] })).servid,
    ).toBe(sunsetVariant);
    expect(
      (await anyone.call('/product/getVariant', { productId: safariId, attrValues: [1, 2, 3] })).apiStatus.errorCode,
    ).toBe('NOTFOUND');
    expect((await anyone.ok<Variant>('/product/getDefaultVariant', { productId: safariId })).servcode).toBe('DEFAULT');
  });

  it('updates an attribute (values not sent are removed) and deletes one', async () => {
    const created = await admin.ok<Attribute>('/product/saveAttribute', {
      productId: safariId,
      name: 'Language',
      values: [{ attributeValue: 'English' }, { attributeValue: 'Arabic', priceAdjustment: 10 }],
    });
    const english = defined(created.values[0], 'English');
    const updated = await admin.ok<Attribute>('/product/saveAttribute', {
      productId: safariId,
      attributeId: created.attributeId,
      name: 'Guide language',
      values: [{ attributeValueId: english.attributeValueId, attributeValue: 'English', priceAdjustment: 5 }],
    });
    expect(updated).toMatchObject({ attributeId: created.attributeId, name: 'Guide language' });
    expect(updated.values).toEqual([
      expect.objectContaining({ attributeValueId: english.attributeValueId, priceAdjustment: 5 }),
    ]);
    const foreign = await admin.call('/product/saveAttribute', {
      productId: safariId,
      attributeId: 999_999,
      name: 'x',
      values: [{ attributeValue: 'y' }],
    });
    expect(foreign.apiStatus.errorCode).toBe('NOTFOUND');
    expect(await admin.ok<boolean>('/product/deleteAttribute', { attributeId: created.attributeId })).toBe(true);
    expect(
      (await admin.call('/product/deleteAttribute', { attributeId: created.attributeId })).apiStatus.errorCode,
    ).toBe('NOTFOUND');
    expect((await admin.call('/product/deleteAttribute', {})).apiStatus.errorCode).toBe('MISSING_PARAMETER');
    expect((await visitor.call('/product/deleteAttribute', { attributeId: 1 })).apiStatus.errorCode).toBe(
      'NOT_LOGGED_IN',
    );
    const names = (await anyone.ok<Attribute[]>('/product/getProductAttributes', { productId: safariId })).map(
      (a: { name: string }) => a.name,
    );
    expect(names).toEqual(['Vehicle']);
  });

  it('writes inventory in bulk over a date range and chosen weekdays', async () => {
    const from = addDays(today(), 40);
    const written = await admin.ok<{ slotsWritten: number }>('/product/setInventory', {
      productId: safariId,
      variantId: eveningId,
      dateFrom: from,
      dateTo: addDays(from, 13),
      weekdays: ['FRI', 'SAT'],
      timeSlots: ['09:00'],
      capacity: 4,
    });
    expect(written.slotsWritten).toBe(4);
    const slots = await admin.ok<unknown[]>('/product/getInventory', {
      variantId: eveningId,
      dateFrom: from,
      dateTo: addDays(from, 13),
    });
    expect(slots).toHaveLength(4);
    expect(slots[0]).toMatchObject({ capacity: 4, sold: 0, held: 0, free: 4, startTime: '09:00' });
    const backwards = await admin.call('/product/setInventory', {
      productId: safariId,
      variantId: eveningId,
      dateFrom: from,
      dateTo: addDays(from, -1),
      capacity: 1,
    });
    expect(backwards.apiStatus).toMatchObject({
      errorCode: 'INVALID_FORMAT',
      errorMessage: expect.stringContaining('dateTo'),
    });
    const badDate = await admin.call('/product/setInventory', {
      productId: safariId,
      variantId: eveningId,
      dateFrom: '2026-02-30',
      dateTo: from,
      capacity: 1,
    });
    expect(badDate.apiStatus).toMatchObject({
      errorCode: 'INVALID_FORMAT',
      errorMessage: expect.stringContaining('dateFrom'),
    });
    const wrongProduct = await admin.call('/product/setInventory', {
      productId: 999_999,
      variantId: eveningId,
      dateFrom: from,
      dateTo: from,
      capacity: 1,
    });
    expect(wrongProduct.apiStatus.errorCode).toBe('NOTFOUND');
  });

  it('deletes a variant without sales but keeps at least one per product', async () => {
    const single = await product(t, { prodName: 'Single', productPrice: 10, publicCategoryId: desertId });
    const [only] = await admin.ok<Variant[]>('/product/getProductVariants', { productId: single.productId });
    expect((await admin.call('/product/deleteVariant', { variantId: only?.servid })).apiStatus.errorCode).toBe(
      'INVALID_STATE',
    );
    const extra = await admin.ok<Variant>('/product/saveVariant', {
      productId: single.productId,
      servcode: 'EXTRA',
      servname: 'Extra',
      cprice: 12,
    });
    expect(await admin.ok<boolean>('/product/deleteVariant', { variantId: only?.servid })).toBe(true);
    expect((await admin.ok<Variant>('/product/getDefaultVariant', { productId: single.productId })).servid).toBe(
      extra.servid,
    );
    expect(await admin.ok<boolean>('/product/deleteProduct', { productId: single.productId })).toBe(true);
    expect((await admin.call('/product/getProduct', { productId: single.productId })).apiStatus.errorCode).toBe(
      'NOTFOUND',
    );
  });
});

describe('reads', () => {
  it('lists a category’s products with the listing fields', async () => {
    const listed = await anyone.ok<Listed[]>('/product/getCategoryProducts', { catId: desertId });
    const safari = listed.find((p) => p.productId === safariId);
    expect(safari).toMatchObject({
      prodName: 'Evening Desert Safari',
      productPrice: 250,
      publicCategoryName: 'Desert',
      variantCount: 3,
    });
    expect(safari?.productTerms).toBeUndefined();
    const viaGet = await anyone.get<Listed[]>('/product/getCategoryProducts', { category: desertId });
    expect(viaGet.apiData).toEqual(listed);
    expect((await anyone.call('/product/getCategoryProducts', { catId: 999_999 })).apiStatus.errorCode).toBe(
      'NOTFOUND',
    );
    expect((await anyone.call('/product/getCategoryProducts', {})).apiStatus.errorCode).toBe('MISSING_PARAMETER');
  });

  it('finds categories and products by name', async () => {
    expect((await anyone.ok<CategoryNode>('/product/findCategory', { catName: 'desert' })).categoryId).toBe(desertId);
    expect((await anyone.ok<CategoryNode>('/product/findCategory', { catName: 'our' })).categoryId).toBe(toursId);
    expect((await anyone.call('/product/findCategory', { catName: 'Mars' })).apiStatus.errorCode).toBe('NOTFOUND');
    const partial = await anyone.ok<SearchRows>('/product/searchProduct', {
      method: 'partial',
      prodName: 'desert saf',
    });
    expect(partial.map((p: { productId: number }) => p.productId)).toContain(safariId);
    expect(partial[0]).toEqual({
      productId: safariId,
      prodCode: safariCode,
      prodName: 'Evening Desert Safari',
      productPrice: 250,
      currency: 'AED',
      publicCategoryId: desertId,
      availableOnWeb: true,
    });
    expect(await anyone.ok<SearchRows>('/product/searchProduct', { prodName: 'desert saf' })).toEqual([]);
    expect((await anyone.ok<SearchRows>('/product/searchProduct', { prodName: 'evening desert safari' })).length).toBe(
      1,
    );
    expect(await anyone.ok<Array<[string, number]>>('/product/productLookup', { namepart: 'safari' })).toContainEqual([
      'Evening Desert Safari',
      safariId,
    ]);
  });

  it('hides products not on the web from guests but not from employees', async () => {
    const hidden = await product(t, {
      prodName: 'Staff-only transfer',
      productPrice: 99,
      publicCategoryId: desertId,
      availableOnWeb: false,
    });
    expect((await anyone.call('/product/getProduct', { productId: hidden.productId })).apiStatus.errorCode).toBe(
      'NOTFOUND',
    );
    expect((await visitor.call('/product/getProduct', { productId: hidden.productId })).apiStatus.errorCode).toBe(
      'NOTFOUND',
    );
    expect((await admin.ok<Product>('/product/getProduct', { productId: hidden.productId })).availableOnWeb).toBe(
      false,
    );
    const guestList = await anyone.ok<Listed[]>('/product/getCategoryProducts', { catId: desertId });
    expect(guestList.map((p: { productId: number }) => p.productId)).not.toContain(hidden.productId);
  });

  it('answers attributes, terms and the errors of reads', async () => {
    const [vehicle] = await anyone.ok<Attribute[]>('/product/getProductAttributes', { productId: safariId });
    expect(vehicle).toMatchObject({ name: 'Vehicle', sequence: 0 });
    expect(vehicle?.values[1]).toMatchObject({
      attributeValue: 'Private 4x4',
      attributeDescription: 'Your own car and driver',
      priceAdjustment: 120.5,
    });
    expect(await anyone.ok<Terms>('/product/getTerms', { productId: safariId })).toEqual({
      productId: safariId,
      productTerms: 'Pick-up 30 minutes before the start.',
      cancelPolicy: 'Free cancellation up to 24 hours before.',
      childPolicy: 'Children under 3 go free.',
    });
    expect((await anyone.call('/product/getProduct', {})).apiStatus).toMatchObject({
      errorCode: 'MISSING_PARAMETER',
      errorMessage: expect.stringContaining('productId'),
    });
    expect((await anyone.call('/product/getProduct', { productId: 'one' })).apiStatus.errorCode).toBe('INVALID_FORMAT');
    for (const url of [
      '/product/getProductAttributes',
      '/product/getTerms',
      '/product/getProductVariants',
      '/product/getDefaultVariant',
    ]) {
      expect((await anyone.call(url, { productId: 999_999 })).apiStatus.errorCode, url).toBe('NOTFOUND');
      expect((await anyone.call(url, {})).apiStatus.errorCode, url).toBe('MISSING_PARAMETER');
    }
  });
});

describe('availability and price', () => {
  const request = (overrides: object) => ({
    bookingRequest: {
      productId: safariId,
      variantId: eveningId,
      date: addDays(today(), 2),
      adultCount: 2,
      childCount: 1,
      ...overrides,
    },
  });

  it('prices a party with the server’s prices and attribute adjustments', async () => {
    const plain = await anyone.ok<AvailabilityResult>('/product/getAvailability', request({}));
    expect(plain).toMatchObject({
      apc: 250,
      cpc: 180,
      sttl: 680,
      available: true,
      statusReason: null,
      startTime: '15:30',
      vpc: [140],
    });
    expect(plain.priceInfoId).toMatch(/^PI-/);
    const upgraded = await anyone.ok<AvailabilityResult>(
      '/product/getAvailability',
      request({ attributes: { Vehicle: 'Private 4x4' } }),
    );
    expect(upgraded).toMatchObject({ apc: 370.5, cpc: 300.5, sttl: 1041.5 });
    const byIds = await anyone.ok<AvailabilityResult>(
      '/product/getAvailability',
      request({ attributes: { [String(privateValueId - 1 + 0)]: String(privateValueId) } }),
    );
    expect(byIds.available).toBe(true);
    const unknown = await anyone.call('/product/getAvailability', request({ attributes: { Vehicle: 'Camel' } }));
    expect(unknown.apiStatus).toMatchObject({
      errorCode: 'INVALID_FORMAT',
      errorMessage: expect.stringContaining('attributes'),
    });
  });

  it('answers available false with a reason: no inventory, past date, too many people, too few places', async () => {
    expect(
      await anyone.ok<AvailabilityResult>('/product/getAvailability', request({ date: addDays(today(), 90) })),
    ).toMatchObject({
      available: false,
      statusReason: expect.stringContaining('Not available'),
    });
    expect(
      (await anyone.ok<AvailabilityResult>('/product/getAvailability', request({ date: addDays(today(), -1) })))
        .statusReason,
    ).toContain('past');
    expect(
      (await anyone.ok<AvailabilityResult>('/product/getAvailability', request({ adultCount: 13 }))).statusReason,
    ).toContain('At most 12');
    expect(
      (await anyone.ok<AvailabilityResult>('/product/getAvailability', request({ adultCount: 7, childCount: 0 })))
        .statusReason,
    ).toContain('6 people');
    const slots = await anyone.ok<unknown[]>('/product/getTimeslots', {
      variant: { servid: eveningId, templateid: safariId },
      bookInfo: { date: addDays(today(), 2) },
    });
    expect(slots).toHaveLength(2);
    expect(slots[0]).toMatchObject({
      startTime: `${addDays(today(), 2)}T15:30:00`,
      endTime: `${addDays(today(), 2)}T16:30:00`,
      slotName: 'Evening 15:30',
      available: 10,
      price: 250,
    });
  });

  it('refuses malformed requests', async () => {
    expect((await anyone.call('/product/getAvailability', {})).apiStatus).toMatchObject({
      errorCode: 'MISSING_PARAMETER',
      errorMessage: expect.stringContaining('bookingRequest'),
    });
    expect((await anyone.call('/product/getAvailability', request({ date: '22/11/2026' }))).apiStatus).toMatchObject({
      errorCode: 'INVALID_FORMAT',
      errorMessage: expect.stringContaining('date'),
    });
    expect(
      (await anyone.call('/product/getAvailability', request({ variantId: sunsetVariant + 1000 }))).apiStatus.errorCode,
    ).toBe('NOTFOUND');
    expect((await anyone.call('/product/getAvailability', request({ timeSlotId: 999_999 }))).apiStatus.errorCode).toBe(
      'INVALID_FORMAT',
    );
    expect(
      (await anyone.call('/product/getTimeslots', { variant: { servid: 999_999 }, bookInfo: { date: today() } }))
        .apiStatus.errorCode,
    ).toBe('NOTFOUND');
    expect((await anyone.call('/product/getTimeslots', { variant: { servid: eveningId } })).apiStatus.errorCode).toBe(
      'MISSING_PARAMETER',
    );
  });

  it('says available with bookInfo on variants', async () => {
    const variants = await anyone.ok<Variant[]>('/product/getProductVariants', {
      productId: safariId,
      bookInfo: { date: addDays(today(), 3), adults: 2 },
    });
    const byCode = Object.fromEntries(
      variants.map((v: { servcode: string; available: boolean }) => [v.servcode, v.available]),
    );
    expect(byCode).toEqual({ DEFAULT: false, EVENING: true, SUNSET: false });
  });
});
