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

const DEFAULT_COLORS = { brandColor: '#0b4f8a', accentColor: '#0b4f8a' };

const write = (change: object) => t.adminApi.ok<Settings>('/settings/write', change);

const NO_AGENCY_DETAILS = {
  legalName: null,
  address: null,
  phone: null,
  contactEmail: null,
  bankDetails: null,
  quoteTerms: null,
  invoiceDueDays: 0,
  contactWhatsapp: null,
  cancellationPolicy: null,
};

describe('tenant settings', () => {
  it("start with every default: the admin's e-mail, 30 days, no tax, no agency details, due on receipt", async () => {
    expect(await t.adminApi.ok<Settings>('/settings/read')).toEqual({
      notificationEmail: t.record.adminEmail,
      quoteValidityDays: 30,
      vatRatePercent: 0,
      taxRegistrationNumber: null,
      pricesIncludeTax: false,
      ...NO_AGENCY_DETAILS,
      ...DEFAULT_COLORS,
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
      ...NO_AGENCY_DETAILS,
      ...DEFAULT_COLORS,
    });
    const employee = await user(t, 'employee');
    expect(await employee.api.ok<Settings>('/settings/read')).toEqual(changed);

    const api = createSettingsArea().api;
    const settings = await t.db((db) => api.read({ tenant: t.record, db }));
    expect(settings).toEqual({
      notificationEmail: 'sales@agency.example',
      quoteValidityDays: 14,
      tax: { ratePercent: '5', registrationNumber: '100123456700003', pricesIncludeTax: false },
      agency: { legalName: t.record.tenantName, address: null, phone: null, email: null, bankDetails: null },
      quoteTerms: null,
      invoiceDueDays: 0,
      look: { brandColor: null, accentColor: null, contactEmail: null, contactPhone: null },
      contact: { phone: null, whatsapp: null, email: null },
      cancellationPolicy: null,
    });
  });

  it("keeps the agency's identity, bank details, quote terms and payment terms; null clears a text", async () => {
    const agency = {
      legalName: 'Sunrise Tours & Travel L.L.C.',
      address: 'Office 1204, Bay Square 5\r\nBusiness Bay, Dubai  \nUnited Arab Emirates',
      phone: '+971 4 123 4567',
      contactEmail: 'accounts@sunrise.example',
      bankDetails: 'Emirates NBD\nIBAN AE07 0331 2345 6789 0123 456',
      quoteTerms: 'Prices hold until the date of validity.\nCancellation: 48 hours before the tour.',
      invoiceDueDays: 14,
    };
    const written = await write(agency);
    expect(written).toMatchObject({
      ...agency,
      // line breaks become \n, each line without trailing spaces
      address: 'Office 1204, Bay Square 5\nBusiness Bay, Dubai\nUnited Arab Emirates',
    });
    expect(await t.adminApi.ok<Settings>('/settings/read')).toEqual(written);
    // a TRN of the UAE market is written without its separators
    expect((await write({ taxRegistrationNumber: '100-1234-5670-0003' })).taxRegistrationNumber).toBe(
      '100123456700003',
    );
    const cleared = await write({ legalName: null, bankDetails: null, quoteTerms: null, invoiceDueDays: 0 });
    expect(cleared).toMatchObject({ legalName: null, bankDetails: null, quoteTerms: null, invoiceDueDays: 0 });
    expect(cleared.address).toBe(written.address);
    const api = createSettingsArea().api;
    const read = await t.db((db) => api.read({ tenant: t.record, db }));
    expect(read.agency.legalName).toBe(t.record.tenantName);
    await write({ address: null, phone: null, contactEmail: null, taxRegistrationNumber: null, vatRatePercent: 0 });
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
      phone: '+971 4 123 4567',
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
      phone: '+971 4 123 4567',
      contactWhatsapp: null,
      cancellationPolicy: null,
    });
    await write({ contactEmail: null, phone: null });
  });

  it("keeps the pages' colours (lower case); their contact is the agency's e-mail and phone; null: the service's colour", async () => {
    const look = { brandColor: '#AA3300', accentColor: '#ffcc00', contactEmail: 'help@agency.example' };
    const changed = await write({ ...look, phone: '+971 4 123 4567' });
    expect(changed).toMatchObject({ brandColor: '#aa3300', accentColor: '#ffcc00', phone: '+971 4 123 4567' });
    const api = createSettingsArea().api;
    expect(await t.db((db) => api.look(t.record, db))).toEqual({
      brandColor: '#aa3300',
      accentColor: '#ffcc00',
      contactEmail: 'help@agency.example',
      contactPhone: '+971 4 123 4567',
    });
    const back = await write({ brandColor: null, accentColor: null, contactEmail: null, phone: null });
    expect(back).toMatchObject({ ...DEFAULT_COLORS, contactEmail: null, phone: null });
    expect(await t.db((db) => api.look(t.record, db))).toMatchObject({ contactEmail: null, contactPhone: null });
  });

  it.each([
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
    // the tenant's market is the UAE: a TRN is 15 digits
    [{ taxRegistrationNumber: '10012345670000' }, 'taxRegistrationNumber'],
    [{ taxRegistrationNumber: 'DE123456789' }, 'taxRegistrationNumber'],
    [{ legalName: 'Two\nlines' }, 'legalName'],
    [{ legalName: 'x'.repeat(201) }, 'legalName'],
    [{ address: 'a\nb\nc\nd\ne\nf\ng' }, 'address'],
    [{ phone: 'call us' }, 'phone'],
    [{ phone: '+971' }, 'phone'],
    [{ contactEmail: 'not an address' }, 'contactEmail'],
    [{ bankDetails: 'x'.repeat(601) }, 'bankDetails'],
    [{ quoteTerms: 'x'.repeat(4001) }, 'quoteTerms'],
    [{ invoiceDueDays: -1 }, 'invoiceDueDays'],
    [{ invoiceDueDays: 366 }, 'invoiceDueDays'],
    [{ brandColor: 'red' }, 'brandColor'],
    [{ brandColor: '#fff' }, 'brandColor'],
    [{ brandColor: '#12345g' }, 'brandColor'],
    [{ accentColor: '#123456;background:url(x)' }, 'accentColor'],
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
