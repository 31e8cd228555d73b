// One payable link per cart, and a paid order whose seats went to another order (issue 28, "the hole"): six
// concurrent /cart/createPaymentLink calls on one cart make one order; a late payment for seats another order
// bought meanwhile keeps the money on the invoice but fulfils nothing (PAID_NOT_FULFILLED, no booking, no tickets,
// the seats never oversold) and mails the agency's staff to refund it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defined } from '../../../test/support/api.js';
import { guest, product, type TestTenant, tenant } from '../../../test/support/factories.js';
import { chooseOnSimulator, settleOnSimulator } from '../../../test/support/payment-simulator.js';
import { startTestService } from '../../../test/support/service.js';
import { type MailInbox, startMailInbox } from '../../../test/support/smtp.js';
import { addDays, formatDate } from '../../platform/time.js';
import type { CartView } from '../cart/index.js';

let inbox: MailInbox;
let t: TestTenant;

beforeAll(async () => {
  inbox = await startMailInbox();
  t = await tenant(await startTestService({ env: { TC_SMTP_URL: inbox.url, TC_RATE_LIMIT_GUEST: '1000' } }));
});
afterAll(async () => {
  await t.service.close();
  await inbox.stop();
});

/** A product with `capacity` seats on one day; answers what an item of it needs. */
async function productWithSeats(capacity: number) {
  const made = await product(t, { productPrice: 40 });
  const [variant] = await t.api.ok<Array<{ servid: number }>>('/product/getProductVariants', {
    productId: made.productId,
  });
  const bookDate = addDays(formatDate(new Date(), t.record.timezone), 5);
  await t.adminApi.ok('/product/setInventory', {
    productId: made.productId,
    variantId: defined(variant, 'the default variant').servid,
    dateFrom: bookDate,
    dateTo: bookDate,
    capacity,
  });
  return { productId: made.productId, unitId: made.unitId, unitPrice: 40, quantity: 1, bookDate };
}

const customer = (email: string) => ({ email, custName: 'Layla Haddad', mobilePhone: '+971500000009' });

async function ordersOfCart(orderNum: string) {
  return t.db(
    (sql) => sql<{ order_num: string; status: string; payment_status: string }[]>`
      SELECT order_num, status, payment_status FROM sales_orders
      WHERE cart_id = (SELECT cart_id FROM sales_orders WHERE order_num = ${orderNum})
      ORDER BY sales_order_id`,
  );
}

const slotOf = (productId: number) =>
  t.db(
    (sql) => sql<{ sold: number; held: number }[]>`
      SELECT s.sold, s.held FROM inventory_slots s JOIN variants v USING (servid) WHERE v.product_id = ${productId}`,
  );

describe('one payable link per cart', () => {
  it('six concurrent calls on one cart make one order and answer its link', async () => {
    const item = await productWithSeats(1);
    const buyer = await guest(t);
    await buyer.api.ok('/cart/create');
    await buyer.api.ok('/cart/addItem', { items: [item] });

    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        buyer.api.ok<CartView & { paymentAmount: number }>('/cart/createPaymentLink', {
          customer: customer('six@example.com'),
        }),
      ),
    );

    const orderNum = defined(answers[0]?.orderNum, 'orderNum');
    expect(new Set(answers.map((answer) => answer.orderNum))).toEqual(new Set([orderNum]));
    expect(new Set(answers.map((answer) => answer.paymentUrl)).size).toBe(1);
    expect(answers.every((answer) => answer.paymentAmount === 40)).toBe(true);
    expect(await ordersOfCart(orderNum)).toEqual([{ order_num: orderNum, status: 'OPEN', payment_status: 'PENDING' }]);

    // The cart changed since: its link no longer charges what it costs, and a second payable link is refused.
    const more = await productWithSeats(5);
    await buyer.api.ok('/cart/addItem', { items: [more] });
    await buyer.api.expectError('/cart/createPaymentLink', { customer: customer('six@example.com') }, 'INVALID_STATE');
    expect(await ordersOfCart(orderNum)).toHaveLength(1);
  });

  it('a new link once the first was declined: a declined link cannot be paid', async () => {
    const item = await productWithSeats(3);
    const buyer = await guest(t);
    await buyer.api.ok('/cart/create');
    await buyer.api.ok('/cart/addItem', { items: [item] });
    const first = await buyer.api.ok<CartView>('/cart/createPaymentLink', { customer: customer('again@example.com') });
    await settleOnSimulator(t, defined(first.paymentUrl, 'paymentUrl'), 'decline');
    const second = await buyer.api.ok<CartView>('/cart/createPaymentLink', { customer: customer('again@example.com') });
    expect(second.orderNum).not.toBe(first.orderNum);
  });
});

describe('two orders paid for one last seat', () => {
  it('one is fulfilled; the other ends paid but not fulfilled, sells nothing, and staff are mailed to refund it', async () => {
    const item = await productWithSeats(1);
    const late = await guest(t);
    await late.api.ok('/cart/create');
    await late.api.ok('/cart/addItem', { items: [item] });
    const lateCart = await late.api.ok<CartView>('/cart/createPaymentLink', { customer: customer('late@example.com') });
    const lateOrder = defined(lateCart.orderNum, 'orderNum');
    // The late payer's seat ran out (its hold expired), and another buyer took the last seat and paid.
    await t.db(
      (sql) => sql`
        UPDATE capacity_holds SET expires_at = now() - interval '1 second'
        WHERE hold_id = (SELECT hold_id FROM sales_order_lines l JOIN sales_orders o USING (sales_order_id)
                         WHERE o.order_num = ${lateOrder})`,
    );
    const quick = await guest(t);
    await quick.api.ok('/cart/create');
    await quick.api.ok('/cart/addItem', { items: [item] });
    const quickCart = await quick.api.ok<CartView>('/cart/createPaymentLink', {
      customer: customer('quick@example.com'),
    });
    expect((await settleOnSimulator(t, defined(quickCart.paymentUrl, 'paymentUrl'))).statusCode).toBe(200);

    // Now the late payer pays too.
    const returnPage = await chooseOnSimulator(t.service.app, defined(lateCart.paymentUrl, 'paymentUrl'), 'pay');
    const page = await t.api.inject({ method: 'GET', url: returnPage });
    expect(page.body).toContain('sold out');

    const [quickOrder] = await ordersOfCart(defined(quickCart.orderNum, 'orderNum'));
    expect(quickOrder).toMatchObject({ status: 'COMPLETED', payment_status: 'PAID' });
    expect(await ordersOfCart(lateOrder)).toEqual([
      { order_num: lateOrder, status: 'PAID_NOT_FULFILLED', payment_status: 'PAID' },
    ]);
    expect(await slotOf(item.productId)).toEqual([{ sold: 1, held: 0 }]);
    // The money is on its invoice; the API shows the order's state.
    const paid = await late.api.ok<{ orderStatus: string; order: { status: { code: number } } }>(
      '/cart/checkPaymentStatus',
      { paymentRef: defined(lateCart.paymentRef, 'paymentRef') },
    );
    expect(paid).toMatchObject({ orderStatus: 'PAID_NOT_FULFILLED', order: { status: { code: 3 } } });

    const alert = await inbox.waitFor(t.record.adminEmail, /Refund needed/, 10_000);
    expect(alert.subject).toContain(lateOrder);
    expect(alert.text).toContain('40.00 AED');
    // The fulfilled order gets its booking and tickets mail; the other gets neither, ever.
    await inbox.waitFor('quick@example.com', /Your tickets/, 10_000);
    const bookings = await t.db(
      (sql) =>
        sql`SELECT order_num FROM booking_requests WHERE order_num IN (${lateOrder}, ${quickCart.orderNum ?? ''})`,
    );
    expect(bookings.map((row) => row.order_num)).toEqual([quickCart.orderNum]);
    await t.service.events.drain(t.record.tenantId);
    expect(inbox.messages.filter((mail) => mail.to.includes('late@example.com'))).toEqual([]);
    // A repeated redirect changes nothing and alerts nobody again.
    expect((await t.api.inject({ method: 'GET', url: returnPage })).body).toContain('sold out');
    const alerts = await t.db((sql) => sql`SELECT 1 FROM outbox WHERE dedupe_key = ${`not-fulfilled:${lateOrder}`}`);
    expect(alerts).toHaveLength(1);
    expect(inbox.messages.filter((mail) => mail.subject.includes(`order ${lateOrder}`))).toHaveLength(1);
  });
});
