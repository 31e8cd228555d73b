// A cruise booking's total in the tenant's currency (rates in force, one rounding per converted unit price), the
// back-office booking createBlmPayment makes from it (once, also when asked concurrently), cancelling around it,
// and the sailing's manifest spreadsheet.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sailing, type TestSailing } from '../../../../test/support/cruise-sailing.js';
import { uniqueName } from '../../../../test/support/database.js';
import { type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import { addDays, formatDate } from '../../../platform/time.js';
import type { BlmBooking } from '../../blm/index.js';
import type { BookingTotal, CruiseBooking } from './index.js';

let t: TestTenant;
let agent: TestUser;
let customer: { customerId: number; custName: string; email: string };
let today: string;

beforeAll(async () => {
  t = await tenant(await startTestService());
  agent = await user(t, 'agent');
  const mark = uniqueName('c');
  customer = await agent.api.ok('/customer/create', {
    custName: `Cruiser ${mark}`,
    email: `${mark}@example.com`,
    mobilePhone: '+971501234567',
  });
  today = formatDate(new Date(), t.record.timezone);
  const rate = (fromCurrency: string, rate: number, validFrom: string) =>
    agent.api.ok('/cruise/exchangerate/write', { fromCurrency, toCurrency: 'AED', rate, validFrom });
  // The rate in force today is the newest validFrom not after today: 3.6725 and 4.01234567, not the older or later.
  await rate('USD', 3.5, addDays(today, -30));
  await rate('USD', 3.6725, today);
  await rate('USD', 9, addDays(today, 1));
  await rate('EUR', 4.01234567, addDays(today, -1));
});
afterAll(() => t?.service.close());

const book = (s: TestSailing, passengers: number, addOns: object[] = []) =>
  agent.api.ok<CruiseBooking>('/cruise/booking/create', {
    cruiseId: s.cruiseId,
    shipCabinId: s.cabinIds[0],
    customerId: customer.customerId,
    passengers: Array.from({ length: passengers }, (_, index) => ({ firstName: `P${index}`, lastName: 'Nasser' })),
    addOns,
  });

describe('/cruise/booking/calculateTotal', () => {
  it('adds the cabin, mandatory charges per person or per booking and add-ons, converted at the rates in force', async () => {
    const s = await sailing(t, { capacity: 4 });
    const { bookingId } = await book(s, 2, [{ chargeTypeId: s.chargeTypes.drinks, quantity: 3 }]);
    const total = await agent.api.ok<BookingTotal>('/cruise/booking/calculateTotal', { bookingId });
    // 50 USD × 3.6725 = 183.625 → 183.63 (half-up) × 2; 75.50 EUR × 4.01234567 = 302.932098… → 302.93 × 3
    expect(total).toEqual({
      bookingId,
      totalAmount: 2376.05,
      currency: 'AED',
      rateDate: today,
      lines: [
        {
          kind: 'cabin',
          chargeTypeId: null,
          description: `Cabin C01 Balcony 1, Gulf Gems from ${s.startDate}`,
          quantity: 1,
          unitPrice: 1000,
          totalAmount: 1000,
          originalCurrency: 'AED',
          originalUnitPrice: 1000,
          rate: null,
        },
        expect.objectContaining({ kind: 'charge', chargeTypeId: s.chargeTypes.portFees, quantity: 2 }),
        expect.objectContaining({ kind: 'charge', chargeTypeId: s.chargeTypes.service, quantity: 1 }),
        expect.objectContaining({ kind: 'addOn', chargeTypeId: s.chargeTypes.drinks, quantity: 3 }),
      ],
    });
    expect(total.lines.slice(1)).toMatchObject([
      { unitPrice: 183.63, totalAmount: 367.26, originalCurrency: 'USD', originalUnitPrice: 50, rate: 3.6725 },
      { unitPrice: 100, totalAmount: 100, originalCurrency: 'AED', rate: null },
      { unitPrice: 302.93, totalAmount: 908.79, originalCurrency: 'EUR', originalUnitPrice: 75.5, rate: 4.01234567 },
    ]);
  });

  it('follows the sailing’s prices as they change; a currency without a rate in force is INVALID_STATE naming it', async () => {
    const s = await sailing(t, { cabinCurrency: 'GBP', cabinPrice: '800.00' });
    const { bookingId } = await book(s, 1);
    await agent.api.expectError('/cruise/booking/calculateTotal', { bookingId }, 'INVALID_STATE', 'GBP→AED');
    await agent.api.ok('/cruise/exchangerate/write', {
      fromCurrency: 'gbp',
      toCurrency: 'aed',
      rate: 4.6,
      validFrom: addDays(today, 2),
    });
    await agent.api.expectError('/cruise/booking/calculateTotal', { bookingId }, 'INVALID_STATE', 'GBP→AED');
    const [charge] = await agent.api.ok<{ cabinChargeId: number }[]>('/cruise/cabincharge/list', {
      cruiseId: s.cruiseId,
    });
    await agent.api.ok('/cruise/cabincharge/write', {
      cabinChargeId: charge?.cabinChargeId,
      cruiseId: s.cruiseId,
      shipCabinId: s.cabinIds[0],
      price: 1200.5,
      currency: 'AED',
    });
    // 1200.50 + 183.63 × 1 + 100
    expect(await agent.api.ok('/cruise/booking/calculateTotal', { bookingId })).toMatchObject({ totalAmount: 1484.13 });
    await agent.api.expectError('/cruise/booking/calculateTotal', { bookingId: 2_000_000_000 }, 'NOTFOUND', 'Cruise');
  });
});

describe('/cruise/booking/createBlmPayment', () => {
  it('makes a CONFIRMED, UNPAID back-office booking with a line per charge and that total, once', async () => {
    const s = await sailing(t, { capacity: 4 });
    const made = await book(s, 2, [{ chargeTypeId: s.chargeTypes.drinks, quantity: 3 }]);
    const { bookingId } = made;
    const blm = await agent.api.ok<BlmBooking>('/cruise/booking/createBlmPayment', { bookingId });
    expect(blm).toMatchObject({
      reference: expect.stringMatching(/^TQ-\d{4}-\d{5}$/),
      customerId: customer.customerId,
      customerName: customer.custName,
      status: 'CONFIRMED',
      paymentStatus: 'UNPAID',
      totalAmount: 2376.05,
      openAmount: 2376.05,
      currency: 'AED',
      notes: `Cruise booking ${bookingId}`,
    });
    expect(blm.lines.map((line) => [line.quantity, line.unitPrice, line.totalAmount, line.serviceDate])).toEqual([
      [1, 1000, 1000, s.startDate],
      [2, 183.63, 367.26, s.startDate],
      [1, 100, 100, s.startDate],
      [3, 302.93, 908.79, s.startDate],
    ]);
    expect(blm.lines[0]?.description).toBe(`Cabin C01 Balcony 1, Gulf Gems from ${s.startDate}`);
    expect(await agent.api.ok('/cruise/booking/createBlmPayment', { bookingId, customerName: 'Someone' })).toEqual(blm);
    expect(await agent.api.ok('/blm/booking/read', { bookingId: blm.bookingId })).toEqual(blm);
    expect(await agent.api.ok('/cruise/booking/read', { bookingId })).toMatchObject({
      status: 'CONFIRMED',
      blmBookingId: blm.bookingId,
    });
  });

  it('asked by several agents at once, makes one back-office booking; the customer fields override the record', async () => {
    const s = await sailing(t);
    const { bookingId } = await book(s, 1);
    const body = { bookingId, customerName: 'Layla N.', customerEmail: 'layla@example.com', customerPhone: '+97150' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => agent.api.ok<BlmBooking>('/cruise/booking/createBlmPayment', body)),
    );
    expect(new Set(answers.map((answer) => answer.bookingId)).size).toBe(1);
    expect(answers[0]).toMatchObject({ customerName: 'Layla N.', totalAmount: 1283.63 });
    const found = await agent.api.ok<unknown[]>('/blm/booking/search', { keyword: 'layla@example.com' });
    expect(found).toHaveLength(1);
  });

  it('a back-office booking that is not cancelled keeps the cruise booking; a cancelled cruise booking has none', async () => {
    const s = await sailing(t);
    const { bookingId } = await book(s, 1);
    const blm = await agent.api.ok<BlmBooking>('/cruise/booking/createBlmPayment', { bookingId });
    await agent.api.expectError('/cruise/booking/cancel', { bookingId }, 'INVALID_STATE', blm.reference);
    await agent.api.ok('/blm/booking/setStatus', { bookingId: blm.bookingId, status: 'CANCELLED' });
    expect(await agent.api.ok('/cruise/booking/cancel', { bookingId })).toMatchObject({ status: 'CANCELLED' });
    // asked again after the cancel: still the booking made before
    expect(await agent.api.ok('/cruise/booking/createBlmPayment', { bookingId })).toMatchObject({
      bookingId: blm.bookingId,
    });

    const other = await book(s, 1);
    await agent.api.ok('/cruise/booking/cancel', { bookingId: other.bookingId });
    await agent.api.expectError(
      '/cruise/booking/createBlmPayment',
      { bookingId: other.bookingId },
      'INVALID_STATE',
      'cancelled',
    );
    await agent.api.expectError(
      '/cruise/booking/createBlmPayment',
      { bookingId: other.bookingId, customerId: 2_000_000_000 },
      'NOTFOUND',
      'Customer',
    );
    await agent.api.expectError('/cruise/booking/createBlmPayment', {}, 'MISSING_PARAMETER', 'bookingId');
  });
});

describe('/cruise/cruise/manifest', () => {
  it('is a spreadsheet of the passengers per cabin of bookings not cancelled; formula-like text stays text', async () => {
    const s = await sailing(t);
    const booking = (cabin: number, lastName: string) =>
      agent.api.ok<CruiseBooking>('/cruise/booking/create', {
        cruiseId: s.cruiseId,
        shipCabinId: s.cabinIds[cabin],
        customerId: customer.customerId,
        passengers: [
          { firstName: 'Sara', lastName, passportNumber: 'X1' },
          { firstName: '=HYPERLINK("http://x")', lastName },
        ],
      });
    await booking(1, 'Second');
    await booking(0, 'First');
    const gone = await booking(2, 'Gone');
    await agent.api.ok('/cruise/booking/cancel', { bookingId: gone.bookingId });
    const employee = await user(t, 'employee');
    const answer = await employee.api.inject({
      method: 'POST',
      url: '/cruise/cruise/manifest',
      payload: { session: employee.session, cruiseId: s.cruiseId },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('spreadsheetml');
    expect(answer.headers['content-disposition']).toContain('attachment');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Uint8Array.from(answer.rawPayload).buffer);
    const sheet = book.getWorksheet('Manifest');
    const rows = (sheet?.getSheetValues() ?? []).slice(4).map((row) => (Array.isArray(row) ? row.slice(1) : []));
    expect(rows.map((row) => [row[0], row[7]])).toEqual([
      ['C01', 'First'],
      ['C01', 'First'],
      ['C02', 'Second'],
      ['C02', 'Second'],
    ]);
    expect(sheet?.getCell('G5').value).toBe('=HYPERLINK("http://x")');
    expect(sheet?.getCell('G5').numFmt).toBe('@');
    await employee.api.expectError('/cruise/cruise/manifest', { cruiseId: 2_000_000_000 }, 'NOTFOUND', 'Cruise');
    // a download link: GET with the session in the query gives the same sheet
    const got = await employee.api.inject({
      method: 'GET',
      url: `/cruise/cruise/manifest?cruiseId=${s.cruiseId}&session=${employee.session}`,
    });
    expect([got.statusCode, got.headers['content-type']]).toEqual([200, answer.headers['content-type']]);
    const customerUser = await user(t, 'customer');
    await customerUser.api.expectError('/cruise/cruise/manifest', { cruiseId: s.cruiseId }, 'FORBIDDEN');
  });
});
