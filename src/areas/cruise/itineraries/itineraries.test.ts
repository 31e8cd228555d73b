// Itineraries and template stops through the API: list filters, read, write, delete, every status move allowed and
// refused, the tree, and each refusal of a stop (HH:mm, day offsets, stopSeq taken, unknown itinerary or port).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../test/support/api.js';
import { cruiseFixture, newCode, standardStops } from '../../../../test/support/cruise.js';
import { type TestTenant, tenant, user } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import { addDays, formatDate } from '../../../platform/time.js';
import type { Itinerary, ItineraryTree, Template } from './index.js';

let t: TestTenant;
let api: ApiClient;
const today = () => formatDate(new Date(), 'Asia/Dubai');

beforeAll(async () => {
  t = await tenant(await startTestService());
  api = (await user(t, 'employee')).api;
});
afterAll(() => t.service.close());

const move = (itineraryId: number, status: string) =>
  api.ok<Itinerary>('/cruise/itinerary/changeStatus', { itineraryId, status });
const refuseMove = (itineraryId: number, status: string, naming: string) =>
  api.expectError('/cruise/itinerary/changeStatus', { itineraryId, status }, 'INVALID_STATE', naming);

describe('itineraries', () => {
  it('write creates a Draft, read and list by every filter, update, DUPLICATE and NOTFOUND', async () => {
    const f = await cruiseFixture(api, 5);
    expect(f.itinerary).toEqual({
      itineraryId: expect.any(Number),
      cruiseShipId: f.ship.shipId,
      cruiseAreaId: f.area.areaId,
      itineraryCode: expect.any(String),
      itineraryName: 'Gulf 5 nights',
      duration: 5,
      description: null,
      imageUrl: null,
      status: 'Draft',
    });
    const { itineraryId, itineraryCode } = f.itinerary;
    expect(await api.ok('/cruise/itinerary/read', { itineraryId })).toEqual(f.itinerary);
    const byArea = { areaId: f.area.areaId };
    expect(await api.ok('/cruise/itinerary/list', byArea)).toEqual([f.itinerary]);
    expect(await api.ok('/cruise/itinerary/list', { shipId: f.ship.shipId, name: 'GULF 5', status: 'Draft' })).toEqual([
      f.itinerary,
    ]);
    expect(await api.ok('/cruise/itinerary/list', { ...byArea, minDuration: 5, maxDuration: 5 })).toHaveLength(1);
    expect(await api.ok('/cruise/itinerary/list', { ...byArea, minDuration: 6 })).toEqual([]);
    expect(await api.ok('/cruise/itinerary/list', { ...byArea, maxDuration: 4 })).toEqual([]);
    expect(await api.ok('/cruise/itinerary/list', { ...byArea, status: 'Active' })).toEqual([]);

    const updated = await api.ok<Itinerary>('/cruise/itinerary/write', {
      ...f.itinerary,
      itineraryName: 'Gulf gems',
      description: 'Five days',
      status: 'Active', // not written here: changeStatus moves it
    });
    expect(updated).toEqual({ ...f.itinerary, itineraryName: 'Gulf gems', description: 'Five days' });

    const fields = { cruiseShipId: f.ship.shipId, cruiseAreaId: f.area.areaId, itineraryName: 'X', duration: 3 };
    await api.expectError('/cruise/itinerary/write', { ...fields, itineraryCode }, 'DUPLICATE', itineraryCode);
    await api.expectError(
      '/cruise/itinerary/write',
      { ...fields, itineraryCode: newCode('i'), cruiseAreaId: 999999 },
      'NOTFOUND',
      'Area',
    );
    await api.expectError(
      '/cruise/itinerary/write',
      { ...fields, itineraryCode: newCode('i'), itineraryId: 999999 },
      'NOTFOUND',
      '999999',
    );
    await api.expectError(
      '/cruise/itinerary/write',
      { ...fields, itineraryCode: newCode('i'), duration: 0 },
      'INVALID_FORMAT',
      'duration',
    );
    await api.expectError(
      '/cruise/itinerary/write',
      { ...fields, itineraryCode: newCode('i'), duration: undefined },
      'MISSING_PARAMETER',
      'duration',
    );
    await api.expectError('/cruise/itinerary/list', { status: 'Open' }, 'INVALID_FORMAT', 'status');
    await api.expectError('/cruise/itinerary/read', { itineraryId: 999999 }, 'NOTFOUND', '999999');
    // the ship and area are referred to
    await api.expectError('/cruise/ship/delete', { shipId: f.ship.shipId }, 'INVALID_STATE', 'itineraries');
    await api.expectError('/cruise/area/delete', { areaId: f.area.areaId }, 'INVALID_STATE', 'itineraries');
  });

  it('moves: Draft → Active needs a stop; Active ↔ Suspended; → Archived without future cruises; others refused', async () => {
    const f = await cruiseFixture(api);
    const { itineraryId } = f.itinerary;
    await refuseMove(itineraryId, 'Active', 'without template stops');
    await refuseMove(itineraryId, 'Suspended', 'Draft');
    await refuseMove(itineraryId, 'Archived', 'Draft');
    await refuseMove(itineraryId, 'Draft', 'Draft');
    await standardStops(api, f);
    expect((await move(itineraryId, 'Active')).status).toBe('Active');
    await refuseMove(itineraryId, 'Draft', 'Active');
    expect((await move(itineraryId, 'Suspended')).status).toBe('Suspended');
    expect((await move(itineraryId, 'Active')).status).toBe('Active');

    // a future cruise keeps it from being archived; a past one does not
    const future = await api.ok<{ cruiseId: number }>('/cruise/cruise/write', {
      itineraryId,
      startDate: addDays(today(), 30),
    });
    await api.ok('/cruise/cruise/write', { itineraryId, startDate: '2020-01-05' });
    await refuseMove(itineraryId, 'Archived', 'future cruise');
    await move(itineraryId, 'Suspended');
    await refuseMove(itineraryId, 'Archived', 'future cruise');
    // a cancelled future cruise does not count
    await api.ok('/cruise/cruise/changeStatus', { cruiseId: future.cruiseId, status: 'Cancelled' });
    expect((await move(itineraryId, 'Archived')).status).toBe('Archived');
    await refuseMove(itineraryId, 'Active', 'Archived');
    await api.expectError(
      '/cruise/itinerary/changeStatus',
      { itineraryId: 999999, status: 'Active' },
      'NOTFOUND',
      '999999',
    );
    await api.expectError('/cruise/itinerary/changeStatus', { itineraryId }, 'MISSING_PARAMETER', 'status');
  });

  it('delete: only a Draft without cruises and stops', async () => {
    const bare = await cruiseFixture(api);
    expect(await api.ok('/cruise/itinerary/delete', { itineraryId: bare.itinerary.itineraryId })).toBe(true);
    await api.expectError('/cruise/itinerary/read', { itineraryId: bare.itinerary.itineraryId }, 'NOTFOUND');
    await api.expectError('/cruise/itinerary/delete', { itineraryId: bare.itinerary.itineraryId }, 'NOTFOUND');

    const withStops = await cruiseFixture(api);
    const [stop] = await standardStops(api, withStops);
    await api.expectError(
      '/cruise/itinerary/delete',
      { itineraryId: withStops.itinerary.itineraryId },
      'INVALID_STATE',
      'template stop',
    );
    await api.expectError('/cruise/port/delete', { portId: stop?.cruisePortId }, 'INVALID_STATE', 'cruise templates');

    const withCruise = await cruiseFixture(api);
    await api.ok('/cruise/cruise/write', { itineraryId: withCruise.itinerary.itineraryId, startDate: '2031-01-01' });
    await api.expectError(
      '/cruise/itinerary/delete',
      { itineraryId: withCruise.itinerary.itineraryId },
      'INVALID_STATE',
      'cruise',
    );

    const active = await cruiseFixture(api);
    await standardStops(api, active);
    await move(active.itinerary.itineraryId, 'Active');
    await api.expectError(
      '/cruise/itinerary/delete',
      { itineraryId: active.itinerary.itineraryId },
      'INVALID_STATE',
      'Active',
    );
  });

  it('tree: companies → ships → itineraries, filtered by company code, area and status', async () => {
    const f = await cruiseFixture(api);
    const company = await api.ok<{ companyId: number; companyCode: string }>('/cruise/ship/read', {
      shipId: f.ship.shipId,
    });
    const { companyCode } = await api.ok<{ companyCode: string }>('/cruise/company/read', {
      companyId: company.companyId,
    });
    const tree = await api.ok<ItineraryTree>('/cruise/itinerary/tree', { companyCode });
    expect(tree).toEqual([
      {
        companyId: company.companyId,
        companyCode,
        companyName: 'Gulf Cruise Line',
        color: null,
        ships: [
          { shipId: f.ship.shipId, shipCode: f.ship.shipCode, shipName: 'Gulf Star', itineraries: [f.itinerary] },
        ],
      },
    ]);
    expect(await api.ok('/cruise/itinerary/tree', { companyCode, areaId: f.area.areaId, status: 'Draft' })).toEqual(
      tree,
    );
    expect(await api.ok('/cruise/itinerary/tree', { companyCode, status: 'Active' })).toEqual([]);
    const all = await api.ok<ItineraryTree>('/cruise/itinerary/tree', {});
    expect(all.map((c) => c.companyCode)).toContain(companyCode);
  });
});

describe('template stops', () => {
  it('write, read, list by stopSeq, update, delete; every refusal', async () => {
    const f = await cruiseFixture(api, 7);
    const { itineraryId } = f.itinerary;
    const written = await standardStops(api, f);
    const [first, second, last] = written;
    expect(second).toEqual({
      cruiseTemplateId: expect.any(Number),
      itineraryId,
      cruisePortId: f.ports[1]?.portId,
      stopSeq: 2,
      dayOffsetArrival: 2,
      dayOffsetDeparture: 2,
      arrivalTime: '08:00',
      departureTime: '17:00',
      description: null,
    });
    expect(first?.arrivalTime).toBeNull();
    // stop 0 written last is listed first
    const zero = await api.ok<Template>('/cruise/template/write', {
      itineraryId,
      cruisePortId: f.ports[2]?.portId,
      stopSeq: 0,
      dayOffsetArrival: 0,
      dayOffsetDeparture: 0,
    });
    const listed = await api.ok<Template[]>('/cruise/template/list', { itineraryId });
    expect(listed.map((s) => s.stopSeq)).toEqual([0, 1, 2, 3]);
    expect(await api.ok('/cruise/template/read', { cruiseTemplateId: second?.cruiseTemplateId })).toEqual(second);
    const moved = await api.ok<Template>('/cruise/template/write', {
      ...second,
      departureTime: '19:30',
      description: 'Late',
    });
    expect(moved).toEqual({ ...second, departureTime: '19:30', description: 'Late' });
    expect(await api.ok('/cruise/template/delete', { cruiseTemplateId: zero.cruiseTemplateId })).toBe(true);
    await api.expectError('/cruise/template/delete', { cruiseTemplateId: zero.cruiseTemplateId }, 'NOTFOUND');
    await api.expectError('/cruise/template/read', { cruiseTemplateId: zero.cruiseTemplateId }, 'NOTFOUND');

    const stop = {
      itineraryId,
      cruisePortId: f.ports[0]?.portId,
      stopSeq: 9,
      dayOffsetArrival: 3,
      dayOffsetDeparture: 4,
    };
    await api.expectError('/cruise/template/write', { ...stop, arrivalTime: '25:00' }, 'INVALID_FORMAT', 'arrivalTime');
    await api.expectError(
      '/cruise/template/write',
      { ...stop, departureTime: '8:00' },
      'INVALID_FORMAT',
      'departureTime',
    );
    await api.expectError(
      '/cruise/template/write',
      { ...stop, dayOffsetDeparture: 2 },
      'INVALID_FORMAT',
      'dayOffsetDeparture',
    );
    await api.expectError(
      '/cruise/template/write',
      { ...stop, dayOffsetDeparture: 8 },
      'INVALID_FORMAT',
      'dayOffsetDeparture',
    );
    await api.expectError(
      '/cruise/template/write',
      { ...stop, dayOffsetDeparture: 3, arrivalTime: '10:00', departureTime: '09:00' },
      'INVALID_FORMAT',
      'departureTime',
    );
    await api.expectError('/cruise/template/write', { ...stop, stopSeq: 2 }, 'DUPLICATE', '2');
    await api.expectError('/cruise/template/write', { ...stop, itineraryId: 999999 }, 'NOTFOUND', 'Itinerary');
    await api.expectError('/cruise/template/write', { ...stop, cruisePortId: 999999 }, 'NOTFOUND', 'Port');
    await api.expectError('/cruise/template/write', { ...stop, cruiseTemplateId: 999999 }, 'NOTFOUND', '999999');
    await api.expectError('/cruise/template/write', { ...stop, stopSeq: undefined }, 'MISSING_PARAMETER', 'stopSeq');
    await api.expectError('/cruise/template/list', {}, 'MISSING_PARAMETER', 'itineraryId');
    expect(last?.arrivalTime).toBe('07:00');
  });
});
