// The catalog sync against the Tiqets loopback fake, on a tenant's real database: what it copies (timezones and
// currencies Tiqets does not give looked up), that a second run writes no unchanged row, that changes and removals
// at the supplier arrive, that a city's `enabled` survives, that a run failing half-way keeps what it committed and
// the next one resumes after its cursor, that a supplier down leaves the previous copy served, and when the
// periodic round syncs a tenant on its own.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestTenant, tenant } from '../../../../test/support/factories.js';
import { runJobOnce, startTestService } from '../../../../test/support/service.js';
import { startTiqetsFake, type TiqetsFake } from '../../../../test/support/tiqets-fake.js';
import { experiences as fakeExperiences } from '../../../../test/support/tiqets-fake-data.js';
import {
  createTicketSupplier,
  loadTicketSupplierSettings,
  type TicketCatalog,
  TicketCatalogError,
} from '../../../integrations/ticket-supplier/index.js';
import type { Service } from '../../../service.js';
import type { Experience } from '../ticket-supplier.schemas.js';
import { readSyncState } from './sync.repository.js';
import { claimRun } from './sync.repository.js';
import { FORCED_SYNC_JOB, isDue, SYNC_JOB } from './sync.job.js';
import { runSync } from './sync.js';

let fake: TiqetsFake;
let service: Service;
let t: TestTenant;

const tiqetsEnv = () => ({
  TC_TICKET_SUPPLIER: 'tiqets',
  TC_TIQETS_URL: fake.url,
  TC_TIQETS_TOKEN: fake.token,
  TC_TIQETS_RETRIES: '0',
});

beforeAll(async () => {
  fake = await startTiqetsFake();
  service = await startTestService({ env: tiqetsEnv() });
  t = await tenant(service);
});
afterAll(async () => {
  await service.close();
  await fake.stop();
});
afterEach(() => {
  fake.requests.length = 0;
});

const count = (table: string) => t.db(async (sql) => (await sql`SELECT count(*)::int AS n FROM ${sql(table)}`)[0]?.n);
const stamps = (table: string, key: string) =>
  t.db(
    async (sql) =>
      new Map(
        (await sql`SELECT ${sql(key)} AS key, synced_at FROM ${sql(table)}`).map((row) => [
          String(row.key),
          (row.synced_at as Date).getTime(),
        ]),
      ),
  );
const state = () => t.db((sql) => readSyncState(sql));

/** The Tiqets adapter on the fake, with `fail` deciding which city's experiences fail. */
function catalogFailingAt(cityCode: string): TicketCatalog {
  const catalog = createTicketSupplier(loadTicketSupplierSettings(tiqetsEnv())).catalog;
  return {
    ...catalog,
    experiences: (filter, signal) =>
      filter.cityId === cityCode
        ? Promise.reject(new TicketCatalogError('unavailable', 'Tiqets answered HTTP 503'))
        : catalog.experiences(filter, signal),
  };
}

describe('the catalog sync', () => {
  it('copies the whole catalog, cities with looked-up timezones and currencies', async () => {
    await runJobOnce(service, FORCED_SYNC_JOB);
    expect(await count('ts_countries')).toBe(2);
    expect(await count('ts_cities')).toBe(230);
    expect(await count('ts_tag_types')).toBe(2);
    expect(await count('ts_tags')).toBe(2);
    expect(await count('ts_experiences')).toBe(105);
    expect(await count('ts_products')).toBe(150);
    expect(await count('ts_variants')).toBe(2 + 1 + 148);
    const cities = await t.db(
      (sql) => sql`SELECT city_code, country_code, timezone, currency, content_synced_at FROM ts_cities
                   WHERE city_code IN ('100', '101') ORDER BY city_code`,
    );
    expect(cities.map((city) => [city.city_code, city.country_code, city.timezone, city.currency])).toEqual([
      ['100', 'AE', 'Asia/Dubai', 'AED'],
      ['101', 'NL', 'Europe/Amsterdam', 'EUR'],
    ]);
    expect(cities.every((city) => city.content_synced_at instanceof Date)).toBe(true);
    expect(await state()).toMatchObject({ cursor: null, run_node: null, last_error: null });
    expect((await state())?.last_completed_at).toBeInstanceOf(Date);
  });

  it('writes only what changed, deletes what the supplier stopped listing, and keeps a city enabled', async () => {
    await t.db((sql) => sql`UPDATE ts_cities SET enabled = true WHERE city_code = '101'`);
    const titleOf3001 = async () =>
      (await t.api.ok<Experience[]>('/ticketsupplier/experiences', { cityId: '101', pageSize: 5 })).find(
        (item) => item.experienceId === '3001',
      )?.title;
    expect(await titleOf3001()).toBe('Experience 2');
    const before = await stamps('ts_experiences', 'experience_id');
    const productsBefore = await stamps('ts_products', 'product_id');
    const removed = fakeExperiences.splice(104, 1);
    const changed = fakeExperiences[1];
    if (!changed) throw new Error('no experience 3001');
    const title = changed.title;
    changed.title = 'Canal cruise';
    try {
      await runJobOnce(service, FORCED_SYNC_JOB);
    } finally {
      fakeExperiences.push(...removed);
      changed.title = title;
    }
    const after = await stamps('ts_experiences', 'experience_id');
    expect(after.size).toBe(104);
    expect(after.has('3104')).toBe(false);
    const rewritten = [...after].filter(([id, at]) => before.get(id) !== at).map(([id]) => id);
    expect(rewritten).toEqual(['3001']);
    // the node's kept page of the city is not sent again once the experiences changed
    expect(await titleOf3001()).toBe('Canal cruise');
    expect(await stamps('ts_products', 'product_id')).toEqual(productsBefore);
    const [city] = await t.db((sql) => sql`SELECT enabled FROM ts_cities WHERE city_code = '101'`);
    expect(city?.enabled).toBe(true);
  });

  it('a run failing half-way keeps the cities it committed; the next resumes after its cursor', async () => {
    await t.db((sql) => sql`UPDATE ts_products SET title = 'stale' WHERE city_code = '101'`);
    await t.db((sql) => sql`UPDATE ts_products SET content_hash = 'stale' WHERE city_code = '101'`);
    const failing = catalogFailingAt('150');
    const clock = () => new Date();
    const error = await t.db((sql) => runSync(sql, { catalog: failing, node: 'node-a', clock })).catch((e) => e);
    expect(error).toBeInstanceOf(TicketCatalogError);
    // '101' < '150' in code-point order: committed; '150' failed and the cursor stayed on '149'.
    expect(await state()).toMatchObject({ cursor: '149', run_node: null, last_error: 'Tiqets answered HTTP 503' });
    const titles = await t.db((sql) => sql`SELECT DISTINCT title FROM ts_products WHERE city_code = '101'`);
    expect(titles.some((row) => row.title === 'stale')).toBe(false);
    fake.requests.length = 0;
    const healthy = catalogFailingAt('none');
    expect(await t.db((sql) => runSync(sql, { catalog: healthy, node: 'node-a', clock }))).toEqual({
      kind: 'synced',
      cities: 230 - 50,
    });
    const askedCities = fake.requests.filter((request) => request.path === '/experiences').map((r) => r.query.city_id);
    expect(askedCities).not.toContain('101');
    expect(askedCities).toContain('150');
    expect(await state()).toMatchObject({ cursor: null, last_error: null });
  });

  it('a node stopping ends its run after the current city, gives the claim up and leaves it resumable', async () => {
    const stop = new AbortController();
    const healthy = catalogFailingAt('none');
    const catalog = {
      ...healthy,
      experiences: (filter: { cityId?: string }, signal?: AbortSignal) => {
        if (filter.cityId === '120') stop.abort();
        return healthy.experiences(filter, signal);
      },
    };
    const run = { catalog, node: 'node-a', clock: () => new Date(), signal: stop.signal };
    expect(await t.db((sql) => runSync(sql, run))).toEqual({ kind: 'stopped' });
    const stopped = await state();
    expect(stopped).toMatchObject({ run_node: null, heartbeat_at: null });
    expect(['119', '120']).toContain(stopped?.cursor);
    expect(isDue(stopped, new Date(), 24)).toBe(true);
    const resumed = await t.db((sql) => runSync(sql, { catalog: healthy, node: 'node-b', clock: () => new Date() }));
    expect(resumed.kind).toBe('synced');
    expect((await state())?.cursor).toBeNull();
  });

  it('the supplier down: the run fails and the previous copy is still served', async () => {
    const before = await count('ts_experiences');
    // The four lists the run starts with, asked at once: each fails.
    fake.failNext(...Array.from({ length: 4 }, () => ({ status: 503 })));
    await runJobOnce(service, FORCED_SYNC_JOB);
    expect((await state())?.last_error).toMatch(/503/);
    expect(await count('ts_experiences')).toBe(before);
    const page = await t.api.ok<unknown[]>('/ticketsupplier/experiences', { cityId: '101', pageSize: 10 });
    expect(page).toHaveLength(10);
    expect(await t.api.ok<unknown[]>('/ticketsupplier/cities', { enabledOnly: true })).toHaveLength(1);
  });

  it('one claim at a time: a second node is kept out until the first one’s heartbeat is stale', async () => {
    const now = new Date();
    const long = new Date(now.getTime() - 3_600_000);
    expect(await t.db((sql) => claimRun(sql, 'node-a', now, long))).toEqual({ cursor: null });
    expect(await t.db((sql) => claimRun(sql, 'node-b', now, long))).toBeUndefined();
    const later = new Date(now.getTime() + 11 * 60_000);
    expect(await t.db((sql) => claimRun(sql, 'node-b', later, new Date(later.getTime() - 10 * 60_000)))).toEqual({
      cursor: null,
    });
    await t.db((sql) => sql`UPDATE ts_sync_state SET run_node = NULL, heartbeat_at = NULL`);
  });
});

describe('when a tenant is due', () => {
  const at = (iso: string) => new Date(iso);
  const base = {
    cursor: null,
    run_started_at: null,
    run_node: null,
    heartbeat_at: null,
    last_completed_at: null,
    last_failed_at: null,
    last_error: null,
  };
  const now = at('2026-11-29T12:00:00Z');

  it('never synced, resumable, or older than the interval; not while running, just failed, or with 0 hours', () => {
    expect(isDue(base, now, 24)).toBe(true);
    expect(isDue(base, now, 0)).toBe(false);
    expect(isDue({ ...base, last_completed_at: at('2026-11-28T13:00:00Z') }, now, 24)).toBe(false);
    expect(isDue({ ...base, last_completed_at: at('2026-11-28T11:59:00Z') }, now, 24)).toBe(true);
    expect(isDue({ ...base, cursor: '150', last_completed_at: now }, now, 24)).toBe(true);
    expect(isDue({ ...base, heartbeat_at: at('2026-11-29T11:55:00Z') }, now, 24)).toBe(false);
    expect(isDue({ ...base, heartbeat_at: at('2026-11-29T11:45:00Z') }, now, 24)).toBe(true);
    expect(isDue({ ...base, cursor: '150', last_failed_at: at('2026-11-29T11:50:00Z') }, now, 24)).toBe(false);
    expect(isDue({ ...base, cursor: '150', last_failed_at: at('2026-11-29T11:40:00Z') }, now, 24)).toBe(true);
  });

  it('the periodic round syncs a new tenant, then again only once its last sync is older than the setting', async () => {
    const rounds = await startTestService({ env: { ...tiqetsEnv(), TC_TICKET_CATALOG_SYNC_HOURS: '24' } });
    try {
      const fresh = await tenant(rounds);
      await rounds.periodic.runDueNow();
      const first = await fresh.db((sql) => readSyncState(sql));
      expect(first?.last_completed_at).toBeInstanceOf(Date);
      await runJobOnce(rounds, SYNC_JOB);
      expect((await fresh.db((sql) => readSyncState(sql)))?.last_completed_at).toEqual(first?.last_completed_at);
      await fresh.db(
        (sql) => sql`UPDATE ts_sync_state SET last_completed_at = last_completed_at - interval '25 hours'`,
      );
      await runJobOnce(rounds, SYNC_JOB);
      const again = await fresh.db((sql) => readSyncState(sql));
      expect(again?.last_completed_at?.getTime()).toBeGreaterThan(first?.last_completed_at?.getTime() ?? 0);
    } finally {
      await rounds.close();
    }
  });
});
