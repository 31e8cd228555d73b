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

const NO_CONTACT = { contactEmail: null, contactPhone: null, contactWhatsapp: null, cancellationPolicy: null };

const write = (change: object) => t.adminApi.ok<Settings>('/settings/write', change);

describe('tenant settings', () => {
  it("start with every default: the admin's e-mail, 30 days, no tax", async () => {
    expect(await t.adminApi.ok<Settings>('/settings/read')).toEqual({
      notificationEmail: t.record.adminEmail,
      quoteValidityDays: 30,
      vatRatePercent: 0,
      taxRegistrationNumber: null,
      pricesIncludeTax: false,
      ...NO_CONTACT,
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
      ...NO_CONTACT,
    });
    const employee = await user(t, 'employee');
    expect(await employee.api.ok<Settings>('/settings/read')).toEqual(changed);

    const api = createSettingsArea().api;
    const settings = await t.db((db) => api.read({ tenant: t.record, db }));
    expect(settings).toEqual({
      notificationEmail: 'sales@agency.example',
      quoteValidityDays: 14,
      tax: { ratePercent: '5', registrationNumber: '100123456700003', pricesIncludeTax: false },
      contact: { phone: null, whatsapp: null, email: null },
      cancellationPolicy: null,
    });
  });

  it("a rate with two decimals is kept exactly; null notificationEmail goes back to the admin's", async () => {
    expect((await write({ vatRatePercent: 5.25 })).vatRatePercent).toBe(5.25);
    expect((await write({ notificationEmail: null })).notificationEmail).toBe(t.record.adminEmail);
    expect((await write({ pricesIncludeTax: true })).pricesIncludeTax).toBe(true);
    await write({ vatRatePercent: 0, pricesIncludeTax: false, taxRegistrationNumber: null });
  });

  it("keeps the agency's contact and its default cancellation policy; null takes one away", async () => {
    const contact = {
      contactEmail: 'help@agency.example',
      contactPhone: '+971 4 123 4567',
      contactWhatsapp: '+971501234567',
      cancellationPolicy: 'Free cancellation up to 24 hours before the start.',
    };
    expect(await write(contact)).toMatchObject(contact);
    const api = createSettingsArea().api;
    expect(await t.db((db) => api.read({ tenant: t.record, db }))).toMatchObject({
      contact: { phone: '+971 4 123 4567', whatsapp: '+971501234567', email: 'help@agency.example' },
      cancellationPolicy: 'Free cancellation up to 24 hours before the start.',
    });
    expect(await write({ contactWhatsapp: null, cancellationPolicy: null })).toMatchObject({
      contactPhone: '+971 4 123 4567',
      contactWhatsapp: null,
      cancellationPolicy: null,
    });
    await write({ contactEmail: null, contactPhone: null });
  });

  it.each([
    [{ contactPhone: 'call us' }, 'contactPhone'],
    [{ contactWhatsapp: '<script>' }, 'contactWhatsapp'],
    [{ contactEmail: 'nobody' }, 'contactEmail'],
    [{ cancellationPolicy: '' }, 'cancellationPolicy'],
    [{ vatRatePercent: 5.255 }, 'vatRatePercent'],
    [{ vatRatePercent: 100.5 }, 'vatRatePercent'],
    [{ vatRatePercent: -1 }, 'vatRatePercent'],
    [{ vatRatePercent: 'five' }, 'vatRatePercent'],
    [{ quoteValidityDays: 0 }, 'quoteValidityDays'],
    [{ quoteValidityDays: 366 }, 'quoteValidityDays'],
    [{ notificationEmail: 'not an address' }, 'notificationEmail'],
    [{ taxRegistrationNumber: '' }, 'taxRegistrationNumber'],
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
