// The pages the payer of an order lands on (issue 30, item 3): the success page sums up the order (its lines, the
// amount paid, the order number) and leads to its tickets once bookings recorded their page (before that: they are on
// their way by e-mail); a decline says nothing was charged, how long the places are kept and whom to call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guest, product, type TestTenant, tenant } from '../../../test/support/factories.js';
import { chooseOnSimulator } from '../../../test/support/payment-simulator.js';
import { startTestService } from '../../../test/support/service.js';
import { until } from '../../../test/support/wait.js';
import { addDays, displayDate, formatDate } from '../../platform/time.js';

let t: TestTenant;

beforeAll(async () => {
  t = await tenant(await startTestService({ env: { TC_RATE_LIMIT_GUEST: '1000' } }));
  await t.adminApi.ok('/settings/write', { phone: '+971 4 555 0123', contactWhatsapp: '+971 50 555 0124' });
});
afterAll(() => t?.service.close());

/** A guest's cart of two lines and its payment link. */
async function cartWithLink(email: string) {
  const day = addDays(formatDate(new Date(), t.record.timezone), 4);
  const safari = await product(t, { freeSale: true, productPrice: 60, prodName: 'Desert safari' });
  const cruise = await product(t, { freeSale: true, productPrice: 45.5, prodName: 'Dhow cruise' });
  const buyer = await guest(t);
  await buyer.api.ok('/cart/create');
  await buyer.api.ok('/cart/addItem', {
    items: [
      { productId: safari.productId, unitId: safari.unitId, unitPrice: 60, quantity: 2, bookDate: day },
      { productId: cruise.productId, unitId: cruise.unitId, unitPrice: 45.5, quantity: 1, bookDate: day },
    ],
  });
  const link = await buyer.api.ok<{ orderNum: string; paymentUrl: string }>('/cart/createPaymentLink', {
    customer: { email, custName: 'Huda Saleh', mobilePhone: '+971500000005' },
  });
  return { ...link, day };
}

const open = async (url: string) => {
  const page = await t.api.inject({ method: 'GET', url });
  expect(page.statusCode).toBe(200);
  return page.body;
};

const ticketsPageOf = async (orderNum: string) =>
  (
    await t.db(
      (sql) => sql<{ tickets_page: string | null }[]>`
        SELECT tickets_page FROM sales_orders WHERE order_num = ${orderNum}`,
    )
  )[0]?.tickets_page ?? null;

describe('the payment pages of an order', () => {
  it('success: the lines, the amount paid, the order number, and a "View your tickets" button', async () => {
    const cart = await cartWithLink(`summary-${Date.now()}@example.com`);
    const { day } = cart;
    const back = await chooseOnSimulator(t.service.app, cart.paymentUrl, 'pay');
    const first = await open(back);
    expect(first).toContain('Thank you, Huda Saleh!');
    const row = (name: string, quantity: number, amount: string) =>
      new RegExp(
        `<td>${name}[^<]*<br><small>${displayDate(day)}</small></td><td class="n">${quantity}</td><td class="n">${amount}</td>`,
      );
    expect(first).toMatch(row('Desert safari', 2, 'AED 120.00'));
    expect(first).toMatch(row('Dhow cruise', 1, 'AED 45.50'));
    expect(first).toContain(`<dt>Order number</dt><dd>${cart.orderNum}</dd>`);
    expect(first).toContain('<dt>Amount paid</dt><dd>AED 165.50</dd>');
    expect(first).toContain('<a href="tel:+97145550123">+971 4 555 0123</a>');
    expect(first).not.toMatch(/declined|failed|could not/i);

    // once bookings recorded the order's tickets page, the button leads there
    await until(async () => (await ticketsPageOf(cart.orderNum)) !== null, 10_000);
    const page = await ticketsPageOf(cart.orderNum);
    const withTickets = await open(back);
    expect(withTickets).toContain(
      `<a class="button" href="${(page ?? '').replaceAll('&', '&amp;')}">View your tickets</a>`,
    );
    const tickets = await t.api.inject({ method: 'GET', url: page ?? '' });
    expect(tickets.statusCode).toBe(200);

    // before that: the tickets are on their way by e-mail
    await t.db((sql) => sql`UPDATE sales_orders SET tickets_page = NULL WHERE order_num = ${cart.orderNum}`);
    const before = await open(back);
    expect(before).not.toContain('View your tickets');
    expect(before).toContain('Your tickets are on their way');
  });

  it('decline: nothing charged, the places kept until a time, back to the cart, and whom to call', async () => {
    const cart = await cartWithLink(`declined-${Date.now()}@example.com`);
    const back = await chooseOnSimulator(t.service.app, cart.paymentUrl, 'decline');
    const page = await open(back);
    expect(page).toContain('Payment declined');
    expect(page).toContain('Nothing was charged.');
    expect(page).toMatch(/Your reservation is kept for a while, until \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
    expect(page).toContain('<a href="https://wa.me/971505550124">+971 50 555 0124</a>');
    expect(page).not.toContain('Amount paid');
  });
});
