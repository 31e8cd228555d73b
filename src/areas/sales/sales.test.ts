// Checkout end to end through the payment simulator: payment link → hosted page → pay/decline/cancel → the
// redirects; success exactly once under concurrency; invoices and payments; refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../service.js';
import { addDays, formatDate } from '../../platform/time.js';
import { type MailInbox, startMailInbox } from '../../../test/support/smtp.js';
import {
  adminSession,
  platformToken,
  type ProvisionedTestTenant,
  provisionTenant,
  startTestService,
  TEST_BASE_DOMAIN,
  withTenantDb,
} from '../../../test/support/service.js';
import { runJobOnce } from '../../../test/support/service.js';
import { selectOrdersToReconcile } from './sales.repository.js';
import { until } from '../../../test/support/wait.js';

let inbox: MailInbox;
let service: Service;
let tenant: ProvisionedTestTenant;
let admin: string;
let productId: number;
const day = () => addDays(formatDate(new Date(), 'Asia/Dubai'), 4);

interface Answer {
  apiStatus: { errorCode: string; errorMessage: string };
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field against the specification
  apiData: any;
}

async function call(url: string, payload: object, host = tenant.host): Promise<Answer> {
  return (await service.app.inject({ method: 'POST', url, headers: { host }, payload })).json<Answer>();
}

async function ok(url: string, payload: object) {
  const answer = await call(url, payload);
  expect(answer.apiStatus, url).toEqual({ errorCode: 'OK', errorMessage: 'Success' });
  return answer.apiData;
}

/** A guest with one item in the cart and a payment link; answers the session and the cart. */
async function cartWithLink(email: string, quantity = 2) {
  const session = (await ok('/auth/guest', {})).session as string;
  await ok('/cart/addItem', { session, items: [{ productId, unitId: 1, unitPrice: 75, quantity, bookDate: day() }] });
  const cart = await ok('/cart/createPaymentLink', {
    session,
    customer: { email, custName: 'Mariam Khalil', mobilePhone: '+971500000002' },
  });
  return { session, cart };
}

/** What the payer's browser does on the simulator's page: answers the redirect target (path and query). */
async function actOnPaymentPage(paymentUrl: string, action: 'pay' | 'decline' | 'cancel') {
  const url = new URL(paymentUrl);
  const page = await service.app.inject({ method: 'GET', url: url.pathname, headers: { host: url.host } });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  const answer = await service.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { host: url.host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });
  expect(answer.statusCode).toBe(303);
  const back = new URL(String(answer.headers.location));
  return { host: back.host, path: `${back.pathname}${back.search}` };
}

const browse = (target: { host: string; path: string }) =>
  service.app.inject({ method: 'GET', url: target.path, headers: { host: target.host.replace(/:\d+$/, '') } });

const sales = (orderNum: string) =>
  withTenantDb(service, service.registry.byCode(tenant.tenantCode) ?? fail(), async (sql) => {
    const [order] = await sql`SELECT status, payment_status FROM sales_orders WHERE order_num = ${orderNum}`;
    const invoices =
      await sql`SELECT i.status FROM invoices i JOIN sales_orders o USING (sales_order_id) WHERE o.order_num = ${orderNum}`;
    const payments =
      await sql`SELECT p.amount::text FROM payments p JOIN invoices i USING (invoice_id) JOIN sales_orders o USING (sales_order_id) WHERE o.order_num = ${orderNum}`;
    const mails = await sql`SELECT status FROM outbox WHERE dedupe_key LIKE ${`%:${orderNum}`}`;
    return { order, invoices: invoices.length, payments: payments.map((p) => p.amount), mails: mails.length };
  });

function fail(): never {
  throw new Error('tenant missing');
}

beforeAll(async () => {
  inbox = await startMailInbox();
  service = await startTestService({
    env: { TC_SMTP_URL: inbox.url, TC_RATE_LIMIT_GUEST: '1000' },
  });
  tenant = await provisionTenant(service, await platformToken(service));
  admin = await adminSession(service, tenant);
  const category = await ok('/product/saveCategory', { session: admin, categoryName: 'Attractions' });
  const product = await ok('/product/saveProduct', {
    session: admin,
    prodCode: 'AQUA',
    prodName: 'Aquaventure',
    productPrice: 75,
    publicCategoryId: category.categoryId,
  });
  productId = product.productId;
  const [variant] = await ok('/product/getProductVariants', { productId });
  const from = formatDate(new Date(), 'Asia/Dubai');
  await ok('/product/setInventory', {
    session: admin,
    productId,
    variantId: variant.servid,
    dateFrom: addDays(from, 1),
    dateTo: addDays(from, 20),
    capacity: 1000,
  });
});

afterAll(async () => {
  await service.close();
  await inbox.stop();
});

describe('payment link and the gateway redirects', () => {
  it('pay: the success page shows the customer, the sale is completed once, the tickets mail goes out', async () => {
    const { session, cart } = await cartWithLink('pay@example.com');
    expect(cart.orderNum).toMatch(new RegExp(`^${tenant.tenantCode.toUpperCase()}-SO-\\d{4}-\\d{6}$`));
    expect(cart.paymentRef).toMatch(/^[0-9A-F]{64}$/);
    expect(cart.paymentUrl).toContain('/payment/simulator/');
    const pending = await ok('/cart/checkPaymentStatus', { session, paymentRef: cart.paymentRef });
    expect(pending.order).toMatchObject({
      cartId: cart.orderNum,
      amount: 150,
      currency: 'AED',
      status: { code: 1, text: 'Pending' },
    });

    const target = await actOnPaymentPage(cart.paymentUrl, 'pay');
    expect(target.path).toMatch(
      new RegExp(`^/payment/offline/success\\?ref=${encodeURIComponent(cart.orderNum)}&t=[A-Za-z0-9_-]{32}$`),
    );
    expect(target.host.split(':')[0]).toBe(tenant.host);
    const page = await browse(target);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Mariam Khalil');
    expect(page.body).toContain(cart.orderNum);

    // The tickets mail follows the booking, which bookings makes once the payment committed (order.paid).
    await until(async () => (await sales(cart.orderNum)).mails === 1, 10_000);
    expect(await sales(cart.orderNum)).toEqual({
      order: { status: 'COMPLETED', payment_status: 'PAID' },
      invoices: 1,
      payments: ['150.000'],
      mails: 1,
    });
    const paid = await ok('/cart/checkPaymentStatus', { session, paymentRef: cart.paymentRef });
    expect(paid.order.status).toEqual({ code: 3, text: 'Paid' });
    const mail = await inbox.waitFor('pay@example.com', /Your tickets/);
    const link = /https?:\/\/\S+token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const tickets = await service.app.inject({
      method: 'GET',
      url: new URL(link ?? '').pathname + new URL(link ?? '').search,
      headers: { host: tenant.host },
    });
    expect(tickets.statusCode).toBe(200);
    expect(tickets.body).toContain('Aquaventure');
    const forgedLink = await service.app.inject({
      method: 'GET',
      url: `/payment/offline/tickets?ref=${encodeURIComponent(cart.orderNum)}&token=not-the-token`,
      headers: { host: tenant.host },
    });
    expect(forgedLink.statusCode).toBe(404);
    expect(forgedLink.body).not.toContain('Aquaventure');

    // Cancel after payment changes nothing, with the order's t or without: the gateway says paid.
    const cancelled = await browse({ host: tenant.host, path: target.path.replace('/success?', '/cancel?') });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body).toContain('Mariam Khalil');
    const forged = await browse({
      host: tenant.host,
      path: `/payment/offline/cancel?ref=${encodeURIComponent(cart.orderNum)}`,
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).not.toContain('Mariam Khalil');
    expect(await sales(cart.orderNum)).toMatchObject({
      order: { status: 'COMPLETED', payment_status: 'PAID' },
      mails: 1,
    });
  });

  it('200 concurrent success redirects and 50 repeats make exactly one sale, one invoice, one payment, one e-mail', async () => {
    const { cart } = await cartWithLink('race@example.com', 1);
    const { path } = await actOnPaymentPage(cart.paymentUrl, 'pay');
    const answers = await Promise.all(Array.from({ length: 200 }, () => browse({ host: tenant.host, path })));
    for (let i = 0; i < 50; i++) answers.push(await browse({ host: tenant.host, path }));
    expect(answers.every((answer) => answer.statusCode === 200 && answer.body.includes('Mariam Khalil'))).toBe(true);
    await until(async () => (await sales(cart.orderNum)).mails === 1, 10_000);
    expect(await sales(cart.orderNum)).toEqual({
      order: { status: 'COMPLETED', payment_status: 'PAID' },
      invoices: 1,
      payments: ['75.000'],
      mails: 1,
    });
  });

  it('decline and cancel keep the reservation, set the status once and send one failure e-mail', async () => {
    const { cart } = await cartWithLink('decline@example.com');
    const target = await actOnPaymentPage(cart.paymentUrl, 'decline');
    expect(target.path).toContain('/payment/offline/decline?ref=');
    for (let i = 0; i < 3; i++) expect((await browse(target)).body).toContain('declined');
    expect(await sales(cart.orderNum)).toEqual({
      order: { status: 'OPEN', payment_status: 'DECLINED' },
      invoices: 0,
      payments: [],
      mails: 1,
    });
    await inbox.waitFor('decline@example.com', /Payment not completed/);

    const other = await cartWithLink('cancel@example.com');
    const back = await actOnPaymentPage(other.cart.paymentUrl, 'cancel');
    expect((await browse(back)).body).toContain('cancelled');
    expect(await sales(other.cart.orderNum)).toMatchObject({
      order: { payment_status: 'CANCELLED_PAYMENT' },
      mails: 1,
    });
    // The seats stay held for the cart: the cart still shows its item available.
    const loaded = await ok('/cart/load', { session: other.session });
    expect(loaded.items[0].isAvailable).toBe(true);
  });

  it('a forged success redirect sells nothing', async () => {
    const { cart } = await cartWithLink('forged@example.com');
    const forged = await browse({
      host: tenant.host,
      path: `/payment/offline/success?ref=${encodeURIComponent(cart.orderNum)}`,
    });
    expect(forged.body).toContain(cart.orderNum);
    expect(forged.body).not.toContain('Mariam Khalil');
    // The payer's own address, before paying: the gateway says pending.
    const [order] = await service.platformDb`
      SELECT return_authorised FROM payment_simulator_orders WHERE cart_ref = ${cart.orderNum}`;
    const early = new URL(String(order?.return_authorised));
    expect((await browse({ host: tenant.host, path: `${early.pathname}${early.search}` })).body).toContain(
      'not completed',
    );
    const unknown = await browse({ host: tenant.host, path: '/payment/offline/success?ref=NOPE-1&t=x' });
    expect(unknown.body).toContain('NOPE-1');
    expect(await sales(cart.orderNum)).toMatchObject({
      order: { status: 'OPEN', payment_status: 'PENDING' },
      invoices: 0,
    });
  });

  it('refuses a return host that is not the tenant’s, and an empty cart', async () => {
    const session = (await ok('/auth/guest', {})).session;
    expect((await call('/cart/createPaymentLink', { session })).apiStatus.errorCode).toBe('GENERAL');
    await ok('/cart/addItem', {
      session,
      items: [{ productId, unitId: 1, unitPrice: 75, quantity: 1, bookDate: day() }],
    });
    const evil = await call('/cart/createPaymentLink', { session, options: { host: 'evil.example.com' } });
    expect(evil.apiStatus).toMatchObject({
      errorCode: 'INVALID_FORMAT',
      errorMessage: expect.stringContaining('options.host'),
    });
    expect((await call('/cart/checkPaymentStatus', { session, paymentRef: 'F'.repeat(64) })).apiStatus.errorCode).toBe(
      'NOTFOUND',
    );
    expect((await call('/cart/checkPaymentStatus', { session })).apiStatus.errorCode).toBe('MISSING_PARAMETER');
  });
});

describe('invoices and payments', () => {
  it('a transient cart’s invoice needs customer.mobilePhone with a new customer; a logged-in user’s does not', async () => {
    const item = { productId, unitId: 1, unitPrice: 75, quantity: 1, bookDate: day() };
    const customer = { email: 'mobile@example.com', custName: 'Layla' };
    const refusal = (answer: Answer) => answer.apiStatus;
    for (const session of [(await ok('/auth/guest', {})).session as string, tenant.systemSession]) {
      await ok('/cart/addItem', { session, items: [item] });
      expect(refusal(await call('/cart/createInvoice', { session, customer }))).toEqual({
        errorCode: 'MISSING_PARAMETER',
        errorMessage: expect.stringContaining('customer.mobilePhone'),
      });
      expect(
        refusal(await call('/cart/createInvoice', { session, customer: { ...customer, mobilePhone: '' } })).errorCode,
      ).toBe('MISSING_PARAMETER');
      const created = await ok('/cart/createInvoice', {
        session,
        customer: { ...customer, mobilePhone: '+971500000077' },
      });
      expect(created.invoices).toHaveLength(1);
    }
    // A known customer (the one the invoices above made) named by id needs nothing more, from staff; a guest may not
    // read that record, so its id is NOTFOUND to a guest (contract §7.1).
    const known = await withTenantDb(service, service.registry.byCode(tenant.tenantCode) ?? fail(), async (sql) => {
      const [row] = await sql<{ customer_id: number }[]>`
        SELECT customer_id FROM sales_orders WHERE customer_email = ${customer.email} LIMIT 1`;
      return { customerId: row?.customer_id };
    });
    expect(known.customerId).toEqual(expect.any(Number));
    const visitor = (await ok('/auth/guest', {})).session as string;
    await ok('/cart/addItem', { session: visitor, items: [item] });
    const byGuest = await call('/cart/createInvoice', { session: visitor, customer: { customerId: known.customerId } });
    expect(byGuest.apiStatus.errorCode).toBe('NOTFOUND');
    await ok('/cart/addItem', { session: admin, items: [item] });
    expect(
      (await ok('/cart/createInvoice', { session: admin, customer: { customerId: known.customerId } })).invoices,
    ).toHaveLength(1);
    // A logged-in user's cart (here the admin's) is invoiced to a customer named without a mobile.
    await ok('/cart/addItem', { session: admin, items: [item] });
    expect((await ok('/cart/createInvoice', { session: admin, customer })).invoices).toHaveLength(1);
  });

  it('an unpaid invoice for a guest, paid later by staff; a paid one only by staff', async () => {
    const session = (await ok('/auth/guest', {})).session;
    await ok('/cart/addItem', {
      session,
      items: [{ productId, unitId: 1, unitPrice: 75, quantity: 2, bookDate: day() }],
    });
    expect((await call('/cart/createInvoice', { session })).apiStatus.errorCode).toBe('MISSING_PARAMETER');
    expect(
      (
        await call('/cart/createInvoice', {
          session,
          paid: true,
          customer: { email: 'inv@example.com', custName: 'Omar' },
        })
      ).apiStatus.errorCode,
    ).toBe('FORBIDDEN');
    const created = await ok('/cart/createInvoice', {
      session,
      customer: { email: 'inv@example.com', custName: 'Omar', mobilePhone: '+971' },
    });
    expect(created.invoices).toEqual([expect.stringMatching(/^INV-\d{4}-\d{6}$/)]);
    expect((await call('/cart/createInvoice', { session })).apiStatus.errorCode).toBe('GENERAL');

    const payment = await ok('/document/registerPayment', {
      session: admin,
      invoice: created.invoices[0],
      online: false,
    });
    expect(payment).toMatchObject({
      invoiceNumber: created.invoices[0],
      amount: 150,
      online: false,
      paymentMethod: 'BANK',
      status: 'COMPLETED',
    });
    expect(payment.paymentDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(
      (await call('/document/registerPayment', { session: admin, invoice: created.invoices[0] })).apiStatus.errorCode,
    ).toBe('INVALID_STATE');
    expect(
      (await call('/document/registerPayment', { session: admin, invoice: 'INV-0000-000000' })).apiStatus.errorCode,
    ).toBe('NOTFOUND');
    expect(
      (await call('/document/registerPayment', { session, invoice: created.invoices[0] })).apiStatus.errorCode,
    ).toBe('NOT_LOGGED_IN');

    await ok('/cart/addItem', {
      session: admin,
      items: [{ productId, unitId: 1, unitPrice: 75, quantity: 1, bookDate: day() }],
    });
    const paid = await ok('/cart/createInvoice', {
      session: admin,
      paid: true,
      customer: { email: 'walkin@example.com', custName: 'Walk-in' },
    });
    expect(paid.invoices).toHaveLength(1);

    // The invoice as a PDF: to its guest (POST, or GET with token) and to staff; to nobody else.
    const pdf = await service.app.inject({
      method: 'POST',
      url: '/document/printInvoice',
      headers: { host: tenant.host },
      payload: { session, docnum: created.invoices[0] },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${created.invoices[0]}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const viaGet = await service.app.inject({
      method: 'GET',
      url: `/document/printInvoice?docnum=${created.invoices[0]}&session=${session}`,
      headers: { host: tenant.host },
    });
    expect(viaGet.headers['content-type']).toBe('application/pdf');
    const staff = await service.app.inject({
      method: 'POST',
      url: '/document/printInvoice',
      headers: { host: tenant.host },
      payload: { session: admin, docnum: paid.invoices[0] },
    });
    expect(staff.headers['content-type']).toBe('application/pdf');
    const stranger = (await ok('/auth/guest', {})).session;
    expect(
      (await call('/document/printInvoice', { session: stranger, docnum: created.invoices[0] })).apiStatus.errorCode,
    ).toBe('NOTFOUND');
    expect((await call('/document/printInvoice', { docnum: created.invoices[0] })).apiStatus.errorCode).toBe(
      'NOT_LOGGED_IN',
    );
    expect((await call('/document/printInvoice', { session })).apiStatus.errorCode).toBe('MISSING_PARAMETER');
    expect((await call('/product/deleteProduct', { session: admin, productId })).apiStatus.errorCode).toBe(
      'INVALID_STATE',
    );
  });
});

describe('gateway unreachable', () => {
  it('answers GENERAL quickly and leaves no half-made order', async () => {
    const offline = await startTestService({
      env: {
        TC_PAYMENT_GATEWAY: 'telr',
        TC_TELR_STORE_ID: '12345',
        TC_TELR_AUTH_KEY: 'secret-key',
        TC_TELR_BASE_URL: 'http://127.0.0.1:9',
      },
    });
    try {
      const shop = await provisionTenant(offline, await platformToken(offline));
      const staff = await adminSession(offline, shop);
      const post = async (url: string, payload: object) =>
        (await offline.app.inject({ method: 'POST', url, headers: { host: shop.host }, payload })).json<Answer>();
      const category = (await post('/product/saveCategory', { session: staff, categoryName: 'Tours' })).apiData;
      const product = (
        await post('/product/saveProduct', {
          session: staff,
          prodCode: 'T1',
          prodName: 'Tour',
          productPrice: 10,
          publicCategoryId: category.categoryId,
        })
      ).apiData;
      const [variant] = (await post('/product/getProductVariants', { productId: product.productId })).apiData;
      const from = formatDate(new Date(), 'Asia/Dubai');
      await post('/product/setInventory', {
        session: staff,
        productId: product.productId,
        variantId: variant.servid,
        dateFrom: addDays(from, 1),
        dateTo: addDays(from, 5),
        capacity: 10,
      });
      const guestSession = (await post('/auth/guest', {})).apiData.session;
      await post('/cart/addItem', {
        session: guestSession,
        items: [{ productId: product.productId, unitId: 1, unitPrice: 10, quantity: 1, bookDate: addDays(from, 2) }],
      });
      const started = Date.now();
      const answer = await post('/cart/createPaymentLink', {
        session: guestSession,
        customer: { email: 'x@example.com', custName: 'X' },
      });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(answer.apiStatus.errorCode).toBe('GENERAL');
      expect(JSON.stringify(answer)).not.toContain('secret-key');
      const record = offline.registry.byCode(shop.tenantCode) ?? fail();
      const orders = await withTenantDb(offline, record, (sql) => sql`SELECT 1 FROM sales_orders`);
      expect(orders).toHaveLength(0);
    } finally {
      await offline.close();
    }
  });
});

describe('reconciliation', () => {
  it('finishes a payment whose success redirect never came', async () => {
    const { cart } = await cartWithLink('silent@example.com', 1);
    const url = new URL(cart.paymentUrl);
    await service.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { host: TEST_BASE_DOMAIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect((await sales(cart.orderNum)).order?.status).toBe('OPEN');
    // The browser closed before the redirect: the job asks the gateway and completes the sale.
    await runJobOnce(service, 'payment reconciliation');
    await until(async () => (await sales(cart.orderNum)).order?.status === 'COMPLETED', 5000);
    // The tickets mail follows the booking, which bookings makes once the payment committed (order.paid).
    await until(async () => (await sales(cart.orderNum)).mails === 1, 10_000);
    expect(await sales(cart.orderNum)).toMatchObject({ invoices: 1, payments: ['75.000'], mails: 1 });
  });
  it('ends a declined order once its link ran out, keeping the decline, and looks at it no more', async () => {
    const { cart } = await cartWithLink('declined-late@example.com', 1);
    await actOnPaymentPage(cart.paymentUrl, 'decline');
    await runJobOnce(service, 'payment reconciliation');
    // While the link runs the payer may try another card: the order stays open with its seats.
    expect((await sales(cart.orderNum)).order).toEqual({ status: 'OPEN', payment_status: 'DECLINED' });
    await withTenantDb(service, service.registry.byCode(tenant.tenantCode) ?? fail(), async (sql) => {
      await sql`UPDATE sales_orders SET payment_expires_at = now() - interval '1 minute' WHERE order_num = ${cart.orderNum}`;
    });
    await runJobOnce(service, 'payment reconciliation');
    expect(await sales(cart.orderNum)).toMatchObject({
      order: { status: 'CANCELLED', payment_status: 'DECLINED' },
      mails: 1,
    });
    // Its seats went back, and a failed order no longer stands in the reconciliation's queue.
    const { holds, queued } = await withTenantDb(
      service,
      service.registry.byCode(tenant.tenantCode) ?? fail(),
      async (sql) => ({
        holds: await sql`
          SELECT h.status FROM sales_order_lines l JOIN sales_orders o USING (sales_order_id)
          JOIN capacity_holds h ON h.hold_id = l.hold_id WHERE o.order_num = ${cart.orderNum}`,
        queued: await selectOrdersToReconcile(sql),
      }),
    );
    expect(holds.map((hold) => hold.status)).toEqual(['RELEASED']);
    expect(queued.map((order) => order.order_num)).not.toContain(cart.orderNum);
  });

  it('ends an order whose link expired unpaid, and gives its reserved offline tickets back', async () => {
    const { cart } = await cartWithLink('late@example.com', 1);
    const [ticket] = await ok('/offline/ticket/load', {
      session: admin,
      productId,
      tickets: [{ code: `EXP-${cart.orderNum}` }],
    });
    await ok('/offline/sale/reserveForCart', {
      session: admin,
      ticketIds: [ticket.ticketId],
      blmCartReference: cart.orderNum,
    });
    const ticketStatus = async () =>
      ((await ok('/offline/ticket/list', { session: admin })) as Array<{ ticketId: number; status: string }>).find(
        (listed) => listed.ticketId === ticket.ticketId,
      )?.status;
    expect(await ticketStatus()).toBe('RESERVED');
    // The payer never came back and the link ran out at the gateway.
    await service.platformDb`
      UPDATE payment_simulator_orders SET expires_at = now() - interval '1 minute' WHERE cart_ref = ${cart.orderNum}`;
    await runJobOnce(service, 'payment reconciliation');
    expect((await sales(cart.orderNum)).order).toEqual({ status: 'CANCELLED', payment_status: 'EXPIRED' });
    expect(await ticketStatus()).toBe('AVAILABLE');
  });
});
