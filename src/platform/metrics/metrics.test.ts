// GET /metrics: Prometheus text on the bare base domain, labelled by route template (never a raw URL or a tenant),
// with the pool, outbox, event-loop and process metrics; behind a bearer token when TC_METRICS_TOKEN is set; a
// 404 on tenant hosts. Two services run in this file, each with its own registry.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestTenant, tenant } from '../../../test/support/factories.js';
import { startTestService, TEST_BASE_DOMAIN } from '../../../test/support/service.js';
import { until } from '../../../test/support/wait.js';
import type { Service } from '../../service.js';
import { createFileMailTransport, createOutboxWorker } from '../outbox/index.js';
import { createPeriodicWork } from '../periodic/periodic-work.js';

let service: Service;
let t: TestTenant;

beforeAll(async () => {
  service = await startTestService();
  t = await tenant(service);
});

afterAll(async () => {
  await service?.close();
});

async function scrape(target: Service, headers: Record<string, string> = {}) {
  return target.app.inject({ method: 'GET', url: '/metrics', headers: { host: TEST_BASE_DOMAIN, ...headers } });
}

describe('GET /metrics', () => {
  it('counts and times requests by route template, method and status, never by URL or tenant', async () => {
    await t.api.getOk('/common/listCountriesByName', { namepart: 'united' });
    await t.api.getOk('/common/listCountriesByName', { namepart: 'france' });
    await t.api.inject({ method: 'GET', url: `/no/such/path/${t.provisioned.tenantCode}` });
    await service.app.inject({ method: 'GET', url: '/realms/master/.well-known/openid-configuration' });

    const answer = await scrape(service);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body;
    const countries =
      /^http_requests_total\{operation="\/common\/listCountriesByName",method="GET",status="200",status_class="2xx"\} (\d+)$/m;
    expect(Number(countries.exec(text)?.[1])).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="\+Inf",operation="\/common\/listCountriesByName",method="GET"\} \d+$/m,
    );
    // A route with a path parameter is labelled by its template; an unknown path by one value.
    expect(text).toContain('operation="/realms/:realm/.well-known/openid-configuration"');
    expect(text).toMatch(
      /^http_requests_total\{operation="unmatched",method="GET",status="404",status_class="4xx"\} \d+$/m,
    );
    expect(text).not.toContain('/no/such/path');
    expect(text).not.toContain('namepart');
    expect(text).not.toContain(t.provisioned.tenantCode);
    expect(text).not.toContain(t.record.tenantId);
  });

  it('shows the tenant pools, the tenants, the outbox, the event loop and the process', async () => {
    const text = (await scrape(service)).body;
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
    expect(value('tc_tenant_pools_open')).toBeGreaterThanOrEqual(1);
    expect(value('tc_tenant_pool_connections_reserved')).toBeGreaterThanOrEqual(1);
    expect(value('tc_tenant_pool_connections_max')).toBe(service.config.db.maxConnections);
    expect(value('tc_tenant_pool_waiters')).toBe(0);
    expect(text).toMatch(/^tc_tenants\{status="ACTIVE"\} [1-9]\d*$/m);
    expect(value('tc_outbox_backlog')).toBeGreaterThanOrEqual(0);
    expect(value('tc_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(value('tc_password_checks_running')).toBeGreaterThanOrEqual(0);
    expect(value('tc_password_checks_waiting')).toBeGreaterThanOrEqual(0);
    expect(value('tc_password_checks_refused_total')).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \S+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \S+$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total \S+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \S+$/m);
  });

  it('is not served on a tenant host', async () => {
    const answer = await t.api.inject({ method: 'GET', url: '/metrics' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({
      apiStatus: { errorCode: 'NOTFOUND', errorMessage: expect.any(String) },
      apiData: null,
    });
  });

  it('needs the bearer token when TC_METRICS_TOKEN is set', async () => {
    const guarded = await startTestService({ env: { TC_METRICS_TOKEN: 'the-metrics-token' } });
    try {
      const refusedHeaders: Record<string, string>[] = [
        {},
        { authorization: 'Bearer wrong' },
        { authorization: 'Basic the-metrics-token' },
      ];
      for (const headers of refusedHeaders) {
        const refused = await scrape(guarded, headers);
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toMatchObject({ apiStatus: { errorCode: 'NOT_LOGGED_IN' }, apiData: null });
      }
      const allowed = await scrape(guarded, { authorization: 'Bearer the-metrics-token' });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.body).toContain('http_requests_total');
      // The services of one process keep registries of their own: the first service's counts are not here.
      expect(allowed.body).not.toContain('/common/listCountriesByName');
    } finally {
      await guarded.close();
    }
  });
});

describe("the outbox worker's backlog (what tc_outbox_backlog shows)", () => {
  it('counts the mail still to deliver of the active tenants at each sweep, and the oldest', async () => {
    const queuedAt = new Date(Date.now() - 10 * 60_000);
    await t.db(
      (sql) => sql`
        INSERT INTO outbox (kind, payload, status, next_attempt_at, created_at)
        VALUES ('mail', '{}'::jsonb, 'PENDING', now() + interval '1 day', ${queuedAt}),
               ('mail', '{}'::jsonb, 'SENT', now(), now() - interval '1 day')`,
    );
    const log = pino({ level: 'silent' });
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tc-metrics-mail-'));
    const periodic = createPeriodicWork({ registry: service.registry, pools: service.pools, log });
    const worker = createOutboxWorker({
      registry: service.registry,
      pools: service.pools,
      periodic,
      transport: createFileMailTransport({ dataDir, log }),
      log,
      baseDomain: TEST_BASE_DOMAIN,
      sweepIntervalMs: 60_000,
    });
    try {
      expect(worker.backlog()).toEqual({ rows: 0, oldestCreatedAt: undefined });
      periodic.start();
      await until(() => worker.backlog().rows > 0, 15_000);
      expect(worker.backlog()).toEqual({ rows: 1, oldestCreatedAt: queuedAt });
    } finally {
      await periodic.stop();
      await worker.stop();
      await t.db((sql) => sql`DELETE FROM outbox`);
    }
  });
});
