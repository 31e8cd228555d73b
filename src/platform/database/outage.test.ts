// PostgreSQL stops under a running service: health says so, operations answer (503) instead of hanging, and once
// PostgreSQL is back the service recovers without a restart. How fast they answer is a figure of a quiet machine,
// not asserted here: an answer at all proves they did not hang (a hang is the test's timeout).
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../service.js';
import { platformToken, provisionTenant, startTestService, TEST_BASE_DOMAIN } from '../../../test/support/service.js';
import { until } from '../../../test/support/wait.js';
import { type EmbeddedServer, startEmbeddedPostgres } from './embedded.js';

let dataDir: string;
let postgres: EmbeddedServer;
let service: Service;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tc-outage-'));
  await chmod(dataDir, 0o755);
  postgres = await startEmbeddedPostgres({ dataDir, ephemeral: true });
  service = await startTestService({ server: postgres.address });
});

afterAll(async () => {
  await service.close();
  await postgres.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const health = () => service.app.inject({ method: 'GET', url: '/system/health', headers: { host: TEST_BASE_DOMAIN } });

describe('PostgreSQL outage', () => {
  it('is reported, answered without hanging, and recovered from without a restart', { timeout: 120_000 }, async () => {
    const token = await platformToken(service);
    const tenant = await provisionTenant(service, token);
    expect((await health()).statusCode).toBe(200);

    await postgres.stop();

    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.json().apiStatus.errorCode).toBe('OK');
    expect(down.json().apiData.status).toBe('DEGRADED');
    expect(down.json().apiData.database).toMatch(/^DOWN: /);

    const ready = await service.app.inject({
      method: 'GET',
      url: '/system/ready',
      headers: { host: TEST_BASE_DOMAIN },
    });
    expect(ready.statusCode).toBe(503);

    const read = await service.app.inject({
      method: 'POST',
      url: '/platform/tenant/read',
      headers: { host: TEST_BASE_DOMAIN, authorization: `Bearer ${token}` },
      payload: { tenantId: tenant.tenantId },
    });
    expect(read.statusCode).toBe(503);
    expect(read.json()).toMatchObject({ apiStatus: { errorCode: 'GENERAL' }, apiData: null });
    expect(read.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|password/);

    // The registry is cached: the tenant's hosts are still known while the database is away.
    const config = await service.app.inject({ method: 'GET', url: '/auth/config', headers: { host: tenant.host } });
    expect(config.statusCode).toBe(200);

    postgres = await startEmbeddedPostgres({ dataDir, ephemeral: true, port: postgres.address.port });

    await until(async () => (await health()).statusCode === 200, 30_000);
    const again = await service.app.inject({
      method: 'POST',
      url: '/platform/tenant/read',
      headers: { host: TEST_BASE_DOMAIN, authorization: `Bearer ${token}` },
      payload: { tenantId: tenant.tenantId },
    });
    expect(again.json().apiStatus.errorCode).toBe('OK');
    // Notifications flow again: a suspension is seen by this node's registry.
    const suspended = await service.app.inject({
      method: 'POST',
      url: '/platform/tenant/suspend',
      headers: { host: TEST_BASE_DOMAIN, authorization: `Bearer ${token}` },
      payload: { tenantId: tenant.tenantId },
    });
    expect(suspended.json().apiStatus.errorCode).toBe('OK');
    expect(
      (await service.app.inject({ method: 'GET', url: '/auth/config', headers: { host: tenant.host } })).statusCode,
    ).toBe(403);
  });
});
