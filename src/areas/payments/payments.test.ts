// The payments area on its own, with an owner kind of the test's (a table of its own in a fresh tenant's database)
// and the payment simulator: one active link per owner however many are asked for at once, expiry, a settlement
// applied once however often it arrives, and links of a kind nobody registered left alone.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestTenant, tenant } from '../../../test/support/factories.js';
import { chooseOnSimulator } from '../../../test/support/payment-simulator.js';
import { startTestService } from '../../../test/support/service.js';
import type { Job } from '../../platform/area.js';
import type { Queryable, Sql } from '../../platform/database/connections.js';
import { ApiError } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import type { OwnerPayments, PaymentOwner, PaymentsApi } from './index.js';
import { createSettlement, type Settlement } from './link-settle.js';
import { paymentsAreaOf } from './payments.fixture.js';

let t: TestTenant;
let payments: PaymentsApi;
let links: OwnerPayments;
let reconciler: Job;
let settlement: Settlement;
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);
const log = pino({ level: 'silent' });

/** Orders of the test: an amount to pay, and how often (and how much) a payment reached them. */
const owner: PaymentOwner = {
  kind: 'test-order',
  noun: 'Test order',
  async lock(tx: Queryable, id: number) {
    return (await tx`SELECT 1 FROM test_orders WHERE order_id = ${id} FOR UPDATE`).length === 1;
  },
  async amountOf(db: Queryable, id: number) {
    const [row] = await db<{ amount_minor: number }[]>`SELECT amount_minor FROM test_orders WHERE order_id = ${id}`;
    if (!row) return undefined;
    return {
      name: `Test order ${id}`,
      amountMinor: row.amount_minor,
      currency: 'AED',
      referencePrefix: `TO${id}`,
      description: `test order ${id}`,
    };
  },
  async onPaid(tx, link) {
    await tx`UPDATE test_orders SET payments = payments + 1, paid = paid + ${link.amount}::numeric
             WHERE order_id = ${link.ownerId}`;
  },
  returns: { style: 'simple', path: '/payment/test/return', paidMeans: 'the order counts a payment' },
};

beforeAll(async () => {
  const service = await startTestService({ clock: now });
  t = await tenant(service);
  await t.db(
    (sql) => sql`
    CREATE TABLE test_orders (order_id integer PRIMARY KEY, amount_minor integer NOT NULL,
                              payments integer NOT NULL DEFAULT 0, paid numeric NOT NULL DEFAULT 0)`,
  );
  const { area, paymentGateway } = paymentsAreaOf(service, now);
  settlement = createSettlement({ paymentGateway });
  payments = area.api;
  const job = area.jobs?.find((candidate) => candidate.name === 'payment links');
  if (!job) throw new Error('no payment links job');
  reconciler = job;
  links = payments.registerOwner(owner);
});
afterAll(() => t?.service.close());

let orders = 0;
async function order(amountMinor = 12_345): Promise<number> {
  orders += 1;
  const id = orders;
  await t.db((sql) => sql`INSERT INTO test_orders (order_id, amount_minor) VALUES (${id}, ${amountMinor})`);
  return id;
}

const context = (db: Sql): TenantContext => ({
  correlationId: 'test',
  clientIp: '127.0.0.1',
  userAgent: undefined,
  log,
  now: now(),
  tenant: t.record,
  db,
  session: undefined,
  sessionToken: undefined,
  roles: [],
});

const create = (id: number) => t.db((sql) => links.createLink(context(sql), id));
const linkRows = (id: number) =>
  t.db(
    (sql) => sql<{ status: string; amount: string }[]>`
      SELECT status, amount::text AS amount FROM payment_links
      WHERE owner_kind = 'test-order' AND owner_id = ${id} ORDER BY link_id`,
  );
const orderRow = (id: number) =>
  t.db(async (sql) => {
    const [row] = await sql<{ payments: number; paid: string }[]>`
      SELECT payments, paid::text AS paid FROM test_orders WHERE order_id = ${id}`;
    return row;
  });

describe('making a link', () => {
  it('takes what amountOf answers, and makes one link of several asked for at once', async () => {
    const id = await order();
    const asked = await Promise.allSettled(Array.from({ length: 6 }, () => create(id)));
    const made = asked.filter((result) => result.status === 'fulfilled');
    expect(made).toHaveLength(1);
    for (const result of asked) {
      if (result.status === 'rejected') {
        expect(result.reason).toBeInstanceOf(ApiError);
        expect(result.reason).toMatchObject({ code: 'INVALID_STATE' });
      }
    }
    expect(made[0]?.value).toMatchObject({ amount: 123.45, currency: 'AED' });
    expect(made[0]?.value.reference).toMatch(/^TO\d+-/);
    expect(await linkRows(id)).toEqual([{ status: 'ACTIVE', amount: '123.450' }]);
  });

  it('refuses an owner that does not exist, and one with nothing to pay', async () => {
    await expect(create(999_999)).rejects.toMatchObject({ code: 'NOTFOUND' });
    await expect(create(await order(0))).rejects.toMatchObject({ code: 'INVALID_STATE' });
  });

  it('lets a link past its expiry go: it is EXPIRED once the next one is made', async () => {
    const id = await order();
    const first = await create(id);
    const [expiry] = await t.db(
      (sql) =>
        sql<{ expires_at: Date }[]>`SELECT expires_at FROM payment_links WHERE link_reference = ${first.reference}`,
    );
    expect((expiry?.expires_at.getTime() ?? 0) - now().getTime()).toBeGreaterThan(4 * 60_000);
    await expect(create(id)).rejects.toMatchObject({ code: 'INVALID_STATE' });
    clockOffsetMs += 6 * 60_000;
    const second = await create(id);
    expect(second.reference).not.toBe(first.reference);
    expect((await linkRows(id)).map((row) => row.status)).toEqual(['EXPIRED', 'ACTIVE']);
  });
});

describe('settling a link', () => {
  it('applies a payment once, however many rounds meet it at once or after', async () => {
    const id = await order(5_000);
    const link = await create(id);
    await chooseOnSimulator(t.service.app, link.paymentUrl, 'pay');
    clockOffsetMs += 2 * 60_000;
    const rounds = ['a', 'b', 'c'].map((name) => links.roundJob(`test round ${name}`));
    await Promise.all(rounds.map((round) => round.runOnce?.()));
    await rounds[0]?.runOnce?.();
    expect(await orderRow(id)).toEqual({ payments: 1, paid: '50.000' });
    expect((await linkRows(id)).map((row) => row.status)).toEqual(['PAID']);
  });

  it('leaves a link alone while its payer may still be on the page, and ends a declined one', async () => {
    const id = await order();
    const link = await create(id);
    await chooseOnSimulator(t.service.app, link.paymentUrl, 'decline');
    const round = links.roundJob('test round young');
    await round.runOnce?.();
    expect((await linkRows(id)).map((row) => row.status)).toEqual(['ACTIVE']);
    clockOffsetMs += 2 * 60_000;
    await round.runOnce?.();
    expect((await linkRows(id)).map((row) => row.status)).toEqual(['DECLINED']);
    expect(await orderRow(id)).toMatchObject({ payments: 0 });
  });
});

/** The payer's return address, as the simulator sends the browser back: its `ref` and `t`. */
async function payerReturns(paymentUrl: string, choice: 'pay' | 'decline') {
  const back = new URL(await chooseOnSimulator(t.service.app, paymentUrl, choice), 'http://tenant');
  return { ref: back.searchParams.get('ref') ?? '', token: back.searchParams.get('t') ?? undefined };
}

const settleReturn = (ref: string, token: string | undefined) =>
  t.db((sql) => settlement.settleReturn({ tenant: t.record, db: sql, now: now(), log }, owner, ref, token));

describe('a return address', () => {
  it('records a payment the gateway took after the link expired here (the money is there), once', async () => {
    const id = await order(2_000);
    const first = await create(id);
    const back = await payerReturns(first.paymentUrl, 'pay');
    clockOffsetMs += 6 * 60_000;
    await create(id);
    expect((await linkRows(id)).map((row) => row.status)).toEqual(['EXPIRED', 'ACTIVE']);
    const settled = await Promise.all([1, 2].map(() => settleReturn(back.ref, back.token)));
    for (const { outcome } of settled) expect(outcome).toMatchObject({ kind: 'paid', amount: '20.00' });
    expect((await linkRows(id)).map((row) => row.status)).toEqual(['PAID', 'ACTIVE']);
    expect(await orderRow(id)).toEqual({ payments: 1, paid: '20.000' });
  });

  it("knows only its own kind's links, and only with their token", async () => {
    const id = await order();
    const link = await create(id);
    const back = await payerReturns(link.paymentUrl, 'decline');
    expect((await settleReturn(back.ref, 'guess')).outcome).toEqual({ kind: 'unknown' });
    await t.db((sql) => sql`UPDATE payment_links SET owner_kind = 'other' WHERE link_reference = ${back.ref}`);
    expect((await settleReturn(back.ref, back.token)).outcome).toEqual({ kind: 'unknown' });
    await t.db((sql) => sql`UPDATE payment_links SET owner_kind = 'test-order' WHERE link_reference = ${back.ref}`);
    expect((await settleReturn(back.ref, back.token)).outcome).toMatchObject({ kind: 'unpaid', ending: 'DECLINED' });
    expect((await linkRows(id)).map((row) => row.status)).toEqual(['DECLINED']);
  });
});

describe('a payment that cannot be recorded', () => {
  it('is answered as received but not recorded, and the link stays open for the next round', async () => {
    const failing: PaymentOwner = {
      ...owner,
      kind: 'failing-order',
      onPaid: async () => {
        throw new Error('the owner refuses');
      },
    };
    const failingLinks = payments.registerOwner(failing);
    const id = await order();
    const link = await t.db((sql) => failingLinks.createLink(context(sql), id));
    const back = await payerReturns(link.paymentUrl, 'pay');
    const settled = await t.db((sql) =>
      settlement.settleReturn({ tenant: t.record, db: sql, now: now(), log }, failing, back.ref, back.token),
    );
    expect(settled.outcome).toEqual({ kind: 'failedAfterPayment', reference: link.reference });
    const [row] = await t.db(
      (sql) => sql<{ status: string }[]>`SELECT status FROM payment_links WHERE link_reference = ${link.reference}`,
    );
    expect(row?.status).toBe('ACTIVE');
  });
});

describe('owner kinds', () => {
  it('registers a kind once', () => {
    expect(() => payments.registerOwner(owner)).toThrow(/registered already/);
  });

  it("the reconciler's round leaves the links of a kind nobody registered as they are, and settles the rest", async () => {
    const stray = await order();
    const strayLink = await create(stray);
    await chooseOnSimulator(t.service.app, strayLink.paymentUrl, 'pay');
    // the same row under a kind no area registered (one whose area is gone, or not wired yet); made first, so the
    // round meets it before the next
    await t.db(
      (sql) => sql`UPDATE payment_links SET owner_kind = 'unregistered' WHERE link_reference = ${strayLink.reference}`,
    );
    const id = await order(700);
    await chooseOnSimulator(t.service.app, (await create(id)).paymentUrl, 'pay');
    clockOffsetMs += 2 * 60_000;
    await reconciler.runOnce?.();
    const [row] = await t.db(
      (sql) =>
        sql<{ status: string }[]>`SELECT status FROM payment_links WHERE link_reference = ${strayLink.reference}`,
    );
    expect(row?.status).toBe('ACTIVE');
    expect(await orderRow(stray)).toMatchObject({ payments: 0 });
    expect(await orderRow(id)).toEqual({ payments: 1, paid: '7.000' });
  });
});
