// Availability and timeslots, live from the Tiqets loopback fake through the node's 60 s single-flight copy: the
// shapes, ranges split at 31 days, one supplier call for 100 simultaneous requests (the fake's request log), the
// date checks, and the supplier failing, hanging or answering garbage as API_ERROR; then the cart's api.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestTenant, tenant } from '../../../../test/support/factories.js';
import { runJobOnce, startTestService } from '../../../../test/support/service.js';
import { startTiqetsFake, type TiqetsFake } from '../../../../test/support/tiqets-fake.js';
import { TIMED_PRODUCT, WHOLE_DAY_PRODUCT } from '../../../../test/support/tiqets-fake-data.js';
import { rejectionOf } from '../../../../test/support/errors.js';
import {
  createTicketSupplier,
  loadTicketSupplierSettings,
  TicketCatalogError,
} from '../../../integrations/ticket-supplier/index.js';
import type { Service } from '../../../service.js';
import { createTicketSupplierArea, FORCED_SYNC_JOB } from '../index.js';
import type { Availability, Timeslot } from '../ticket-supplier.schemas.js';

let fake: TiqetsFake;
let service: Service;
let t: TestTenant;
const timed = String(TIMED_PRODUCT);
const env = () => ({
  TC_TICKET_SUPPLIER: 'tiqets',
  TC_TIQETS_URL: fake.url,
  TC_TIQETS_TOKEN: fake.token,
  TC_TIQETS_RETRIES: '0',
  // long enough for the 366-day range's 12 calls on a loaded machine; the hanging supplier waits it out once
  TC_TICKET_CATALOG_LIVE_TIMEOUT_MS: '5000',
});

beforeAll(async () => {
  fake = await startTiqetsFake();
  service = await startTestService({ env: env() });
  t = await tenant(service);
  await runJobOnce(service, FORCED_SYNC_JOB);
});
afterAll(async () => {
  await service.close();
  await fake.stop();
});
afterEach(() => {
  fake.requests.length = 0;
});

const availabilityCalls = (productId: string) => fake.count(`/products/${productId}/availability`);

describe('availability', () => {
  it('every date of the range, sold-out ones unavailable, with timeslots and the day’s lowest prices', async () => {
    // 2027-03-04 is a Thursday: the fake's sold-out day.
    const answer = await t.api.ok<Availability>('/ticketsupplier/availability', {
      productId: timed,
      dateFrom: '2027-03-03',
      dateTo: '2027-03-04',
    });
    expect(answer).toEqual({
      productId: timed,
      availableDates: [
        {
          date: '2027-03-03',
          available: true,
          timeslots: [
            { timeslotId: '2027-03-03 10:00', time: '10:00', available: true, vacancies: 10 },
            { timeslotId: '2027-03-03 16:00', time: '16:00', available: true, vacancies: 10 },
          ],
          variantPrices: [
            { variantId: '11', price: 45.5, currency: 'EUR', originalPrice: 45.5, availableQuantity: 10 },
            { variantId: '12', price: 30, currency: 'EUR', originalPrice: 30, availableQuantity: 10 },
          ],
        },
        { date: '2027-03-04', available: false, timeslots: [], variantPrices: [] },
      ],
    });
  });

  it('timeslots flattened, adult and child prices by variant type; a whole-day ticket at midnight', async () => {
    const slots = await t.api.ok<Timeslot[]>('/ticketsupplier/timeslots', {
      productId: timed,
      dateFrom: '2027-03-03',
      dateTo: '2027-03-03',
    });
    expect(slots).toEqual([
      {
        timeSlotId: '2027-03-03 10:00',
        startTimestamp: '2027-03-03T10:00:00',
        status: 'available',
        available: 10,
        adultPrice: 45.5,
        childPrice: 30,
        dynamicPrice: true,
      },
      {
        timeSlotId: '2027-03-03 16:00',
        startTimestamp: '2027-03-03T16:00:00',
        status: 'available',
        available: 10,
        adultPrice: 50.25,
        childPrice: null,
        dynamicPrice: true,
      },
    ]);
    const day = await t.api.ok<Timeslot[]>('/ticketsupplier/timeslots', {
      productId: String(WHOLE_DAY_PRODUCT),
      dateFrom: '2027-03-03',
      dateTo: '2027-03-03',
    });
    expect(day).toMatchObject([{ timeSlotId: '2027-03-03', startTimestamp: '2027-03-03T00:00:00', adultPrice: 20.1 }]);
  });

  it('a range over 31 days in 31-day calls, merged; kept 60 s', async () => {
    const range = { productId: timed, dateFrom: '2027-05-01', dateTo: '2027-07-09' };
    const answer = await t.api.ok<Availability>('/ticketsupplier/availability', range);
    expect(answer.availableDates).toHaveLength(70);
    expect(answer.availableDates.filter((day) => day.available)).toHaveLength(60);
    expect(availabilityCalls(timed)).toBe(3);
    await t.api.ok('/ticketsupplier/availability', range);
    await t.api.ok('/ticketsupplier/timeslots', range);
    expect(availabilityCalls(timed)).toBe(3);
  });

  it('100 simultaneous requests for one product and range make one supplier call', async () => {
    const range = { productId: timed, dateFrom: '2027-08-01', dateTo: '2027-08-20' };
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => t.api.ok<Availability>('/ticketsupplier/availability', range)),
    );
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(availabilityCalls(timed)).toBe(1);
  });

  it('the dates: missing, not dates, reversed, over 366 days; an unknown product', async () => {
    const ask = (body: object) => ({ productId: timed, dateFrom: '2027-01-01', dateTo: '2027-01-02', ...body });
    for (const path of ['/ticketsupplier/availability', '/ticketsupplier/timeslots']) {
      await t.api.expectError(path, ask({ dateFrom: undefined }), 'MISSING_PARAMETER', 'dateFrom');
      await t.api.expectError(path, ask({ productId: undefined }), 'MISSING_PARAMETER', 'productId');
      await t.api.expectError(path, ask({ dateTo: '02/01/2027' }), 'INVALID_FORMAT', 'dateTo');
      await t.api.expectError(path, ask({ dateFrom: '2027-02-30' }), 'INVALID_FORMAT', 'dateFrom');
      await t.api.expectError(path, ask({ dateTo: '2026-12-31' }), 'INVALID_FORMAT', 'dateTo');
      await t.api.expectError(path, ask({ dateTo: '2028-01-02' }), 'INVALID_FORMAT', 'dateTo');
      await t.api.expectError(path, ask({ productId: '424242' }), 'NOTFOUND', '424242');
    }
    // 366 days in all (2028 is a leap year) is allowed.
    await t.api.ok('/ticketsupplier/availability', ask({ dateFrom: '2028-01-01', dateTo: '2028-12-31' }));
    expect(availabilityCalls(timed)).toBe(12);
  });

  it('the supplier failing, answering garbage or hanging: API_ERROR, never kept', async () => {
    const range = { productId: timed, dateFrom: '2027-09-01', dateTo: '2027-09-02' };
    for (const failure of [{ status: 503 }, { status: 429 }, 'garbage', 'hang'] as const) {
      fake.failNext(failure);
      const answer = await t.api.call('/ticketsupplier/availability', range);
      expect(answer.apiStatus.errorCode, JSON.stringify(failure)).toBe('API_ERROR');
      expect(answer.apiData).toBeNull();
    }
    fake.failNext({ status: 500 });
    await t.api.expectError('/ticketsupplier/timeslots', range, 'API_ERROR');
    expect(availabilityCalls(timed)).toBe(5);
    await t.api.ok('/ticketsupplier/availability', range);
    expect(availabilityCalls(timed)).toBe(6);
    // catalog reads are still served from the tenant's copy
    await t.api.ok('/ticketsupplier/product', { productId: timed });
  });
});

describe("the cart's api", () => {
  const area = () =>
    createTicketSupplierArea({
      ticketCatalog: createTicketSupplier(loadTicketSupplierSettings(env())).catalog,
      periodic: service.periodic,
      logger: service.app.log,
      clock: () => new Date(),
      config: { nodeId: 'cart-api-test', ticketCatalog: { syncHours: 0, liveTimeoutMs: 1000 } },
    }).api;

  it('saleableProduct from the tenant’s copy: variants, city timezone; undefined when unknown', async () => {
    const { saleableProduct } = area();
    expect(await t.db((sql) => saleableProduct(sql, timed))).toEqual({
      productId: timed,
      title: 'Burj Khalifa: At the Top',
      currency: 'EUR',
      hasTimeSlot: true,
      hasVendorBooking: true,
      maxQuantity: 10,
      cityTimezone: 'Asia/Dubai',
      variants: [
        { variantId: '11', label: 'Adult', price: '45.5000', currency: 'EUR' },
        { variantId: '12', label: 'Child', price: null, currency: 'EUR' },
      ],
    });
    expect(await t.db((sql) => saleableProduct(sql, '424242'))).toBeUndefined();
  });

  it("dayOffer: that day's timeslots through the kept copy; none on a sold-out day; the supplier's failure", async () => {
    const { dayOffer } = area();
    const offer = await dayOffer(timed, '2027-10-05');
    expect(offer.map((slot) => slot.time)).toEqual(['10:00', '16:00']);
    expect(offer[0]?.variants[0]).toMatchObject({ variantId: '11', price: '45.50', currency: 'EUR' });
    await dayOffer(timed, '2027-10-05');
    expect(availabilityCalls(timed)).toBe(1);
    expect(await dayOffer(timed, '2027-10-07')).toEqual([]);
    fake.failNext({ status: 503 });
    const error = await rejectionOf(dayOffer(timed, '2027-10-06'), TicketCatalogError);
    expect(error.code).toBe('API_ERROR');
  });
});
