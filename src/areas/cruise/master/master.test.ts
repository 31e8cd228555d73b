// Cruise master data through the API: every entity's list, read, write and delete, listCompanies, getCruiseArea and
// bulkAssign, with each documented refusal (MISSING_PARAMETER, INVALID_FORMAT, NOTFOUND, DUPLICATE, INVALID_STATE)
// and the employees-only policy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../test/support/api.js';
import { type TestTenant, tenant, user } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import type { CabinType, ChargeType, Company, CruiseArea, Port, Ship, ShipCabin } from './index.js';

let t: TestTenant;
let api: ApiClient;

beforeAll(async () => {
  t = await tenant(await startTestService());
  api = (await user(t, 'employee')).api;
});
afterAll(() => t.service.close());

let sequence = 0;
const code = (prefix: string) => `${prefix}${++sequence}`;
const company = (fields: object = {}) =>
  api.ok<Company>('/cruise/company/write', { companyCode: code('C'), companyName: 'MSC Cruises', ...fields });
const ship = (companyId: number, fields: object = {}) =>
  api.ok<Ship>('/cruise/ship/write', { companyId, shipCode: code('S'), shipName: 'MSC Virtuosa', ...fields });
const cabinType = (typeCode = code('T'), typeName = 'Balcony') =>
  api.ok<CabinType>('/cruise/cabintype/write', { typeCode, typeName });

describe('companies', () => {
  it('write creates, read answers, write with the id updates, list filters, delete removes', async () => {
    const created = await company({ companyCode: 'MSC1', companyName: 'MSC Cruises', color: '#1A2b3C' });
    expect(created).toEqual({
      companyId: expect.any(Number),
      companyCode: 'MSC1',
      companyName: 'MSC Cruises',
      color: '#1A2b3C',
    });
    const { companyId } = created;
    expect(await api.ok('/cruise/company/read', { companyId })).toEqual(created);
    const updated = await api.ok<Company>('/cruise/company/write', {
      companyId,
      companyCode: 'MSC1',
      companyName: 'MSC Cruises SA',
    });
    expect(updated).toEqual({ ...created, companyName: 'MSC Cruises SA' }); // colour absent: kept
    expect(await api.ok('/cruise/company/list', { companyCode: 'MSC1' })).toEqual([updated]);
    expect(await api.ok('/cruise/company/list', { companyName: 'cruises s' })).toEqual([updated]);
    expect(await api.ok('/cruise/listCompanies', { companyName: 'ES SA' })).toEqual([updated]);
    expect(await api.ok('/cruise/company/list', { companyCode: 'msc1' })).toEqual([]);
    expect(await api.ok('/cruise/company/delete', { companyId })).toBe(true);
    await api.expectError('/cruise/company/read', { companyId }, 'NOTFOUND', `${companyId}`);
  });

  it('refuses a taken code, a bad colour, a missing name, an unknown id', async () => {
    const { companyCode, companyId } = await company();
    await api.expectError('/cruise/company/write', { companyCode, companyName: 'X' }, 'DUPLICATE', companyCode);
    await api.expectError(
      '/cruise/company/write',
      { companyCode: code('C'), companyName: 'X', color: 'red' },
      'INVALID_FORMAT',
      'color',
    );
    await api.expectError(
      '/cruise/company/write',
      { companyCode: code('C'), companyName: '' },
      'MISSING_PARAMETER',
      'companyName',
    );
    await api.expectError(
      '/cruise/company/write',
      { companyId: 999999, companyCode: code('C'), companyName: 'X' },
      'NOTFOUND',
      '999999',
    );
    await api.expectError('/cruise/company/delete', { companyId: 999999 }, 'NOTFOUND', '999999');
    await api.expectError('/cruise/company/read', {}, 'MISSING_PARAMETER', 'companyId');
    await api.expectError('/cruise/company/read', { companyId: 'x' }, 'INVALID_FORMAT', 'companyId');
    // referred to by a ship
    await ship(companyId);
    await api.expectError('/cruise/company/delete', { companyId }, 'INVALID_STATE', 'ships');
  });

  it('is for employees only', async () => {
    const customer = await user(t, 'customer');
    await customer.api.expectError('/cruise/company/list', {}, 'FORBIDDEN');
    await api.as(undefined).expectError('/cruise/company/list', {}, 'NOT_LOGGED_IN');
    await (await user(t, 'agent')).api.ok('/cruise/company/list', {});
  });
});

describe('ships', () => {
  it('a ship code is unique within its company; an unknown company is NOTFOUND; list by company and name', async () => {
    const first = await company();
    const second = await company();
    const created = await ship(first.companyId, {
      shipCode: 'VIR',
      shipName: 'Virtuosa',
      docUrl: 'https://x.test/v.pdf',
    });
    expect(created).toEqual({
      shipId: expect.any(Number),
      companyId: first.companyId,
      shipCode: 'VIR',
      shipName: 'Virtuosa',
      shipDescription: null,
      docUrl: 'https://x.test/v.pdf',
    });
    await ship(second.companyId, { shipCode: 'VIR' });
    await api.expectError(
      '/cruise/ship/write',
      { companyId: first.companyId, shipCode: 'VIR', shipName: 'Y' },
      'DUPLICATE',
      'VIR',
    );
    await api.expectError(
      '/cruise/ship/write',
      { companyId: 999999, shipCode: 'Z', shipName: 'Z' },
      'NOTFOUND',
      'Company',
    );
    await api.expectError('/cruise/ship/write', { shipCode: 'Z', shipName: 'Z' }, 'MISSING_PARAMETER', 'companyId');
    expect(await api.ok('/cruise/ship/list', { companyId: first.companyId, shipName: 'tuo' })).toEqual([created]);
    expect(await api.ok('/cruise/ship/list', { companyId: first.companyId, shipName: 'nothing' })).toEqual([]);
  });
});

describe('areas, cabin types, charge types, ports', () => {
  it('each is written, read, listed and deleted; codes are unique', async () => {
    const area = await api.ok<CruiseArea>('/cruise/area/write', { areaCode: 'GULF', areaName: 'Arabian Gulf' });
    expect(await api.ok('/cruise/area/list', { areaName: 'arab' })).toEqual([area]);
    expect(await api.ok('/cruise/getCruiseArea', { areaCode: 'GULF' })).toEqual(area);
    expect(await api.ok('/cruise/getCruiseArea', { areaId: area.areaId })).toEqual(area);
    await api.expectError('/cruise/getCruiseArea', {}, 'MISSING_PARAMETER', 'areaCode');
    await api.expectError('/cruise/getCruiseArea', { areaCode: 'NONE' }, 'NOTFOUND', 'NONE');
    await api.expectError('/cruise/area/write', { areaCode: 'GULF', areaName: 'Again' }, 'DUPLICATE', 'GULF');

    const type = await cabinType('BAL', 'Balcony');
    expect(await api.ok('/cruise/cabintype/list', { typeCode: 'BAL' })).toEqual([type]);
    await api.expectError('/cruise/cabintype/write', { typeCode: 'BAL', typeName: 'Again' }, 'DUPLICATE', 'BAL');

    const charge = await api.ok<ChargeType>('/cruise/chargetype/write', {
      chargeTypeCode: 'PORT',
      chargeTypeName: 'Port fees',
    });
    expect(await api.ok('/cruise/chargetype/read', { chargeTypeId: charge.chargeTypeId })).toEqual(charge);
    await api.expectError(
      '/cruise/chargetype/write',
      { chargeTypeCode: 'PORT', chargeTypeName: 'X' },
      'DUPLICATE',
      'PORT',
    );

    const port = await api.ok<Port>('/cruise/port/write', {
      portCode: 'DXB',
      portName: 'Dubai',
      country: 'AE',
      imageUrl: 'https://x.test/dxb.jpg',
    });
    expect(port).toEqual({
      portId: expect.any(Number),
      portCode: 'DXB',
      portName: 'Dubai',
      country: 'AE',
      imageUrl: 'https://x.test/dxb.jpg',
    });
    expect(await api.ok('/cruise/port/list', { portCode: 'DXB' })).toEqual([port]);
    for (const [path, body] of [
      ['/cruise/area/delete', { areaId: area.areaId }],
      ['/cruise/chargetype/delete', { chargeTypeId: charge.chargeTypeId }],
      ['/cruise/port/delete', { portId: port.portId }],
    ] as const)
      expect(await api.ok(path, body)).toBe(true);
    expect(await api.ok('/cruise/port/list', { portCode: 'DXB' })).toEqual([]);
  });
});

describe('ship cabins', () => {
  it('write, list by ship (shipId required), bulkAssign skips types the ship has, delete refused while referred to', async () => {
    const { shipId } = await ship((await company()).companyId);
    const inside = await cabinType(code('IN'), 'Inside');
    const suite = await cabinType(code('SU'), 'Suite');
    const cabin = await api.ok<ShipCabin>('/cruise/shipcabin/write', {
      shipId,
      cabinTypeId: inside.cabinTypeId,
      cabinCode: 'IN-A',
      capacity: 3,
    });
    expect(cabin).toEqual({
      shipCabinId: expect.any(Number),
      shipId,
      cabinTypeId: inside.cabinTypeId,
      cabinCode: 'IN-A',
      cabinName: null,
      capacity: 3,
      description: null,
    });
    await api.expectError(
      '/cruise/shipcabin/write',
      { shipId, cabinTypeId: inside.cabinTypeId, cabinCode: 'IN-A' },
      'DUPLICATE',
      'IN-A',
    );
    await api.expectError(
      '/cruise/shipcabin/write',
      { shipId, cabinTypeId: 999999, cabinCode: 'Q' },
      'NOTFOUND',
      'Cabin type',
    );
    await api.expectError(
      '/cruise/shipcabin/write',
      { shipId, cabinTypeId: inside.cabinTypeId, cabinCode: 'Q', capacity: 0 },
      'INVALID_FORMAT',
      'capacity',
    );
    await api.expectError('/cruise/shipcabin/list', {}, 'MISSING_PARAMETER', 'shipId');

    const created = await api.ok<ShipCabin[]>('/cruise/shipcabin/bulkAssign', {
      shipId,
      cabinTypeIds: [suite.cabinTypeId, inside.cabinTypeId],
      defaultMaxPax: 4,
    });
    expect(created).toEqual([
      expect.objectContaining({
        cabinTypeId: suite.cabinTypeId,
        cabinCode: suite.typeCode,
        cabinName: 'Suite',
        capacity: 4,
      }),
    ]);
    const again = await api.ok<ShipCabin[]>('/cruise/shipcabin/bulkAssign', {
      shipId,
      cabinTypeIds: [suite.cabinTypeId],
    });
    expect(again).toEqual([]);
    expect((await api.ok<ShipCabin[]>('/cruise/shipcabin/list', { shipId })).map((c) => c.cabinCode)).toEqual(
      ['IN-A', suite.typeCode].sort(),
    );
    await api.expectError(
      '/cruise/shipcabin/bulkAssign',
      { shipId: 999999, cabinTypeIds: [suite.cabinTypeId] },
      'NOTFOUND',
      'Ship',
    );
    await api.expectError('/cruise/shipcabin/bulkAssign', { shipId, cabinTypeIds: [999999] }, 'NOTFOUND', '999999');
    await api.expectError('/cruise/shipcabin/bulkAssign', { shipId }, 'MISSING_PARAMETER', 'cabinTypeIds');
    const defaulted = await api.ok<ShipCabin[]>('/cruise/shipcabin/bulkAssign', {
      shipId,
      cabinTypeIds: [(await cabinType()).cabinTypeId],
    });
    expect(defaulted[0]?.capacity).toBe(2);

    await api.expectError(
      '/cruise/cabintype/delete',
      { cabinTypeId: inside.cabinTypeId },
      'INVALID_STATE',
      'ship cabins',
    );
    await api.expectError('/cruise/ship/delete', { shipId }, 'INVALID_STATE', 'ship cabins');
    expect(await api.ok('/cruise/shipcabin/delete', { shipCabinId: cabin.shipCabinId })).toBe(true);
    expect(await api.ok('/cruise/cabintype/delete', { cabinTypeId: inside.cabinTypeId })).toBe(true);
  });
});
