// searchCruises' pages (a stable order, the default and largest page size) and its kept answers: a kept answer is
// sent again while the tenant's cruise content version is unchanged, and a write to any table the search reads,
// through the API or straight into the database (as another node or a hand-made fix would), is seen by the very
// next search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../test/support/api.js';
import { type CruiseFixture, cabins, cruiseFixture, standardStops } from '../../../../test/support/cruise.js';
import { type TestTenant, tenant, user } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import { addDays, formatDate } from '../../../platform/time.js';
import type { Cruise, FoundCruise } from './index.js';

let t: TestTenant;
let api: ApiClient;
const today = () => formatDate(new Date(), 'Asia/Dubai');

beforeAll(async () => {
  t = await tenant(await startTestService());
  api = (await user(t, 'employee')).api;
});
afterAll(() => t.service.close());

const search = (body: object) => api.ok<FoundCruise[]>('/cruise/searchCruises', body);
const ids = (found: FoundCruise[]) => found.map((cruise) => cruise.cruiseId);

/** `count` Active sailings of a new itinerary in a new area, two a day from 10 days ahead; their ids by date. */
async function activeSailings(count: number, f?: CruiseFixture): Promise<{ f: CruiseFixture; cruiseIds: number[] }> {
  const fixture = f ?? (await cruiseFixture(api, 5));
  const rows = await t.db(
    (db) => db<{ cruise_id: number }[]>`
      INSERT INTO cruises (itinerary_id, start_date, status)
      SELECT ${fixture.itinerary.itineraryId}, ${addDays(today(), 10)}::date + (n / 2), 'Active'
      FROM generate_series(0, ${count - 1}::int) n
      RETURNING cruise_id`,
  );
  return { f: fixture, cruiseIds: rows.map((row) => row.cruise_id) };
}

describe('searchCruises pages', () => {
  it('20 by default, pageSize up to 100, in a stable order that pages neither repeat nor skip', async () => {
    const { f, cruiseIds } = await activeSailings(25);
    const area = { areaId: f.area.areaId };
    expect(ids(await search(area))).toEqual(cruiseIds.slice(0, 20));
    expect(ids(await search({ ...area, page: 2 }))).toEqual(cruiseIds.slice(20));
    expect(ids(await search({ ...area, pageSize: 100 }))).toEqual(cruiseIds);
    const paged: number[] = [];
    for (let page = 1; page <= 4; page++) paged.push(...ids(await search({ ...area, page, pageSize: 7 })));
    expect(paged).toEqual(cruiseIds);
    expect(await search({ ...area, page: 5, pageSize: 7 })).toEqual([]);
    await api.expectError('/cruise/searchCruises', { pageSize: 101 }, 'INVALID_FORMAT', 'pageSize');
    await api.expectError('/cruise/searchCruises', { pageSize: 0 }, 'INVALID_FORMAT', 'pageSize');
    await api.expectError('/cruise/searchCruises', { page: 0 }, 'INVALID_FORMAT', 'page');
  });
});

describe('searchCruises kept answers', () => {
  let f: CruiseFixture;
  let sailing: Cruise;
  const byArea = () => search({ areaId: f.area.areaId });

  beforeAll(async () => {
    f = await cruiseFixture(api, 4);
    await standardStops(api, f);
    await cabins(api, f, ['Balcony']);
    sailing = await api.ok<Cruise>('/cruise/cruise/write', {
      itineraryId: f.itinerary.itineraryId,
      startDate: addDays(today(), 30),
      generateSkeleton: true,
    });
    await api.ok('/cruise/cruise/changeStatus', { cruiseId: sailing.cruiseId, status: 'Active' });
    await t.db(
      (db) => db`UPDATE cruise_cabin_charges SET price = 1000, available = true WHERE cruise_id = ${sailing.cruiseId}`,
    );
  });

  it("answers the response schema's shape exactly: every field, none more (the service writes the JSON)", async () => {
    const found = await byArea();
    const [dubai, muscat] = f.ports;
    const company = await t.db(
      (db) => db<{ company_id: number; company_code: string }[]>`
        SELECT company_id, company_code FROM cruise_companies JOIN cruise_ships USING (company_id)
        WHERE ship_id = ${f.ship.shipId}`,
    );
    const port = (stopSeq: number, p: typeof dubai, arrival: string | null, departure: string | null) => ({
      stopSeq,
      portId: p?.portId,
      portCode: p?.portCode,
      portName: p?.portName,
      country: 'AE',
      imageUrl: null,
      arrivalDatetime: arrival,
      departureDatetime: departure,
    });
    const start = sailing.startDate;
    expect(found).toEqual([
      {
        cruiseId: sailing.cruiseId,
        startDate: start,
        endDate: sailing.endDate,
        status: 'Active',
        itinerary: {
          itineraryId: f.itinerary.itineraryId,
          itineraryCode: f.itinerary.itineraryCode,
          itineraryName: f.itinerary.itineraryName,
          duration: 4,
          description: null,
          imageUrl: null,
          areaId: f.area.areaId,
          areaCode: f.area.areaCode,
          areaName: 'Arabian Gulf',
        },
        ship: { shipId: f.ship.shipId, shipCode: f.ship.shipCode, shipName: 'Gulf Star' },
        company: {
          companyId: company[0]?.company_id,
          companyCode: company[0]?.company_code,
          companyName: 'Gulf Cruise Line',
          color: null,
        },
        portsOfCall: [
          port(1, dubai, null, `${start} 18:00`),
          port(2, muscat, `${addDays(start, 2)} 08:00`, `${addDays(start, 2)} 17:00`),
          port(3, dubai, `${sailing.endDate} 07:00`, null),
        ],
        lowestPrice: 1000,
        currency: 'AED',
      },
    ]);
  });

  it('is sent again while the version is unchanged: a write that moves no version is not seen', async () => {
    const [before] = await byArea();
    expect(before?.lowestPrice).toBe(1000);
    // the version set back to what it was: as no writer of the service ever leaves it
    await t.db((db) =>
      db.begin(async (tx) => {
        const [kept] = await tx<{ version: string }[]>`SELECT version::text FROM cruise_content_version`;
        await tx`UPDATE cruise_cabin_charges SET price = 900 WHERE cruise_id = ${sailing.cruiseId}`;
        await tx`UPDATE cruise_content_version SET version = ${kept?.version ?? ''}::bigint`;
      }),
    );
    expect((await byArea())[0]?.lowestPrice).toBe(1000);
    // other filters: a new answer, made of the sailing the node keeps under the version
    const otherFilters = { areaId: f.area.areaId, pageSize: 5 };
    expect((await search(otherFilters))[0]?.lowestPrice).toBe(1000);
    await t.db((db) => db`UPDATE cruise_content_version SET version = version + 1`);
    expect((await byArea())[0]?.lowestPrice).toBe(900);
    expect((await search({ ...otherFilters, pageSize: 6 }))[0]?.lowestPrice).toBe(900);
  });

  it('sees the next change of a cabin charge, a port of call, a port and a sailing, by API or in the database', async () => {
    await byArea();
    await t.db((db) => db`UPDATE cruise_cabin_charges SET price = 750.5 WHERE cruise_id = ${sailing.cruiseId}`);
    expect((await byArea())[0]?.lowestPrice).toBe(750.5);
    expect((await search({ areaId: f.area.areaId, pageSize: 3 }))[0]?.lowestPrice).toBe(750.5);

    const [dubai, , doha] = f.ports;
    if (!dubai || !doha) throw new Error('the fixture has ports');
    await api.ok('/cruise/cruisepoint/write', { cruiseId: sailing.cruiseId, cruisePortId: doha.portId, stopSeq: 9 });
    expect((await byArea())[0]?.portsOfCall.map((p) => p.portName)).toEqual(['Dubai', 'Muscat', 'Dubai', 'Doha']);

    await api.ok('/cruise/port/write', { portId: doha.portId, portCode: doha.portCode, portName: 'Doha Port' });
    expect((await byArea())[0]?.portsOfCall.at(-1)?.portName).toBe('Doha Port');

    await api.ok('/cruise/cruise/changeStatus', { cruiseId: sailing.cruiseId, status: 'Cancelled' });
    expect(await byArea()).toEqual([]);
  });

  it('sees changes of itineraries, ships, companies, areas and new sailings made straight in the database', async () => {
    const { cruiseIds } = await activeSailings(1, f);
    expect(ids(await byArea())).toEqual(cruiseIds);
    const renames = [
      () =>
        t.db(
          (db) =>
            db`UPDATE cruise_itineraries SET itinerary_name = 'Renamed' WHERE itinerary_id = ${f.itinerary.itineraryId}`,
        ),
      () => t.db((db) => db`UPDATE cruise_ships SET ship_name = 'Renamed' WHERE ship_id = ${f.ship.shipId}`),
      () =>
        t.db(
          (db) => db`UPDATE cruise_companies SET company_name = 'Renamed' WHERE company_id = (
                     SELECT company_id FROM cruise_ships WHERE ship_id = ${f.ship.shipId})`,
        ),
      () => t.db((db) => db`UPDATE cruise_areas SET area_name = 'Renamed' WHERE area_id = ${f.area.areaId}`),
    ];
    const names = (found: FoundCruise[]) =>
      found.map((c) => [c.itinerary.itineraryName, c.ship.shipName, c.company.companyName, c.itinerary.areaName]);
    const expected = ['Renamed', 'Renamed', 'Renamed', 'Renamed'];
    for (const [index, rename] of renames.entries()) {
      await byArea(); // kept
      await rename();
      expect(names(await byArea())[0]?.slice(0, index + 1)).toEqual(expected.slice(0, index + 1));
    }
  });
});
