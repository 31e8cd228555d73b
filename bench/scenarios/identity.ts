// Issue 12, item 1: the realm's password grant and its JWT as a bearer. One service child, one tenant, its admin
// after the first-login password change, and CONCURRENCY customers the admin creates (/user/create, then their own
// password change, which the users area tells the realm):
//   - SINGLE_GRANTS password grants one after another (a grant's own cost: about one scrypt derivation), then
//     GRANTS password grants at the realm's token endpoint (tc-web), CONCURRENCY in flight at a time, one customer
//     per worker (concurrent attempts on one account count towards its lockout before their hashes: five at once
//     would lock it), each from its own X-Forwarded-For address: p99 < 600 ms (the password hash dominates);
//   - (session) a tenant no-op for any session (/bench/session-noop) with the customer's session token as
//     `Authorization: Bearer`, and (jwt) the same with a realm JWT of the customer from the grant:
//     (jwt)/(session) ≥ 0.91, i.e. the JWT bearer adds less than 10 % (requests per second, same run).
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { sessionAfterPasswordChange } from '../lib/api.js';
import { resetPool, type ServerChild, startServerChild } from '../lib/child.js';
import { sleep } from '../lib/env.js';
import { provisionBenchTenant } from '../lib/tenant.js';
import { httpRequest } from '../lib/http.js';
import {
  benchRounds,
  type LoadTarget,
  loadLine,
  loadProblems,
  loadSettings,
  measureTargets,
  ratio,
  summarize,
} from '../lib/measure.js';
import { waitForIdleConnections } from '../lib/postgres.js';
import { atLeast, below, type Check, info, requirePostgres, type Scenario, serviceSettings } from '../lib/scenario.js';
import { max, median, round } from '../lib/stats.js';

const SINGLE_GRANTS = 5;
const GRANTS = 50;
const CONCURRENCY = 5;
const USER_LOGIN = 'bench-customer-';
const USER_PASSWORD = 'bench customer password 1';

type Target = 'session' | 'jwt';

export const identity: Scenario = async (ctx) => {
  const pg = requirePostgres(ctx);
  const rounds = benchRounds();
  const settings = await serviceSettings(ctx, 'identity', { TC_TRUSTED_PROXIES: '127.0.0.1' });
  let service: ServerChild | undefined;
  try {
    service = await startServerChild('service.ts', settings.env);
    const { tenantCode, host, api, admin } = await provisionBenchTenant(ctx, service, 'i');
    const sessions: string[] = [];
    for (let i = 0; i < CONCURRENCY; i++) {
      const login = `${USER_LOGIN}${i}`;
      const created = await api.ok<{ temporaryPassword: string }>(
        '/user/create',
        { userLogin: login, userEmail: `${login}@${tenantCode}.example`, userName: 'Bench', roles: ['customer'] },
        admin.session,
      );
      sessions.push((await sessionAfterPasswordChange(api, login, created.temporaryPassword, USER_PASSWORD)).session);
    }
    await sleep(500);

    const grant = passwordGrant(service.port('service'), tenantCode);
    // One at a time first: a grant's own cost (about one scrypt derivation), against which the burst is read.
    const single: number[] = [];
    for (let i = 0; i < SINGLE_GRANTS; i++) single.push((await grant(i % CONCURRENCY, 1000 + i)).ms);
    const grants = await concurrentGrants(grant);
    const jwt = await grant(0, 0);
    const p99 = percentile(grants, 0.99);
    ctx.log(
      `one password grant at a time ${single.map((ms) => round(ms)).join(', ')} ms; ` +
        `${GRANTS} password grants, ${CONCURRENCY} at a time: median ${round(median(grants))} ms, ` +
        `p99 ${round(p99)} ms, max ${round(max(grants))} ms`,
    );

    const port = service.port('bench');
    const cpu = { pid: service.pid, applicationName: `travel-commerce:${tenantCode}` };
    const child = service;
    const freshPool = async () => {
      await waitForIdleConnections(pg.admin, cpu.applicationName);
      await resetPool(child, tenantCode);
    };
    const noopWith = (label: string, bearer: string): LoadTarget => ({
      label,
      request: { port, path: '/bench/session-noop', host, headers: { authorization: `Bearer ${bearer}` } },
      profiled: child,
      cpu,
      freshPool,
    });
    const targets: Record<Target, LoadTarget> = {
      session: noopWith('(session) tenant no-op, Allow.anySession, session token as bearer', sessions[0] ?? ''),
      jwt: noopWith('(jwt) the same, the realm JWT of the same user as bearer', jwt.token),
    };
    const runs = await measureTargets(targets, { rounds, log: ctx.log, admin: pg.admin });
    const figures = { session: summarize(runs.session), jwt: summarize(runs.jwt) };
    const checks: Check[] = [
      below(`password grant p99, ${CONCURRENCY} concurrent`, round(p99), 'ms', 600),
      info(
        `password grant, ${CONCURRENCY} concurrent, median (max)`,
        `${round(median(grants))} (${round(max(grants))})`,
        'ms',
      ),
      info(
        `one password grant at a time, median of ${SINGLE_GRANTS} (max)`,
        `${round(median(single))} (${round(max(single))})`,
        'ms',
      ),
      loadLine(targets.session.label, figures.session),
      loadLine(targets.jwt.label, figures.jwt),
      atLeast('ratio (jwt)/(session)', ratio(runs.jwt, runs.session), '', 0.91),
    ];
    return {
      checks,
      problems: loadProblems(targets, runs, service),
      details: {
        ...loadSettings(rounds),
        singleGrantMs: single.map((ms) => round(ms, 1)),
        grants: { count: GRANTS, concurrency: CONCURRENCY, latenciesMs: grants.map((ms) => round(ms, 1)) },
        medians: figures,
        ratios: { jwtSession: ratio(runs.jwt, runs.session) },
        runs,
      },
    };
  } finally {
    await service?.stop().catch((error: unknown) => ctx.log(String(error)));
    await rm(settings.dataDir, { recursive: true, force: true });
  }
};

type Grant = (customer: number, n: number) => Promise<{ token: string; ms: number }>;

/** One tc-web password grant of a customer, from an X-Forwarded-For address of its own. */
function passwordGrant(port: number, tenantCode: string): Grant {
  return async (customer, n) => {
    const form = new URLSearchParams({
      grant_type: 'password',
      client_id: 'tc-web',
      username: `${USER_LOGIN}${customer}`,
      password: USER_PASSWORD,
    }).toString();
    const started = performance.now();
    const answer = await httpRequest(
      port,
      {
        method: 'POST',
        path: `/realms/${tenantCode}/protocol/openid-connect/token`,
        host: 'localhost',
        headers: {
          'x-forwarded-for': `10.1.${(n >> 8) & 255}.${n & 255}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form,
      },
      30_000,
    );
    const ms = performance.now() - started;
    if (answer.status !== 200) throw new Error(`password grant answered ${answer.status}: ${answer.body}`);
    return { token: (JSON.parse(answer.body) as { access_token: string }).access_token, ms };
  };
}

/** GRANTS grants, CONCURRENCY workers (one customer each) each sending its next as the last is answered. */
async function concurrentGrants(grant: Grant): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async (customer: number) => {
    while (next < GRANTS) {
      next += 1;
      latencies.push((await grant(customer, next)).ms);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, customer) => worker(customer)));
  return latencies;
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}
