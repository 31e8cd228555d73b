// The catalog through the API: administration by an employee, every read for everyone, availability and price
// decided by the server, and the refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../service.js';
import { formatDate } from '../../platform/time.js';
import { addDays } from '../../platform/time.js';
import {
  adminSession,
  platformToken,
  type ProvisionedTestTenant,
  provisionTenant,
  startTestService,
} from '../../../test/support/service.js';

let service: Service;
let tenant: ProvisionedTestTenant;
let admin: string;
let customer: string;
const today = () => formatDate(new Date(), 'Asia/Dubai');

interface Answer {
  apiStatus: { errorCode: string; errorMessage: string };
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field against the specification
  apiData: any;
}

async function call(url: string, payload: object = {}, session?: string | null): Promise<Answer> {
  const answer = await service.app.inject({
    method: 'POST',
    url,
    headers: { host: tenant.host },
    payload: session ? { ...payload, session } : payload,
  });
  return answer.json<Answer>();
}

/** Calls as the admin unless `session` is given; null calls without a session. */
async function ok(url: string, payload: object = {}, session: string | null = admin) {
  const answer = await call(url, payload, session);
  expect(answer.apiStatus, `${url} ${JSON.stringify(payload)}`).toEqual({ errorCode: 'OK', errorMessage: 'Success' });
  return answer.apiData;
}

let rootId: number;
let toursId: number;
let desertId: number;
let safariId: number;
let safariCode: string;
let eveningId: number;
let privateValueId: number;
let sunsetVariant: number;

beforeAll(async () => {
  service = await startTestService({ env: { TC_RATE_LIMIT_AUTHENTICATE: '1000', TC_RATE_LIMIT_GUEST: '1000' } });
  tenant = await provisionTenant(service, await platformToken(service));
  admin = await adminSession(service, tenant);
  customer = (await call('/auth/guest')).apiData.session;

  rootId = (await ok('/product/saveCategory', { categoryName: 'Dubai', categorySeq: 1 })).categoryId;
  toursId = (await ok('/product/saveCategory', { categoryName: 'Tours', parentCategoryId: rootId, categorySeq: 2 }))
    .categoryId;
  desertId = (await ok('/product/saveCategory', { categoryName: 'Desert', parentCategoryId: toursId, categorySeq: 1 }))
    .categoryId;
  safariCode = `SAFARI-${Date.now()}`;
  const safari = await ok('/product/saveProduct', {
    prodCode: safariCode,
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
    transfers: [
      { transferName: 'Shared pick-up', transferType: 'SIC', price: 25 },
      { transferName: 'Private car', transferType: 'PVT', price: 300 },
    ],
  });
  safariId = safari.productId;
  const attribute = await ok('/product/saveAttribute', {
    productId: safariId,
    name: 'Vehicle',
    values: [
      { attributeValue: 'Shared 4x4', priceAdjustment: 0 },
      { attributeValue: 'Private 4x4', attributeDescription: 'Your own car and driver', priceAdjustment: 120.5 },
    ],
  });
  privateValueId = attribute.values[1].attributeValueId;
  const evening = await ok('/product/saveVariant', {
    productId: safariId,
    servcode: 'EVENING',
    servname: 'Evening',
    cprice: 250,
    bprice: 140,
    child_price: 180,
    maxOccupancy: 6,
    timeSlots: '18:00,15:30',
  });
  eveningId = evening.servid;
  await ok('/product/setInventory', {
    productId: safariId,
    variantId: eveningId,
    dateFrom: addDays(today(), 1),
    dateTo: addDays(today(), 30),
    capacity: 10,
  });
  sunsetVariant = (
    await ok('/product/saveVariant', {
      productId: safariId,
      servcode: 'SUNSET',
      servname: 'Sunset',
      cprice: 300,
      attributeVals: [privateValueId],
    })
  ).servid;
});

afterAll(() => service.close());

describe('administration', () => {
  it('builds the category tree with paths', async () => {
    const tree = await ok('/product/getCategories', {}, null);
    const dubai = tree.find((node: { categoryId: number }) => node.categoryId === rootId);
    expect(dubai).toMatchObject({ categoryName: 'Dubai', parentCategoryId: null, categoryPath: 'Dubai' });
    expect(dubai.childCategories[0]).toMatchObject({ categoryName: 'Tours', categoryPath: 'Dubai/Tours' });
    expect(dubai.childCategories[0].childCategories[0]).toMatchObject({
      categoryId: desertId,
      categoryPath: 'Dubai/Tours/Desert',
      childCategories: null,
    });
    const viaGet = await service.app.inject({
      method: 'GET',
      url: '/product/getCategories',
      headers: { host: tenant.host },
    });
    expect(viaGet.json().apiData).toEqual(tree);
  });

  it('creates a product with a default variant, and answers it with every field', async () => {
    const product = await ok('/product/getProduct', { productId: safariId }, null);
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
      variantCount: 3,
    });
    expect(product.transfers).toEqual([
      { transferId: expect.any(Number), transferName: 'Shared pick-up', transferType: 'SIC', price: 25 },
      { transferId: expect.any(Number), transferName: 'Private car', transferType: 'PVT', price: 300 },
    ]);
    expect((await ok('/product/getProduct', { productCode: safariCode.toLowerCase() }, null)).productId).toBe(safariId);
  });

  it('refuses a taken product code, an unknown category, and a non-employee', async () => {
    const duplicate = await call(
      '/product/saveProduct',
      { prodCode: safariCode, prodName: 'x', productPrice: 1, publicCategoryId: desertId },
      admin,
    );
    expect(duplicate.apiStatus.errorCode).toBe('DUPLICATE');
    const noCategory = await call(
      '/product/saveProduct',
      { prodCode: 'NEW-1', prodName: 'x', productPrice: 1, publicCategoryId: 999_999 },
      admin,
    );
    expect(noCategory.apiStatus.errorCode).toBe('NOTFOUND');
    const guest = await call('/product/saveCategory', { categoryName: 'Nope' }, customer);
    expect(guest.apiStatus.errorCode).toBe('NOT_LOGGED_IN');
    const anonymous = await call('/product/saveCategory', { categoryName: 'Nope' });
    expect(anonymous.apiStatus.errorCode).toBe('NOT_LOGGED_IN');
    const missing = await call(
      '/product/saveProduct',
      { prodName: 'x', productPrice: 1, publicCategoryId: desertId },
      admin,
    );
    expect(missing.apiStatus).toMatchObject({
      errorCode: 'MISSING_PARAMETER',
      errorMessage: expect.stringContaining('prodCode'),
    });
    const negative = await call(
      '/product/saveProduct',
      { prodCode: 'NEG', prodName: 'x', productPrice: -5, publicCategoryId: desertId },
      admin,
    );
    expect(negative.apiStatus).toMatchObject({
      errorCode: 'INVALID_FORMAT',
      errorMessage: expect.stringContaining('productPrice'),
    });
  });

  it('refuses to delete a category with products or sub-categories, and a product with holds', async () => {
    expect((await call('/product/deleteCategory', { categoryId: desertId }, admin)).apiStatus.errorCode).toBe(
      'INVALID_STATE',
    );
    expect((await call('/product/deleteCategory', { categoryId: rootId }, admin)).apiStatus.errorCode).toBe(
      'INVALID_STATE',
    );
    expect((await call('/product/deleteCategory', { categoryId: 999_999 }, admin)).apiStatus.errorCode).toBe(
      'NOTFOUND',
    );
    const empty = await ok('/product/saveCategory', { categoryName: 'Temporary' });
    expect(await ok('/product/deleteCategory', { categoryId: empty.categoryId })).toBe(true);
  });

  it('moves a category but never under itself', async () => {
    const moved = await ok('/product/saveCategory', {
      categoryId: desertId,
      categoryName: 'Desert',
      parentCategoryId: rootId,
    });
    expect(moved.categoryPath).toBe('Dubai/Desert');
    await ok('/product/saveCategory', { categoryId: desertId, categoryName: 'Desert', parentCategoryId: toursId });
    const cycle = await call(
      '/product/saveCategory',
      { categoryId: rootId, categoryName: 'Dubai', parentCategoryId: desertId },
      admin,
    );
    expect(cycle.apiStatus.errorCode).toBe('INVALID_STATE');
  });

  it('saves variants with attribute combinations, refusing foreign attribute values and duplicate codes', async () => {
    const variants = await ok('/product/getProductVariants', { productId: safariId }, null);
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
    expect(evening.transfers).toHaveLength(2);
    expect(variants[2]).toMatchObject({ attributeVals: [privateValueId], attributeIds: [expect.any(Number)] });
    const foreign = await call(
      '/product/saveVariant',
      { productId: safariId, servcode: 'X', servname: 'X', cprice: 1, attributeVals: [999_999] },
      admin,
    );
    expect(foreign.apiStatus).toMatchObject({
      errorCode: 'INVALID_FORMAT',
      errorMessage: expect.stringContaining('attributeVals'),
    });
    const again = await call(
      '/product/saveVariant',
      { productId: safariId, servcode: 'evening', servname: 'X', cprice: 1 },
      admin,
    );
    expect(again.apiStatus.errorCode).toBe('DUPLICATE');
    expect((await ok('/product/getVariant', { productId: safariId, attrValues: [privateValueId] }, null)).servid).toBe(
      sunsetVariant,
    );
    expect(
      (await call('/product/getVariant', { productId: safariId, attrValues: [1, 2, 3] })).apiStatus.errorCode,
    ).toBe('NOTFOUND');
    expect((await ok('/product/getDefaultVariant', { productId: safariId }, null)).servcode).toBe('DEFAULT');
  });

  it('updates an attribute (values not sent are removed) and deletes one', async () => {
    const created = await ok('/product/saveAttribute', {
      productId: safariId,
      name: 'Language',
      values: [{ attributeValue: 'English' }, { attributeValue: 'Arabic', priceAdjustment: 10 }],
    });
    const [english] = created.values;
    const updated = await ok('/product/saveAttribute', {
      productId: safariId,
      attributeId: created.attributeId,
      name: 'Guide language',
      values: [{ attributeValueId: english.attributeValueId, attributeValue: 'English', priceAdjustment: 5 }],
    });
    expect(updated).toMatchObject({ attributeId: created.attributeId, name: 'Guide language' });
    expect(updated.values).toEqual([
      expect.objectContaining({ attributeValueId: english.attributeValueId, priceAdjustment: 5 }),
    ]);
    const foreign = await call(
      '/product/saveAttribute',
      { productId: safariId, attributeId: 999_999, name: 'x', values: [{ attributeValue: 'y' }] },
      admin,
    );
    expect(foreign.apiStatus.errorCode).toBe('NOTFOUND');
    expect(await ok('/product/deleteAttribute', { attributeId: created.attributeId })).toBe(true);
    expect(
      (await call('/product/deleteAttribute', { attributeId: created.attributeId }, admin)).apiStatus.errorCode,
    ).toBe('NOTFOUND');
    expect((await call('/product/deleteAttribute', {}, admin)).apiStatus.errorCode).toBe('MISSING_PARAMETER');
    expect((await call('/product/deleteAttribute', { attributeId: 1 }, customer)).apiStatus.errorCode).toBe(
      'NOT_LOGGED_IN',
    );
    const names = (await ok('/product/getProductAttributes', { productId: safariId }, null)).map(
      (a: { name: string }) => a.name,
    );
    expect(names).toEqual(['Vehicle']);
  });

  it('writes inventory in bulk over a date range and chosen weekdays', async () => {
    const from = addDays(today(), 40);
    const written = await ok('/product/setInventory', {
      productId: safariId,
      variantId: eveningId,
      dateFrom: from,
      dateTo: addDays(from, 13),
      weekdays: ['FRI', 'SAT'],
      timeSlots: ['09:00'],
      capacity: 4,
    });
    expect(written.slotsWritten).toBe(4);
    const slots = await ok('/product/getInventory', {
      variantId: eveningId,
      dateFrom: from,
      dateTo: addDays(from, 13),
    });
    expect(slots).toHaveLength(4);
    expect(slots[0]).toMatchObject({ capacity: 4, sold: 0, held: 0, free: 4, startTime: '09:00' });
    const backwards = await call(
      '/product/setInventory',
      { productId: safariId, variantId: eveningId, dateFrom: from, dateTo: addDays(from, -1), capacity: 1 },
      admin,
    );
    expect(backwards.apiStatus).toMatchObject({
      errorCode: 'INVALID_FORMAT',
      errorMessage: expect.stringContaining('dateTo'),
    });
    const badDate = await call(
      '/product/setInventory',
      { productId: safariId, variantId: eveningId, dateFrom: '2026-02-30', dateTo: from, capacity: 1 },
      admin,
    );
    expect(badDate.apiStatus).toMatchObject({
      errorCode: 'INVALID_FORMAT',
      errorMessage: expect.stringContaining('dateFrom'),
    });
    const wrongProduct = await call(
      '/product/setInventory',
      { productId: 999_999, variantId: eveningId, dateFrom: from, dateTo: from, capacity: 1 },
      admin,
    );
    expect(wrongProduct.apiStatus.errorCode).toBe('NOTFOUND');
  });

  it('deletes a variant without sales but keeps at least one per product', async () => {
    const single = await ok('/product/saveProduct', {
      prodCode: `SINGLE-${Date.now()}`,
      prodName: 'Single',
      productPrice: 10,
      publicCategoryId: desertId,
    });
    const [only] = await ok('/product/getProductVariants', { productId: single.productId });
    expect((await call('/product/deleteVariant', { variantId: only.servid }, admin)).apiStatus.errorCode).toBe(
      'INVALID_STATE',
    );
    const extra = await ok('/product/saveVariant', {
      productId: single.productId,
      servcode: 'EXTRA',
      servname: 'Extra',
      cprice: 12,
    });
    expect(await ok('/product/deleteVariant', { variantId: only.servid })).toBe(true);
    expect((await ok('/product/getDefaultVariant', { productId: single.productId })).servid).toBe(extra.servid);
    expect(await ok('/product/deleteProduct', { productId: single.productId })).toBe(true);
    expect((await call('/product/getProduct', { productId: single.productId }, admin)).apiStatus.errorCode).toBe(
      'NOTFOUND',
    );
  });
});

describe('reads', () => {
  it('lists a category’s products with the listing fields', async () => {
    const listed = await ok('/product/getCategoryProducts', { catId: desertId }, null);
    const safari = listed.find((p: { productId: number }) => p.productId === safariId);
    expect(safari).toMatchObject({
      prodName: 'Evening Desert Safari',
      productPrice: 250,
      publicCategoryName: 'Desert',
      variantCount: 3,
    });
    expect(safari.productTerms).toBeUndefined();
    const viaGet = await service.app.inject({
      method: 'GET',
      url: `/product/getCategoryProducts?category=${desertId}`,
      headers: { host: tenant.host },
    });
    expect(viaGet.json().apiData).toEqual(listed);
    expect((await call('/product/getCategoryProducts', { catId: 999_999 })).apiStatus.errorCode).toBe('NOTFOUND');
    expect((await call('/product/getCategoryProducts', {})).apiStatus.errorCode).toBe('MISSING_PARAMETER');
  });

  it('finds categories and products by name', async () => {
    expect((await ok('/product/findCategory', { catName: 'desert' }, null)).categoryId).toBe(desertId);
    expect((await ok('/product/findCategory', { catName: 'our' }, null)).categoryId).toBe(toursId);
    expect((await call('/product/findCategory', { catName: 'Mars' })).apiStatus.errorCode).toBe('NOTFOUND');
    const partial = await ok('/product/searchProduct', { method: 'partial', prodName: 'desert saf' }, null);
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
    expect(await ok('/product/searchProduct', { prodName: 'desert saf' }, null)).toEqual([]);
    expect((await ok('/product/searchProduct', { prodName: 'evening desert safari' }, null)).length).toBe(1);
    expect(await ok('/product/productLookup', { namepart: 'safari' }, null)).toContainEqual([
      'Evening Desert Safari',
      safariId,
    ]);
  });

  it('hides products not on the web from guests but not from employees', async () => {
    const hidden = await ok('/product/saveProduct', {
      prodCode: `HIDDEN-${Date.now()}`,
      prodName: 'Staff-only transfer',
      productPrice: 99,
      publicCategoryId: desertId,
      availableOnWeb: false,
    });
    expect((await call('/product/getProduct', { productId: hidden.productId })).apiStatus.errorCode).toBe('NOTFOUND');
    expect((await call('/product/getProduct', { productId: hidden.productId }, customer)).apiStatus.errorCode).toBe(
      'NOTFOUND',
    );
    expect((await ok('/product/getProduct', { productId: hidden.productId })).availableOnWeb).toBe(false);
    const guestList = await ok('/product/getCategoryProducts', { catId: desertId }, null);
    expect(guestList.map((p: { productId: number }) => p.productId)).not.toContain(hidden.productId);
  });

  it('answers attributes, terms and the errors of reads', async () => {
    const [vehicle] = await ok('/product/getProductAttributes', { productId: safariId }, null);
    expect(vehicle).toMatchObject({ name: 'Vehicle', sequence: 0 });
    expect(vehicle.values[1]).toMatchObject({
      attributeValue: 'Private 4x4',
      attributeDescription: 'Your own car and driver',
      priceAdjustment: 120.5,
    });
    expect(await ok('/product/getTerms', { productId: safariId }, null)).toEqual({
      productId: safariId,
      productTerms: 'Pick-up 30 minutes before the start.',
      cancelPolicy: 'Free cancellation up to 24 hours before.',
      childPolicy: 'Children under 3 go free.',
    });
    expect((await call('/product/getProduct', {})).apiStatus).toMatchObject({
      errorCode: 'MISSING_PARAMETER',
      errorMessage: expect.stringContaining('productId'),
    });
    expect((await call('/product/getProduct', { productId: 'one' })).apiStatus.errorCode).toBe('INVALID_FORMAT');
    for (const url of [
      '/product/getProductAttributes',
      '/product/getTerms',
      '/product/getProductVariants',
      '/product/getDefaultVariant',
    ]) {
      expect((await call(url, { productId: 999_999 })).apiStatus.errorCode, url).toBe('NOTFOUND');
      expect((await call(url, {})).apiStatus.errorCode, url).toBe('MISSING_PARAMETER');
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
    const plain = await ok('/product/getAvailability', request({}), null);
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
    const upgraded = await ok('/product/getAvailability', request({ attributes: { Vehicle: 'Private 4x4' } }), null);
    expect(upgraded).toMatchObject({ apc: 370.5, cpc: 300.5, sttl: 1041.5 });
    const byIds = await ok(
      '/product/getAvailability',
      request({ attributes: { [String(privateValueId - 1 + 0)]: String(privateValueId) } }),
      null,
    );
    expect(byIds.available).toBe(true);
    const unknown = await call('/product/getAvailability', request({ attributes: { Vehicle: 'Camel' } }));
    expect(unknown.apiStatus).toMatchObject({
      errorCode: 'INVALID_FORMAT',
      errorMessage: expect.stringContaining('attributes'),
    });
  });

  it('answers available false with a reason: no inventory, past date, too many people, too few places', async () => {
    expect(await ok('/product/getAvailability', request({ date: addDays(today(), 90) }), null)).toMatchObject({
      available: false,
      statusReason: expect.stringContaining('Not available'),
    });
    expect(
      (await ok('/product/getAvailability', request({ date: addDays(today(), -1) }), null)).statusReason,
    ).toContain('past');
    expect((await ok('/product/getAvailability', request({ adultCount: 13 }), null)).statusReason).toContain(
      'At most 12',
    );
    expect(
      (await ok('/product/getAvailability', request({ adultCount: 7, childCount: 0 }), null)).statusReason,
    ).toContain('6 people');
    const slots = await ok(
      '/product/getTimeslots',
      { variant: { servid: eveningId, templateid: safariId }, bookInfo: { date: addDays(today(), 2) } },
      null,
    );
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
    expect((await call('/product/getAvailability', {})).apiStatus).toMatchObject({
      errorCode: 'MISSING_PARAMETER',
      errorMessage: expect.stringContaining('bookingRequest'),
    });
    expect((await call('/product/getAvailability', request({ date: '22/11/2026' }))).apiStatus).toMatchObject({
      errorCode: 'INVALID_FORMAT',
      errorMessage: expect.stringContaining('date'),
    });
    expect(
      (await call('/product/getAvailability', request({ variantId: sunsetVariant + 1000 }))).apiStatus.errorCode,
    ).toBe('NOTFOUND');
    expect((await call('/product/getAvailability', request({ timeSlotId: 999_999 }))).apiStatus.errorCode).toBe(
      'INVALID_FORMAT',
    );
    expect(
      (await call('/product/getTimeslots', { variant: { servid: 999_999 }, bookInfo: { date: today() } })).apiStatus
        .errorCode,
    ).toBe('NOTFOUND');
    expect((await call('/product/getTimeslots', { variant: { servid: eveningId } })).apiStatus.errorCode).toBe(
      'MISSING_PARAMETER',
    );
  });

  it('says available with bookInfo on variants', async () => {
    const variants = await ok(
      '/product/getProductVariants',
      { productId: safariId, bookInfo: { date: addDays(today(), 3), adults: 2 } },
      null,
    );
    const byCode = Object.fromEntries(
      variants.map((v: { servcode: string; available: boolean }) => [v.servcode, v.available]),
    );
    expect(byCode).toEqual({ DEFAULT: false, EVENING: true, SUNSET: false });
  });
});
