// Whose customer data a checkout may use (contract §7.1, issue 11 finding 1): a customer id only by a caller who
// may read that record (NOTFOUND otherwise, nothing ordered); by e-mail, the order records what the caller sent
// and is linked to the existing record of that address, whose stored name and phone are never copied or shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Caller,
  cartWithItems,
  guest,
  product,
  registeredCustomer,
  type TestTenant,
  tenant,
  user,
  variantWithInventory,
} from '../../../test/support/factories.js';
import { pdfText } from '../../../test/support/pdf.js';
import { startTestService } from '../../../test/support/service.js';
import { addDays, formatDate } from '../../platform/time.js';

let t: TestTenant;
let item: Parameters<typeof cartWithItems>[2][number];
let victim: Awaited<ReturnType<typeof registeredCustomer>>;

beforeAll(async () => {
  t = await tenant(await startTestService({ env: { TC_RATE_LIMIT_GUEST: '1000' } }));
  const bookDate = addDays(formatDate(new Date(), t.record.timezone), 3);
  const tour = await product(t);
  const variant = await variantWithInventory(t, tour, { dateFrom: bookDate, capacity: 100 });
  item = {
    productId: tour.productId,
    extVariantId: variant.servid,
    unitId: tour.unitId,
    unitPrice: 100,
    quantity: 1,
    bookDate,
  };
  victim = await registeredCustomer(t, { userName: 'Carol Victim', mobile: '+971555000111' });
});

afterAll(() => t.service.close());

/** The text of the invoice the caller prints. */
async function printed(caller: Caller, invoices: string[]): Promise<string> {
  const payload = { docnum: invoices[0], session: caller.session };
  const answer = await caller.api.inject({ method: 'POST', url: '/document/printInvoice', payload });
  expect(answer.headers['content-type']).toBe('application/pdf');
  return pdfText(answer.rawPayload);
}

/** The caller, with one item in its cart. */
async function shopper<C extends Caller>(caller: C): Promise<C> {
  await cartWithItems(t, caller.session, [item]);
  return caller;
}

const invoiced = (caller: Caller, customer: object) =>
  caller.api.ok<{ invoices: string[] }>('/cart/createInvoice', { customer }).then(({ invoices }) => invoices);

const ordersOf = (customerId: number) =>
  t.db(
    (db) => db<{ customer_name: string | null; customer_phone: string | null }[]>`
    SELECT customer_name, customer_phone FROM sales_orders WHERE customer_id = ${customerId} ORDER BY sales_order_id`,
  );

describe('customer data at checkout', () => {
  it("a guest or another customer naming the victim's customerId gets NOTFOUND and orders nothing", async () => {
    for (const { api } of [await shopper(await guest(t)), await shopper(await user(t, 'customer'))]) {
      const customer = { customerId: victim.contactId };
      await api.expectError('/cart/createInvoice', { customer }, 'NOTFOUND', 'Customer not found');
      await api.expectError('/cart/createPaymentLink', { customer }, 'NOTFOUND', 'Customer not found');
      expect((await api.ok<{ items: unknown[] }>('/cart/load')).items).toHaveLength(1);
    }
    expect(await ordersOf(victim.contactId)).toEqual([]);
  });

  it("a guest sending the victim's e-mail gets an invoice of what it sent; the order is linked to the record", async () => {
    const mallory = await shopper(await guest(t));
    const sent = { email: victim.userEmail, custName: 'Mallory Guest', mobilePhone: '+971500000999' };
    const text = await printed(mallory, await invoiced(mallory, sent));
    expect(text).toContain('Mallory Guest');
    expect(text).toContain('+971500000999');
    expect(text).not.toContain('Carol Victim');
    expect(text).not.toContain('+971555000111');
    expect(await ordersOf(victim.contactId)).toEqual([
      { customer_name: 'Mallory Guest', customer_phone: '+971500000999' },
    ]);
  });

  it("a customer sending the victim's e-mail without a phone never gets the stored phone", async () => {
    const mallory = await shopper(await user(t, 'customer'));
    const sent = { email: victim.userEmail.toUpperCase(), custName: 'Mallory Customer' };
    const text = await printed(mallory, await invoiced(mallory, sent));
    expect(text).toContain('Mallory Customer');
    expect(text).not.toContain('Carol Victim');
    expect(text).not.toContain('+971555000111');
  });

  it("staff may invoice a customer by id: the order carries the customer's stored data", async () => {
    const staff = await shopper({ session: t.admin, api: t.adminApi });
    const text = await printed(staff, await invoiced(staff, { customerId: victim.contactId }));
    expect(text).toContain('Carol Victim');
    expect(text).toContain('+971555000111');
  });

  it('the customer user an order is linked to may print its invoice: its own documents (contract §7.1)', async () => {
    const named = await user(t, 'customer');
    const buyer = await shopper(await guest(t));
    const sent = { email: named.userEmail, custName: 'Gift Buyer', mobilePhone: '+971500000123' };
    const invoices = await invoiced(buyer, sent);
    expect(await printed(named, invoices)).toContain('Gift Buyer');
    const stranger = await user(t, 'customer');
    await stranger.api.expectError('/document/printInvoice', { docnum: invoices[0] }, 'NOTFOUND', 'Invoice not found');
  });

  it('a customer user may name its own customer record (its contactId)', async () => {
    const customer = await shopper(await user(t, 'customer'));
    const text = await printed(customer, await invoiced(customer, { customerId: customer.contactId }));
    expect(text).toContain('Test customer');
  });
});
