// Users, sessions and roles: what a session and a login cost. One service child (logins are limited by failures
// only, and none fails here), one tenant, its admin after the first-login password change, and a
// customer the admin creates (/user/create, then its own password change):
//   - hashPassword alone, 5 times one after another in the quiet child (median: 50-500 ms), and one
//     POST /user/authenticate at a time (5, median), before any load;
//   - 20 concurrent POST /user/authenticate of the customer while the child records its event-loop delay
//     (monitorEventLoopDelay, resolution 10 ms): p99 < 50 ms, and the burst's wall time;
//   - (anon) a tenant no-op (Allow.anyone) without a session, and (auth) the same no-op for any session
//     (Allow.anySession) with the customer's session in X-Auth-Request-Access-Token: (auth)/(anon) ≥ 0.85.
// BENCH_ROUNDS repeats the burst and the load runs (medians); BENCH_PROFILE=1 adds profiled runs.
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { type TenantApi, sessionAfterPasswordChange } from '../lib/api.js';
import { askFor, resetPool, type ServerChild, startServerChild } from '../lib/child.js';
import { sleep } from '../lib/env.js';
import { provisionBenchTenant } from '../lib/tenant.js';
import { waitForIdleConnections } from '../lib/postgres.js';
import {
  benchRounds,
  type LoadTarget,
  loadLine,
  loadProblems,
  loadSettings,
  measureTargets,
  profileTargets,
  profiling,
  ratio,
  summarize,
} from '../lib/measure.js';
import type { LoopDelayReply } from '../lib/protocol.js';
import {
  atLeast,
  below,
  between,
  type Check,
  info,
  requirePostgres,
  type Scenario,
  serviceSettings,
} from '../lib/scenario.js';
import { max, median, round } from '../lib/stats.js';

const HASHES = 5;
const SINGLE_LOGINS = 5;
const BURST = 20;
const LOOP_RESOLUTION_MS = 10;
const USER_LOGIN = 'bench-customer';
const USER_PASSWORD = 'bench customer password 1';

type Target = 'anon' | 'auth';

interface Burst {
  wallMs: number;
  loginMedianMs: number;
  loginMaxMs: number;
  loopDelay: NonNullable<LoopDelayReply['figures']>;
}

export const users: Scenario = async (ctx) => {
  const pg = requirePostgres(ctx);
  const rounds = benchRounds();
  const settings = await serviceSettings(ctx, 'users', { TC_RATE_LIMIT_LOGIN_FAILURES: '60' });
  let service: ServerChild | undefined;
  try {
    service = await startServerChild('service.ts', settings.env);
    const { tenantCode, host, api, admin } = await provisionBenchTenant(ctx, service, 'u');
    const created = await api.ok<{ temporaryPassword: string }>(
      '/user/create',
      {
        userLogin: USER_LOGIN,
        userEmail: `${USER_LOGIN}@${tenantCode}.example`,
        userName: 'Bench',
        roles: ['customer'],
      },
      admin.session,
    );
    const customer = await sessionAfterPasswordChange(api, USER_LOGIN, created.temporaryPassword, USER_PASSWORD);
    await sleep(500);

    // Quiet: nothing else runs in the child while these are timed.
    const hashes = (await askFor(service, { kind: 'hash-timing', count: HASHES }, 'hash-timing', 60_000)).durationsMs;
    const logins: number[] = [];
    for (let i = 0; i < SINGLE_LOGINS; i++) {
      const started = performance.now();
      await api.ok('/user/authenticate', { username: USER_LOGIN, password: USER_PASSWORD });
      logins.push(performance.now() - started);
    }
    ctx.log(
      `hashPassword ${hashes.map((ms) => round(ms)).join(', ')} ms; ` +
        `one POST /user/authenticate ${logins.map((ms) => round(ms)).join(', ')} ms`,
    );

    const bursts: Burst[] = [];
    for (let i = 1; i <= rounds; i++) {
      await sleep(1_000);
      const burst = await loginBurst(service, api);
      bursts.push(burst);
      ctx.log(
        `${BURST} concurrent logins: ${round(burst.wallMs)} ms wall, each ${round(burst.loginMedianMs)} ms median ` +
          `(max ${round(burst.loginMaxMs)}), event-loop delay p99 ${burst.loopDelay.p99Ms} ms ` +
          `(max ${burst.loopDelay.maxMs}, ${burst.loopDelay.samples} samples)${rounds > 1 ? ` (round ${i})` : ''}`,
      );
    }

    const port = service.port('bench');
    const cpu = { pid: service.pid, applicationName: `travel-commerce:${tenantCode}` };
    const child = service;
    const freshPool = async () => {
      await waitForIdleConnections(pg.admin, cpu.applicationName);
      await resetPool(child, tenantCode);
    };
    const targets: Record<Target, LoadTarget> = {
      anon: {
        label: '(anon) tenant no-op, Allow.anyone, no session',
        request: { port, path: '/bench/noop', host },
        profiled: service,
        cpu,
        freshPool,
      },
      auth: {
        label: '(auth) tenant no-op, Allow.anySession, user session',
        request: {
          port,
          path: '/bench/session-noop',
          host,
          headers: { 'x-auth-request-access-token': customer.session },
        },
        profiled: service,
        cpu,
        freshPool,
      },
    };
    const runs = await measureTargets(targets, { rounds, log: ctx.log, admin: pg.admin });
    const profiles = profiling() ? await profileTargets('users', ctx.runId, targets, ctx.log) : undefined;

    const figures = { anon: summarize(runs.anon), auth: summarize(runs.auth) };
    const burstP99 = median(bursts.map((burst) => burst.loopDelay.p99Ms));
    const checks: Check[] = [];
    for (const target of ['anon', 'auth'] as const) checks.push(loadLine(targets[target].label, figures[target]));
    checks.push(
      atLeast('ratio (auth)/(anon)', ratio(runs.auth, runs.anon), '', 0.85),
      between('hashPassword, median of 5 one after another', round(median(hashes)), 'ms', 50, 500),
      info('one POST /user/authenticate, median of 5 (max)', `${round(median(logins))} (${round(max(logins))})`, 'ms'),
      below(`event-loop delay p99 during ${BURST} concurrent logins`, burstP99, 'ms', 50),
      info(`${BURST} concurrent logins: wall time`, round(median(bursts.map((burst) => burst.wallMs))), 'ms'),
      info(
        `${BURST} concurrent logins: each, median (max)`,
        `${round(median(bursts.map((burst) => burst.loginMedianMs)))} (${round(max(bursts.map((burst) => burst.loginMaxMs)))})`,
        'ms',
      ),
    );
    return {
      checks,
      problems: loadProblems(targets, runs, service),
      details: {
        ...loadSettings(rounds),
        hashPasswordMs: hashes.map((ms) => round(ms, 1)),
        singleLoginMs: logins.map((ms) => round(ms, 1)),
        burst: { logins: BURST, loopResolutionMs: LOOP_RESOLUTION_MS, rounds: bursts },
        medians: figures,
        ratios: { authAnon: ratio(runs.auth, runs.anon) },
        runs,
        ...(profiles ? { profiles } : {}),
      },
    };
  } finally {
    await service?.stop().catch((error: unknown) => ctx.log(String(error)));
    await rm(settings.dataDir, { recursive: true, force: true });
  }
};

/** 20 logins at once over HTTP from the bench, while the child records its event-loop delay. */
async function loginBurst(service: ServerChild, api: TenantApi): Promise<Burst> {
  await askFor(service, { kind: 'loop-delay', action: 'start', resolutionMs: LOOP_RESOLUTION_MS }, 'loop-delay', 5_000);
  const started = performance.now();
  const latencies = await Promise.all(
    Array.from({ length: BURST }, async () => {
      const begun = performance.now();
      await api.ok('/user/authenticate', { username: USER_LOGIN, password: USER_PASSWORD });
      return performance.now() - begun;
    }),
  );
  const wallMs = performance.now() - started;
  const { figures } = await askFor(service, { kind: 'loop-delay', action: 'stop' }, 'loop-delay', 5_000);
  if (!figures) throw new Error('the event-loop delay monitor answered no figures');
  return {
    wallMs: round(wallMs, 1),
    loginMedianMs: round(median(latencies), 1),
    loginMaxMs: round(max(latencies), 1),
    loopDelay: figures,
  };
}
