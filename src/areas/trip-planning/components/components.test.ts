// Components of an itinerary through the API (contract §8.5): flights priced again by the supplier, hotels valued
// again through the online-hotel port, activities from the catalog or free text, services, exclusions; margins,
// overrides, currencies converted at the tenant's rates, costs by type; each refusal; removal by kind and itinerary.
// Itinerary create, list, update and delete too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defined } from '../../../../test/support/api.js';
import { uniqueName } from '../../../../test/support/database.js';
import { type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { runJobOnce, startTestService } from '../../../../test/support/service.js';
import { createHotelSimulator } from '../../../integrations/hotels/simulator/index.js';
import { addDays, formatDate } from '../../../platform/time.js';
import { FORCED_SYNC_JOB } from '../../ticket-supplier/index.js';
import type { ItineraryCosts } from '../itineraries/index.js';
import type {
  ActivityComponent,
  FlightComponent,
  HotelComponent,
  Itinerary,
  ItinerarySummary,
  Project,
  ServiceComponent,
} from '../trip.schemas.js';

// What the test reads of other areas' answers (their schemas are theirs).
type OfferSet = { offers: Array<{ id: string; grandTotal: number; currency: string }> };
type PricedOffer = { price: { grandTotal: string } };
type City = { cityCode: string; cityName: string };
type CatalogProduct = { productId: string; prodName: string };
type CatalogVariant = { servcode: string; cprice: number; currency: string };

let t: TestTenant;
let agent: TestUser;
const today = formatDate(new Date(), 'Asia/Dubai');

beforeAll(async () => {
  const service = await startTestService();
  t = await tenant(service);
  agent = await user(t, 'agent');
  await runJobOnce(service, FORCED_SYNC_JOB);
  await agent.api.ok('/cruise/exchangerate/write', {
    fromCurrency: 'EUR',
    toCurrency: 'AED',
    rate: 4.0123,
    validFrom: addDays(today, -30),
  });
}, 180_000);
afterAll(() => t?.service.close());

async function itinerary(project: object = {}) {
  const made = await agent.api.ok<Project>('/tripmaker/project/create', {
    projectName: uniqueName('Trip'),
    startDate: addDays(today, 20),
    endDate: addDays(today, 27),
    adults: 2,
    ...project,
  });
  const option = await agent.api.ok<Itinerary>('/tripmaker/itinerary/create', {
    projectId: made.projectId,
    itineraryName: 'Option A',
    description: 'Beach and city',
  });
  return { project: made, itineraryId: option.itineraryId };
}

const service = (itineraryId: number, extra: object = {}) =>
  agent.api.ok<ServiceComponent>('/tripmaker/itinerary/add-service', {
    itineraryId,
    serviceType: 'GUIDE',
    description: 'City guide',
    cost: 100,
    ...extra,
  });

describe('/tripmaker/itinerary/create, get, list, update, delete', () => {
  it('makes options of a project, lists them with totals, renames and deletes them', async () => {
    const { project, itineraryId } = await itinerary();
    const b = await agent.api.ok<Itinerary>('/tripmaker/itinerary/create', {
      projectId: project.projectId,
      itineraryName: 'Option B',
    });
    expect(b).toMatchObject({ projectId: project.projectId, description: null, totalCost: 0, components: [] });
    await service(itineraryId, { marginValue: 25 });
    const list = await agent.api.ok<ItinerarySummary[]>('/tripmaker/itinerary/list', { projectId: project.projectId });
    expect(list.map((row) => [row.itineraryName, row.totalCost, row.totalSelling])).toEqual([
      ['Option A', 100, 125],
      ['Option B', 0, 0],
    ]);
    const got = await agent.api.ok<Project>('/tripmaker/project/get', { projectId: project.projectId });
    expect(got.itineraries.map((row) => row.totalMargin)).toEqual([25, 0]);
    const renamed = await agent.api.ok<Itinerary>('/tripmaker/itinerary/update', {
      itineraryId: b.itineraryId,
      itineraryName: 'Option C',
    });
    expect(renamed).toMatchObject({ itineraryName: 'Option C', description: null });
    expect(await agent.api.ok('/tripmaker/itinerary/delete', { itineraryId })).toBe(true);
    await agent.api.expectError('/tripmaker/itinerary/get', { itineraryId }, 'NOTFOUND');
    await agent.api.expectError('/tripmaker/itinerary/update', { itineraryId, itineraryName: 'x' }, 'NOTFOUND');
    await agent.api.expectError('/tripmaker/itinerary/list', { projectId: 999999 }, 'NOTFOUND');
    await agent.api.expectError('/tripmaker/itinerary/create', { projectId: 999999, itineraryName: 'x' }, 'NOTFOUND');
  });
});

describe('money: margins, overrides, currencies, costs', () => {
  it('prices PERCENTAGE and FIXED margins exactly, keeps an override with its reason', async () => {
    const { itineraryId } = await itinerary();
    expect(await service(itineraryId, { cost: 33.33, marginValue: 12.5 })).toMatchObject({
      costPrice: 33.33,
      sellingPrice: 37.5, // 37.49625 rounded half up to the fils
      marginType: 'PERCENTAGE',
      supplierCost: 33.33,
      overrideReason: null,
    });
    expect(await service(itineraryId, { cost: 10, marginType: 'FIXED', marginValue: 2.5 })).toMatchObject({
      sellingPrice: 12.5,
    });
    expect(await service(itineraryId, { cost: 50, marginValue: -100 })).toMatchObject({ sellingPrice: 0 });
    const overridden = await service(itineraryId, { cost: 80, costOverride: 70, overrideReason: ' Agreed rate ' });
    expect(overridden).toMatchObject({
      costPrice: 70,
      supplierCost: 80,
      overrideReason: 'Agreed rate',
      sellingPrice: 70,
    });
  });

  it('converts other currencies at the rate in force into the project currency, per component, exact', async () => {
    const { itineraryId } = await itinerary();
    await service(itineraryId, { cost: 10.01, currency: 'EUR', marginValue: 10, dayNumber: 2 }); // 11.01 EUR
    await service(itineraryId, { cost: 100, dayNumber: 1 });
    await agent.api.ok('/tripmaker/itinerary/add-exclusion', { itineraryId, description: 'Tips', dayNumber: 1 });
    const got = await agent.api.ok<Itinerary>('/tripmaker/itinerary/get', { itineraryId });
    // 10.01 × 4.0123 = 40.163123 → 40.16; 11.01 × 4.0123 = 44.175423 → 44.18
    expect(got).toMatchObject({ currency: 'AED', totalCost: 140.16, totalSelling: 144.18, totalMargin: 4.02 });
    expect(got.marginPercentage).toBe(2.87);
    expect(got.components.map((component) => [component.dayNumber, component.componentType])).toEqual([
      [1, 'SERVICE'],
      [1, 'EXCLUSION'],
      [2, 'SERVICE'],
    ]);
    const costs = await agent.api.ok<ItineraryCosts>('/tripmaker/itinerary/costs', { itineraryId });
    expect(costs).toMatchObject({ totalCost: 140.16, totalSelling: 144.18, totalMargin: 4.02, marginPercentage: 2.87 });
    expect(costs.byType.find((line) => line.componentType === 'SERVICE')).toMatchObject({
      count: 2,
      totalCost: 140.16,
    });
    expect(costs.byType.find((line) => line.componentType === 'FLIGHT')).toMatchObject({
      count: 0,
      marginPercentage: 0,
    });
    await agent.api.expectError('/tripmaker/itinerary/costs', { itineraryId: 999999 }, 'NOTFOUND');
    // the node's kept answer follows a new component and a new rate in force at once
    await service(itineraryId, { cost: 1 });
    const grown = await agent.api.ok<Itinerary>('/tripmaker/itinerary/get', { itineraryId });
    expect([grown.components.length, grown.totalCost]).toEqual([4, 141.16]);
    const rate = { fromCurrency: 'EUR', toCurrency: 'AED', rate: 4, validFrom: addDays(today, -1) };
    await agent.api.ok('/cruise/exchangerate/write', rate);
    const again = await agent.api.ok<Itinerary>('/tripmaker/itinerary/get', { itineraryId });
    expect([again.totalCost, again.totalSelling]).toEqual([141.04, 145.04]);
    const costsAgain = await agent.api.ok<ItineraryCosts>('/tripmaker/itinerary/costs', { itineraryId });
    expect([costsAgain.totalCost, costsAgain.byType[3]?.count]).toEqual([141.04, 3]);
  });

  it('refuses a currency without a rate, negative prices, margins under −100 %, a bare override and far days', async () => {
    const { itineraryId } = await itinerary();
    const bad = (extra: object, code: string, naming: string) =>
      agent.api.expectError(
        '/tripmaker/itinerary/add-service',
        { itineraryId, serviceType: 'OTHER', description: 'x', cost: 10, ...extra },
        code,
        naming,
      );
    await bad({ currency: 'USD' }, 'INVALID_FORMAT', 'currency');
    await bad({ cost: -1 }, 'INVALID_FORMAT', 'cost');
    await bad({ cost: 1.005 }, 'INVALID_FORMAT', 'cost');
    await bad({ marginValue: -100.01 }, 'INVALID_FORMAT', 'marginValue');
    await bad({ marginType: 'FIXED', marginValue: -11 }, 'INVALID_FORMAT', 'marginValue');
    await bad({ costOverride: -5, overrideReason: 'x' }, 'INVALID_FORMAT', 'costOverride');
    await bad({ costOverride: 5 }, 'MISSING_PARAMETER', 'overrideReason');
    await bad({ dayNumber: 9 }, 'INVALID_FORMAT', 'dayNumber');
    await bad({ itineraryId: 999999 }, 'NOTFOUND', 'Itinerary');
  });
});

describe('flights, hotels and activities', () => {
  it('adds a flight offer of /flight/search at the price the supplier gives now, with its segments', async () => {
    const { itineraryId } = await itinerary();
    const departure = addDays(today, 20);
    const found = await agent.api.ok<OfferSet>('/flight/search', {
      origin: 'DXB',
      destination: 'LHR',
      departureDate: departure,
      returnDate: addDays(today, 27),
      numAdults: 2,
    });
    const offer = defined(found.offers[0], 'an offer');
    const flight = await agent.api.ok<FlightComponent>('/tripmaker/itinerary/add-flight', {
      itineraryId,
      flightOffer: { ...offer, grandTotal: 1 },
      marginValue: 5,
    });
    const priced = await agent.api.ok<PricedOffer>('/flight/price', { flightOfferId: offer.id });
    expect(flight).toMatchObject({
      componentType: 'FLIGHT',
      dayNumber: 1,
      origin: 'DXB',
      destination: 'LHR',
      departureDate: departure,
      costPrice: Number(priced.price.grandTotal),
      currency: 'AED',
      returnDate: addDays(today, 27),
    });
    expect(flight.flightNumber).toMatch(/^[A-Z0-9]{2}\d+$/);
    expect(flight.departureTime).toMatch(/^\d\d:\d\d$/);
    expect(flight.originName).not.toBe('');
    expect(flight.segments.length).toBeGreaterThanOrEqual(2);
    expect(await agent.api.ok('/tripmaker/itinerary/get-flights', { itineraryId })).toEqual([flight]);
    await agent.api.expectError(
      '/tripmaker/itinerary/add-flight',
      { itineraryId, flightOffer: { id: 'nosuch-1' } },
      'NOTFOUND',
    );
    await agent.api.expectError(
      '/tripmaker/itinerary/remove-accommodation',
      { accommodationId: flight.componentId },
      'NOTFOUND',
    );
    await agent.api.expectError(
      '/tripmaker/itinerary/remove-flight',
      { flightId: flight.componentId, itineraryId: itineraryId + 1000 },
      'NOTFOUND',
    );
    expect(
      await agent.api.ok('/tripmaker/itinerary/remove-flight', { flightId: flight.componentId, itineraryId }),
    ).toBe(true);
    expect(await agent.api.ok('/tripmaker/itinerary/get-flights', { itineraryId })).toEqual([]);
  });

  it('adds an accommodation offer valued again by the online-hotel supplier', async () => {
    const { itineraryId } = await itinerary();
    const checkIn = addDays(today, 21);
    const hotels = createHotelSimulator({ clock: () => new Date() });
    const offers = await hotels.search({
      cityCode: 'DXB',
      arrivalDate: checkIn,
      nights: 3,
      rooms: [{ adults: 2, childAges: [] }],
      currency: 'AED',
    });
    const offer = defined(offers[0], 'an offer');
    const hotelOffer = {
      offerId: offer.offerCode,
      hotelId: offer.hotelCode,
      hotelName: offer.hotelName,
      roomType: offer.roomTypes[0],
      boardType: 'AI',
      price: { total: 1, currency: 'AED', perNight: 1 },
    };
    const hotel = await agent.api.ok<HotelComponent>('/tripmaker/itinerary/add-accommodation', {
      itineraryId,
      hotelOffer,
      checkInDate: checkIn,
      checkOutDate: addDays(checkIn, 3),
    });
    expect(hotel).toMatchObject({
      componentType: 'HOTEL',
      dayNumber: 2,
      nights: 3,
      checkIn,
      checkOut: addDays(checkIn, 3),
      boardType: 'ALL_INCLUSIVE',
      hotelName: offer.hotelName,
      costPrice: Number(offer.totalPrice),
    });
    expect(await agent.api.ok('/tripmaker/itinerary/get-accommodations', { itineraryId })).toEqual([hotel]);
    const add = (extra: object) => ({ itineraryId, hotelOffer, checkInDate: checkIn, ...extra });
    const path = '/tripmaker/itinerary/add-accommodation';
    await agent.api.expectError(path, add({ checkOutDate: checkIn }), 'INVALID_FORMAT', 'checkOutDate');
    await agent.api.expectError(
      path,
      add({ nights: 2, checkOutDate: addDays(checkIn, 3) }),
      'INVALID_FORMAT',
      'nights',
    );
    await agent.api.expectError(
      path,
      add({ hotelOffer: { ...hotelOffer, boardType: 'XX' } }),
      'INVALID_FORMAT',
      'boardType',
    );
    await agent.api.expectError(path, add({ hotelOffer: { ...hotelOffer, offerId: 'S/garbage' } }), 'API_ERROR');
    const removed = await agent.api.ok('/tripmaker/itinerary/remove-accommodation', {
      accommodationId: hotel.componentId,
    });
    expect(removed).toBe(true);
  });

  it("adds a ticket-supplier product at the catalog's price, or a free-text activity", async () => {
    const { itineraryId } = await itinerary();
    const cities = await agent.api.ok<City[]>('/ticketsupplier/cities');
    const dubai = defined(
      cities.find((city) => city.cityName === 'Dubai'),
      'Dubai',
    );
    const products = await agent.api.ok<CatalogProduct[]>('/ticketsupplier/products', { cityId: dubai.cityCode });
    const product = defined(products[0], 'a product');
    const variants = await agent.api.ok<CatalogVariant[]>('/ticketsupplier/product/variants', {
      productId: product.productId,
    });
    const variant = defined(
      variants.find((one) => one.cprice > 0 && one.currency === 'AED'),
      'a priced variant',
    );
    const activity = await agent.api.ok<ActivityComponent>('/tripmaker/itinerary/add-activity', {
      itineraryId,
      productId: product.productId,
      variantId: variant.servcode,
      dayNumber: 3,
    });
    expect(activity).toMatchObject({
      productId: product.productId,
      quantity: 2,
      costPrice: Math.round(variant.cprice * 200) / 100,
      dayNumber: 3,
    });
    expect(activity.title).toContain(product.prodName);
    const free = await agent.api.ok<ActivityComponent>('/tripmaker/itinerary/add-activity', {
      itineraryId,
      title: 'Dhow dinner',
      costPrice: 150,
    });
    expect(free).toMatchObject({ productId: null, title: 'Dhow dinner', costPrice: 150, quantity: 2 });
    const activities = await agent.api.ok<ActivityComponent[]>('/tripmaker/itinerary/get-activities', { itineraryId });
    expect(activities.map((one) => one.componentId)).toEqual([activity.componentId, free.componentId]);
    const path = '/tripmaker/itinerary/add-activity';
    await agent.api.expectError(path, { itineraryId, productId: 'nosuch' }, 'NOTFOUND', 'Product');
    await agent.api.expectError(path, { itineraryId, productId: product.productId, variantId: 'nosuch' }, 'NOTFOUND');
    await agent.api.expectError(path, { itineraryId, costPrice: 1 }, 'MISSING_PARAMETER', 'title');
    await agent.api.expectError(path, { itineraryId, title: 'x' }, 'MISSING_PARAMETER', 'costPrice');
    await agent.api.expectError(path, { itineraryId, title: 'x', costPrice: -3 }, 'INVALID_FORMAT', 'costPrice');
    expect(await agent.api.ok('/tripmaker/itinerary/remove-activity', { activityId: free.componentId })).toBe(true);
  });

  it('lists and removes services and exclusions by their own ids only', async () => {
    const { itineraryId } = await itinerary();
    const other = await itinerary();
    const guide = await service(itineraryId);
    const exclusion = await agent.api.ok<{ componentId: number; description: string }>(
      '/tripmaker/itinerary/add-exclusion',
      { itineraryId, description: 'Travel insurance' },
    );
    expect(exclusion).toMatchObject({ componentType: 'EXCLUSION', description: 'Travel insurance', dayNumber: null });
    expect(await agent.api.ok('/tripmaker/itinerary/get-services', { itineraryId })).toEqual([guide]);
    expect(await agent.api.ok('/tripmaker/itinerary/get-exclusions', { itineraryId })).toEqual([exclusion]);
    await agent.api.expectError(
      '/tripmaker/itinerary/remove-service',
      { serviceId: exclusion.componentId },
      'NOTFOUND',
    );
    await agent.api.expectError(
      '/tripmaker/itinerary/remove-exclusion',
      { exclusionId: exclusion.componentId, itineraryId: other.itineraryId },
      'NOTFOUND',
    );
    await agent.api.expectError('/tripmaker/itinerary/get-services', { itineraryId: 999999 }, 'NOTFOUND');
    expect(await agent.api.ok('/tripmaker/itinerary/remove-exclusion', { exclusionId: exclusion.componentId })).toBe(
      true,
    );
    expect(await agent.api.ok('/tripmaker/itinerary/remove-service', { serviceId: guide.componentId })).toBe(true);
    await agent.api.expectError('/tripmaker/itinerary/remove-service', { serviceId: guide.componentId }, 'NOTFOUND');
  });
});
