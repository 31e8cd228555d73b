// /ticketsupplier reads over a tenant's copy synced from the Tiqets loopback fake, and the cities' switches: the
// canonical shapes, filters and pages, every error code, who may call what, and enabling a city (its content synced
// on demand, all or nothing when the supplier fails).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defined } from '../../../test/support/api.js';
import { type TestTenant, type TestUser, tenant, user } from '../../../test/support/factories.js';
import { runJobOnce, startTestService } from '../../../test/support/service.js';
import { startTiqetsFake, type TiqetsFake } from '../../../test/support/tiqets-fake.js';
import { TIMED_PRODUCT } from '../../../test/support/tiqets-fake-data.js';
import type { Service } from '../../service.js';
import { FORCED_SYNC_JOB } from './index.js';
import type { City, Country, Experience, Product, Tag, TagType, Variant } from './ticket-supplier.schemas.js';

let fake: TiqetsFake;
let service: Service;
let t: TestTenant;
let employee: TestUser;
let customer: TestUser;

beforeAll(async () => {
  fake = await startTiqetsFake();
  service = await startTestService({
    env: { TC_TICKET_SUPPLIER: 'tiqets', TC_TIQETS_URL: fake.url, TC_TIQETS_TOKEN: fake.token, TC_TIQETS_RETRIES: '0' },
  });
  t = await tenant(service);
  [employee, customer] = [await user(t, 'employee'), await user(t, 'customer')];
  await runJobOnce(service, FORCED_SYNC_JOB);
});
afterAll(async () => {
  await service.close();
  await fake.stop();
});
afterEach(() => {
  fake.requests.length = 0;
});

describe('catalog reads', () => {
  it('countries and cities in the canonical shapes, by country and enabled', async () => {
    expect(await t.api.ok<Country[]>('/ticketsupplier/countries')).toEqual([
      { countryId: 2, countryCode: 'NL', countryName: 'Netherlands', countryFullName: null },
      { countryId: 1, countryCode: 'AE', countryName: 'United Arab Emirates', countryFullName: null },
    ]);
    const cities = await t.api.ok<City[]>('/ticketsupplier/cities', { countryId: '1' });
    expect(cities).toHaveLength(115);
    expect(cities[0]).toEqual({
      cityCode: '100',
      cityName: 'City 1',
      countryCode: 'AE',
      latitude: 25.2,
      longitude: 55.27,
      timezone: 'Asia/Dubai',
      currency: 'AED',
      enabled: false,
    });
    expect(await t.api.ok<City[]>('/ticketsupplier/cities', { enabledOnly: true })).toEqual([]);
    expect(await t.api.ok<City[]>('/ticketsupplier/cities', {})).toHaveLength(230);
    await t.api.expectError('/ticketsupplier/cities', { enabledOnly: 'often' }, 'INVALID_FORMAT', 'enabledOnly');
  });

  it('experiences page by page in a stable order, by city, country and tag', async () => {
    const first = await t.api.ok<Experience[]>('/ticketsupplier/experiences', { cityId: '101', pageSize: 40 });
    const second = await t.api.ok<Experience[]>('/ticketsupplier/experiences', {
      cityId: '101',
      pageSize: 40,
      page: 2,
    });
    const third = await t.api.ok<Experience[]>('/ticketsupplier/experiences', { cityId: '101', pageSize: 40, page: 3 });
    const ids = [...first, ...second, ...third].map((item) => item.experienceId);
    expect(ids).toHaveLength(104);
    expect(new Set(ids).size).toBe(104);
    expect(ids).toEqual([...ids].sort());
    expect(await t.api.ok<Experience[]>('/ticketsupplier/experiences', {})).toHaveLength(50);
    expect(await t.api.ok<Experience[]>('/ticketsupplier/experiences', { countryId: '1' })).toHaveLength(1);
    expect(
      await t.api.ok<Experience[]>('/ticketsupplier/experiences', { categoryId: '7', pageSize: 200 }),
    ).toHaveLength(105);
    expect(await t.api.ok<Experience[]>('/ticketsupplier/experiences', { categoryId: '8' })).toEqual([]);
    await t.api.expectError('/ticketsupplier/experiences', { pageSize: 201 }, 'INVALID_FORMAT', 'pageSize');
    await t.api.expectError('/ticketsupplier/experiences', { page: 0 }, 'INVALID_FORMAT', 'page');
  });

  it('one experience, canonical; unknown or missing ids', async () => {
    expect(await t.api.ok<Experience>('/ticketsupplier/experience', { experienceId: '3000' })).toMatchObject({
      experienceId: '3000',
      experienceType: 'attraction',
      title: 'Burj Khalifa',
      cityId: '100',
      countryId: '1',
      imageMedium: 'e0.jpg',
      ratingAverage: 4.5,
      ratingCount: 10,
      fromPrice: 45.5,
      currency: 'EUR',
      tagIds: '7',
      productIds: String(TIMED_PRODUCT),
      active: true,
    });
    expect((await t.api.ok<Experience>('/ticketsupplier/experience', { experienceId: '3001' })).experienceType).toBe(
      'tour',
    );
    await t.api.expectError('/ticketsupplier/experience', { experienceId: '9' }, 'NOTFOUND', '9');
    await t.api.expectError('/ticketsupplier/experience', {}, 'MISSING_PARAMETER', 'experienceId');
  });

  it("products of an experience or a city, one product with productId, a product's variants", async () => {
    const ofExperience = await t.api.ok<Product[]>('/ticketsupplier/products', { experienceId: '3000' });
    expect(ofExperience.map((item) => item.productId)).toEqual([String(TIMED_PRODUCT)]);
    expect(ofExperience[0]).toMatchObject({
      productId: '1001',
      prodCode: '1001',
      prodName: 'Burj Khalifa: At the Top',
      productPrice: 45.5,
      currency: 'EUR',
      hasTimeSlot: true,
      maxQuantity: 10,
      hasVendorBooking: true,
      productInclusions: 'Entry to levels 124 and 125|Telescopes',
      productExclusions: 'Food and drinks|Hotel pickup',
      cancelPolicy: 'Free cancellation up to 24 hours before',
      prodImgSmall: 's.jpg',
      prodImgMed: 'm.jpg',
      prodImgLarge: 'l.jpg',
      cityId: '100',
    });
    expect(await t.api.ok<Product[]>('/ticketsupplier/products', { cityId: '101' })).toHaveLength(148);
    expect(await t.api.ok<Product[]>('/ticketsupplier/products', { experienceId: '3000', cityId: '101' })).toEqual([]);
    await t.api.expectError('/ticketsupplier/products', {}, 'MISSING_PARAMETER', 'experienceId');
    await t.api.expectError('/ticketsupplier/products', { experienceId: '1' }, 'NOTFOUND', 'Experience 1');
    await t.api.expectError('/ticketsupplier/products', { cityId: 'nowhere' }, 'NOTFOUND', 'nowhere');
    expect((await t.api.ok<Product>('/ticketsupplier/product', { productId: '1002' })).productPrice).toBe(20.1);
    await t.api.expectError('/ticketsupplier/product', { productId: '77' }, 'NOTFOUND', '77');
    await t.api.expectError('/ticketsupplier/product', { productId: '' }, 'MISSING_PARAMETER', 'productId');
    expect(await t.api.ok<Variant[]>('/ticketsupplier/product/variants', { productId: '1001' })).toEqual([
      {
        servcode: '11',
        servname: 'Adult',
        servdesc: '12+',
        cprice: 45.5,
        currency: 'EUR',
        maxOccupancy: 1,
        available: true,
      },
      {
        servcode: '12',
        servname: 'Child',
        servdesc: '4-11',
        cprice: null,
        currency: 'EUR',
        maxOccupancy: 1,
        available: true,
      },
    ]);
    await t.api.expectError('/ticketsupplier/product/variants', { productId: '77' }, 'NOTFOUND', '77');
    await t.api.expectError('/ticketsupplier/product/variants', {}, 'MISSING_PARAMETER', 'productId');
  });

  it('tags with their type, of one group; tag types', async () => {
    expect(await t.api.ok<Tag[]>('/ticketsupplier/tags', { typeGroupName: 'audience' })).toEqual([
      {
        tagId: '8',
        name: 'Families',
        tagTypeId: 2,
        typeName: 'recommended audience',
        typeGroupName: 'Audience',
        iconUrl: null,
      },
    ]);
    expect(await t.api.ok<Tag[]>('/ticketsupplier/tags')).toHaveLength(2);
    expect(await t.api.ok<TagType[]>('/ticketsupplier/tag-types')).toEqual([
      { tagTypeId: 1, name: 'category', groupName: 'Category', iconUrl: null },
      { tagTypeId: 2, name: 'recommended audience', groupName: 'Audience', iconUrl: null },
    ]);
  });

  it('reads never call the supplier, and answer every caller', async () => {
    for (const api of [t.api, customer.api, employee.api]) {
      await api.ok('/ticketsupplier/experiences', { cityId: '101' });
      await api.ok('/ticketsupplier/product', { productId: '1001' });
    }
    expect(fake.requests).toEqual([]);
  });
});

describe('enabling and disabling a city', () => {
  const enabled = async () =>
    (await t.api.ok<City[]>('/ticketsupplier/cities', { enabledOnly: true })).map((c) => c.cityCode);

  it('employees only', async () => {
    await t.api.expectError('/ticketsupplier/city/enable', { cityId: '100' }, 'NOT_LOGGED_IN');
    await customer.api.expectError('/ticketsupplier/city/enable', { cityId: '100' }, 'FORBIDDEN');
    await customer.api.expectError('/ticketsupplier/city/disable', { cityId: '100' }, 'FORBIDDEN');
    await employee.api.expectError('/ticketsupplier/city/enable', {}, 'MISSING_PARAMETER', 'cityId');
    await employee.api.expectError('/ticketsupplier/city/enable', { cityId: 'atlantis' }, 'NOTFOUND', 'atlantis');
    await employee.api.expectError('/ticketsupplier/city/disable', { cityId: 'atlantis' }, 'NOTFOUND', 'atlantis');
    expect(await enabled()).toEqual([]);
  });

  it("enabling syncs the city's content from the supplier first, then sets the flag", async () => {
    await t.db((sql) => sql`DELETE FROM ts_products WHERE city_code = '100'`);
    await t.db((sql) => sql`DELETE FROM ts_experiences WHERE city_code = '100'`);
    const city = await employee.api.ok<City>('/ticketsupplier/city/enable', { cityId: '100' });
    expect(city).toMatchObject({ cityCode: '100', enabled: true, timezone: 'Asia/Dubai' });
    expect(fake.count('/experiences')).toBeGreaterThan(0);
    expect(await enabled()).toEqual(['100']);
    const products = await t.api.ok<Product[]>('/ticketsupplier/products', { cityId: '100' });
    expect(products.map((item) => item.productId)).toEqual(['1001', '1002']);
    expect(await t.api.ok<Variant[]>('/ticketsupplier/product/variants', { productId: '1001' })).toHaveLength(2);
    expect((await t.api.ok<Experience[]>('/ticketsupplier/experiences', { cityId: '100' })).length).toBe(1);
  });

  it('the supplier failing: API_ERROR, and neither the flag nor the content changes', async () => {
    // A stale hash: a write of the city would replace the title.
    await t.db((sql) => sql`UPDATE ts_products SET title = 'Kept title', content_hash = 'x' WHERE product_id = '2000'`);
    fake.failNext({ status: 503 }, { status: 503 });
    await employee.api.expectError('/ticketsupplier/city/enable', { cityId: '101' }, 'API_ERROR');
    fake.failNext('garbage', 'garbage');
    await employee.api.expectError('/ticketsupplier/city/enable', { cityId: '101' }, 'API_ERROR');
    expect(await enabled()).toEqual(['100']);
    const kept = await t.api.ok<Product>('/ticketsupplier/product', { productId: '2000' });
    expect(kept.prodName).toBe('Kept title');
  });

  it('disabling clears the flag; the content stays readable', async () => {
    const city = await employee.api.ok<City>('/ticketsupplier/city/disable', { cityId: '100' });
    expect(city.enabled).toBe(false);
    expect(await enabled()).toEqual([]);
    expect(
      defined((await t.api.ok<Product[]>('/ticketsupplier/products', { cityId: '100' }))[0], 'a product'),
    ).toMatchObject({ productId: '1001' });
  });
});
