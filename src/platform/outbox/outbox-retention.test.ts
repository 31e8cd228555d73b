// Sent mail past its retention is deleted by the platform's job, in batches; mail sent recently, mail still to
// deliver and mail parked as FAILED stay, whatever their age.
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type NewTenant, tenantBeforeAdminLogin } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import type { Service } from '../../service.js';
import { createPeriodicWork } from '../periodic/periodic-work.js';
import { RETENTION_BATCH_SIZE } from '../periodic/retention-job.js';
import { createOutboxRetention } from './index.js';

let service: Service;
let t: NewTenant;

beforeAll(async () => {
  service = await startTestService();
  // The service's own worker would deliver the PENDING rows of this file.
  await service.outbox.stop();
  t = await tenantBeforeAdminLogin(service);
});

afterAll(async () => {
  await service?.close();
});

it('is one of the platform jobs', () => {
  expect(service.jobs.map((job) => job.name)).toContain('sent mail retention');
});

it('deletes sent mail older than the retention, in batches, and keeps the rest', async () => {
  const oldSent = RETENTION_BATCH_SIZE * 2 + 5;
  await t.db(async (sql) => {
    await sql`DELETE FROM outbox`;
    await sql`
      INSERT INTO outbox (kind, payload, status, sent_at, created_at)
      SELECT 'mail', '{"old": true}'::jsonb, 'SENT', now() - interval '20 days', now() - interval '20 days'
      FROM generate_series(1, ${oldSent})`;
    await sql`
      INSERT INTO outbox (kind, payload, status, sent_at, created_at, next_attempt_at)
      VALUES ('mail', '{"keep": "sent recently"}'::jsonb, 'SENT', now() - interval '13 days', now() - interval '30 days', now()),
             ('mail', '{"keep": "pending"}'::jsonb, 'PENDING', NULL, now() - interval '30 days', now() + interval '1 day'),
             ('mail', '{"keep": "failed"}'::jsonb, 'FAILED', NULL, now() - interval '30 days', now())`;
  });

  const log = pino({ level: 'silent' });
  const retention = createPeriodicWork({ registry: service.registry, pools: service.pools, log });
  retention.register(createOutboxRetention({ log, clock: () => new Date(), retentionDays: 14 }));
  await retention.runOnce();

  const left = await t.db((sql) => sql<{ keep: string }[]>`SELECT payload ->> 'keep' AS keep FROM outbox ORDER BY id`);
  expect(left.map((row) => row.keep)).toEqual(['sent recently', 'pending', 'failed']);
});
