// Provisioning: one service started in this process (its own databases), listening on loopback; a
// platform token from the master realm's token endpoint; then tenants provisioned one after another
// through POST /platform/tenant/provision over real HTTP.
import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { loadConfig } from '../../src/config.js';
import { startService } from '../../src/service.js';
import { below, info, requirePostgres, type Scenario, serviceSettings, tenantPrefix } from '../lib/scenario.js';
import { max, median, round } from '../lib/stats.js';

const TENANTS = 10;

export const provisioning: Scenario = async (ctx) => {
  const pg = requirePostgres(ctx);
  const settings = await serviceSettings(ctx, 'provisioning');
  const config = loadConfig(settings.env);
  const begun = performance.now();
  const service = await startService({ config, server: pg.server, logger: pino({ level: 'warn' }) });
  const startMs = performance.now() - begun;
  try {
    await service.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
    const token = await platformToken(base, settings.platformSecret);
    const durations: number[] = [];
    const prefix = tenantPrefix(ctx, 'p');
    for (let i = 0; i < TENANTS; i++) {
      const tenantCode = `${prefix}${i}`;
      const started = performance.now();
      const answer = await fetch(`${base}/platform/tenant/provision`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          tenantCode,
          tenantName: `Bench ${tenantCode}`,
          dbUser: `u_${tenantCode.replace(/-/g, '_')}`,
          dbPass: 'bench-tenant-password',
          adminEmail: `owner@${tenantCode}.example`,
        }),
      });
      const text = await answer.text();
      durations.push(performance.now() - started);
      const body = JSON.parse(text) as { apiStatus: { errorCode: string } };
      if (answer.status !== 200 || body.apiStatus.errorCode !== 'OK') {
        throw new Error(`provisioning ${tenantCode} answered ${answer.status}: ${text}`);
      }
    }
    ctx.log(`provisioned ${TENANTS} tenants: ${durations.map((ms) => round(ms)).join(', ')} ms`);
    return {
      checks: [
        below('provision median', round(median(durations)), 'ms', 2_000),
        info('provision max', round(max(durations)), 'ms'),
        info('service start, fresh databases', round(startMs), 'ms'),
      ],
      problems: [],
      details: { tenants: TENANTS, durationsMs: durations.map((ms) => round(ms, 1)), serviceStartMs: round(startMs) },
    };
  } finally {
    await service.close();
    await rm(settings.dataDir, { recursive: true, force: true });
  }
};

async function platformToken(base: string, secret: string): Promise<string> {
  const answer = await fetch(`${base}/realms/master/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'tc-platform', client_secret: secret }),
  });
  if (answer.status !== 200) throw new Error(`token endpoint answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { access_token: string }).access_token;
}
