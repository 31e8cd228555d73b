// Domain events: an area publishes what happened inside the transaction that made it happen; the areas that care
// subscribe by event name and are called after commit, by the outbox. Publishing writes one outbox row per
// subscriber, so a rollback publishes nothing, each subscriber is retried on its own, and a subscriber failing
// holds back only its own later events of the same aggregate.
//
//   await withTransaction(ctx, (tx, afterCommit) =>
//     events.publish({ tx, afterCommit, tenantId }, 'order.paid', { orderNum }, { aggregate: orderNum }));
//   events.subscribe('order.paid', 'bookings', async (event, scope) => { … });   // at composition, before start
//
// Delivery is at least once: a subscriber may see an event again (its claim ran out, recording the outcome
// failed), so it dedupes on `event.id` or does work that is harmless twice.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../database/connections.js';
import type { AfterCommit } from '../database/transaction.js';
import type { WithTenantDb } from '../outbox/index.js';
import type { TenantPools } from '../tenancy/pools.js';
import type { TenantRegistry } from '../tenancy/registry.js';
import type { TenantRecord } from '../tenancy/tenant.js';
import type { PeriodicWork } from '../periodic/periodic-work.js';
import { createEventTally, type EventTally } from './event-tally.js';
import { createEventWorker } from './event-worker.js';
import { type EventData, insertEventRows } from './events.repository.js';

export type { EventData } from './events.repository.js';

/** An event as a subscriber receives it. */
export interface DomainEvent {
  /** The same for every subscriber and every redelivery: the key to dedupe on. */
  id: string;
  name: string;
  /** What the event is about (an order's number); events of one aggregate arrive in order. */
  aggregate: string;
  data: EventData;
  publishedAt: Date;
}

/** What a subscriber runs with: no pool lease is held; `withDb` takes one for each read or write. */
export interface SubscriberScope {
  tenant: TenantRecord;
  withDb: WithTenantDb;
  log: FastifyBaseLogger;
}

/** Throwing means "not done": the event is offered again on the outbox's retry schedule. */
export type EventHandler = (event: DomainEvent, scope: SubscriberScope) => Promise<void>;

/** Where a publish writes: the caller's transaction, and its after-commit hook (which wakes the worker). */
export interface PublishScope {
  tx: Queryable;
  afterCommit: AfterCommit;
  tenantId: string;
}

export interface DomainEvents {
  /** Writes the event in the caller's transaction; answers its id. */
  publish(scope: PublishScope, name: string, data: EventData, options: { aggregate: string }): Promise<string>;
  /** Registers `handler` as `subscriber` (a stable name: rows carry it) of the events called `name`. */
  subscribe(name: string, subscriber: string, handler: EventHandler): void;
  /** Per event name: published (committed), delivered, failed attempts, and pending as of the last sweep. */
  tally(): EventTally;
  start(): void;
  stop(): Promise<void>;
  /** Delivers that tenant's due events soon (publish does it after commit). */
  kick(tenantId: string): void;
  /** Delivers that tenant's due events now; answers how many deliveries succeeded. */
  drain(tenantId: string): Promise<number>;
  /** Visits every ACTIVE tenant now (the round's job of the events, run at once).  */
  runOnce(): Promise<void>;
}

export interface DomainEventsDeps {
  registry: TenantRegistry;
  pools: TenantPools;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** The platform's round of periodic work: retries are picked up on its visits. */
  periodic: Pick<PeriodicWork, 'register'>;
  sweepIntervalMs?: number;
}

export function createDomainEvents(deps: DomainEventsDeps): DomainEvents {
  /** Subscribers by event name, then by subscriber name. */
  const subscribers = new Map<string, Map<string, EventHandler>>();
  const tally = createEventTally();
  const worker = createEventWorker({
    ...deps,
    tally,
    handlerOf: (name, subscriber) => subscribers.get(name)?.get(subscriber),
  });
  return {
    async publish(scope, name, data, options) {
      const eventId = randomUUID();
      const names = [...(subscribers.get(name)?.keys() ?? [])];
      await insertEventRows(scope.tx, { eventId, name, aggregate: options.aggregate, data, subscribers: names });
      scope.afterCommit(() => {
        tally.published(name);
        if (names.length > 0) worker.kick(scope.tenantId);
      });
      return eventId;
    },
    subscribe(name, subscriber, handler) {
      const ofName = subscribers.get(name) ?? new Map<string, EventHandler>();
      if (ofName.has(subscriber)) throw new Error(`${subscriber} already subscribes to ${name}`);
      ofName.set(subscriber, handler);
      subscribers.set(name, ofName);
    },
    tally: () => tally.snapshot(),
    start: () => worker.start(),
    stop: () => worker.stop(),
    kick: (tenantId) => worker.kick(tenantId),
    drain: (tenantId) => worker.drain(tenantId),
    runOnce: () => worker.runOnce(),
  };
}
