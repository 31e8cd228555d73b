// /document/registerPayment per contract §7.4: the invoice's open amount is paid, CARD when online, else BANK, or the
// method named; an invoice already paid (also by a concurrent registration) answers INVALID_STATE.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDate } from '../../platform/time.js';
import { cartWithItems, guest, product, type TestTenant, tenant } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';

let t: TestTenant;
let item: Parameters<typeof cartWithItems>[2][number];

beforeAll(async () => {
  t = await tenant(await startTestService({ env: { TC_RATE_LIMIT_GUEST: '1000' } }));
  const bookDate = addDays(formatDate(new Date(), t.record.timezone), 3);
  const tour = await product(t, { productPrice: 80, freeSale: true });
  item = { productId: tour.productId, unitId: tour.unitId, unitPrice: 80, quantity: 2, bookDate };
  // 5 % on top: every invoice here is 168.00, of which 8.00 tax
  await t.adminApi.ok('/settings/write', { vatRatePercent: 5, pricesIncludeTax: false });
});

afterAll(() => t.service.close());

/** A guest's unpaid invoice of one line of 2 × 80.00. */
async function unpaidInvoice(): Promise<string> {
  const buyer = await guest(t);
  await cartWithItems(t, buyer.session, [item]);
  const { invoices } = await buyer.api.ok<{ invoices: string[] }>('/cart/createInvoice', {
    customer: { email: 'payer@example.com', custName: 'Rami Aziz', mobilePhone: '+971500000003' },
  });
  return String(invoices[0]);
}

const register = (body: object) =>
  t.adminApi.call<{ amount: number; paymentMethod: string }>('/document/registerPayment', body);

const invoiceState = (invoice: string) =>
  t.db(async (sql) => {
    const [row] = await sql`
      SELECT i.status, i.paid::text, o.status AS order_status, o.payment_status,
             (SELECT count(*)::int FROM payments p WHERE p.invoice_id = i.invoice_id) AS payments
      FROM invoices i JOIN sales_orders o USING (sales_order_id) WHERE i.invoice_number = ${invoice}`;
    return row;
  });

describe('/document/registerPayment', () => {
  it('pays the open amount (the gross) by bank transfer when not online, and completes the order', async () => {
    const invoice = await unpaidInvoice();
    const payment = await t.adminApi.ok('/document/registerPayment', { invoice });
    expect(payment).toMatchObject({ invoiceNumber: invoice, amount: 168, online: false, paymentMethod: 'BANK' });
    expect(await invoiceState(invoice)).toEqual({
      status: 'PAID',
      paid: '168.000',
      order_status: 'COMPLETED',
      payment_status: 'PAID',
      payments: 1,
    });
  });

  it('records CARD when online, and the method named otherwise', async () => {
    expect((await register({ invoice: await unpaidInvoice(), online: true })).apiData).toMatchObject({
      online: true,
      paymentMethod: 'CARD',
    });
    expect((await register({ invoice: await unpaidInvoice(), paymentMethod: 'CASH' })).apiData).toMatchObject({
      online: false,
      paymentMethod: 'CASH',
    });
    expect(
      (await register({ invoice: await unpaidInvoice(), online: false, paymentMethod: 'CARD' })).apiData,
    ).toMatchObject({
      paymentMethod: 'CARD',
    });
  });

  it('refuses a method it does not know (INVALID_FORMAT naming paymentMethod) and records nothing', async () => {
    const invoice = await unpaidInvoice();
    await t.adminApi.expectError(
      '/document/registerPayment',
      { invoice, paymentMethod: 'CHEQUE' },
      'INVALID_FORMAT',
      'paymentMethod',
    );
    await t.adminApi.expectError(
      '/document/registerPayment',
      { invoice, paymentMethod: 'cash' },
      'INVALID_FORMAT',
      'paymentMethod',
    );
    expect(await invoiceState(invoice)).toMatchObject({ status: 'UNPAID', payments: 0 });
  });

  it('answers INVALID_STATE for an invoice already paid, and NOTFOUND for an unknown one', async () => {
    const invoice = await unpaidInvoice();
    await t.adminApi.ok('/document/registerPayment', { invoice });
    await t.adminApi.expectError('/document/registerPayment', { invoice }, 'INVALID_STATE');
    await t.adminApi.expectError('/document/registerPayment', { invoice: 'INV-1999-000001' }, 'NOTFOUND');
    expect(await invoiceState(invoice)).toMatchObject({ payments: 1 });
  });

  it('lets one of two concurrent registrations pay; the other answers INVALID_STATE', async () => {
    const invoice = await unpaidInvoice();
    const answers = await Promise.all([register({ invoice, online: true }), register({ invoice })]);
    const codes = answers.map((answer) => answer.apiStatus.errorCode).sort();
    expect(codes).toEqual(['INVALID_STATE', 'OK']);
    expect(await invoiceState(invoice)).toMatchObject({ status: 'PAID', paid: '168.000', payments: 1 });
  });

  it('is for staff only', async () => {
    const invoice = await unpaidInvoice();
    const buyer = await guest(t);
    expect((await buyer.api.call('/document/registerPayment', { invoice })).apiStatus.errorCode).toBe('NOT_LOGGED_IN');
  });
});
