// The simulated catalog's world and lists: its size, the contract's cities, ids, determinism, every link resolving
// (experience → products of its city, tags → tag types), the filters, NOTFOUND for unknown ids, and the wiring
// through createTicketSupplier.
import { describe, expect, it } from 'vitest';
import { type CatalogExperience, type CatalogProduct, TicketCatalogError } from '../catalog.js';
import { createTicketSupplier, loadTicketSupplierSettings } from '../index.js';
import { buildCatalogData, catalogData } from './data.js';
import { createSimulatedTicketCatalog } from './index.js';

const clock = () => new Date('2026-06-10T08:00:00Z');
const catalog = createSimulatedTicketCatalog({ clock });

async function everything() {
  const experiences = await catalog.experiences({});
  const products = await catalog.products({});
  return { experiences, products, productById: new Map(products.map((product) => [product.id, product])) };
}

async function rejection(call: Promise<unknown>): Promise<TicketCatalogError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TicketCatalogError);
  return error as TicketCatalogError;
}

describe('simulated ticket catalog: the world', () => {
  it('holds at least 40 countries, 300 cities and 5,000 experiences (build time logged, not asserted)', async () => {
    const data = catalogData();
    const { experiences, products } = await everything();
    const variants = data.products.reduce((sum, plan) => sum + plan.variantKinds.length, 0);
    console.info(
      `simulated ticket catalog: ${data.countries.length} countries, ${data.cities.length} cities, ` +
        `${experiences.length} experiences, ${products.length} products, ${variants} variants ` +
        `in ${data.buildMs.toFixed(0)} ms`,
    );
    expect((await catalog.countries()).length).toBeGreaterThanOrEqual(40);
    expect((await catalog.cities({})).length).toBeGreaterThanOrEqual(300);
    expect(experiences.length).toBeGreaterThanOrEqual(5000);
  });

  it('has Dubai, Paris and London with their zones, coordinates and currencies, and ISO countries', async () => {
    const cities = await catalog.cities({});
    const city = (name: string, countryId: string) =>
      cities.find((item) => item.name === name && item.countryId === countryId);
    expect(city('Dubai', '784')).toMatchObject({ id: '78401', timezone: 'Asia/Dubai', currency: 'AED' });
    expect(city('Paris', '250')).toMatchObject({ id: '25001', timezone: 'Europe/Paris', currency: 'EUR' });
    expect(city('London', '826')).toMatchObject({ id: '82601', timezone: 'Europe/London', currency: 'GBP' });
    expect(city('Dubai', '784')?.latitude).toBeCloseTo(25.2, 1);
    expect(city('Dubai', '784')?.longitude).toBeCloseTo(55.3, 1);
    expect(city('Paris', '250')?.latitude).toBeCloseTo(48.9, 1);
    expect(city('London', '826')?.longitude).toBeCloseTo(-0.1, 1);
    const countries = await catalog.countries();
    expect(countries.find((item) => item.id === '784')).toEqual({
      id: '784',
      name: 'United Arab Emirates',
      code: 'AE',
      fullName: null,
    });
    expect(countries.find((item) => item.code === 'US')).toMatchObject({ fullName: 'United States of America' });
    for (const item of cities) {
      expect(item.id, item.name).toMatch(/^[1-9]\d*$/);
      expect(() => new Intl.DateTimeFormat('en', { timeZone: item.timezone ?? '' }), item.name).not.toThrow();
      expect(countries.some((country) => country.id === item.countryId)).toBe(true);
    }
    expect(new Set(cities.map((item) => item.id)).size).toBe(cities.length);
  });

  it('is the same on every build, and two catalogs answer the same', async () => {
    // A product's plan points back at its experience: left out of the text, which holds it once already.
    const text = () =>
      JSON.stringify(buildCatalogData(), (key, value) =>
        key === 'buildMs' || key === 'experience' ? undefined : value instanceof Map ? [...value.keys()] : value,
      );
    const first = text();
    expect(first.length).toBeGreaterThan(1_000_000);
    expect(text()).toBe(first);
    const other = createSimulatedTicketCatalog({ clock });
    expect(await other.experiences({ cityId: '78401' })).toEqual(await catalog.experiences({ cityId: '78401' }));
    const productId = (await catalog.products({ cityId: '25001' }))[0]?.id as string;
    expect(await other.availability(productId, '2026-06-10', '2026-07-10')).toEqual(
      await catalog.availability(productId, '2026-06-10', '2026-07-10'),
    );
  });

  it('numbers experiences, products and variants uniquely across the catalog, below 2^31', async () => {
    const { experiences, products } = await everything();
    const ids = [...experiences.map((item) => item.id), ...products.map((item) => item.id)];
    for (const product of products) ids.push(...(await catalog.variants(product.id)).map((variant) => variant.id));
    expect(ids.length).toBeGreaterThan(experiences.length + 2 * products.length);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(Number(id) < 2 ** 31 && /^[1-9]\d*$/.test(id), id).toBe(true);
  });
});

function expectLinked(experience: CatalogExperience, products: CatalogProduct[]) {
  expect(products.length, experience.id).toBeGreaterThanOrEqual(1);
  expect(products.length, experience.id).toBeLessThanOrEqual(4);
  for (const product of products) {
    expect(product, experience.id).toMatchObject({
      cityId: experience.cityId,
      countryId: experience.countryId,
      venueId: experience.id,
      currency: experience.currency,
    });
  }
  const cheapest = Math.min(...products.map((product) => Number(product.price)));
  expect(Number(experience.fromPrice)).toBe(cheapest);
}

describe('simulated ticket catalog: links and fields', () => {
  it("resolves every experience's products to products of its own city, its from-price their cheapest", async () => {
    const { experiences, productById } = await everything();
    for (const experience of experiences) {
      const products = experience.productIds.map((id) => productById.get(id));
      expect(products.every((product) => product !== undefined)).toBe(true);
      expectLinked(experience, products as CatalogProduct[]);
    }
  });

  it('gives products 1 to 4 variants, an adult first, prices in the minor unit of their currency', async () => {
    const products = await catalog.products({ cityId: '78401' });
    const tokyo = await catalog.products({ countryId: '392' });
    for (const product of products) {
      const variants = await catalog.variants(product.id);
      expect(variants.length).toBeGreaterThanOrEqual(1);
      expect(variants.length).toBeLessThanOrEqual(4);
      expect(variants[0]).toMatchObject({ type: 'ADULT', maxOccupancy: 1, price: product.price, currency: 'AED' });
      for (const variant of variants) expect(variant.price).toMatch(/^\d+\.\d{2}$/);
    }
    expect(products.find((item) => item.hasTimeSlot)).toBeDefined();
    expect(products.find((item) => !item.hasTimeSlot)).toBeDefined();
    expect(tokyo[0]?.currency).toBe('JPY');
    expect(tokyo[0]?.price).toMatch(/^\d+00$/);
    const family = (await Promise.all(products.map((item) => catalog.variants(item.id)))).flat();
    expect(family.find((variant) => variant.type === 'FAMILY')?.maxOccupancy).toBe(4);
  });

  it('sells about four products in five through the booking API, all active, on .invalid hosts', async () => {
    const { experiences, products } = await everything();
    const share = products.filter((item) => item.hasVendorBooking).length / products.length;
    expect(share).toBeGreaterThan(0.7);
    expect(share).toBeLessThan(0.9);
    expect(experiences.every((item) => item.active)).toBe(true);
    const [experience] = experiences;
    expect(experience?.images.small).toBe(`https://images.simulator.invalid/experiences/${experience?.id}/small.jpg`);
    expect(new URL(products[0]?.productUrl ?? '').hostname.endsWith('.invalid')).toBe(true);
    expect(new URL(experience?.experienceUrl ?? '').hostname.endsWith('.invalid')).toBe(true);
  });

  it('tags every experience with known tags, each of a known type with its group', async () => {
    const types = await catalog.tagTypes();
    const tags = await catalog.tags({});
    expect(types.map((type) => type.groupName)).toEqual(['category', 'audience', 'time of day', 'highlights']);
    for (const tag of tags) expect(types.some((type) => type.id === tag.typeId)).toBe(true);
    const known = new Set(tags.map((tag) => tag.id));
    for (const experience of await catalog.experiences({ countryId: '250' })) {
      expect(experience.tagIds.every((id) => known.has(id))).toBe(true);
    }
  });
});

describe('simulated ticket catalog: filters and unknown ids', () => {
  it('filters cities by country, experiences by city, country and type, products by city, country, tag', async () => {
    const emirates = await catalog.cities({ countryId: '784' });
    expect(emirates.length).toBeGreaterThan(1);
    expect(emirates.every((city) => city.countryId === '784')).toBe(true);
    const dubai = await catalog.experiences({ cityId: '78401' });
    expect(dubai.length).toBeGreaterThan(10);
    expect(dubai.every((item) => item.cityId === '78401' && item.title.includes('Dubai'))).toBe(true);
    const venues = await catalog.experiences({ countryId: '250', type: 'venue' });
    expect(venues.length).toBeGreaterThan(0);
    expect(venues.every((item) => item.countryId === '250' && item.type === 'venue')).toBe(true);
    expect(await catalog.experiences({ cityId: '78401', countryId: '250' })).toEqual([]);
    const london = await catalog.products({ cityId: '82601' });
    expect(london.every((item) => item.cityId === '82601' && item.currency === 'GBP')).toBe(true);
    const museums = await catalog.products({ countryId: '826', tagId: '105' });
    expect(museums.length).toBeGreaterThan(0);
    expect(museums.every((item) => item.countryId === '826' && item.tagIds.includes('105'))).toBe(true);
    expect(await catalog.product(london[0]?.id as string)).toEqual(london[0]);
  });

  it('filters tags by their type name', async () => {
    const categories = await catalog.tags({ typeName: 'Category' });
    expect(categories.length).toBeGreaterThan(5);
    expect(categories.every((tag) => tag.typeId === '1')).toBe(true);
    expect(categories.find((tag) => tag.id === '105')?.name).toBe('Museums');
    expect(await catalog.tags({ typeName: 'No such type' })).toEqual([]);
  });

  it('answers NOTFOUND for an unknown experience or product', async () => {
    for (const call of [
      catalog.experience('99999999'),
      catalog.product('nope'),
      catalog.variants('100000000'),
      catalog.availability('1', '2026-06-10', '2026-06-11'),
      catalog.timeslots('1', '2026-06-10'),
    ]) {
      const error = await rejection(call);
      expect(error.kind).toBe('not-found');
      expect(error.code).toBe('NOTFOUND');
    }
    const [first] = await catalog.experiences({ cityId: '25001' });
    expect(await catalog.experience(first?.id as string)).toEqual(first);
  });

  it('hands out copies: changing an answer does not change the catalog', async () => {
    const [first] = await catalog.experiences({ cityId: '78401' });
    first?.productIds.push('1');
    first?.tagIds.splice(0);
    expect(await catalog.experience(first?.id as string)).not.toEqual(first);
  });

  it('is the catalog createTicketSupplier gives the simulator', async () => {
    const adapters = createTicketSupplier(loadTicketSupplierSettings({}), { clock });
    expect(adapters.catalog.kind).toBe('simulator');
    expect((await adapters.catalog.cities({ countryId: '826' }))[0]?.name).toBe('London');
  });
});
