// The demo cruises (db/seeds/demo-cruises.ts) on a fresh tenant, seen through the API: six itineraries of two lines in
// the Arabian Gulf and the Mediterranean, Active priced sailings for the next six months that searchCruises finds,
// and a booking of one whose foreign charges convert at the seeded rates.
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCruises } from '../db/seeds/demo-cruises.js';
import type { FoundCruise } from '../src/areas/cruise/sailings/sailings.schemas.js';
import { addDays, formatDate } from '../src/platform/time.js';
import { type TestTenant, type TestUser, tenant, user } from './support/factories.js';
import { startTestService } from './support/service.js';

let t: TestTenant;
let agent: TestUser;
let today: string;
let seedMs: number;

/** Every page of the search (searchCruises answers a page at a time). */
async function searchAll(filter: object): Promise<FoundCruise[]> {
  const found: FoundCruise[] = [];
  for (let page = 1; ; page++) {
    const rows = await agent.api.ok<FoundCruise[]>('/cruise/searchCruises', { ...filter, page, pageSize: 100 });
    found.push(...rows);
    if (rows.length < 100) return found;
  }
}

beforeAll(async () => {
  t = await tenant(await startTestService());
  agent = await user(t, 'agent');
  today = formatDate(new Date(), t.record.timezone);
  const started = performance.now();
  await t.db((sql) => seedDemoCruises(sql, today));
  seedMs = performance.now() - started;
});
afterAll(() => t?.service.close());

describe('demo cruises', () => {
  it('are seeded once, quickly', async () => {
    expect(seedMs).toBeLessThan(3000);
    expect(await t.db((sql) => seedDemoCruises(sql, today))).toEqual({ itineraries: 0, sailings: 0 });
  });

  it('searchCruises finds Active, priced sailings of both areas over the next six months, with real ports', async () => {
    const found = await searchAll({ dateRangeEnd: addDays(today, 190) });
    expect(found.length).toBeGreaterThan(100);
    expect(new Set(found.map((cruise) => cruise.itinerary.areaName))).toEqual(
      new Set(['Arabian Gulf', 'Western Mediterranean']),
    );
    expect(new Set(found.map((cruise) => cruise.itinerary.itineraryCode)).size).toBe(6);
    expect(new Set(found.map((cruise) => cruise.company.companyName))).toEqual(
      new Set(['Arabian Sea Cruises', 'Mare Nostrum Lines']),
    );
    for (const cruise of found) {
      expect(cruise.startDate > today && cruise.startDate <= addDays(today, 182)).toBe(true);
      expect(cruise.lowestPrice).toBeGreaterThan(0);
    }
    const ports = new Set(found.flatMap((cruise) => cruise.portsOfCall.map((port) => port.portName)));
    for (const name of ['Dubai', 'Abu Dhabi', 'Muscat', 'Doha', 'Khasab', 'Sir Bani Yas', 'Barcelona', 'Marseille'])
      expect(ports).toContain(name);
    const oman = found.find((cruise) => cruise.itinerary.itineraryCode === 'OMAN-4');
    expect(oman).toMatchObject({ lowestPrice: 1690, currency: 'AED', ship: { shipName: 'Gulf Falcon' } });
  });

  it('a Mediterranean sailing is booked and totalled in AED at the seeded rates', async () => {
    const sailing = (await searchAll({})).find((cruise) => cruise.itinerary.itineraryCode === 'ITALY-3');
    if (!sailing) throw new Error('no Italian short break');
    const [cabin] = await agent.api.ok<{ shipCabinId: number; cabinCode: string; price: number }[]>(
      '/cruise/cabincharge/list',
      { cruiseId: sailing.cruiseId },
    );
    expect(cabin).toMatchObject({ cabinCode: '2101', price: 319 });
    const { customerId } = await agent.api.ok<{ customerId: number }>('/customer/create', {
      custName: 'Demo Cruiser',
      email: `demo-cruiser-${Date.now()}@example.com`,
      mobilePhone: '+971501112233',
    });
    const { bookingId } = await agent.api.ok<{ bookingId: number }>('/cruise/booking/create', {
      cruiseId: sailing.cruiseId,
      shipCabinId: cabin?.shipCabinId,
      customerId,
      passengers: [
        { firstName: 'Noor', lastName: 'Saleh' },
        { firstName: 'Adam', lastName: 'Saleh' },
      ],
    });
    // 319 EUR × 4.015 = 1280.785 → 1280.79; port 54 EUR → 216.81 × 2; service 37.50 EUR → 150.56 (150.5625) × 2
    expect(await agent.api.ok('/cruise/booking/calculateTotal', { bookingId })).toMatchObject({
      totalAmount: 2015.53,
      currency: 'AED',
    });
  });
});
