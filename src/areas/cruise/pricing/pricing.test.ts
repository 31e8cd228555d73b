// Cruise pricing through the API (contract §8.3): cabin price and other-charge templates of an itinerary (and
// initialize), a sailing's cabin and other charges, the tenant's exchange rates, each refusal, and who may call them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../test/support/api.js';
import { sailing } from '../../../../test/support/cruise-sailing.js';
import { type TestTenant, tenant, user } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import type {
  CabinCharge,
  CabinPriceTemplate,
  ExchangeRate,
  OtherCharge,
  OtherChargeTemplate,
} from './pricing.schemas.js';

let t: TestTenant;
let api: ApiClient;

beforeAll(async () => {
  t = await tenant(await startTestService());
  api = (await user(t, 'employee')).api;
});
afterAll(() => t?.service.close());

const NO_SUCH = 2_000_000_000;

describe('/cruise/cabinpricetemplate/*', () => {
  it('initialize makes a zero-priced template per cabin once; write changes one; list, read and delete', async () => {
    const s = await sailing(t, { cabins: 3 });
    const made = await api.ok<CabinPriceTemplate[]>('/cruise/cabinpricetemplate/initialize', {
      itineraryId: s.itineraryId,
    });
    expect(made.map((row) => [row.cabinCode, row.price, row.currency, row.available, row.shipCabinId])).toEqual([
      ['C01', 0, 'AED', false, s.cabinIds[0]],
      ['C02', 0, 'AED', false, s.cabinIds[1]],
      ['C03', 0, 'AED', false, s.cabinIds[2]],
    ]);
    const first = made[0];
    const changed = await api.ok<CabinPriceTemplate>('/cruise/cabinpricetemplate/write', {
      cabinPriceTemplateId: first?.cabinPriceTemplateId,
      itineraryId: s.itineraryId,
      shipCabinId: s.cabinIds[0],
      price: 2450.75,
      currency: 'usd',
    });
    expect(changed).toEqual({ ...first, price: 2450.75, currency: 'USD', available: true });
    // initialize again: existing templates are left as they are
    const again = await api.ok<CabinPriceTemplate[]>('/cruise/cabinpricetemplate/initialize', {
      itineraryId: s.itineraryId,
    });
    expect(again).toEqual([changed, ...made.slice(1)]);
    expect(
      await api.ok('/cruise/cabinpricetemplate/read', { cabinPriceTemplateId: changed.cabinPriceTemplateId }),
    ).toEqual(changed);
    expect(
      await api.ok('/cruise/cabinpricetemplate/delete', { cabinPriceTemplateId: changed.cabinPriceTemplateId }),
    ).toBe(true);
    expect(await api.ok('/cruise/cabinpricetemplate/list', { itineraryId: s.itineraryId })).toEqual(made.slice(1));
    // a new one for the cabin whose template was deleted
    const created = await api.ok<CabinPriceTemplate>('/cruise/cabinpricetemplate/write', {
      itineraryId: s.itineraryId,
      shipCabinId: s.cabinIds[0],
      price: 0.5,
      currency: 'OMR',
    });
    expect(created).toMatchObject({ price: 0.5, currency: 'OMR', available: true, cabinCode: 'C01' });
  });

  it('refuses a bad price, unknown records, a cabin of another ship, a second template of a cabin', async () => {
    const s = await sailing(t);
    const body = { itineraryId: s.itineraryId, shipCabinId: s.cabinIds[0], price: 100, currency: 'AED' };
    const fail = (extra: object, code: string, naming: string) =>
      api.expectError('/cruise/cabinpricetemplate/write', { ...body, ...extra }, code, naming);
    await fail({ price: undefined }, 'MISSING_PARAMETER', 'price');
    await fail({ price: -1 }, 'INVALID_FORMAT', 'price');
    await fail({ price: 10.005 }, 'INVALID_FORMAT', 'price');
    await fail({ currency: 'DIRHAM' }, 'INVALID_FORMAT', 'currency');
    await fail({ itineraryId: NO_SUCH }, 'NOTFOUND', 'Itinerary');
    await fail({ shipCabinId: NO_SUCH }, 'NOTFOUND', 'Ship cabin');
    await fail({ cabinPriceTemplateId: NO_SUCH }, 'NOTFOUND', 'Cabin price template');
    await fail({ shipCabinId: s.foreignCabinId }, 'INVALID_STATE', 'X1');
    await api.ok('/cruise/cabinpricetemplate/write', body);
    await fail({}, 'DUPLICATE', `${s.cabinIds[0]}`);
    await api.expectError('/cruise/cabinpricetemplate/list', { itineraryId: NO_SUCH }, 'NOTFOUND', 'Itinerary');
    await api.expectError('/cruise/cabinpricetemplate/initialize', { itineraryId: NO_SUCH }, 'NOTFOUND', 'Itinerary');
    await api.expectError('/cruise/cabinpricetemplate/read', { cabinPriceTemplateId: NO_SUCH }, 'NOTFOUND', 'template');
    await api.expectError(
      '/cruise/cabinpricetemplate/delete',
      { cabinPriceTemplateId: NO_SUCH },
      'NOTFOUND',
      'template',
    );
  });
});

describe('/cruise/otherchargetemplate/*', () => {
  it('write, read, list, change and delete an itinerary’s charge; refusals', async () => {
    const s = await sailing(t);
    const body = { itineraryId: s.itineraryId, chargeTypeId: s.chargeTypes.spa, price: 120, currency: 'EUR' };
    const made = await api.ok<OtherChargeTemplate>('/cruise/otherchargetemplate/write', body);
    expect(made).toEqual({
      otherChargeTemplateId: expect.any(Number),
      itineraryId: s.itineraryId,
      chargeTypeId: s.chargeTypes.spa,
      chargeTypeCode: expect.any(String),
      chargeTypeName: 'Spa day',
      price: 120,
      currency: 'EUR',
      perPerson: false,
      mandatory: false,
    });
    const { otherChargeTemplateId } = made;
    const changed = await api.ok<OtherChargeTemplate>('/cruise/otherchargetemplate/write', {
      ...body,
      otherChargeTemplateId,
      perPerson: true,
      mandatory: true,
    });
    expect(changed).toEqual({ ...made, perPerson: true, mandatory: true });
    // an update that leaves the flags out keeps them
    const repriced = await api.ok('/cruise/otherchargetemplate/write', { ...body, otherChargeTemplateId, price: 99 });
    expect(repriced).toEqual({ ...changed, price: 99 });
    await api.ok('/cruise/otherchargetemplate/write', {
      ...body,
      otherChargeTemplateId,
      perPerson: true,
      mandatory: true,
    });
    expect(await api.ok('/cruise/otherchargetemplate/read', { otherChargeTemplateId })).toEqual(changed);
    expect(await api.ok('/cruise/otherchargetemplate/list', { itineraryId: s.itineraryId })).toEqual([changed]);
    await api.expectError('/cruise/otherchargetemplate/write', body, 'DUPLICATE', `${s.chargeTypes.spa}`);
    await api.expectError(
      '/cruise/otherchargetemplate/write',
      { ...body, chargeTypeId: NO_SUCH },
      'NOTFOUND',
      'Charge type',
    );
    await api.expectError(
      '/cruise/otherchargetemplate/write',
      { ...body, itineraryId: NO_SUCH },
      'NOTFOUND',
      'Itinerary',
    );
    await api.expectError('/cruise/otherchargetemplate/write', { ...body, price: 1.234 }, 'INVALID_FORMAT', 'price');
    expect(await api.ok('/cruise/otherchargetemplate/delete', { otherChargeTemplateId })).toBe(true);
    await api.expectError('/cruise/otherchargetemplate/read', { otherChargeTemplateId }, 'NOTFOUND', 'template');
    await api.expectError('/cruise/otherchargetemplate/delete', { otherChargeTemplateId }, 'NOTFOUND', 'template');
  });
});

describe('/cruise/cabincharge/* and /cruise/othercharge/*', () => {
  it('a sailing’s charges are listed with whether a cabin is booked, changed, and kept while a booking uses them', async () => {
    const s = await sailing(t, { cabins: 2 });
    const charges = await api.ok<CabinCharge[]>('/cruise/cabincharge/list', { cruiseId: s.cruiseId });
    expect(charges.map((c) => [c.cabinCode, c.price, c.currency, c.available, c.booked])).toEqual([
      ['C01', 1000, 'AED', true, false],
      ['C02', 1000, 'AED', true, false],
    ]);
    const agent = await user(t, 'agent');
    const { customerId } = await agent.api.ok<{ customerId: number }>('/customer/create', {
      custName: 'Pricing Test',
      email: `pricing-${Date.now()}@example.com`,
      mobilePhone: '+971500000001',
    });
    await agent.api.ok('/cruise/booking/create', {
      cruiseId: s.cruiseId,
      shipCabinId: s.cabinIds[0],
      customerId,
      passengers: [{ firstName: 'A', lastName: 'B' }],
      addOns: [{ chargeTypeId: s.chargeTypes.drinks, quantity: 1 }],
    });
    const [booked, free] = await api.ok<CabinCharge[]>('/cruise/cabincharge/list', { cruiseId: s.cruiseId });
    expect([booked?.booked, free?.booked]).toEqual([true, false]);
    expect(await api.ok('/cruise/cabincharge/read', { cabinChargeId: booked?.cabinChargeId })).toEqual(booked);
    await api.expectError(
      '/cruise/cabincharge/delete',
      { cabinChargeId: booked?.cabinChargeId },
      'INVALID_STATE',
      'holds',
    );
    expect(await api.ok('/cruise/cabincharge/delete', { cabinChargeId: free?.cabinChargeId })).toBe(true);
    const readded = await api.ok<CabinCharge>('/cruise/cabincharge/write', {
      cruiseId: s.cruiseId,
      shipCabinId: s.cabinIds[1],
      price: 1500.25,
      currency: 'AED',
    });
    expect(readded).toMatchObject({ cabinCode: 'C02', price: 1500.25, available: true, booked: false });
    await api.expectError(
      '/cruise/cabincharge/write',
      { cruiseId: s.cruiseId, shipCabinId: s.cabinIds[1], price: 1, currency: 'AED' },
      'DUPLICATE',
      `${s.cabinIds[1]}`,
    );

    const others = await api.ok<OtherCharge[]>('/cruise/othercharge/list', { cruiseId: s.cruiseId });
    expect(others.map((o) => [o.chargeTypeName, o.price, o.currency, o.perPerson, o.mandatory])).toEqual([
      ['Drinks package', 75.5, 'EUR', true, false],
      ['Port fees', 50, 'USD', true, true],
      ['Service charge', 100, 'AED', false, true],
    ]);
    const [drinks, , service] = others;
    await api.expectError(
      '/cruise/othercharge/delete',
      { otherChargeId: drinks?.otherChargeId },
      'INVALID_STATE',
      'add-on',
    );
    const cheaper = await api.ok('/cruise/othercharge/write', {
      otherChargeId: service?.otherChargeId,
      cruiseId: s.cruiseId,
      chargeTypeId: service?.chargeTypeId,
      price: 80,
      currency: 'AED',
      mandatory: true,
    });
    expect(cheaper).toEqual({ ...service, price: 80 });
    expect(await api.ok('/cruise/othercharge/read', { otherChargeId: service?.otherChargeId })).toEqual(cheaper);
    expect(await api.ok('/cruise/othercharge/delete', { otherChargeId: service?.otherChargeId })).toBe(true);
    await api.expectError(
      '/cruise/othercharge/read',
      { otherChargeId: service?.otherChargeId },
      'NOTFOUND',
      'Other charge',
    );
  });

  it('refuses unknown sailings and cabins, another ship’s cabin, and changes to a sailing no longer Draft or Active', async () => {
    const s = await sailing(t);
    const body = { cruiseId: s.cruiseId, shipCabinId: s.foreignCabinId, price: 10, currency: 'AED' };
    await api.expectError('/cruise/cabincharge/write', body, 'INVALID_STATE', 'X1');
    await api.expectError('/cruise/cabincharge/write', { ...body, cruiseId: NO_SUCH }, 'NOTFOUND', 'Cruise');
    await api.expectError('/cruise/cabincharge/list', { cruiseId: NO_SUCH }, 'NOTFOUND', 'Cruise');
    await api.expectError('/cruise/othercharge/list', { cruiseId: NO_SUCH }, 'NOTFOUND', 'Cruise');
    await api.expectError('/cruise/cabincharge/read', { cabinChargeId: NO_SUCH }, 'NOTFOUND', 'Cabin charge');
    const done = await sailing(t, { status: 'Completed' });
    await api.expectError(
      '/cruise/cabincharge/write',
      { cruiseId: done.cruiseId, shipCabinId: done.cabinIds[0], price: 10, currency: 'AED' },
      'INVALID_STATE',
      'Completed',
    );
    await api.expectError(
      '/cruise/othercharge/write',
      { cruiseId: done.cruiseId, chargeTypeId: done.chargeTypes.spa, price: 10, currency: 'AED' },
      'INVALID_STATE',
      'Completed',
    );
  });
});

describe('/cruise/exchangerate/*', () => {
  it('write, read, list (with the rate in force on a date), change and delete; refusals', async () => {
    const write = (fields: object) => api.ok<ExchangeRate>('/cruise/exchangerate/write', fields);
    const older = await write({ fromCurrency: 'sar', toCurrency: 'AED', rate: 0.97, validFrom: '2026-01-01' });
    expect(older).toEqual({
      exchangeRateId: expect.any(Number),
      fromCurrency: 'SAR',
      toCurrency: 'AED',
      rate: 0.97,
      validFrom: '2026-01-01',
    });
    const newer = await write({ fromCurrency: 'SAR', toCurrency: 'AED', rate: 0.97912345, validFrom: '2026-06-01' });
    const other = await write({ fromCurrency: 'QAR', toCurrency: 'AED', rate: 1.0088, validFrom: '2026-03-01' });
    expect(await api.ok('/cruise/exchangerate/list', { fromCurrency: 'SAR' })).toEqual([newer, older]);
    expect(await api.ok('/cruise/exchangerate/list', { onDate: '2026-05-31' })).toEqual([other, older]);
    expect(await api.ok('/cruise/exchangerate/list', { toCurrency: 'aed', onDate: '2026-06-01' })).toEqual([
      other,
      newer,
    ]);
    expect(await api.ok('/cruise/exchangerate/list', { onDate: '2025-12-31' })).toEqual([]);
    const changed = await write({ ...older, rate: 0.98 });
    expect(changed).toEqual({ ...older, rate: 0.98 });
    expect(await api.ok('/cruise/exchangerate/read', { exchangeRateId: older.exchangeRateId })).toEqual(changed);

    const fail = (fields: object, code: string, naming: string) =>
      api.expectError('/cruise/exchangerate/write', { ...older, exchangeRateId: undefined, ...fields }, code, naming);
    await fail({}, 'DUPLICATE', 'SAR→AED');
    await fail({ rate: 0 }, 'INVALID_FORMAT', 'rate');
    await fail({ rate: 1.123456789 }, 'INVALID_FORMAT', 'rate');
    await fail({ toCurrency: 'SAR' }, 'INVALID_FORMAT', 'toCurrency');
    await fail({ validFrom: '2026-02-30' }, 'INVALID_FORMAT', 'validFrom');
    await fail({ validFrom: undefined }, 'MISSING_PARAMETER', 'validFrom');
    await fail({ exchangeRateId: NO_SUCH }, 'NOTFOUND', 'Exchange rate');
    expect(await api.ok('/cruise/exchangerate/delete', { exchangeRateId: older.exchangeRateId })).toBe(true);
    await api.expectError('/cruise/exchangerate/read', { exchangeRateId: older.exchangeRateId }, 'NOTFOUND', 'rate');
    await api.expectError('/cruise/exchangerate/delete', { exchangeRateId: older.exchangeRateId }, 'NOTFOUND', 'rate');
  });
});

describe('who may call cruise pricing', () => {
  it('employees; a customer is FORBIDDEN, a guest NOT_LOGGED_IN', async () => {
    expect(await api.ok('/cruise/exchangerate/list', {})).toEqual(expect.any(Array));
    const customer = await user(t, 'customer');
    await customer.api.expectError('/cruise/exchangerate/list', {}, 'FORBIDDEN');
    await t.api.expectError('/cruise/exchangerate/list', {}, 'NOT_LOGGED_IN');
  });
});
