// The gateway's return addresses under attack (issue 11, findings 2 and 3): a payment link's return host is the
// tenant's own, exactly; a redirect page without the order's `t` names the reference only and changes nothing; with
// it, the gateway's answer for the order decides the outcome, whichever of the three addresses was opened.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView } from '../cart/index.js';
import { addDays, formatDate } from '../../platform/time.js';
import { defined } from '../../../test/support/api.js';
import { guest, product, type TestTenant, tenant } from '../../../test/support/factories.js';
import { startTestService, TEST_BASE_DOMAIN } from '../../../test/support/service.js';
import { until } from '../../../test/support/wait.js';

let t: TestTenant;
let productId: number;
const VICTIM = { email: 'carol.victim@example.com', custName: 'Carol Victim', mobilePhone: '+971500000077' };

beforeAll(async () => {
  t = await tenant(await startTestService({ env: { TC_RATE_LIMIT_GUEST: '1000' } }));
  // Free sale: no inventory to set up, no seats held; the redirects are what is under test.
  productId = (await product(t, { productPrice: 75, freeSale: true })).productId;
});
afterAll(() => t.service.close());

/** A guest's cart with one item, ready for a payment link. */
async function guestWithItem() {
  const buyer = await guest(t);
  const bookDate = addDays(formatDate(new Date(), 'Asia/Dubai'), 3);
  await buyer.api.ok('/cart/addItem', { items: [{ productId, unitId: 1, unitPrice: 75, quantity: 1, bookDate }] });
  return buyer;
}

/** A payment link for the victim's order; answers its order number and the gateway's payment page. */
async function victimOrder() {
  const buyer = await guestWithItem();
  const cart = await buyer.api.ok<CartView>('/cart/createPaymentLink', { customer: VICTIM });
  return { orderNum: defined(cart.orderNum, 'orderNum'), paymentUrl: defined(cart.paymentUrl, 'paymentUrl') };
}

type Outcome = 'success' | 'cancel' | 'decline';

/** The return addresses the gateway was given: only the gateway and the payer's browser ever see them. */
async function returnAddresses(orderNum: string): Promise<Record<Outcome, URL>> {
  const [row] = await t.service.platformDb<{ success: string; decline: string; cancel: string }[]>`
    SELECT return_authorised AS success, return_declined AS decline, return_cancelled AS cancel
    FROM payment_simulator_orders WHERE cart_ref = ${orderNum}`;
  const addresses = defined(row, 'the simulator order');
  return {
    success: new URL(addresses.success),
    cancel: new URL(addresses.cancel),
    decline: new URL(addresses.decline),
  };
}

/** The return address of `outcome` with `t` replaced (undefined: left out). */
function withToken(address: URL, token: string | undefined): string {
  const forged = new URL(address);
  if (token === undefined) forged.searchParams.delete('t');
  else forged.searchParams.set('t', token);
  return `${forged.pathname}${forged.search}`;
}

const open = async (path: string) => {
  const page = await t.api.inject({ method: 'GET', url: path });
  expect(page.statusCode, path).toBe(200);
  return page.body;
};
const openAddress = (address: URL) => open(`${address.pathname}${address.search}`);

/** The payer on the simulator's page, the redirect not followed (the browser closed, or the address is kept). */
async function actOnGateway(paymentUrl: string, action: 'pay' | 'decline' | 'cancel') {
  const answer = await t.service.app.inject({
    method: 'POST',
    url: new URL(paymentUrl).pathname,
    headers: { host: TEST_BASE_DOMAIN, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });
  expect(answer.statusCode).toBe(303);
}

/** The order's state and the e-mails queued for it (tickets or payment failure). */
const orderState = (orderNum: string) =>
  t.db(async (sql) => {
    const [order] = await sql`SELECT status, payment_status FROM sales_orders WHERE order_num = ${orderNum}`;
    const mails = await sql`SELECT 1 FROM outbox WHERE dedupe_key LIKE ${`%:${orderNum}`}`;
    return { ...order, mails: mails.length };
  });

function expectNoPersonalData(body: string, orderNum: string) {
  expect(body).toContain(orderNum);
  for (const detail of Object.values(VICTIM)) expect(body).not.toContain(detail);
}

describe('the return host of a payment link (finding 2)', () => {
  it('is the tenant’s host and port exactly; any other authority is INVALID_FORMAT naming options.host', async () => {
    const buyer = await guestWithItem();
    const own = `${t.host}:8080`; // TC_PUBLIC_URL of the tests is http://localhost:8080
    const hostile = [
      `${own}@evil.example`,
      `${own}%40evil.example`,
      `${own}\\evil.example`,
      `${own}\\@evil.example`,
      `user@${own}`,
      `user:pass@${own}`,
      `${t.host}:8081`,
      t.host, // port 80, not the tenant's
      `${own}/evil`,
      `${own}?next=evil`,
      `${own}#evil`,
      `${t.host}.evil.example:8080`,
      `evil.example:8080`,
      '[::1]:8080',
      '127.0.0.1:8080',
      `other-tenant.${TEST_BASE_DOMAIN}:8080`,
      `${own}:8080`,
    ];
    for (const host of hostile) {
      await buyer.api.expectError('/cart/createPaymentLink', { options: { host } }, 'INVALID_FORMAT', 'options.host');
    }
    const cart = await buyer.api.ok<CartView>('/cart/createPaymentLink', {
      customer: VICTIM,
      options: { host: own.toUpperCase() },
    });
    const addresses = await returnAddresses(defined(cart.orderNum, 'orderNum'));
    for (const address of Object.values(addresses)) expect(address.host).toBe(own);
  });
});

describe('redirect pages (finding 3)', () => {
  it('carry an unguessable t; without it, or with a wrong one, nothing changes, nobody is mailed, no name shows', async () => {
    const victim = await victimOrder();
    // The finding as reproduced: the order number alone, no session.
    expectNoPersonalData(
      await open(`/payment/offline/cancel?ref=${encodeURIComponent(victim.orderNum)}`),
      victim.orderNum,
    );
    expect(await orderState(victim.orderNum)).toEqual({ status: 'OPEN', payment_status: 'PENDING', mails: 0 });
    const other = await victimOrder();
    const addresses = await returnAddresses(victim.orderNum);
    const token = defined(addresses.cancel.searchParams.get('t'), 't');
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const otherToken = (await returnAddresses(other.orderNum)).cancel.searchParams.get('t') ?? '';
    const wrongTokens = [undefined, '', 'x', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, otherToken];
    for (const outcome of ['cancel', 'decline', 'success'] as const) {
      for (const wrong of wrongTokens)
        expectNoPersonalData(await open(withToken(addresses[outcome], wrong)), victim.orderNum);
    }
    expect(await orderState(victim.orderNum)).toEqual({ status: 'OPEN', payment_status: 'PENDING', mails: 0 });

    // Paid at the gateway: the success page without t still shows nothing of the customer and changes nothing.
    await actOnGateway(victim.paymentUrl, 'pay');
    expectNoPersonalData(await open(withToken(addresses.success, undefined)), victim.orderNum);
    expect(await orderState(victim.orderNum)).toEqual({ status: 'OPEN', payment_status: 'PENDING', mails: 0 });
    const paid = await openAddress(addresses.success);
    expect(paid).toContain(VICTIM.custName);
    expect(paid).toContain(VICTIM.email);
    // The tickets mail follows the booking, made once the payment committed (order.paid).
    await until(async () => (await orderState(victim.orderNum)).mails === 1, 10_000);
    expect(await orderState(victim.orderNum)).toEqual({ status: 'COMPLETED', payment_status: 'PAID', mails: 1 });
  });

  it('with the right t, the gateway decides: a cancel of a pending order changes nothing', async () => {
    const order = await victimOrder();
    const addresses = await returnAddresses(order.orderNum);
    for (const outcome of ['cancel', 'decline', 'success'] as const) {
      const page = await openAddress(addresses[outcome]);
      expect(page).toContain('not completed (Pending)');
      expect(page).not.toContain('cancelled the payment');
    }
    expect(await orderState(order.orderNum)).toEqual({ status: 'OPEN', payment_status: 'PENDING', mails: 0 });
  });

  it('with the right t, the gateway decides: the cancel address of a declined payment records the decline once', async () => {
    const order = await victimOrder();
    const addresses = await returnAddresses(order.orderNum);
    await actOnGateway(order.paymentUrl, 'decline');
    const answers = await Promise.all([addresses.cancel, addresses.cancel, addresses.decline].map(openAddress));
    for (const page of answers) expect(page).toContain(`${VICTIM.custName}, your bank declined the payment`);
    expect(await orderState(order.orderNum)).toEqual({ status: 'OPEN', payment_status: 'DECLINED', mails: 1 });

    const cancelled = await victimOrder();
    const back = await returnAddresses(cancelled.orderNum);
    await actOnGateway(cancelled.paymentUrl, 'cancel');
    expect(await openAddress(back.success)).toContain(`${VICTIM.custName}, you cancelled the payment`);
    expect(await orderState(cancelled.orderNum)).toEqual({
      status: 'OPEN',
      payment_status: 'CANCELLED_PAYMENT',
      mails: 1,
    });

    const paid = await victimOrder();
    const home = await returnAddresses(paid.orderNum);
    await actOnGateway(paid.paymentUrl, 'pay');
    expect(await openAddress(home.cancel)).toContain(`Thank you, ${VICTIM.custName}!`);
    await until(async () => (await orderState(paid.orderNum)).mails === 1, 10_000);
    expect(await orderState(paid.orderNum)).toEqual({ status: 'COMPLETED', payment_status: 'PAID', mails: 1 });
  });

  it('answer with no-referrer, so no link on a tenant’s page passes t on', async () => {
    const order = await victimOrder();
    const page = await t.api.inject({
      method: 'GET',
      url: withToken((await returnAddresses(order.orderNum)).cancel, undefined),
    });
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
  });
});
