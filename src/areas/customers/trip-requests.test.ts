// Trip requests through the API on a fresh tenant: sent by anyone (the agency is e-mailed unless staff sent it,
// with every value HTML-escaped), the rate limit of callers not logged in, the employees' list, read and status
// moves, the record reader, and the api the quotes area uses.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { guest, type TestTenant, type TestUser, tenant, user } from '../../../test/support/factories.js';
import { type MailInbox, startMailInbox } from '../../../test/support/smtp.js';
import { startTestService } from '../../../test/support/service.js';
import { uniqueName } from '../../../test/support/database.js';
import type { Sql } from '../../platform/database/connections.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { addDays, formatDate } from '../../platform/time.js';
import { customersApi } from './index.js';
import type { TripRequest } from './trip-requests.schemas.js';

const RATE_LIMIT = 3;
let inbox: MailInbox;
let t: TestTenant;
let agent: TestUser;
/** A client address per test, so the rate limit of one test never touches another. */
let addressCount = 0;
const newAddress = () => `10.13.0.${++addressCount}`;
/** While set, the service's clock stands at this instant (epoch ms) instead of running. */
let pinnedAt: number | undefined;

beforeAll(async () => {
  inbox = await startMailInbox();
  const service = await startTestService({
    clock: () => new Date(pinnedAt ?? Date.now()),
    env: { TC_SMTP_URL: inbox.url, TC_RATE_LIMIT_TRIP_REQUEST: String(RATE_LIMIT), TC_RATE_LIMIT_GUEST: '1000' },
  });
  t = await tenant(service);
  agent = await user(t, 'agent');
});
afterAll(async () => {
  await t?.service.close();
  await inbox?.stop();
});

/** A trip request of a unique destination, so each test finds its own. */
function request(overrides: Record<string, unknown> = {}) {
  return {
    destination: `Zanzibar ${uniqueName('d')}`,
    travelDates: 'two weeks in March',
    numTravelers: 4,
    budget: 12_500.5,
    requirements: 'Beach villa, halal food',
    contactName: 'Mariam Khalil',
    contactEmail: `${uniqueName('m')}@example.com`,
    contactPhone: '+971500000002',
    ...overrides,
  };
}

describe('/customer/createTripRequest', () => {
  it('stores a request of someone without a session as NEW and e-mails the agency, HTML-escaped', async () => {
    const sent = request({ requirements: '<script>alert(1)</script> & "quotes"', contactName: "Sam <b>O'Neil</b>" });
    const created = await t.api.ok<TripRequest>(
      '/customer/createTripRequest',
      { tripRequest: sent },
      { remoteAddress: newAddress() },
    );
    expect(created).toEqual({
      requestId: expect.any(Number),
      destination: sent.destination,
      travelDates: 'two weeks in March',
      numTravelers: 4,
      budget: 12_500.5,
      currency: 'AED',
      requirements: sent.requirements,
      contactName: sent.contactName,
      contactEmail: sent.contactEmail,
      contactPhone: '+971500000002',
      status: 'NEW',
      createdDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
    });
    const [stored] = await t.db(
      (sql) => sql`SELECT created_via, created_by_user_id FROM trip_requests WHERE request_id = ${created.requestId}`,
    );
    expect(stored).toEqual({ created_via: 'system', created_by_user_id: null });

    const mail = await inbox.waitFor(t.provisioned.adminUser.email, new RegExp(`#${created.requestId} `));
    expect(mail.subject).toContain(sent.destination);
    expect(mail.text).toContain('Requirements:\n<script>alert(1)</script> & "quotes"');
    expect(mail.text).toContain(`E-mail: ${sent.contactEmail}`);
    expect(mail.text).toContain('Budget: 12500.5 AED');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect(mail.html).toContain('Sam &lt;b&gt;O&#39;Neil&lt;/b&gt;');
    expect(mail.html).not.toContain('<script>');
  });

  it("sends the notification to the settings' address, for guests and customers; staff requests send none", async () => {
    const notificationEmail = `${uniqueName('desk')}@agency.example`;
    await t.adminApi.ok('/settings/write', { notificationEmail });
    const visitor = await guest(t);
    const fromGuest = await visitor.api.ok<TripRequest>('/customer/createTripRequest', { tripRequest: request() });
    await inbox.waitFor(notificationEmail, new RegExp(`#${fromGuest.requestId} `));
    const shopper = await user(t, 'customer');
    const fromCustomer = await shopper.api.ok<TripRequest>('/customer/createTripRequest', { tripRequest: request() });
    await inbox.waitFor(notificationEmail, new RegExp(`#${fromCustomer.requestId} `));
    const fromStaff = await agent.api.ok<TripRequest>('/customer/createTripRequest', { tripRequest: request() });

    const senders = await t.db(
      (sql) => sql`
        SELECT request_id, created_via, created_by_user_id FROM trip_requests
        WHERE request_id IN ${sql([fromGuest.requestId, fromCustomer.requestId, fromStaff.requestId])}
        ORDER BY request_id`,
    );
    expect(senders).toEqual([
      { request_id: fromGuest.requestId, created_via: 'guest', created_by_user_id: null },
      { request_id: fromCustomer.requestId, created_via: 'user', created_by_user_id: shopper.userId },
      { request_id: fromStaff.requestId, created_via: 'user', created_by_user_id: agent.userId },
    ]);
    // The staff request queued no mail; the guest's queued one.
    const queuedFor = async (requestId: number) =>
      (
        await t.db(
          (sql) => sql`SELECT count(*)::int AS n FROM outbox WHERE payload->>'subject' LIKE ${`%#${requestId} %`}`,
        )
      )[0]?.n;
    expect(await queuedFor(fromStaff.requestId)).toBe(0);
    expect(await queuedFor(fromGuest.requestId)).toBe(1);
  });

  it('limits callers not logged in per client address (429 RATE_LIMITED with Retry-After), not logged-in users', async () => {
    // The clock stands still, so the requests fall in one minute's window however long they take.
    pinnedAt = Date.now();
    onTestFinished(() => {
      pinnedAt = undefined;
    });
    const address = newAddress();
    for (let i = 0; i < RATE_LIMIT; i += 1) {
      await t.api.ok('/customer/createTripRequest', { tripRequest: request() }, { remoteAddress: address });
    }
    const refused = await t.api.inject({
      method: 'POST',
      url: '/customer/createTripRequest',
      payload: { tripRequest: request() },
      remoteAddress: address,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().apiStatus.errorCode).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await t.api.ok('/customer/createTripRequest', { tripRequest: request() }, { remoteAddress: newAddress() });
    for (let i = 0; i <= RATE_LIMIT; i += 1) {
      await agent.api.ok('/customer/createTripRequest', { tripRequest: request() }, { remoteAddress: address });
    }
  });

  it('names the missing or malformed parameter', async () => {
    const send = (tripRequest: object) => ({ tripRequest });
    await agent.api.expectError('/customer/createTripRequest', {}, 'MISSING_PARAMETER', 'tripRequest');
    for (const name of ['destination', 'contactName', 'contactEmail'] as const) {
      const { [name]: _left, ...rest } = request();
      await agent.api.expectError('/customer/createTripRequest', send(rest), 'MISSING_PARAMETER', name);
    }
    const bad = [
      ['contactEmail', 'nobody'],
      ['numTravelers', 0],
      ['numTravelers', 2.5],
      ['budget', -1],
      ['budget', 'lots'],
    ] as const;
    for (const [name, value] of bad) {
      await agent.api.expectError(
        '/customer/createTripRequest',
        send(request({ [name]: value })),
        'INVALID_FORMAT',
        name,
      );
    }
  });
});

describe('working the requests', () => {
  it('lists newest first by status, creation dates and text, and reads one', async () => {
    const mark = uniqueName('lst').toLowerCase();
    const first = await agent.api.ok<TripRequest>('/customer/createTripRequest', {
      tripRequest: request({ destination: `Petra ${mark}` }),
    });
    const second = await agent.api.ok<TripRequest>('/customer/createTripRequest', {
      tripRequest: request({ contactName: `Omar ${mark}` }),
    });
    const third = await agent.api.ok<TripRequest>('/customer/createTripRequest', {
      tripRequest: request({ contactEmail: `${mark}@example.com` }),
    });
    const list = (filter: object) => agent.api.ok<TripRequest[]>('/customer/listTripRequests', filter);
    const ids = (rows: TripRequest[]) => rows.map((row) => row.requestId);

    expect(ids(await list({ contains: mark.toUpperCase() }))).toEqual([
      third.requestId,
      second.requestId,
      first.requestId,
    ]);
    await agent.api.ok('/customer/updateTripRequestStatus', { requestId: second.requestId, status: 'IN_PROGRESS' });
    expect(ids(await list({ contains: mark, status: 'IN_PROGRESS' }))).toEqual([second.requestId]);
    expect(ids(await list({ contains: mark, status: 'NEW' }))).toEqual([third.requestId, first.requestId]);

    const today = formatDate(new Date(), t.record.timezone);
    expect(ids(await list({ contains: mark, fromDate: today, toDate: today }))).toHaveLength(3);
    expect(await list({ contains: mark, fromDate: addDays(today, 1) })).toEqual([]);
    expect(await list({ contains: mark, toDate: addDays(today, -1) })).toEqual([]);
    await agent.api.expectError(
      '/customer/listTripRequests',
      { fromDate: today, toDate: addDays(today, -1) },
      'INVALID_FORMAT',
      'toDate',
    );
    await agent.api.expectError('/customer/listTripRequests', { fromDate: '2026-13-45' }, 'INVALID_FORMAT', 'fromDate');
    await agent.api.expectError('/customer/listTripRequests', { status: 'OPEN' }, 'INVALID_FORMAT', 'status');

    expect(await agent.api.ok('/customer/readTripRequest', { requestId: first.requestId })).toEqual(first);
    await agent.api.expectError('/customer/readTripRequest', { requestId: 999_999 }, 'NOTFOUND', 'Trip request');
    await agent.api.expectError('/customer/readTripRequest', {}, 'MISSING_PARAMETER', 'requestId');
  });

  it('moves NEW → IN_PROGRESS → QUOTED → CLOSED, closes from any open status, refuses every other move', async () => {
    const move = (requestId: number, status: string) =>
      agent.api.call<TripRequest>('/customer/updateTripRequestStatus', { requestId, status });
    const fresh = async () =>
      (await agent.api.ok<TripRequest>('/customer/createTripRequest', { tripRequest: request() })).requestId;

    const walked = await fresh();
    expect((await move(walked, 'QUOTED')).apiStatus.errorCode).toBe('INVALID_STATE');
    for (const status of ['IN_PROGRESS', 'QUOTED', 'CLOSED']) {
      expect((await move(walked, status)).apiData?.status).toBe(status);
    }
    for (const status of ['NEW', 'IN_PROGRESS', 'QUOTED', 'CLOSED']) {
      await agent.api.expectError(
        '/customer/updateTripRequestStatus',
        { requestId: walked, status },
        'INVALID_STATE',
        'CLOSED',
      );
    }
    const fromNew = await fresh();
    expect((await move(fromNew, 'CLOSED')).apiData?.status).toBe('CLOSED');
    const fromProgress = await fresh();
    await move(fromProgress, 'IN_PROGRESS');
    expect((await move(fromProgress, 'IN_PROGRESS')).apiStatus.errorCode).toBe('INVALID_STATE');
    expect((await move(fromProgress, 'NEW')).apiStatus.errorCode).toBe('INVALID_STATE');
    expect((await move(fromProgress, 'CLOSED')).apiData?.status).toBe('CLOSED');

    // Two staff members closing one request at once: one wins, the other is told it is closed.
    const raced = await fresh();
    const answers = await Promise.all([move(raced, 'CLOSED'), move(raced, 'CLOSED')]);
    expect(answers.map((answer) => answer.apiStatus.errorCode).sort()).toEqual(['INVALID_STATE', 'OK']);
    await agent.api.expectError(
      '/customer/updateTripRequestStatus',
      { requestId: 999_999, status: 'CLOSED' },
      'NOTFOUND',
      'Trip request',
    );
  });

  it('is for employees only; the reader lets a customer name only the requests it sent or that name its e-mail', async () => {
    const shopper = await user(t, 'customer');
    const sentByIt = await shopper.api.ok<TripRequest>('/customer/createTripRequest', { tripRequest: request() });
    const namingIt = await t.api.ok<TripRequest>(
      '/customer/createTripRequest',
      { tripRequest: request({ contactEmail: shopper.userEmail.toUpperCase() }) },
      { remoteAddress: newAddress() },
    );
    const someoneElses = await t.api.ok<TripRequest>(
      '/customer/createTripRequest',
      { tripRequest: request() },
      { remoteAddress: newAddress() },
    );
    await shopper.api.expectError('/customer/readTripRequest', { requestId: sentByIt.requestId }, 'FORBIDDEN');
    await t.api.expectError('/customer/listTripRequests', {}, 'NOT_LOGGED_IN');
    expect(await agent.api.ok('/customer/readTripRequest', { requestId: someoneElses.requestId })).toEqual(
      someoneElses,
    );

    const reader = t.service.records.tripRequest;
    if (!reader) throw new Error('no tripRequest reader');
    const asShopper = (db: Sql): TenantContext => ({
      correlationId: 'test',
      clientIp: '127.0.0.1',
      userAgent: undefined,
      log: pino({ level: 'silent' }),
      now: new Date(),
      tenant: t.record,
      db,
      session: {
        sessionId: 'test',
        storedId: null,
        kind: 'user',
        userId: shopper.userId,
        roles: ['customer'],
        requiredActions: [],
        customerRecordId: shopper.contactId ?? null,
      },
      sessionToken: undefined,
      roles: ['customer'],
    });
    const mayRead = (requestId: number) => t.db((sql) => reader.mayRead(asShopper(sql), requestId));
    expect(await mayRead(sentByIt.requestId)).toBe(true);
    expect(await mayRead(namingIt.requestId)).toBe(true);
    expect(await mayRead(someoneElses.requestId)).toBe(false);
    expect(await mayRead(999_999)).toBe(false);
  });
});

describe('the api of the quotes area', () => {
  it('finds a request and marks it QUOTED from NEW or IN_PROGRESS, keeps QUOTED, refuses CLOSED', async () => {
    const made = async () =>
      (await agent.api.ok<TripRequest>('/customer/createTripRequest', { tripRequest: request() })).requestId;
    const fromNew = await made();
    const found = await t.db((sql) => customersApi.findTripRequest(sql, fromNew));
    expect(found).toMatchObject({ requestId: fromNew, status: 'NEW', budget: '12500.500', numTravelers: 4 });
    expect(await t.db((sql) => customersApi.findTripRequest(sql, 999_999))).toBeUndefined();

    expect((await t.db((sql) => customersApi.markTripRequestQuoted(sql, fromNew))).status).toBe('QUOTED');
    expect((await t.db((sql) => customersApi.markTripRequestQuoted(sql, fromNew))).status).toBe('QUOTED');
    const inProgress = await made();
    await agent.api.ok('/customer/updateTripRequestStatus', { requestId: inProgress, status: 'IN_PROGRESS' });
    expect((await t.db((sql) => customersApi.markTripRequestQuoted(sql, inProgress))).status).toBe('QUOTED');

    const closed = await made();
    await agent.api.ok('/customer/updateTripRequestStatus', { requestId: closed, status: 'CLOSED' });
    await expect(t.db((sql) => customersApi.markTripRequestQuoted(sql, closed))).rejects.toMatchObject({
      code: 'INVALID_STATE',
    });
    await expect(t.db((sql) => customersApi.markTripRequestQuoted(sql, 999_999))).rejects.toMatchObject({
      code: 'NOTFOUND',
    });
    // In the caller's transaction: a quote that rolls back leaves the request as it was.
    const rolledBack = await made();
    await expect(
      t.db((sql) =>
        sql.begin(async (tx) => {
          await customersApi.markTripRequestQuoted(tx, rolledBack);
          throw new Error('the quote failed');
        }),
      ),
    ).rejects.toThrow('the quote failed');
    expect((await t.db((sql) => customersApi.findTripRequest(sql, rolledBack)))?.status).toBe('NEW');
  });
});
