// Messages with the default simulator: an area queues them in its transaction and the outbox sends them after
// commit (once per dedupe key, never after a rollback); a refused recipient fails for good; the simulator's
// statuses move them to delivered and read; employees list them with every filter and every refusal.
import { defined } from '../../../test/support/api.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestTenant, tenant, user } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import { until } from '../../../test/support/wait.js';
import { createMessenger } from '../../integrations/messaging/index.js';
import { withTransaction } from '../../platform/database/transaction.js';
import type { Service } from '../../service.js';
import { createMessagingArea, type MessagingApi, type OutgoingMessage } from './index.js';
import type { Message } from './messaging.schemas.js';

let service: Service;
let t: TestTenant;
let messaging: MessagingApi;
let stopWorker: () => Promise<void>;
let clockOffsetMs = 0;
/** While set, the service's clock stands at this instant (epoch ms) instead of running. */
let pinnedAt: number | undefined;

beforeAll(async () => {
  service = await startTestService({ clock: () => new Date(pinnedAt ?? Date.now() + clockOffsetMs) });
  t = await tenant(service);
  // The area as another area gets it: its api queues, its worker sends after commit.
  const area = createMessagingArea({
    ...service,
    messenger: createMessenger(service.config.messaging, { senderOf: async () => undefined, log: service.logger }),
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
});

const confirmation = (to: string, dedupeKey?: string): OutgoingMessage => ({
  to,
  content: { kind: 'template', name: 'booking_confirmation', language: 'en', bodyParameters: ['Ana', 'BK-1042'] },
  ...(dedupeKey ? { dedupeKey } : {}),
});

function queue(...messages: OutgoingMessage[]): Promise<number[]> {
  return t.db((db) =>
    withTransaction({ db }, async (tx, afterCommit) => {
      const ids: number[] = [];
      for (const message of messages) {
        ids.push((await messaging.queueMessage(tx, afterCommit, t.record.tenantId, message)).messageId);
      }
      return ids;
    }),
  );
}

const list = (filter: object = {}) => t.adminApi.ok<Message[]>('/messaging/list', filter);
const byId = async (messageId: number) => (await list({ limit: 200 })).find((m) => m.messageId === messageId);

async function settled(messageId: number): Promise<Message> {
  let found: Message | undefined;
  await until(async () => {
    found = await byId(messageId);
    return found !== undefined && found.status !== 'queued';
  }, 15_000);
  if (!found) throw new Error('the message is gone');
  return found;
}

function outboxRows() {
  return t.db((db) => db<{ status: string; kind: string }[]>`SELECT status, kind FROM outbox WHERE kind = 'message'`);
}

describe('queued messages', () => {
  it('are sent after commit with a wamid, once per dedupe key', async () => {
    const [first, again] = [
      await queue(confirmation('+971501234567', 'booking:1')),
      await queue(confirmation('+971501234567', 'booking:1')),
    ];
    expect(again).toEqual(first);
    const id = first[0] ?? 0;
    const sent = await settled(id);
    expect(sent).toMatchObject({
      messageId: id,
      direction: 'out',
      phone: '+971501234567',
      messageType: 'template',
      templateName: 'booking_confirmation',
      templateLanguage: 'en',
      templateParameters: ['Ana', 'BK-1042'],
      body: '',
      status: 'sent',
      provider: 'simulator',
      errorCode: null,
      receivedAt: null,
    });
    expect(sent.providerMessageId).toMatch(/^wamid\./);
    expect(sent.sentAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect((await list()).filter((m) => m.messageId === id)).toHaveLength(1);
  });

  it('are stored and sent once when 20 transactions queue the same dedupe key at once', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => queue(confirmation('+971502223344', 'booking:2'))));
    expect(new Set(ids.flat()).size).toBe(1);
    const [id = 0] = ids[0] ?? [];
    expect((await settled(id)).status).toBe('sent');
    expect(await list({ phone: '971502223344' })).toHaveLength(1);
    const rows = await t.db(
      (db) => db`SELECT 1 FROM outbox WHERE kind = 'message' AND payload ->> 'messageId' = ${String(id)}`,
    );
    expect(rows).toHaveLength(1);
  });

  it('are neither stored nor sent when the transaction rolls back', async () => {
    const before = (await list({ limit: 200 })).length;
    await expect(
      t.db((db) =>
        withTransaction({ db }, async (tx, afterCommit) => {
          await messaging.queueMessage(tx, afterCommit, t.record.tenantId, confirmation('+971509999999'));
          throw new Error('the use case failed after queueing');
        }),
      ),
    ).rejects.toThrow('the use case failed');
    expect((await list({ limit: 200 })).length).toBe(before);
  });

  it('fail for good when the recipient is refused (the simulator refuses numbers ending in 0000)', async () => {
    const [id = 0] = await queue(confirmation('+971500000000'));
    const failed = await settled(id);
    expect(failed).toMatchObject({ status: 'failed', errorCode: 131026, providerMessageId: null });
    expect(failed.errorReason).toMatch(/131026/);
    expect(failed.failedAt).not.toBeNull();
    await until(async () => (await outboxRows()).some((row) => row.status === 'FAILED'), 15_000);
  });

  it('refuse a number that is not E.164, naming it', async () => {
    await expect(queue(confirmation('0501234567'))).rejects.toThrow(/to must be an E\.164/);
  });

  it('move to delivered 2 s and to read 10 s after sending, as the simulator says', async () => {
    // Sent with the clock running (a retry under load needs time to pass); then the clock stands at exactly 3 s and
    // 13 s after the recorded sending, however long the machine takes between the steps.
    const [id = 0] = await queue({
      to: '+447700900123',
      content: { kind: 'text', body: 'Your guide waits at gate 3.' },
    });
    const sent = await settled(id);
    expect(sent).toMatchObject({ status: 'sent', messageType: 'text', body: 'Your guide waits at gate 3.' });
    const [row] = await t.db((db) => db<{ sent_at: Date }[]>`SELECT sent_at FROM messages WHERE message_id = ${id}`);
    const sending = defined(row, 'the sent message').sent_at.getTime();
    try {
      pinnedAt = sending + 3_000;
      expect(await byId(id)).toMatchObject({ status: 'delivered', readAt: null });
      pinnedAt = sending + 13_000;
      const read = await byId(id);
      expect(read?.status).toBe('read');
      expect(read?.deliveredAt).not.toBeNull();
      expect(read?.readAt).not.toBeNull();
    } finally {
      // The clock runs on from past where it stood, never back.
      clockOffsetMs += 13_000;
      pinnedAt = undefined;
    }
  });
});

describe('/messaging/list', () => {
  it('filters by direction, status, a part of the number, dates and limit, newest first', async () => {
    await queue(confirmation('+966551112222'), confirmation('+966551113333'));
    await until(async () => (await list({ status: 'queued' })).length === 0, 15_000);
    const all = await list({ limit: 200 });
    expect(all.map((m) => m.messageId)).toEqual([...all.map((m) => m.messageId)].sort((a, b) => b - a));
    expect((await list({ phone: '96655111' })).map((m) => m.phone).sort()).toEqual(['+966551112222', '+966551113333']);
    expect((await list({ phone: '+9665511133' })).map((m) => m.phone)).toEqual(['+966551113333']);
    expect(await list({ direction: 'in' })).toEqual([]);
    expect((await list({ status: 'failed' })).every((m) => m.status === 'failed')).toBe(true);
    expect(await list({ limit: 1 })).toHaveLength(1);
    const today = all[0]?.createdAt.slice(0, 10) ?? '';
    expect((await list({ fromDate: today, toDate: today, limit: 200 })).length).toBe(all.length);
    expect(await list({ toDate: '2020-01-01' })).toEqual([]);
  });

  it.each([
    [{ status: 'bounced' }, 'INVALID_FORMAT', 'status'],
    [{ direction: 'sideways' }, 'INVALID_FORMAT', 'direction'],
    [{ phone: 'abc' }, 'INVALID_FORMAT', 'phone'],
    [{ fromDate: '2026-02-30' }, 'INVALID_FORMAT', 'fromDate'],
    [{ fromDate: '2026-03-02', toDate: '2026-03-01' }, 'INVALID_FORMAT', 'toDate'],
    [{ limit: 0 }, 'INVALID_FORMAT', 'limit'],
    [{ limit: 201 }, 'INVALID_FORMAT', 'limit'],
  ])('refuses %j', async (filter, code, naming) => {
    await t.adminApi.expectError('/messaging/list', { session: t.admin, ...filter }, code, naming);
  });

  it('is for employees only', async () => {
    const agent = await user(t, 'agent');
    expect(Array.isArray(await agent.api.ok('/messaging/list'))).toBe(true);
    const customer = await user(t, 'customer');
    await customer.api.expectError('/messaging/list', {}, 'FORBIDDEN');
    await t.api.expectError('/messaging/list', {}, 'NOT_LOGGED_IN');
  });
});
