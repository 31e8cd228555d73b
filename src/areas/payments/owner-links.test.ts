// What sales orders need of the payments area as an owner kind (issue 28, item 1): a link named by the owner's own
// unique number (a sales order's return addresses and gateway order carry its order number) instead of a prefix and
// a random part; a paid gateway order taken only when it pays exactly the link (sales' rule, now every kind's); and
// a templated owner's own page for an outcome (the payer's details, a paid order that could not be fulfilled).
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestTenant, tenant } from '../../../test/support/factories.js';
import { chooseOnSimulator } from '../../../test/support/payment-simulator.js';
import { startTestService } from '../../../test/support/service.js';
import type { Queryable, Sql } from '../../platform/database/connections.js';
import type { TenantContext } from '../../platform/http/operation.js';
import type { OwnerPayments, PaymentOwner } from './index.js';
import { createSettlement, type PageOutcome, type Settlement } from './link-settle.js';
import { paymentsAreaOf } from './payments.fixture.js';
import { createSettingsArea } from '../settings/index.js';
import { createReturnPages } from './return-pages.js';

let t: TestTenant;
let links: OwnerPayments;
let settlement: Settlement;
let paidCalls = 0;
const log = pino({ level: 'silent' });

/** Numbered orders of the test: the link is named by the order's number. */
const owner: PaymentOwner = {
  kind: 'numbered-order',
  noun: 'Numbered order',
  async lock(tx: Queryable, id: number) {
    return (await tx`SELECT 1 FROM numbered_orders WHERE order_id = ${id} FOR UPDATE`).length === 1;
  },
  async amountOf(db: Queryable, id: number) {
    const [row] = await db<{ order_num: string }[]>`SELECT order_num FROM numbered_orders WHERE order_id = ${id}`;
    if (!row) return undefined;
    return {
      name: `Order ${row.order_num}`,
      amountMinor: 5_000,
      currency: 'AED',
      referencePrefix: 'NO',
      reference: row.order_num,
      description: `order ${row.order_num}`,
    };
  },
  async onPaid() {
    paidCalls += 1;
  },
  returns: { style: 'simple', path: '/payment/numbered/return', paidMeans: 'nothing changes' },
};

beforeAll(async () => {
  const service = await startTestService();
  t = await tenant(service);
  await t.db((sql) => sql`CREATE TABLE numbered_orders (order_id integer PRIMARY KEY, order_num text NOT NULL)`);
  const { area, paymentGateway } = paymentsAreaOf(service, () => new Date());
  links = area.api.registerOwner(owner);
  settlement = createSettlement({ paymentGateway, testPayments: false });
});
afterAll(() => t?.service.close());

const context = (db: Sql): TenantContext => ({
  correlationId: 'test',
  clientIp: '127.0.0.1',
  userAgent: undefined,
  log,
  now: new Date(),
  tenant: t.record,
  db,
  session: undefined,
  sessionToken: undefined,
  roles: [],
});

describe("an owner's own reference", () => {
  it('names the link, the gateway order and the return address exactly', async () => {
    const orderNum = `ON-${Date.now()}`;
    await t.db((sql) => sql`INSERT INTO numbered_orders VALUES (1, ${orderNum})`);
    const created = await t.db((sql) => links.createLink(context(sql), 1));
    expect(created.reference).toBe(orderNum);
    const [stored] = await t.db(
      (sql) => sql`SELECT link_reference FROM payment_links WHERE owner_kind = 'numbered-order' AND owner_id = 1`,
    );
    expect(stored?.link_reference).toBe(orderNum);
    const [order] = await t.service.platformDb<{ return_authorised: string }[]>`
      SELECT return_authorised FROM payment_simulator_orders WHERE cart_ref = ${orderNum}`;
    const back = new URL(order?.return_authorised ?? 'http://missing.invalid/');
    expect(back.pathname).toBe('/payment/numbered/return');
    expect(back.searchParams.get('ref')).toBe(orderNum);
  });
});

describe('a paid gateway order that does not pay the link', () => {
  it('is refused with the reason, applies nothing, and leaves the link open', async () => {
    const orderNum = `ON-${Date.now()}-2`;
    await t.db((sql) => sql`INSERT INTO numbered_orders VALUES (2, ${orderNum})`);
    const created = await t.db((sql) => links.createLink(context(sql), 2));
    const back = new URL(await chooseOnSimulator(t.service.app, created.paymentUrl, 'pay'), 'http://tenant');
    const settle = () =>
      t.db((sql) =>
        settlement.settleReturn(
          { tenant: t.record, db: sql, now: new Date(), log },
          owner,
          back.searchParams.get('ref') ?? '',
          back.searchParams.get('t') ?? undefined,
        ),
      );
    const linkStatus = async () =>
      (await t.db((sql) => sql`SELECT status FROM payment_links WHERE link_reference = ${orderNum}`))[0]?.status;

    // The link was made in test mode; this settlement takes live payments only.
    expect((await settle()).outcome).toEqual({
      kind: 'refused',
      reference: orderNum,
      reason: 'The payment cannot be accepted: a test payment cannot pay a live order.',
    });
    await t.service.platformDb`
      UPDATE payment_simulator_orders SET amount_minor = 4_000, test = false WHERE cart_ref = ${orderNum}`;
    expect((await settle()).outcome).toMatchObject({
      kind: 'refused',
      reason: 'The payment cannot be accepted: the amount paid differs.',
    });
    expect(paidCalls).toBe(0);
    expect(await linkStatus()).toBe('ACTIVE');

    await t.service.platformDb`UPDATE payment_simulator_orders SET amount_minor = 5_000 WHERE cart_ref = ${orderNum}`;
    expect((await settle()).outcome).toMatchObject({ kind: 'paid', amount: '50.00' });
    expect(paidCalls).toBe(1);
    expect(await linkStatus()).toBe('PAID');
  });
});

describe("a templated owner's own pages", () => {
  const templated: PaymentOwner = {
    ...owner,
    kind: 'templated-order',
    returns: {
      style: 'templated',
      templatePrefix: 'offline',
      paths: { success: '/s', cancel: '/c', decline: '/d' },
      paidMeans: 'nothing changes',
      payerName: async () => 'Default Payer',
      async pageOf(_db, outcome, ownerId) {
        if (outcome.kind !== 'paid' || ownerId === undefined) return undefined;
        const values = { customerName: 'Layla Haddad', customerEmail: 'layla@example.com', cartReference: 'ON-1' };
        return { name: 'offline-success', title: 'Payment received', values: { ...values, ticketCount: ownerId } };
      },
    },
  };
  const page = async (outcome: PageOutcome, ownerId: number | undefined) => {
    const pages = createReturnPages({
      dataDir: t.service.config.dataDir,
      settings: createSettingsArea().api,
      brands: t.service.brands,
    });
    const returned = { ref: 'ON-1', token: undefined, outcome, ownerId };
    const answer = await t.db((sql) => pages.page(context(sql), templated, returned));
    return String(answer.body);
  };

  it('is the one it chooses, with its values; otherwise the usual one', async () => {
    const paid = await page({ kind: 'paid', reference: 'ON-1', amount: '50.00', currency: 'AED' }, 3);
    expect(paid).toContain('Thank you, Layla Haddad!');
    // in the agency's colours (the service's, as it chose none)
    expect(paid).toContain('--brand:#0b4f8a;');
    expect(paid).toContain('will e-mail them to <strong>layla@example.com</strong>');
    // Without the link's token (no owner), and for outcomes it leaves alone: the area's own pages.
    const unknown = await page({ kind: 'paid', reference: 'ON-1', amount: '50.00', currency: 'AED' }, undefined);
    expect(unknown).toContain('Thank you!');
    expect(unknown).not.toContain('Layla');
    const declined = await page({ kind: 'unpaid', reference: 'ON-1', statusText: 'Declined', ending: 'DECLINED' }, 3);
    expect(declined).toContain('ON-1');
    expect(declined).not.toContain('Layla');
  });
});
