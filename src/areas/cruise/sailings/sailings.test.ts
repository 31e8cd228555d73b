// Sailings through the API: write (with the skeleton, all or nothing), list filters, read, delete, every status move
// allowed and refused (7-day rule, end date), ports of call and their regeneration, searchCruises, another tenant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../test/support/api.js';
import { type CruiseFixture, cabins, cruiseFixture, standardStops } from '../../../../test/support/cruise.js';
import { type TestTenant, tenant, user } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import { addDays, formatDate } from '../../../platform/time.js';
import type { Cruise, CruisePoint, FoundCruise } from './index.js';

let t: TestTenant;
let api: ApiClient;
const today = () => formatDate(new Date(), 'Asia/Dubai');

beforeAll(async () => {
  t = await tenant(await startTestService());
  api = (await user(t, 'employee')).api;
});
afterAll(() => t.service.close());

const write = (body: object) => api.ok<Cruise>('/cruise/cruise/write', body);
const move = (cruiseId: number, status: string) => api.ok<Cruise>('/cruise/cruise/changeStatus', { cruiseId, status });
const refuseMove = (cruiseId: number, status: string, naming: string) =>
  api.expectError('/cruise/cruise/changeStatus', { cruiseId, status }, 'INVALID_STATE', naming);

/** An itinerary with stops, two cabins (one priced by a template) and an other-charge template. */
async function pricedItinerary(duration = 7): Promise<CruiseFixture & { cabinIds: number[]; chargeTypeId: number }> {
  const f = await cruiseFixture(api, duration);
  await standardStops(api, f);
  const [priced, unpriced] = await cabins(api, f, ['Balcony', 'Inside']);
  if (!priced || !unpriced) throw new Error('two cabins');
  const { chargeTypeId } = await api.ok<{ chargeTypeId: number }>('/cruise/chargetype/write', {
    chargeTypeCode: `PF${f.itinerary.itineraryId}`,
    chargeTypeName: 'Port fees',
  });
  // the pricing templates' operations are part 2's: their rows are written here as those operations will
  await t.db(async (db) => {
    await db`INSERT INTO cruise_cabin_price_templates (itinerary_id, ship_cabin_id, price, currency, available)
             VALUES (${f.itinerary.itineraryId}, ${priced.shipCabinId}, 4999.50, 'AED', true)`;
    await db`INSERT INTO cruise_other_charge_templates (itinerary_id, charge_type_id, price, currency, per_person, mandatory)
             VALUES (${f.itinerary.itineraryId}, ${chargeTypeId}, 150.25, 'AED', true, true)`;
  });
  return { ...f, cabinIds: [priced.shipCabinId, unpriced.shipCabinId], chargeTypeId };
}

describe('sailings', () => {
  it('write with generateSkeleton: points from the stops, cabin and other charges from the templates', async () => {
    const f = await pricedItinerary(7);
    const cruise = await write({
      itineraryId: f.itinerary.itineraryId,
      startDate: '2030-03-01',
      generateSkeleton: true,
    });
    expect(cruise).toEqual({
      cruiseId: expect.any(Number),
      itineraryId: f.itinerary.itineraryId,
      startDate: '2030-03-01',
      endDate: '2030-03-08',
      status: 'Draft',
      itineraryCode: f.itinerary.itineraryCode,
      itineraryName: f.itinerary.itineraryName,
      shipId: f.ship.shipId,
      areaId: f.area.areaId,
    });
    const points = await api.ok<CruisePoint[]>('/cruise/cruisepoint/list', { cruiseId: cruise.cruiseId });
    expect(points.map((p) => [p.stopSeq, p.arrivalDatetime, p.departureDatetime])).toEqual([
      [1, null, '2030-03-01 18:00'],
      [2, '2030-03-03 08:00', '2030-03-03 17:00'],
      [3, '2030-03-08 07:00', null],
    ]);
    const charges = await t.db(
      (db) => db`SELECT ship_cabin_id, price::text, currency, available FROM cruise_cabin_charges
                 WHERE cruise_id = ${cruise.cruiseId} ORDER BY ship_cabin_id`,
    );
    expect(charges).toEqual([
      { ship_cabin_id: f.cabinIds[0], price: '4999.500', currency: 'AED', available: true },
      { ship_cabin_id: f.cabinIds[1], price: '0.000', currency: 'AED', available: false },
    ]);
    const others = await t.db(
      (db) => db`SELECT charge_type_id, price::text, per_person, mandatory FROM cruise_other_charges
                 WHERE cruise_id = ${cruise.cruiseId}`,
    );
    expect(others).toEqual([{ charge_type_id: f.chargeTypeId, price: '150.250', per_person: true, mandatory: true }]);

    // without the skeleton: a bare sailing; an update of a Draft moves it, and its skeleton keeps edited charges
    const bare = await write({ itineraryId: f.itinerary.itineraryId, startDate: '2030-04-01' });
    expect(await api.ok('/cruise/cruisepoint/list', { cruiseId: bare.cruiseId })).toEqual([]);
    await t.db(
      (db) => db`UPDATE cruise_cabin_charges SET price = 3999 WHERE cruise_id = ${cruise.cruiseId} AND available`,
    );
    const moved = await write({ ...cruise, startDate: '2030-03-02', generateSkeleton: true });
    expect(moved.endDate).toBe('2030-03-09');
    const [first] = await api.ok<CruisePoint[]>('/cruise/cruisepoint/list', { cruiseId: cruise.cruiseId });
    expect(first?.departureDatetime).toBe('2030-03-02 18:00');
    const [kept] = await t.db(
      (db) => db`SELECT price::text FROM cruise_cabin_charges WHERE cruise_id = ${cruise.cruiseId} AND available`,
    );
    expect(kept).toEqual({ price: '3999.000' });
  });

  it('a skeleton that fails leaves nothing written', async () => {
    const f = await pricedItinerary();
    await t.db(async (db) => {
      await db`CREATE FUNCTION test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`;
      await db`CREATE TRIGGER test_refuse BEFORE INSERT ON cruise_other_charges FOR EACH ROW EXECUTE FUNCTION test_refuse()`;
    });
    try {
      const answer = await api.call('/cruise/cruise/write', {
        itineraryId: f.itinerary.itineraryId,
        startDate: '2030-05-01',
        generateSkeleton: true,
      });
      expect(answer.apiStatus.errorCode).toBe('GENERAL');
    } finally {
      await t.db((db) => db`DROP TRIGGER test_refuse ON cruise_other_charges`);
    }
    // the sailing's own row went back with its charges and points
    const [left] = await t.db(
      (db) => db`SELECT count(*)::int AS cruises FROM cruises WHERE itinerary_id = ${f.itinerary.itineraryId}`,
    );
    expect(left?.cruises).toBe(0);
  });

  it('list filters, read, refusals of write, delete only in Draft', async () => {
    const f = await cruiseFixture(api);
    const { itineraryId } = f.itinerary;
    const march = await write({ itineraryId, startDate: '2031-03-01' });
    const may = await write({ itineraryId, startDate: '2031-05-01' });
    expect(await api.ok('/cruise/cruise/read', { cruiseId: march.cruiseId })).toEqual(march);
    expect(await api.ok('/cruise/cruise/list', { shipId: f.ship.shipId })).toEqual([march, may]);
    expect(await api.ok('/cruise/cruise/list', { areaId: f.area.areaId, fromDate: '2031-04-01' })).toEqual([may]);
    expect(await api.ok('/cruise/cruise/list', { areaId: f.area.areaId, toDate: '2031-04-01' })).toEqual([march]);
    expect(await api.ok('/cruise/cruise/list', { areaId: f.area.areaId, status: 'Active' })).toEqual([]);
    await api.expectError('/cruise/cruise/list', { fromDate: '01/03/2031' }, 'INVALID_FORMAT', 'fromDate');

    await api.expectError(
      '/cruise/cruise/write',
      { itineraryId: 999999, startDate: '2031-01-01' },
      'NOTFOUND',
      'Itinerary',
    );
    await api.expectError(
      '/cruise/cruise/write',
      { itineraryId, startDate: '2031-02-30' },
      'INVALID_FORMAT',
      'startDate',
    );
    await api.expectError('/cruise/cruise/write', { itineraryId }, 'MISSING_PARAMETER', 'startDate');
    await api.expectError(
      '/cruise/cruise/write',
      { cruiseId: 999999, itineraryId, startDate: '2031-01-01' },
      'NOTFOUND',
      '999999',
    );
    await move(may.cruiseId, 'Active');
    await api.expectError('/cruise/cruise/write', { ...may, startDate: '2031-06-01' }, 'INVALID_STATE', 'Active');
    await api.expectError('/cruise/cruise/delete', { cruiseId: may.cruiseId }, 'INVALID_STATE', 'Active');
    expect(await api.ok('/cruise/cruise/delete', { cruiseId: march.cruiseId })).toBe(true);
    await api.expectError('/cruise/cruise/read', { cruiseId: march.cruiseId }, 'NOTFOUND', `${march.cruiseId}`);
    await api.expectError('/cruise/cruise/delete', { cruiseId: march.cruiseId }, 'NOTFOUND');
  });

  it('moves: Draft → Active | Cancelled; Active → Cancelled ≥ 7 days ahead, → Completed after the end', async () => {
    const f = await cruiseFixture(api, 5);
    const { itineraryId } = f.itinerary;
    const sailing = async (startDate: string) => (await write({ itineraryId, startDate })).cruiseId;

    const inSeven = await sailing(addDays(today(), 7));
    await refuseMove(inSeven, 'Completed', 'Draft');
    await refuseMove(inSeven, 'Draft', 'Draft');
    expect((await move(inSeven, 'Active')).status).toBe('Active');
    await refuseMove(inSeven, 'Draft', 'Active');
    await refuseMove(inSeven, 'Completed', 'ends on');
    expect((await move(inSeven, 'Cancelled')).status).toBe('Cancelled');
    await refuseMove(inSeven, 'Active', 'Cancelled');

    const inSix = await sailing(addDays(today(), 6));
    await move(inSix, 'Active');
    await refuseMove(inSix, 'Cancelled', 'less than 7 days');

    expect((await move(await sailing(addDays(today(), 1)), 'Cancelled')).status).toBe('Cancelled'); // a Draft

    const endsToday = await sailing(addDays(today(), -5));
    await move(endsToday, 'Active');
    await refuseMove(endsToday, 'Completed', 'ends on');
    const ended = await sailing(addDays(today(), -6));
    await move(ended, 'Active');
    expect((await move(ended, 'Completed')).status).toBe('Completed');
    await refuseMove(ended, 'Cancelled', 'Completed');
    await api.expectError('/cruise/cruise/changeStatus', { cruiseId: 999999, status: 'Active' }, 'NOTFOUND');
    await api.expectError(
      '/cruise/cruise/changeStatus',
      { cruiseId: ended, status: 'Done' },
      'INVALID_FORMAT',
      'status',
    );

    // an Archived itinerary takes no new sailing
    const archived = await cruiseFixture(api);
    await standardStops(api, archived);
    await api.ok('/cruise/itinerary/changeStatus', { itineraryId: archived.itinerary.itineraryId, status: 'Active' });
    await api.ok('/cruise/itinerary/changeStatus', { itineraryId: archived.itinerary.itineraryId, status: 'Archived' });
    const late = { itineraryId: archived.itinerary.itineraryId, startDate: '2032-01-01' };
    await api.expectError('/cruise/cruise/write', late, 'INVALID_STATE', 'Archived');
  });

  it("another tenant's sailing is NOTFOUND", async () => {
    const f = await cruiseFixture(api);
    const { cruiseId } = await write({ itineraryId: f.itinerary.itineraryId, startDate: '2031-01-01' });
    const other = await tenant(t.service);
    const stranger = (await user(other, 'admin')).api;
    await stranger.expectError('/cruise/cruise/read', { cruiseId }, 'NOTFOUND');
    await stranger.expectError('/cruise/cruise/changeStatus', { cruiseId, status: 'Active' }, 'NOTFOUND');
    await stranger.expectError('/cruise/cruisepoint/list', { cruiseId }, 'NOTFOUND');
  });
});

describe('ports of call', () => {
  it('write, list, update, delete; refusals; regenerate only in Draft', async () => {
    const f = await cruiseFixture(api);
    await standardStops(api, f);
    const { cruiseId } = await write({ itineraryId: f.itinerary.itineraryId, startDate: '2030-09-10' });
    const portId = f.ports[2]?.portId;
    const point = { cruiseId, cruisePortId: portId, stopSeq: 5, arrivalDatetime: '2030-09-12 09:00' };
    const written = await api.ok<CruisePoint>('/cruise/cruisepoint/write', {
      ...point,
      departureDatetime: '2030-09-12 21:30',
    });
    expect(written).toEqual({
      cruisePointId: expect.any(Number),
      cruiseId,
      cruisePortId: portId,
      stopSeq: 5,
      arrivalDatetime: '2030-09-12 09:00',
      departureDatetime: '2030-09-12 21:30',
      description: null,
    });
    const updated = await api.ok<CruisePoint>('/cruise/cruisepoint/write', { ...written, description: 'Tender' });
    expect(updated).toEqual({ ...written, description: 'Tender' });
    expect(await api.ok('/cruise/cruisepoint/list', { cruiseId })).toEqual([updated]);

    const bad = { ...point, stopSeq: 6 };
    await api.expectError(
      '/cruise/cruisepoint/write',
      { ...bad, arrivalDatetime: '2030-09-12T09:00' },
      'INVALID_FORMAT',
      'arrivalDatetime',
    );
    await api.expectError(
      '/cruise/cruisepoint/write',
      { ...bad, arrivalDatetime: '2030-02-30 09:00' },
      'INVALID_FORMAT',
      'arrivalDatetime',
    );
    await api.expectError(
      '/cruise/cruisepoint/write',
      { ...bad, departureDatetime: '2030-09-12 08:59' },
      'INVALID_FORMAT',
      'departureDatetime',
    );
    await api.expectError('/cruise/cruisepoint/write', { ...bad, stopSeq: 5 }, 'DUPLICATE', '5');
    await api.expectError('/cruise/cruisepoint/write', { ...bad, cruisePortId: 999999 }, 'NOTFOUND', 'Port');
    await api.expectError('/cruise/cruisepoint/write', { ...bad, cruiseId: 999999 }, 'NOTFOUND', 'Cruise');
    await api.expectError('/cruise/cruisepoint/write', { ...bad, cruisePointId: 999999 }, 'NOTFOUND', '999999');
    await api.expectError(
      '/cruise/cruisepoint/write',
      { ...bad, cruisePortId: undefined },
      'MISSING_PARAMETER',
      'cruisePortId',
    );

    const regenerated = await api.ok<CruisePoint[]>('/cruise/cruisepoint/regenerate', { cruiseId });
    expect(regenerated.map((p) => p.stopSeq)).toEqual([1, 2, 3]);
    const [firstPoint] = regenerated;
    expect(await api.ok('/cruise/cruisepoint/delete', { cruisePointId: firstPoint?.cruisePointId })).toBe(true);
    await api.expectError('/cruise/cruisepoint/delete', { cruisePointId: firstPoint?.cruisePointId }, 'NOTFOUND');

    await move(cruiseId, 'Active');
    await api.expectError('/cruise/cruisepoint/regenerate', { cruiseId }, 'INVALID_STATE', 'Active');
    await api.ok('/cruise/cruisepoint/write', bad); // an Active sailing's points are still edited
    await move(cruiseId, 'Cancelled');
    await api.expectError('/cruise/cruisepoint/write', { ...bad, stopSeq: 7 }, 'INVALID_STATE', 'Cancelled');
    await api.expectError('/cruise/cruisepoint/regenerate', { cruiseId: 999999 }, 'NOTFOUND');
  });
});

describe('searchCruises', () => {
  it('Active sailings in range with itinerary, ship, company, ports of call and the lowest available price', async () => {
    const f = await pricedItinerary(4);
    const { itineraryId } = f.itinerary;
    const priced = await write({ itineraryId, startDate: addDays(today(), 40), generateSkeleton: true });
    await move(priced.cruiseId, 'Active');
    const unpriced = await write({ itineraryId, startDate: addDays(today(), 50) });
    await move(unpriced.cruiseId, 'Active');
    await write({ itineraryId, startDate: addDays(today(), 45), generateSkeleton: true }); // Draft: not found
    const past = await write({ itineraryId, startDate: addDays(today(), -20) });
    await move(past.cruiseId, 'Active');

    const found = await api.ok<FoundCruise[]>('/cruise/searchCruises', { areaId: f.area.areaId });
    expect(found.map((c) => c.cruiseId)).toEqual([priced.cruiseId, unpriced.cruiseId]);
    const [first, second] = found;
    expect(first).toMatchObject({
      startDate: priced.startDate,
      endDate: priced.endDate,
      status: 'Active',
      itinerary: { itineraryId, duration: 4, areaId: f.area.areaId, areaName: 'Arabian Gulf' },
      ship: { shipId: f.ship.shipId, shipName: 'Gulf Star' },
      company: { companyName: 'Gulf Cruise Line', color: null },
      lowestPrice: 4999.5,
      currency: 'AED',
    });
    expect(first?.portsOfCall.map((p) => [p.stopSeq, p.portName])).toEqual([
      [1, 'Dubai'],
      [2, 'Muscat'],
      [3, 'Dubai'],
    ]);
    expect(second).toMatchObject({ portsOfCall: [], lowestPrice: null, currency: null });

    const area = { areaId: f.area.areaId };
    expect(await api.ok('/cruise/searchCruises', { ...area, dateRangeStart: addDays(today(), -30) })).toHaveLength(3);
    expect(await api.ok('/cruise/searchCruises', { ...area, dateRangeEnd: addDays(today(), 45) })).toHaveLength(1);
    expect(await api.ok('/cruise/searchCruises', { ...area, minDuration: 5 })).toEqual([]);
    expect(await api.ok('/cruise/searchCruises', { ...area, maxDuration: 3 })).toEqual([]);
    expect(await api.ok('/cruise/searchCruises', { ...area, minDuration: 4, maxDuration: 4 })).toHaveLength(2);
    await api.expectError('/cruise/searchCruises', { dateRangeEnd: 'soon' }, 'INVALID_FORMAT', 'dateRangeEnd');
  });
});
