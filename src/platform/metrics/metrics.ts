// Prometheus metrics of this node, served at GET /metrics on the bare base domain. Each service has a registry of
// its own (tests start several services in one process). Labels are bounded: the route template (never the raw
// URL; a request no route matched is `unmatched`), the method and the status; never a tenant.
// Everything about tenants is read at scrape time from what the node holds in memory (the pool cache, the
// registry, the outbox worker's last sweep), so a scrape never touches a tenant database.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { errorBody } from '../http/envelope.js';
import { ErrorCode } from '../http/errors.js';
import { passwordWork } from '../passwords.js';
import type { EventTally } from '../events/index.js';
import type { OutboxBacklog } from '../outbox/index.js';
import type { TenantPools } from '../tenancy/pools.js';
import type { TenantRecord } from '../tenancy/tenant.js';
import { createRequestTally, type RequestTally } from './request-tally.js';

export interface MetricsDeps {
  pools: Pick<TenantPools, 'stats'>;
  /** The cap on the connections of all tenant pools (TC_DB_MAX_CONNECTIONS). */
  maxConnections: number;
  registry: { all(): readonly TenantRecord[] };
  outbox: { backlog(): OutboxBacklog };
  events: { tally(): EventTally };
}

export interface Metrics {
  readonly registry: Registry;
  /** Counts and times every answer of the app; call it before the app is ready. */
  instrument(app: FastifyInstance): void;
  /** GET /metrics on the base domain, behind `Authorization: Bearer <token>` when a token is given. */
  serve(app: FastifyInstance, token: string | undefined): void;
}

/** The label of a request no route matched (404s of unknown paths: one value, whatever the URL). */
export const UNMATCHED = 'unmatched';

export function createMetrics(deps: MetricsDeps): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = createRequestTally([0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]);
  registerTenancyGauges(registry, deps);
  registerOutboxGauges(registry, deps);
  registerEventMetrics(registry, deps);
  registerPasswordMetrics(registry);
  return {
    registry,
    instrument(app) {
      // Every answer of the node passes here, so the hook is synchronous and the tally plain numbers.
      app.addHook('onResponse', (request, reply, done) => {
        requests.record(
          request.routeOptions.url ?? UNMATCHED,
          request.method,
          reply.statusCode,
          reply.elapsedTime / 1000,
        );
        done();
      });
    },
    serve(app, token) {
      app.get('/metrics', { schema: { hide: true } }, (request, reply) =>
        scrape(registry, requests, token, request, reply),
      );
    },
  };
}

async function scrape(
  registry: Registry,
  requests: RequestTally,
  token: string | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const json = 'application/json; charset=utf-8';
  if (request.tenant) {
    return reply
      .code(404)
      .type(json)
      .send(errorBody(ErrorCode.NOTFOUND, 'This path is served on the base domain only'));
  }
  if (token !== undefined && !sameSecret(bearerOf(request), token)) {
    return reply
      .code(401)
      .type(json)
      .header('www-authenticate', 'Bearer')
      .send(errorBody(ErrorCode.NOT_LOGGED_IN, 'The metrics need Authorization: Bearer <TC_METRICS_TOKEN>'));
  }
  return reply.type(registry.contentType).send((await registry.metrics()) + requests.exposition());
}

function bearerOf(request: FastifyRequest): string {
  const match = /^bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1]?.trim() ?? '';
}

/** Compares digests, so the time taken says nothing of the token, not even its length. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function registerTenancyGauges(registry: Registry, deps: MetricsDeps): void {
  new Gauge({
    name: 'tc_tenant_pools_open',
    help: 'Tenant database pools this node holds open',
    registers: [registry],
    collect() {
      this.set(deps.pools.stats().openPools);
    },
  });
  new Gauge({
    name: 'tc_tenant_pool_connections_reserved',
    help: 'Connections the open tenant pools (and those still closing) count against the cap',
    registers: [registry],
    collect() {
      this.set(deps.pools.stats().reservedConnections);
    },
  });
  new Gauge({
    name: 'tc_tenant_pool_waiters',
    help: 'Requests waiting for a connection slot (a tenant without a pool while the cap is reached)',
    registers: [registry],
    collect() {
      this.set(deps.pools.stats().waiting);
    },
  });
  new Gauge({
    name: 'tc_tenant_pool_connections_max',
    help: 'The cap on the connections of all tenant pools of this node (TC_DB_MAX_CONNECTIONS)',
    registers: [registry],
    collect() {
      this.set(deps.maxConnections);
    },
  });
  new Gauge({
    name: 'tc_tenants',
    help: 'Tenants in the registry, by status',
    labelNames: ['status'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const counts = new Map<string, number>();
      for (const tenant of deps.registry.all()) counts.set(tenant.status, (counts.get(tenant.status) ?? 0) + 1);
      for (const [status, count] of counts) this.set({ status }, count);
    },
  });
}

function registerOutboxGauges(registry: Registry, deps: MetricsDeps): void {
  new Gauge({
    name: 'tc_outbox_backlog',
    help: 'Mail still to deliver in the outboxes of the active tenants, as counted by the last outbox sweep',
    registers: [registry],
    collect() {
      this.set(deps.outbox.backlog().rows);
    },
  });
  new Gauge({
    name: 'tc_outbox_oldest_age_seconds',
    help: 'Age of the oldest mail still to deliver (0 when none), as of the last outbox sweep',
    registers: [registry],
    collect() {
      const oldest = deps.outbox.backlog().oldestCreatedAt;
      // The database's clock wrote created_at, so the age is taken on the real clock, not an injected one.
      this.set(oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0);
    },
  });
}

/** Domain events by name: counters of this node since it started, and the pending rows as of the last sweep. */
function registerEventMetrics(registry: Registry, deps: MetricsDeps): void {
  const counter = (name: string, help: string, field: 'published' | 'delivered' | 'failed') =>
    new Counter({
      name,
      help,
      labelNames: ['event'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [event, counts] of deps.events.tally()) this.inc({ event }, counts[field]);
      },
    });
  counter('tc_events_published_total', 'Domain events published by committed transactions on this node', 'published');
  counter('tc_events_delivered_total', 'Deliveries of domain events to a subscriber that succeeded', 'delivered');
  counter('tc_events_failed_total', 'Deliveries of domain events that failed (each is retried)', 'failed');
  new Gauge({
    name: 'tc_events_pending',
    help: 'Deliveries of domain events still to make in the active tenants, as counted by the last event sweep',
    labelNames: ['event'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [event, counts] of deps.events.tally()) this.set({ event }, counts.pending);
    },
  });
}

/** The node's gate in front of password hashing (passwords.ts): one per process, so every registry shows it. */
function registerPasswordMetrics(registry: Registry): void {
  new Gauge({
    name: 'tc_password_checks_running',
    help: 'Password hashes (scrypt) running on this node; at most its CPU count',
    registers: [registry],
    collect() {
      this.set(passwordWork().running);
    },
  });
  new Gauge({
    name: 'tc_password_checks_waiting',
    help: 'Password hashes waiting for a free CPU; past 8 per CPU a request is refused with 429',
    registers: [registry],
    collect() {
      this.set(passwordWork().waiting);
    },
  });
  new Counter({
    name: 'tc_password_checks_refused_total',
    help: 'Password hashes refused with 429 because the line in front of the CPUs was full',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(passwordWork().refused);
    },
  });
}
