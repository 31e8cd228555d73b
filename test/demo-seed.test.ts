// The demo catalog (db/seeds/demo.ts) on a fresh tenant, seen through the API as an anonymous website visitor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoCatalogCounts, seedDemoCatalog } from '../db/seeds/demo.js';
import { addDays, formatDate, weekdayOf } from '../src/platform/time.js';
import { ensureDemoCatalog, ensureDemoTenant } from '../src/demo-tenant.js';
import { createSettingsArea, type TenantSettings } from '../src/areas/settings/index.js';
import type { Sql } from '../src/platform/database/connections.js';
import type { TenantRecord } from '../src/platform/tenancy/tenant.js';
import type { Service } from '../src/service.js';
import {
  platformToken,
  type ProvisionedTestTenant,
  provisionTenant,
  startTestService,
  uniqueTenantCode,
} from './support/service.js';

interface Category {
  categoryId: number;
  categoryName: string;
  categoryPath: string;
  childCategories: Category[] | null;
}
interface ProductSummary {
  productId: number;
  prodCode: string;
  productPrice: number;
  prodImgSmall: string | null;
  variantCount: number;
}
interface Variant {
  servid: number;
  servcode: string;
  cprice: number;
  hasTimeSlots: boolean;
  timeSlots: string;
  attributeVals: number[];
}
interface Attribute {
  name: string;
  values: Array<{ attributeValue: string; priceAdjustment: number }>;
}

let service: Service;
let tenant: ProvisionedTestTenant;
let first: DemoCatalogCounts;
const today = () => formatDate(new Date(), 'Asia/Dubai');

/** An anonymous call on the tenant host; answers the apiData after checking the call succeeded. */
async function ok<T>(url: string, payload: object = {}): Promise<T> {
  const answer = await service.app.inject({ method: 'POST', url, headers: { host: tenant.host }, payload });
  const body = answer.json<{ apiStatus: { errorCode: string }; apiData: T }>();
  expect(body.apiStatus.errorCode, `${url} ${answer.body}`).toBe('OK');
  return body.apiData;
}

/** Seeds the way main.ts does: an admin context on a pool lease of the tenant. */
async function seed(): Promise<DemoCatalogCounts> {
  const record = service.registry.byCode(tenant.tenantCode);
  if (!record) throw new Error('the tenant is not in the registry');
  const lease = await service.pools.acquire(record);
  try {
    return await seedDemoCatalog(record, lease.sql, service.logger);
  } finally {
    lease.release();
  }
}

const flatten = (nodes: Category[]): Category[] =>
  nodes.flatMap((node) => [node, ...flatten(node.childCategories ?? [])]);

async function allProducts(): Promise<ProductSummary[]> {
  const categories = flatten(await ok<Category[]>('/product/getCategories'));
  const lists = await Promise.all(
    categories.map((category) => ok<ProductSummary[]>('/product/getCategoryProducts', { catId: category.categoryId })),
  );
  return lists.flat();
}

async function productByCode(code: string): Promise<ProductSummary> {
  const product = (await allProducts()).find((p) => p.prodCode === code);
  if (!product) throw new Error(`no product ${code} on the web`);
  return product;
}

beforeAll(async () => {
  service = await startTestService();
  tenant = await provisionTenant(service, await platformToken(service), { timezone: 'Asia/Dubai', currency: 'AED' });
  first = await seed();
}, 120_000);

afterAll(() => service.close());

describe('demo catalog', () => {
  it('reports what it wrote', () => {
    expect(first.categories).toBeGreaterThanOrEqual(5);
    expect(first.products).toBeGreaterThanOrEqual(15);
    expect(first.variants).toBeGreaterThan(first.products);
    expect(first.slots).toBeGreaterThan(first.variants * 30);
  });

  it('shows a category tree with nested categories', async () => {
    const tree = await ok<Category[]>('/product/getCategories');
    expect(flatten(tree).length).toBeGreaterThanOrEqual(5);
    expect(tree.map((node) => node.categoryName)).toEqual(['Dubai Tours', 'Attractions', 'Abu Dhabi Excursions']);
    const tours = tree[0];
    expect(tours?.childCategories?.map((node) => node.categoryPath)).toContain('Dubai Tours/Desert Safaris');
  });

  it('lists at least 15 web products across the categories, with images and AED prices', async () => {
    const products = await allProducts();
    expect(new Set(products.map((p) => p.productId)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(products.map((p) => p.prodCode))).not.toContain('DXB-YACHT-PVT');
    const safari = products.find((p) => p.prodCode === 'DXB-SAFARI-EVE');
    expect(safari).toMatchObject({
      productPrice: 189,
      prodImgSmall: '/images/products/dxb-safari-eve-small.jpg',
      variantCount: 2,
    });
  });

  it('sells a product 10 days ahead at server prices, with attribute price adjustments', async () => {
    const safari = await productByCode('DXB-SAFARI-EVE');
    const date = addDays(today(), 10);
    const availability = await ok('/product/getAvailability', {
      bookingRequest: { productId: safari.productId, date, adultCount: 2, childCount: 1 },
    });
    expect(availability).toMatchObject({ available: true, apc: 189, cpc: 149, sttl: 527 });

    const [vehicle] = await ok<Attribute[]>('/product/getProductAttributes', { productId: safari.productId });
    expect(vehicle?.name).toBe('Vehicle');
    expect(vehicle?.values.map((v) => [v.attributeValue, v.priceAdjustment])).toEqual([
      ['Shared 4x4', 0],
      ['Private 4x4', 450],
    ]);
    const variants = await ok<Variant[]>('/product/getProductVariants', { productId: safari.productId });
    expect(variants.map((v) => [v.servcode, v.cprice])).toEqual([
      ['SHARED', 189],
      ['PRIVATE', 639],
    ]);
    const privateCar = await ok('/product/getAvailability', {
      bookingRequest: { productId: safari.productId, variantId: variants[1]?.servid, date, adultCount: 2 },
    });
    expect(privateCar).toMatchObject({ available: true, apc: 639, sttl: 1278 });
  });

  it('has time slots for a timed variant', async () => {
    const burj = await productByCode('DXB-BURJ-TOP');
    const variants = await ok<Variant[]>('/product/getProductVariants', { productId: burj.productId });
    expect(variants).toHaveLength(4);
    const sunset = variants.find((v) => v.servcode === 'SUNSET-FT');
    expect(sunset).toMatchObject({ hasTimeSlots: true, cprice: 169 + 70 + 75 });
    const slots = await ok<Array<{ startTime: string; available: number }>>('/product/getTimeslots', {
      variant: { servid: sunset?.servid },
      bookInfo: { date: addDays(today(), 10) },
    });
    expect(slots.map((slot) => slot.startTime.slice(11, 16))).toEqual(sunset?.timeSlots.split(','));
    expect(slots.every((slot) => slot.available === 10)).toBe(true);
  });

  it('runs the dhow cruise on Thursday to Saturday only', async () => {
    const dhow = await productByCode('DXB-DHOW-MARINA');
    const [lower] = await ok<Variant[]>('/product/getProductVariants', { productId: dhow.productId });
    const week = Array.from({ length: 7 }, (_, day) => addDays(today(), 7 + day));
    for (const date of week) {
      const slots = await ok<unknown[]>('/product/getTimeslots', {
        variant: { servid: lower?.servid },
        bookInfo: { date },
      });
      expect(slots.length, `${date} ${weekdayOf(date)}`).toBe(['THU', 'FRI', 'SAT'].includes(weekdayOf(date)) ? 1 : 0);
    }
  });

  it('does not duplicate anything when run again', async () => {
    expect(await seed()).toEqual({ categories: 0, products: 0, variants: 0, slots: 0 });
    expect(flatten(await ok<Category[]>('/product/getCategories'))).toHaveLength(first.categories);
    expect(await allProducts()).toHaveLength(first.products - 1);
  });
});

describe('the demo catalog at start-up (ensureDemoCatalog, as npm start runs it)', () => {
  it('is seeded by one of two nodes starting together, and both finish', async () => {
    const fresh = await provisionTenant(service, await platformToken(service));
    // Two starts at once: the advisory lock lets one seed; the other skips. Before, the seed ran through the pool
    // whose only connection held the lock, and waited for it forever.
    const [a, b] = await Promise.all([
      ensureDemoCatalog(service, fresh.tenantCode),
      ensureDemoCatalog(service, fresh.tenantCode),
    ]);
    const seeded = [a, b].filter((counts) => counts !== undefined);
    expect(seeded).toHaveLength(1);
    expect(seeded[0]?.products).toBeGreaterThanOrEqual(15);
    // A later start leaves the seeded catalog alone.
    expect(await ensureDemoCatalog(service, fresh.tenantCode)).toBeUndefined();
  }, 60_000);
});

describe("the demo agency's settings (ensureDemoTenant, as npm start runs it)", () => {
  /** Work on the tenant's database, on a pool lease as a request has it. */
  const onTenant = async <T>(tenantCode: string, work: (record: TenantRecord, sql: Sql) => Promise<T>): Promise<T> => {
    const record = service.registry.byCode(tenantCode);
    if (!record) throw new Error(`no tenant ${tenantCode}`);
    const lease = await service.pools.acquire(record);
    try {
      return await work(record, lease.sql);
    } finally {
      lease.release();
    }
  };
  const settingsOf = (tenantCode: string): Promise<TenantSettings> =>
    onTenant(tenantCode, (record, db) => createSettingsArea().api.read({ tenant: record, db }));

  it('are a UAE agency registered for VAT, written on provisioning only', async () => {
    const code = uniqueTenantCode('demo');
    const login = await ensureDemoTenant(service, code);
    expect(login?.url).toContain(code);
    const settings = await settingsOf(code);
    expect(settings.tax).toEqual({ ratePercent: '5', registrationNumber: '100123456700003', pricesIncludeTax: true });
    expect(settings.tax.registrationNumber).toMatch(/^\d{15}$/);
    expect(settings.agency).toMatchObject({
      legalName: 'Demo Travel Agency L.L.C.',
      phone: '+971 4 555 0100',
      email: 'accounts@demo-travel.example',
    });
    expect(settings.agency.address).toContain('Dubai, United Arab Emirates');
    expect(settings.agency.bankDetails).toContain('IBAN: AE07 0331 2345 6789 0123 456');
    expect(settings.quoteTerms).toContain('VAT at 5 %');
    expect(settings.invoiceDueDays).toBe(7);

    // a later start provisions nothing and leaves the settings (an admin's changes) alone
    await onTenant(code, (_record, sql) => sql`UPDATE tenant_settings SET phone = '+971 4 000 0000'`);
    expect(await ensureDemoTenant(service, code)).toBeUndefined();
    expect((await settingsOf(code)).agency.phone).toBe('+971 4 000 0000');
  }, 120_000);

  it('are not written on any other tenant', async () => {
    const settings = await settingsOf(tenant.tenantCode);
    expect(settings.tax.registrationNumber).toBeNull();
    expect(settings.agency.address).toBeNull();
  });
});
