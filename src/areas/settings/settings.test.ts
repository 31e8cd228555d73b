// The agency's settings through the API: defaults on a new tenant, the admin's partial writes, who may read and
// write them, and every refusal of bad values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guest, type TestTenant, tenant, user } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import type { Service } from '../../service.js';
import { createSettingsArea } from './index.js';
import type { Settings } from './settings.schemas.js';

let service: Service;
let t: TestTenant;

beforeAll(async () => {
  service = await startTestService();
  t = await tenant(service);
});

afterAll(async () => {
  await service?.close();
});

const DEFAULT_LOOK = { brandColor: '#0b4f8a', accentColor: '#0b4f8a', contactEmail: null, contactPhone: null };

const write = (change: object) => t.adminApi.ok<Settings>('/settings/write', change);

describe('tenant settings', () => {
  it("start with every default: the admin's e-mail, 30 days, no tax", async () => {
    expect(await t.adminApi.ok<Settings>('/settings/read')).toEqual({
      notificationEmail: t.record.adminEmail,
      quoteValidityDays: 30,
      vatRatePercent: 0,
      taxRegistrationNumber: null,
      pricesIncludeTax: false,
      ...DEFAULT_LOOK,
    });
  });

  it('the admin changes the named fields only; employees read them; the api sees them', async () => {
    await write({ vatRatePercent: 5, taxRegistrationNumber: '100123456700003' });
    const changed = await write({ quoteValidityDays: 14, notificationEmail: 'sales@agency.example' });
    expect(changed).toEqual({
      notificationEmail: 'sales@agency.example',
      quoteValidityDays: 14,
      vatRatePercent: 5,
      taxRegistrationNumber: '100123456700003',
      pricesIncludeTax: false,
      ...DEFAULT_LOOK,
    });
    const employee = await user(t, 'employee');
    expect(await employee.api.ok<Settings>('/settings/read')).toEqual(changed);

    const api = createSettingsArea().api;
    const settings = await t.db((db) => api.read({ tenant: t.record, db }));
    expect(settings).toEqual({
      notificationEmail: 'sales@agency.example',
      quoteValidityDays: 14,
      tax: { ratePercent: '5', registrationNumber: '100123456700003', pricesIncludeTax: false },
      look: { brandColor: null, accentColor: null, contactEmail: null, contactPhone: null },
    });
  });

  it("a rate with two decimals is kept exactly; null notificationEmail goes back to the admin's", async () => {
    expect((await write({ vatRatePercent: 5.25 })).vatRatePercent).toBe(5.25);
    expect((await write({ notificationEmail: null })).notificationEmail).toBe(t.record.adminEmail);
    expect((await write({ pricesIncludeTax: true })).pricesIncludeTax).toBe(true);
    await write({ vatRatePercent: 0, pricesIncludeTax: false, taxRegistrationNumber: null });
  });

  it("keeps the pages' colours (lower case) and contact; null goes back to the service's colour and no contact", async () => {
    const look = { brandColor: '#AA3300', accentColor: '#ffcc00', contactEmail: 'help@agency.example' };
    const changed = await write({ ...look, contactPhone: '+971 4 123 4567' });
    expect(changed).toMatchObject({ brandColor: '#aa3300', accentColor: '#ffcc00', contactPhone: '+971 4 123 4567' });
    const api = createSettingsArea().api;
    expect(await t.db((db) => api.look(t.record, db))).toEqual({
      brandColor: '#aa3300',
      accentColor: '#ffcc00',
      contactEmail: 'help@agency.example',
      contactPhone: '+971 4 123 4567',
    });
    const back = await write({ brandColor: null, accentColor: null, contactEmail: null, contactPhone: null });
    expect(back).toMatchObject(DEFAULT_LOOK);
  });

  it.each([
    [{ vatRatePercent: 5.255 }, 'vatRatePercent'],
    [{ vatRatePercent: 100.5 }, 'vatRatePercent'],
    [{ vatRatePercent: -1 }, 'vatRatePercent'],
    [{ vatRatePercent: 'five' }, 'vatRatePercent'],
    [{ quoteValidityDays: 0 }, 'quoteValidityDays'],
    [{ quoteValidityDays: 366 }, 'quoteValidityDays'],
    [{ notificationEmail: 'not an address' }, 'notificationEmail'],
    [{ taxRegistrationNumber: '' }, 'taxRegistrationNumber'],
    [{ brandColor: 'red' }, 'brandColor'],
    [{ brandColor: '#fff' }, 'brandColor'],
    [{ brandColor: '#12345g' }, 'brandColor'],
    [{ accentColor: '#123456;background:url(x)' }, 'accentColor'],
    [{ contactEmail: 'not an address' }, 'contactEmail'],
    [{ contactPhone: 'call us' }, 'contactPhone'],
  ])('refuses %j with INVALID_FORMAT naming the field', async (change, field) => {
    await t.adminApi.expectError('/settings/write', { session: t.admin, ...change }, 'INVALID_FORMAT', field);
  });

  it('only employees read and only the admin writes', async () => {
    const employee = await user(t, 'employee');
    const customer = await user(t, 'customer');
    const visitor = await guest(t);
    await employee.api.expectError('/settings/write', { vatRatePercent: 7 }, 'FORBIDDEN');
    await customer.api.expectError('/settings/read', {}, 'FORBIDDEN');
    await visitor.api.expectError('/settings/read', {}, 'NOT_LOGGED_IN');
    await t.api.expectError('/settings/read', {}, 'NOT_LOGGED_IN');
    expect((await t.adminApi.ok<Settings>('/settings/read')).vatRatePercent).toBe(0);
  });
});
