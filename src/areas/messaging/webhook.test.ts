// Messaging with TC_MESSAGING=whatsapp against a loopback Graph API, and Meta's webhook: the handshake; signed
// deliveries (a tampered or missing signature stores nothing); a batch spanning two tenants; a duplicate
// delivery; an unknown number; status notifications in any order; and the outbox sending through the real
// adapter: retried after a rate limit, failed for good on a refusal, sent once after a lost answer.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GraphApiFake, startGraphApiFake } from '../../../test/support/graph-api-fake.js';
import { type TestTenant, tenant } from '../../../test/support/factories.js';
import { platformToken, runJobOnce, startTestService, TEST_BASE_DOMAIN } from '../../../test/support/service.js';
import { until } from '../../../test/support/wait.js';
import { createMessenger } from '../../integrations/messaging/index.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { messagingNumberOf } from '../../platform/tenancy/messaging-numbers.js';
import type { Service } from '../../service.js';
import { createMessagingArea, type MessagingApi } from './index.js';
import type { Message } from './messaging.schemas.js';
import { WEBHOOK_PATH } from './webhook.routes.js';

const APP_SECRET = 'test-app-secret-5a1f';
const VERIFY_TOKEN = 'test-verify-token';
const NUMBER_A = '106540352242922';
const NUMBER_B = '106540352242933';

let graph: GraphApiFake;
let service: Service;
let a: TestTenant;
let b: TestTenant;
let messaging: MessagingApi;
let stopWorker: () => Promise<void>;
let clockOffsetMs = 0;
let token: string;
const logLines: string[] = [];

beforeAll(async () => {
  graph = await startGraphApiFake();
  graph.phoneNumberIds.add(NUMBER_A);
  service = await startTestService({
    logLines,
    clock: () => new Date(Date.now() + clockOffsetMs),
    env: {
      TC_MESSAGING: 'whatsapp',
      TC_WHATSAPP_GRAPH_URL: graph.url,
      TC_WHATSAPP_API_VERSION: graph.apiVersion,
      TC_WHATSAPP_TOKEN: graph.token,
      TC_WHATSAPP_APP_SECRET: APP_SECRET,
      TC_WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
      TC_WHATSAPP_TIMEOUT_MS: '1500',
    },
  });
  [a, b] = [await tenant(service), await tenant(service)];
  token = await platformToken(service);
  const area = createMessagingArea({
    ...service,
    messenger: createMessenger(service.config.messaging, {
      senderOf: (tenantId) => messagingNumberOf(service.platformDb, tenantId),
      log: service.logger,
    }),
    messagingWebhook: undefined,
  });
  messaging = area.api;
  stopWorker = async () => {
    for (const job of area.jobs ?? []) await job.stop();
  };
});

afterAll(async () => {
  await stopWorker?.();
  await service?.close();
  await graph?.stop();
});

const assign = (tenantId: string, phoneNumberId: string) =>
  service.app.inject({
    method: 'POST',
    url: '/platform/tenant/messagingNumber',
    headers: { host: TEST_BASE_DOMAIN, authorization: `Bearer ${token}` },
    payload: { tenantId, phoneNumberId },
  });

const sign = (raw: string, secret = APP_SECRET) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

function deliver(payload: unknown, signature?: string | null, host = TEST_BASE_DOMAIN) {
  const raw = JSON.stringify(payload);
  const headers: Record<string, string> = { host, 'content-type': 'application/json' };
  if (signature !== null) headers['x-hub-signature-256'] = signature ?? sign(raw);
  return service.app.inject({ method: 'POST', url: WEBHOOK_PATH, headers, payload: raw });
}

function change(phoneNumberId: string, value: Record<string, unknown>) {
  return {
    field: 'messages',
    value: {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
      ...value,
    },
  };
}

const batch = (...entries: Array<Array<ReturnType<typeof change>>>) => ({
  object: 'whatsapp_business_account',
  entry: entries.map((changes, index) => ({ id: `10200000000000${index}`, changes })),
});

let serial = 0;
function inbound(from: string, text: string, name = 'Sheena Nelson') {
  serial += 1;
  return {
    contacts: [{ profile: { name }, wa_id: from }],
    messages: [
      {
        from,
        id: `wamid.HBgLInbound${serial}${Date.now()}`,
        timestamp: '1749416383',
        type: 'text',
        text: { body: text },
      },
    ],
  };
}

const status = (id: string, value: string, timestamp: number, extra: Record<string, unknown> = {}) => ({
  statuses: [{ id, status: value, timestamp: String(timestamp), recipient_id: '971501234567', ...extra }],
});

const list = (t: TestTenant, filter: object = {}) =>
  t.adminApi.ok<Message[]>('/messaging/list', { limit: 200, ...filter });

describe('/platform/tenant/messagingNumber', () => {
  it('assigns a number to one tenant only', async () => {
    expect((await assign(a.record.tenantId, NUMBER_A)).json().apiData).toEqual({
      tenantId: a.record.tenantId,
      phoneNumberId: NUMBER_A,
    });
    expect((await assign(a.record.tenantId, NUMBER_A)).json().apiStatus.errorCode).toBe('OK');
    expect((await assign(b.record.tenantId, NUMBER_B)).json().apiStatus.errorCode).toBe('OK');
    expect((await assign(b.record.tenantId, NUMBER_A)).json().apiStatus.errorCode).toBe('DUPLICATE');
    expect((await assign('00000000-0000-4000-8000-000000000000', '1065403')).json().apiStatus.errorCode).toBe(
      'NOTFOUND',
    );
    expect((await assign(a.record.tenantId, 'not-digits')).json().apiStatus.errorCode).toBe('INVALID_FORMAT');
  });
});

describe('the webhook handshake', () => {
  const handshake = (query: string, host = TEST_BASE_DOMAIN) =>
    service.app.inject({ method: 'GET', url: `${WEBHOOK_PATH}?${query}`, headers: { host } });

  it('echoes the challenge for subscribe with our verify token, on any host', async () => {
    const answer = await handshake(`hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('1158201444');
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    expect((await handshake(`hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=42`, a.host)).body).toBe(
      '42',
    );
  });

  it.each([
    ['a wrong verify token', 'hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1'],
    ['another mode', `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`],
    ['no challenge', `hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}`],
    [
      'a challenge that is not a token',
      `hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=%3Cscript%3E`,
    ],
  ])('answers 403 to %s', async (_, query) => {
    const answer = await handshake(query);
    expect(answer.statusCode).toBe(403);
    expect(answer.body).not.toContain(VERIFY_TOKEN);
  });
});

describe('webhook deliveries', () => {
  it('store a signed inbound message in the tenant of its number', async () => {
    const answer = await deliver(batch([change(NUMBER_A, inbound('16505551234', 'Does it come in another color?'))]));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().apiData).toEqual({ stored: 1, statuses: 0, ignored: 0 });
    const [message] = await list(a, { direction: 'in' });
    expect(message).toMatchObject({
      direction: 'in',
      phone: '+16505551234',
      messageType: 'text',
      body: 'Does it come in another color?',
      status: 'received',
      provider: 'whatsapp',
      contactName: 'Sheena Nelson',
    });
    expect(message?.receivedAt).toMatch(/^2025-06-0\dT/);
    expect(await list(b, { direction: 'in' })).toEqual([]);
  });

  it.each([
    ['a body changed after signing', 'tampered'],
    ['a signature with another secret', 'other-secret'],
    ['no signature', 'none'],
  ])('refuse %s with 403 and store nothing', async (_, kind) => {
    const payload = batch([change(NUMBER_A, inbound('16505550000', 'Forged'))]);
    const raw = JSON.stringify(payload);
    const signature =
      kind === 'tampered'
        ? sign(raw.replace('Forged', 'Genuine'))
        : kind === 'other-secret'
          ? sign(raw, 'not-the-app-secret')
          : null;
    const answer = await deliver(payload, signature);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().apiStatus.errorCode).toBe('FORBIDDEN');
    expect((await list(a, { phone: '16505550000' })).length).toBe(0);
  });

  it('route a batch of several entries and changes to two tenants, and store a duplicate delivery once', async () => {
    const payload = batch(
      [change(NUMBER_A, inbound('447700900001', 'For agency A'))],
      [
        change(NUMBER_B, inbound('447700900002', 'For agency B, first')),
        change(NUMBER_B, inbound('447700900003', 'For agency B, second')),
      ],
    );
    expect((await deliver(payload)).json().apiData).toEqual({ stored: 3, statuses: 0, ignored: 0 });
    expect((await list(a, { phone: '4477009000' })).map((m) => m.body)).toEqual(['For agency A']);
    expect((await list(b, { phone: '4477009000' })).map((m) => m.body).sort()).toEqual([
      'For agency B, first',
      'For agency B, second',
    ]);

    const again = await deliver(payload);
    expect(again.statusCode).toBe(200);
    expect(again.json().apiData).toEqual({ stored: 0, statuses: 0, ignored: 0 });
    expect(await list(b, { phone: '4477009000' })).toHaveLength(2);
  });

  it('store what an image, a button or a reaction says, by its WhatsApp type', async () => {
    const base = { from: '447700900010', timestamp: '1749416400' };
    const messages = [
      {
        ...base,
        id: `wamid.image${Date.now()}`,
        type: 'image',
        image: { id: '1', mime_type: 'image/jpeg', sha256: 'x', caption: 'My ticket' },
      },
      { ...base, id: `wamid.button${Date.now()}`, type: 'button', button: { payload: 'YES', text: 'Confirm' } },
      {
        ...base,
        id: `wamid.reaction${Date.now()}`,
        type: 'reaction',
        reaction: { message_id: 'wamid.x', emoji: '👍' },
      },
    ];
    const answer = await deliver(batch([change(NUMBER_A, { messages })]));
    expect(answer.json().apiData).toEqual({ stored: 3, statuses: 0, ignored: 0 });
    const stored = await list(a, { phone: '447700900010' });
    expect(stored.map((m) => [m.messageType, m.body, m.contactName]).sort()).toEqual([
      ['button', 'Confirm', null],
      ['image', 'My ticket', null],
      ['reaction', '', null],
    ]);
  });

  it('acknowledge a number nobody assigned and store nothing', async () => {
    const answer = await deliver(batch([change('999000111222333', inbound('16505557777', 'Lost'))]));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().apiData).toEqual({ stored: 0, statuses: 0, ignored: 1 });
    expect(await list(a, { phone: '16505557777' })).toEqual([]);
  });

  it('answer 400 to a signed body that is not a WhatsApp Business delivery', async () => {
    expect((await deliver({ object: 'page', entry: [] })).statusCode).toBe(400);
    expect((await deliver('not an object')).statusCode).toBe(400);
  });
});

function queue(t: TestTenant, to: string): Promise<number> {
  return t.db((db) =>
    withTransaction({ db }, async (tx, afterCommit) => {
      const content = {
        kind: 'template' as const,
        name: 'booking_confirmation',
        language: 'en',
        bodyParameters: ['Ana'],
      };
      return (await messaging.queueMessage(tx, afterCommit, t.record.tenantId, { to, content })).messageId;
    }),
  );
}

const messageOf = async (t: TestTenant, messageId: number) => (await list(t)).find((m) => m.messageId === messageId);

function outboxRow(t: TestTenant, messageId: number) {
  return t.db(async (db) => {
    const [row] = await db<{ status: string; attempts: number; last_error: string | null }[]>`
      SELECT status, attempts, last_error FROM outbox WHERE kind = 'message' AND payload ->> 'messageId' = ${String(messageId)}`;
    return row;
  });
}

const attempted = (t: TestTenant, messageId: number, attempts: number) =>
  until(async () => ((await outboxRow(t, messageId))?.attempts ?? 0) >= attempts, 15_000);

describe('outbound messages through the WhatsApp Cloud API', () => {
  it("are sent from the tenant's number with the token, then moved on by status notifications in any order", async () => {
    const accepted = graph.accepted.length;
    const id = await queue(a, '+971501234567');
    await attempted(a, id, 1);
    expect(graph.accepted.length).toBe(accepted + 1);
    const sent = graph.accepted.at(-1);
    expect(sent?.phoneNumberId).toBe(NUMBER_A);
    expect(sent?.body).toMatchObject({
      to: '971501234567',
      type: 'template',
      biz_opaque_callback_data: `tc-message-${id}`,
    });
    const wamid = sent?.wamid ?? '';
    expect(await messageOf(a, id)).toMatchObject({ status: 'sent', providerMessageId: wamid, provider: 'whatsapp' });

    const now = Math.floor(Date.now() / 1000);
    const answer = await deliver(
      batch(
        [change(NUMBER_A, status(wamid, 'read', now + 5))],
        [change(NUMBER_A, status(wamid, 'delivered', now + 2))],
      ),
    );
    expect(answer.json().apiData).toEqual({ stored: 0, statuses: 2, ignored: 0 });
    const read = await messageOf(a, id);
    expect(read?.status).toBe('read');
    expect(read?.deliveredAt).not.toBeNull();
    expect(read?.readAt).not.toBeNull();
  });

  it('are retried after a rate limit and sent once', async () => {
    graph.failNext('rate-limited');
    const accepted = graph.accepted.length;
    const id = await queue(a, '+971501234568');
    await attempted(a, id, 1);
    expect(await outboxRow(a, id)).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      last_error: expect.stringMatching(/130429/),
    });
    expect((await messageOf(a, id))?.status).toBe('queued');
    clockOffsetMs += 6_000;
    await runJobOnce(service, 'message outbox');
    expect(await outboxRow(a, id)).toMatchObject({ status: 'SENT', attempts: 2 });
    expect(graph.accepted.length).toBe(accepted + 1);
    expect((await messageOf(a, id))?.status).toBe('sent');
  });

  it('fail for good when WhatsApp refuses the recipient', async () => {
    graph.failNext('refused-recipient');
    const id = await queue(a, '+971501234569');
    await attempted(a, id, 1);
    expect(await outboxRow(a, id)).toMatchObject({ status: 'FAILED', attempts: 1 });
    expect(await messageOf(a, id)).toMatchObject({ status: 'failed', errorCode: 131026 });
    clockOffsetMs += 60_000;
    await runJobOnce(service, 'message outbox');
    expect((await outboxRow(a, id))?.status).toBe('FAILED');
  });

  it('are sent once when the answer was lost and the status notification named our key', async () => {
    graph.failNext('lost-answer');
    const accepted = graph.accepted.length;
    const id = await queue(a, '+971501234570');
    await attempted(a, id, 1);
    expect(await outboxRow(a, id)).toMatchObject({ status: 'PENDING', last_error: expect.stringMatching(/no answer/) });
    const wamid = graph.accepted.at(-1)?.wamid ?? '';
    expect(graph.accepted.length).toBe(accepted + 1);

    const sentAt = Math.floor(Date.now() / 1000);
    await deliver(
      batch([change(NUMBER_A, status(wamid, 'sent', sentAt, { biz_opaque_callback_data: `tc-message-${id}` }))]),
    );
    expect(await messageOf(a, id)).toMatchObject({ status: 'sent', providerMessageId: wamid });

    clockOffsetMs += 60_000;
    await runJobOnce(service, 'message outbox');
    expect((await outboxRow(a, id))?.status).toBe('SENT');
    expect(graph.accepted.length).toBe(accepted + 1);
  });

  it("fail when WhatsApp's status says so after sending", async () => {
    const id = await queue(a, '+971501234571');
    await attempted(a, id, 1);
    const wamid = (await messageOf(a, id))?.providerMessageId ?? '';
    const failed = status(wamid, 'failed', Math.floor(Date.now() / 1000), {
      errors: [{ code: 131047, title: 'Re-engagement message' }],
    });
    await deliver(batch([change(NUMBER_A, failed)]));
    expect(await messageOf(a, id)).toMatchObject({ status: 'failed', errorCode: 131047 });

    // A failure reported after delivery changes nothing: the customer has the message.
    const other = await queue(a, '+971501234573');
    await attempted(a, other, 1);
    const otherWamid = (await messageOf(a, other))?.providerMessageId ?? '';
    const now = Math.floor(Date.now() / 1000);
    await deliver(batch([change(NUMBER_A, status(otherWamid, 'delivered', now))]));
    await deliver(batch([change(NUMBER_A, status(otherWamid, 'failed', now + 1, { errors: [{ code: 131000 }] }))]));
    expect(await messageOf(a, other)).toMatchObject({ status: 'delivered', errorCode: null, failedAt: null });
  });

  it('wait in the outbox while the tenant has no sending number', async () => {
    const c = await tenant(service);
    const id = await queue(c, '+971501234572');
    await attempted(c, id, 1);
    expect(await outboxRow(c, id)).toMatchObject({
      status: 'PENDING',
      last_error: expect.stringMatching(/no WhatsApp sending number/),
    });
  });
});

describe('logs', () => {
  it('never carry the token, the App Secret or the verify token', () => {
    expect(logLines.length).toBeGreaterThan(0);
    const all = logLines.join('\n');
    for (const secret of [graph.token, APP_SECRET, VERIFY_TOKEN]) expect(all).not.toContain(secret);
  });
});
