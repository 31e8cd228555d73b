// The outbox against a real SMTP server on loopback: mail queued in a transaction goes out exactly once after
// commit, never after a rollback, survives a dead server and a crashed worker, and is shared by concurrent
// workers without duplicates. Without SMTP, mail lands as .eml files in the data folder.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  platformToken,
  provisionTenant,
  startTestService,
  TEST_BASE_DOMAIN,
  withTenantDb,
} from '../../../test/support/service.js';
import { type MailInbox, startMailInbox } from '../../../test/support/smtp.js';
import type { Service } from '../../service.js';
import type { Sql } from '../database/connections.js';
import type { TenantRecord } from '../tenancy/tenant.js';
import {
  createFileMailTransport,
  createOutboxWorker,
  createSmtpMailTransport,
  enqueueMail,
  type MailTransport,
  type OutboxWorker,
  type OutgoingMail,
} from './index.js';
import { claimDueMail } from './outbox.repository.js';
import { createPeriodicWork } from '../periodic/periodic-work.js';
import { retryDelayMs } from './retry-schedule.js';
import { until } from '../../../test/support/wait.js';

interface OutboxRow {
  id: string;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  sent_at: Date | null;
  payload: Record<string, unknown>;
}

let service: Service;
let tenant: TenantRecord;
let smtp: MailInbox;
let clockOffsetMs = 0;
const clock = () => new Date(Date.now() + clockOffsetMs);
const silentLog = pino({ level: 'silent' });
const workers: OutboxWorker[] = [];

beforeAll(async () => {
  service = await startTestService();
  // The service's own worker would compete for this file's rows; these tests drive workers of their own.
  await service.outbox.stop();
  const provisioned = await provisionTenant(service, await platformToken(service));
  const record = service.registry.byId(provisioned.tenantId);
  if (!record) throw new Error('the provisioned tenant is not in the registry');
  tenant = record;
  smtp = await startMailInbox();
});

afterAll(async () => {
  await smtp.stop();
  await service.close();
});

beforeEach(async () => {
  await withTenantSql((sql) => sql`DELETE FROM outbox`);
  smtp.received.length = 0;
  clockOffsetMs = 0;
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});

const withTenantSql = <T>(work: (sql: Sql) => Promise<T>) => withTenantDb(service, tenant, work);

/** Queues the mails in one transaction, as a use case does. */
function enqueue(...mails: OutgoingMail[]): Promise<void> {
  return withTenantSql(async (sql) => {
    await sql.begin(async (tx) => {
      for (const mail of mails) await enqueueMail(tx, mail);
    });
  });
}

function outboxRows(): Promise<OutboxRow[]> {
  return withTenantSql(
    (sql) => sql<OutboxRow[]>`
      SELECT id, status, attempts, next_attempt_at, last_error, sent_at, payload FROM outbox ORDER BY id`,
  );
}

/** A worker with a round of its own; given an interval, the round runs (its visits run the worker's retries). */
function worker(transport: MailTransport, options: { sweepIntervalMs?: number } = {}): OutboxWorker {
  const roundIntervalMs = options.sweepIntervalMs;
  const periodic = createPeriodicWork({
    registry: service.registry,
    pools: service.pools,
    log: silentLog,
    roundIntervalMs,
  });
  const created = createOutboxWorker({
    periodic,
    registry: service.registry,
    pools: service.pools,
    transport,
    log: silentLog,
    baseDomain: TEST_BASE_DOMAIN,
    clock,
    ...options,
  });
  if (roundIntervalMs) periodic.start();
  workers.push({ ...created, stop: () => Promise.all([periodic.stop(), created.stop()]).then(() => undefined) });
  return created;
}

const smtpTransport = (port: number) => createSmtpMailTransport({ url: `smtp://127.0.0.1:${port}` });

const welcome = (to = 'ana@example.com'): OutgoingMail => ({
  to,
  subject: 'Activate your account',
  text: 'Open https://agency.example/activate?token=tok-123 to activate.',
  html: '<p><a href="https://agency.example/activate?token=tok-123">Activate</a></p>',
});

describe('outbox over SMTP', () => {
  it('delivers a mail after its transaction commits and records it as SENT without the body', async () => {
    await enqueue(welcome());
    const sent = await worker(smtpTransport(smtp.port)).drain(tenant.tenantId);

    expect(sent).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    const [row] = await outboxRows();
    if (!mail || !row) throw new Error('expected one mail and one row');
    expect(mail.subject).toBe('Activate your account');
    expect(mail.text).toContain('token=tok-123');
    expect(mail.html).toContain('token=tok-123');
    expect(mail.from?.value).toEqual([
      { name: tenant.tenantName, address: `no-reply@${tenant.tenantCode}.${TEST_BASE_DOMAIN}` },
    ]);
    expect(mail.messageId).toBe(`<outbox-${row.id}@${tenant.tenantCode}.${TEST_BASE_DOMAIN}>`);
    expect(row.status).toBe('SENT');
    expect(row.attempts).toBe(1);
    expect(row.sent_at).toBeInstanceOf(Date);
    expect(row.payload).toEqual({ to: 'ana@example.com', subject: 'Activate your account' });
    await expect(worker(smtpTransport(smtp.port)).drain(tenant.tenantId)).resolves.toBe(0);
  });

  it('sends nothing for a transaction that rolled back', async () => {
    const failingUseCase = withTenantSql((sql) =>
      sql.begin(async (tx) => {
        await enqueueMail(tx, welcome());
        throw new Error('the use case failed after queueing its mail');
      }),
    );
    await expect(failingUseCase).rejects.toThrow('the use case failed');

    await expect(worker(smtpTransport(smtp.port)).drain(tenant.tenantId)).resolves.toBe(0);
    expect(await outboxRows()).toEqual([]);
    expect(smtp.received).toEqual([]);
  });

  it('stores and sends a mail queued twice with one dedupe key once', async () => {
    await enqueue({ ...welcome(), dedupeKey: 'payment-confirmation:42' });
    await enqueue({ ...welcome(), subject: 'A second copy', dedupeKey: 'payment-confirmation:42' });

    expect(await outboxRows()).toHaveLength(1);
    await expect(worker(smtpTransport(smtp.port)).drain(tenant.tenantId)).resolves.toBe(1);
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['Activate your account']);
  });

  it('keeps a mail while the server is down and delivers it exactly once when it is back', async () => {
    const stopped = await startMailInbox();
    const port = stopped.port;
    await stopped.stop();
    const outbox = worker(smtpTransport(port));
    await enqueue(welcome());

    await expect(outbox.drain(tenant.tenantId)).resolves.toBe(0);
    const [failed] = await outboxRows();
    if (!failed) throw new Error('the mail is gone');
    expect(failed.status).toBe('PENDING');
    expect(failed.attempts).toBe(1);
    expect(failed.next_attempt_at.getTime()).toBeGreaterThan(clock().getTime() + retryDelayMs(1) - 2_000);
    expect(failed.last_error).toMatch(/\S/);
    expect(failed.last_error?.length).toBeLessThanOrEqual(200);
    // Not due yet: the back-off holds even though the worker is asked again.
    await expect(outbox.drain(tenant.tenantId)).resolves.toBe(0);
    expect((await outboxRows())[0]?.attempts).toBe(1);

    const restarted = await startMailInbox(port);
    try {
      await expect(outbox.drain(tenant.tenantId)).resolves.toBe(0);
      clockOffsetMs = retryDelayMs(1) + 1_000;
      await expect(outbox.drain(tenant.tenantId)).resolves.toBe(1);
      await expect(outbox.drain(tenant.tenantId)).resolves.toBe(0);
      expect(restarted.received).toHaveLength(1);
      const [delivered] = await outboxRows();
      expect(delivered?.status).toBe('SENT');
      expect(delivered?.attempts).toBe(2);
      expect(delivered?.last_error).toBeNull();
    } finally {
      await restarted.stop();
    }
  });

  it('delivers each mail exactly once when two workers drain at the same time', async () => {
    const mails = Array.from({ length: 12 }, (_, index) => ({ ...welcome(`guest${index}@example.com`) }));
    await enqueue(...mails);
    const first = worker(smtpTransport(smtp.port));
    const second = worker(smtpTransport(smtp.port));

    const [sentByFirst, sentBySecond] = await Promise.all([
      first.drain(tenant.tenantId),
      second.drain(tenant.tenantId),
    ]);

    expect(sentByFirst + sentBySecond).toBe(12);
    expect(smtp.received).toHaveLength(12);
    expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(12);
    const recipients = smtp.received.flatMap((mail) => (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []));
    expect(recipients.map((to) => to.text).sort()).toEqual(mails.map((mail) => mail.to).sort());
    const rows = await outboxRows();
    expect(rows.every((row) => row.status === 'SENT' && row.attempts === 1)).toBe(true);
  });

  it('takes over a mail whose worker crashed after claiming it, once the claim ran out', async () => {
    await enqueue(welcome());
    // A worker that claimed the row and died: the row stays SENDING with a claim in the future.
    const crashed = await withTenantSql((sql) =>
      claimDueMail(sql, { now: clock(), lockedUntil: new Date(clock().getTime() + 5 * 60_000), limit: 5 }),
    );
    expect(crashed).toHaveLength(1);
    const outbox = worker(smtpTransport(smtp.port));

    await expect(outbox.drain(tenant.tenantId)).resolves.toBe(0);
    clockOffsetMs = 5 * 60_000 + 1_000;
    await expect(outbox.drain(tenant.tenantId)).resolves.toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect((await outboxRows())[0]?.status).toBe('SENT');
  });

  it('parks a row whose payload is not a mail as FAILED and goes on with the others', async () => {
    await withTenantSql((sql) => sql`INSERT INTO outbox (kind, payload) VALUES ('mail', ${sql.json({ to: 42 })})`);
    await enqueue(welcome());

    await expect(worker(smtpTransport(smtp.port)).drain(tenant.tenantId)).resolves.toBe(1);
    const rows = await outboxRows();
    expect(rows.map((row) => row.status)).toEqual(['FAILED', 'SENT']);
    expect(rows[0]?.last_error).toBe('the payload is not a mail');
  });

  it('a kick after commit delivers soon; repeated kicks send the mail once', async () => {
    const outbox = worker(smtpTransport(smtp.port));
    await enqueue(welcome());
    outbox.kick(tenant.tenantId);
    outbox.kick(tenant.tenantId);
    outbox.kick(tenant.tenantId);

    await until(() => smtp.received.length === 1, 15_000); // below the 30 s sweep: the kick delivered it
    await outbox.stop();
    expect(smtp.received).toHaveLength(1);
    expect((await outboxRows())[0]?.status).toBe('SENT');
  });

  it('the periodic sweep delivers mail nobody kicked', async () => {
    await enqueue(welcome());
    const outbox = worker(smtpTransport(smtp.port), { sweepIntervalMs: 50 });
    outbox.start();

    await until(async () => (await outboxRows())[0]?.status === 'SENT', 15_000);
    await outbox.stop();
    expect(smtp.received).toHaveLength(1);
  });
});

describe('outbox without SMTP', () => {
  it('writes the message as an .eml file in the data folder and logs no body', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tc-outbox-'));
    const logLines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => logLines.push(line) });
    await enqueue({ ...welcome(), text: 'Reset with token=body-secret-777', html: undefined });

    await expect(worker(createFileMailTransport({ dataDir, log })).drain(tenant.tenantId)).resolves.toBe(1);

    const folder = path.join(dataDir, 'mail', tenant.tenantCode);
    const [row] = await outboxRows();
    if (!row) throw new Error('the row is gone');
    const files = await readdir(folder);
    expect(files).toEqual([expect.stringMatching(new RegExp(`^\\d{4}-\\d{2}-\\d{2}-${row.id}\\.eml$`))]);
    const file = path.join(folder, files[0] ?? '');
    const mail = await simpleParser(await readFile(file));
    expect(mail.subject).toBe('Activate your account');
    expect(mail.text).toContain('token=body-secret-777');
    expect(mail.messageId).toBe(`<outbox-${row.id}@${tenant.tenantCode}.${TEST_BASE_DOMAIN}>`);
    expect(row.status).toBe('SENT');

    expect(logLines).toHaveLength(1);
    const [line] = logLines;
    expect(line).toContain('ana@example.com');
    expect(line).toContain('Activate your account');
    expect(line).toContain(file);
    expect(line).not.toContain('body-secret-777');
  });
});

describe('retry schedule', () => {
  it('doubles from 5 s and stops growing at 15 min', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(9)).toBe(15 * 60_000);
    expect(retryDelayMs(10_000)).toBe(15 * 60_000);
  });
});
