// Web actions past their retention are deleted by the common area's job, in batches; recent ones stay.
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type NewTenant, tenantBeforeAdminLogin } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import { createPeriodicWork } from '../../platform/periodic/periodic-work.js';
import { RETENTION_BATCH_SIZE } from '../../platform/periodic/retention-job.js';
import type { Service } from '../../service.js';
import { createWebActionRetention } from './index.js';

let service: Service;
let t: NewTenant;

beforeAll(async () => {
  service = await startTestService();
  t = await tenantBeforeAdminLogin(service);
});

afterAll(async () => {
  await service?.close();
});

it("is one of the service's jobs", () => {
  expect(service.jobs.map((job) => job.name)).toContain('web action retention');
});

it('deletes web actions older than the retention, in batches, and keeps the recent ones', async () => {
  const old = RETENTION_BATCH_SIZE + 7;
  await t.db(async (sql) => {
    await sql`
      INSERT INTO web_actions (action_type, action_time, page_url, factory_name)
      SELECT 'PAGE_VIEW', now() - interval '91 days', 'https://old.example', 'x'
      FROM generate_series(1, ${old})`;
    await sql`
      INSERT INTO web_actions (action_type, action_time, page_url, factory_name)
      VALUES ('CLICK', now() - interval '89 days', 'https://recent.example/1', 'x'),
             ('SEARCH', now(), 'https://recent.example/2', 'x')`;
  });

  const log = pino({ level: 'silent' });
  const retention = createPeriodicWork({ registry: service.registry, pools: service.pools, log });
  retention.register(createWebActionRetention({ log, clock: () => new Date(), webActionRetentionDays: 90 }));
  await retention.runOnce();

  const left = await t.db((sql) => sql<{ page_url: string }[]>`SELECT page_url FROM web_actions ORDER BY action_id`);
  expect(left.map((row) => row.page_url)).toEqual(['https://recent.example/1', 'https://recent.example/2']);
});
