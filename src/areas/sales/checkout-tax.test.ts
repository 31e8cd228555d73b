// Tax at checkout: each order line taxed by the tenant's policy in force, rounded per line, an exempt product's
// line untaxed; the gateway charges the gross; the invoice and its PDF carry the tax and the registration number.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDate } from '../../platform/time.js';
import {
  type Caller,
  cartWithItems,
  guest,
  product,
  type TestTenant,
  tenant,
  user,
} from '../../../test/support/factories.js';
import { pdfText } from '../../../test/support/pdf.js';
import { startTestService } from '../../../test/support/service.js';
import { settleOnSimulator } from '../../../test/support/payment-simulator.js';

type NewItem = Parameters<typeof cartWithItems>[2][number];

let t: TestTenant;
let tour: NewItem;
let museum: NewItem;

const TRN = '100123456700003';
const customer = { email: 'tax.payer@example.com', custName: 'Huda Nasser', mobilePhone: '+971500000009' };

beforeAll(async () => {
  t = await tenant(await startTestService({ env: { TC_RATE_LIMIT_GUEST: '1000' } }));
  const bookDate = addDays(formatDate(new Date(), t.record.timezone), 3);
  const taxable = await product(t, { productPrice: 33.33, freeSale: true });
  const exempt = await product(t, { productPrice: 40, freeSale: true, taxExempt: true });
  tour = { productId: taxable.productId, unitId: taxable.unitId, unitPrice: 33.33, quantity: 3, bookDate };
  museum = { productId: exempt.productId, unitId: exempt.unitId, unitPrice: 40, quantity: 1, bookDate };
});

afterAll(() => t.service.close());

const taxPolicy = (vatRatePercent: number, pricesIncludeTax: boolean, taxRegistrationNumber: string | null) =>
  t.adminApi.ok('/settings/write', { vatRatePercent, pricesIncludeTax, taxRegistrationNumber });

async function printed(invoiceNumber: string): Promise<string> {
  const payload = { docnum: invoiceNumber, session: t.admin };
  const answer = await t.adminApi.inject({ method: 'POST', url: '/document/printInvoice', payload });
  expect(answer.headers['content-type']).toBe('application/pdf');
  return pdfText(answer.rawPayload);
}

const orderOf = (orderNum: string) =>
  t.db(async (sql) => {
    const [order] = await sql`
      SELECT sales_order_id, total::text, tax_rate_percent::text, tax_registration_number, status
      FROM sales_orders WHERE order_num = ${orderNum}`;
    if (!order) throw new Error(`no order ${orderNum}`);
    const lines = await sql`
      SELECT net::text, tax::text, total::text FROM sales_order_lines
      WHERE sales_order_id = ${order.sales_order_id} ORDER BY line_no`;
    const [invoice] = await sql`
      SELECT invoice_number, total::text, net_total::text, tax_total::text FROM invoices
      WHERE sales_order_id = ${order.sales_order_id}`;
    return { order, lines, invoice };
  });

describe('tax at checkout', () => {
  it('with tax-exclusive prices the payment link charges the cart plus its tax; the paid invoice is a tax invoice', async () => {
    await taxPolicy(5, false, TRN);
    const buyer = await guest(t);
    await cartWithItems(t, buyer.session, [tour, museum]);
    const link = await buyer.api.ok<{ paymentAmount: number; taxAmount: number; currency: string; orderNum: string }>(
      '/cart/createPaymentLink',
      { customer },
    );
    // 3 × 33.33 = 99.99, 5 % = 4.9995 → 5.00 on the line; the exempt 40.00 untaxed
    expect(link).toMatchObject({ paymentAmount: 144.99, taxAmount: 5, currency: 'AED' });
    const { paymentRef, paymentUrl } = await buyer.api.ok<{ paymentRef: string; paymentUrl: string }>('/cart/load');
    const check = await buyer.api.ok<{ order: { amount: number } }>('/cart/checkPaymentStatus', { paymentRef });
    expect(check.order.amount).toBe(144.99);

    await settleOnSimulator(t, paymentUrl);
    const { order, lines, invoice } = await orderOf(link.orderNum);
    expect(order).toMatchObject({
      total: '144.990',
      tax_rate_percent: '5.00',
      tax_registration_number: TRN,
      status: 'COMPLETED',
    });
    expect(lines).toEqual([
      { net: '99.990', tax: '5.000', total: '104.990' },
      { net: '40.000', tax: '0.000', total: '40.000' },
    ]);
    expect(invoice).toMatchObject({ total: '144.990', net_total: '139.990', tax_total: '5.000' });

    const text = await printed(String(invoice?.invoice_number));
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(`TRN ${TRN}`);
    expect(text).toMatch(/AED 33\.33 AED 99\.99 AED 5\.00 AED 104\.99/);
    expect(text).toMatch(/AED 40\.00 AED 40\.00 AED 0\.00 AED 40\.00/);
    expect(text).toMatch(/Subtotal \(net\) AED 139\.99 VAT 5% AED 5\.00 Total AED 144\.99/);
  });

  it('with tax-inclusive prices the tax is taken out of them and the total is the cart’s', async () => {
    await taxPolicy(5, true, null);
    const buyer: Caller = await user(t, 'customer');
    await cartWithItems(t, buyer.session, [tour, museum]);
    const { invoices } = await buyer.api.ok<{ invoices: string[] }>('/cart/createInvoice');
    const [number] = invoices;
    const [row] = await t.db(
      (sql) => sql`SELECT o.order_num FROM invoices i JOIN sales_orders o USING (sales_order_id)
                   WHERE i.invoice_number = ${String(number)}`,
    );
    const { lines, invoice } = await orderOf(String(row?.order_num));
    // 99.99 × 5/105 = 4.7614… → 4.76
    expect(lines).toEqual([
      { net: '95.230', tax: '4.760', total: '99.990' },
      { net: '40.000', tax: '0.000', total: '40.000' },
    ]);
    expect(invoice).toMatchObject({ total: '139.990', net_total: '135.230', tax_total: '4.760' });

    const text = await printed(String(number));
    expect(text).not.toContain('TAX INVOICE');
    expect(text).not.toContain('TRN');
    expect(text).toMatch(/Subtotal \(net\) AED 135\.23 VAT 5% AED 4\.76 Total AED 139\.99/);
    const payment = await t.adminApi.ok<{ amount: number }>('/document/registerPayment', { invoice: number });
    expect(payment.amount).toBe(139.99);
  });

  it('without a tax rate nothing changes: no tax, the invoice shows no tax column', async () => {
    await taxPolicy(0, false, null);
    const buyer = await guest(t);
    await cartWithItems(t, buyer.session, [tour]);
    const link = await buyer.api.ok<{ paymentAmount: number; taxAmount: number; orderNum: string }>(
      '/cart/createPaymentLink',
      { customer },
    );
    expect(link).toMatchObject({ paymentAmount: 99.99, taxAmount: 0 });
    const { invoices } = await (async () => {
      const other = await guest(t);
      await cartWithItems(t, other.session, [tour]);
      return other.api.ok<{ invoices: string[] }>('/cart/createInvoice', { customer });
    })();
    const text = await printed(String(invoices[0]));
    expect(text).toContain('DESCRIPTION QTY UNIT PRICE AMOUNT');
    expect(text).not.toContain('VAT');
    expect(text).toMatch(/Subtotal AED 99\.99 Total AED 99\.99/);
  });
});
