import { performance } from 'node:perf_hooks';
import { addDays, formatDate } from '../../src/platform/time.js';
import type { TenantApi } from '../lib/api.js';
import { resetPool } from '../lib/child.js';
import { startBenchStage } from '../lib/stage.js';
import {
  benchRounds,
  CONNECTIONS,
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
import { atLeast, below, type Check, requirePostgres, type Scenario } from '../lib/scenario.js';
import { round } from '../lib/stats.js';
import { servedTenant, SESSION_HEADER, BENCH_ADMIN_PASSWORD } from '../lib/tenant.js';

const SESSIONS = 200;
const LOAD_ITEMS = 3;
const CAPACITY = 1_000_000;
const DAYS = 30;
const DAYS_AHEAD = 5;
const PRICE = 150;
const P99_LIMIT_MS = 50;
const MIN_RATIO = 0.5;
/** The tenant's timezone, as the service child provisions it. */
const TIMEZONE = 'Asia/Dubai';

type Target = 'tx' | 'add' | 'c' | 'load';

interface BuiltProduct {
  productId: number;
  variantId: number;
  unitId: number;
  dates: string[];
}

export const cart: Scenario = async (ctx) => {
  const pg = requirePostgres(ctx);
  const rounds = benchRounds();
  const stage = await startBenchStage(ctx, 'cart', {
    tenantTag: 'k',
    adminPassword: BENCH_ADMIN_PASSWORD,
    env: { TC_RATE_LIMIT_GUEST: String(SESSIONS * 10) },
  });
  try {
    const { bareDb, bareTx, service, poolSize, tenantCode, host, api } = stage;
    const admin = { session: stage.adminSession };
    const started = performance.now();
    const product = await buildProduct(api, admin.session);
    const day = product.dates[DAYS_AHEAD - 1] ?? '';
    const item = { productId: product.productId, unitId: product.unitId, unitPrice: PRICE, quantity: 1, bookDate: day };
    const sessions: string[] = [];
    for (let i = 0; i < SESSIONS; i++) sessions.push((await api.ok<{ session: string }>('/auth/guest')).session);
    const loaded = (await api.ok<{ session: string }>('/auth/guest')).session;
    for (let i = 0; i < LOAD_ITEMS; i++) {
      await api.ok('/cart/addItem', { items: [{ ...item, bookDate: product.dates[i] ?? day }] }, loaded);
    }
    const cartView = await api.ok<{ items: Array<{ unitPrice: number; isAvailable: boolean }> }>(
      '/cart/load',
      {},
      loaded,
    );
    if (cartView.items.length !== LOAD_ITEMS || cartView.items.some((i) => i.unitPrice !== PRICE || !i.isAvailable)) {
      throw new Error(`the loaded cart is not as built: ${JSON.stringify(cartView.items)}`);
    }
    const setupMs = performance.now() - started;
    ctx.log(
      `product, ${SESSIONS + 1} guest sessions and a cart of ${LOAD_ITEMS} items made through the API in ` +
        `${round(setupMs)} ms`,
    );

    const servicePort = service.port('service');
    let turn = 0;
    const { served, freshPool: freshTenantPool } = servedTenant(pg.admin, service, tenantCode);
    const targets: Record<Target, LoadTarget> = {
      tx: {
        label: '(tx) bare Fastify + postgres.js sql.begin cart write',
        request: { port: bareTx.port('http'), path: '/cart/add' },
        cpu: { pid: bareTx.pid, applicationName: 'tc-bench-baseline-tx' },
        freshPool: () => resetPool(bareTx),
      },
      add: {
        label: `POST /cart/addItem (1 adult, a hold; ${SESSIONS} guest sessions in turn)`,
        request: {
          port: servicePort,
          host,
          method: 'POST',
          path: '/cart/addItem',
          body: JSON.stringify({ items: [item] }),
          headers: { [SESSION_HEADER]: sessions[0] ?? '' },
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, [SESSION_HEADER]: sessions[turn++ % sessions.length] ?? '' },
          }),
          // every answer names the new item's itemId: OK and one item added
          verifyBody: (body) => body.includes('"errorCode":"OK"') && body.includes('"itemId":'),
        },
        profiled: service,
        cpu: served,
        freshPool: freshTenantPool,
      },
      c: {
        label: '(c) bare Fastify + postgres.js PK select',
        request: { port: bareDb.port('http'), path: '/item' },
        cpu: { pid: bareDb.pid, applicationName: 'tc-bench-baseline' },
        freshPool: () => resetPool(bareDb),
      },
      load: {
        label: `POST /cart/load (${LOAD_ITEMS} items, fresh holds: the kept view once its version is checked)`,
        request: {
          port: servicePort,
          host,
          method: 'POST',
          path: '/cart/load',
          body: '{}',
          headers: { [SESSION_HEADER]: loaded },
        },
        profiled: service,
        cpu: served,
        freshPool: freshTenantPool,
      },
    };
    const runs = await measureTargets(targets, { rounds, log: ctx.log, admin: pg.admin });
    const profiles = profiling() ? await profileTargets('cart', ctx.runId, targets, ctx.log) : undefined;

    const keys = Object.keys(targets) as Target[];
    const figures = Object.fromEntries(keys.map((key) => [key, summarize(runs[key])])) as Record<
      Target,
      ReturnType<typeof summarize>
    >;
    const ratios = { add: ratio(runs.add, runs.tx), load: ratio(runs.load, runs.c) };
    const checks: Check[] = [];
    for (const key of keys) checks.push(loadLine(targets[key].label, figures[key]));
    checks.push(atLeast('ratio add/(tx)', ratios.add, '', MIN_RATIO));
    checks.push(atLeast('ratio load/(c)', ratios.load, '', MIN_RATIO));
    for (const key of ['add', 'load'] as const) {
      checks.push(below(`${key} p99 at ${CONNECTIONS} connections`, figures[key].p99Ms, 'ms', P99_LIMIT_MS));
    }
    return {
      checks,
      problems: loadProblems(targets, runs, service),
      details: {
        ...loadSettings(rounds),
        baselinePoolSize: poolSize,
        cart: {
          sessions: SESSIONS,
          loadItems: LOAD_ITEMS,
          capacity: CAPACITY,
          price: PRICE,
          bookDate: day,
          setupMs: round(setupMs),
        },
        medians: figures,
        ratios,
        runs,
        ...(profiles ? { profiles } : {}),
      },
    };
  } finally {
    await stage.stop();
  }
};

/** One product as an admin would enter it, its default variant with CAPACITY seats a day for DAYS days. */
async function buildProduct(api: TenantApi, session: string): Promise<BuiltProduct> {
  const today = formatDate(new Date(), TIMEZONE);
  const dates = Array.from({ length: DAYS }, (_, i) => addDays(today, i + 1));
  const category = await api.ok<{ categoryId: number }>(
    '/product/saveCategory',
    { categoryName: 'Bench carts' },
    session,
  );
  const saved = await api.ok<{ productId: number }>(
    '/product/saveProduct',
    {
      prodCode: 'BENCH-CART',
      prodName: 'Bench cart tour',
      productPrice: PRICE,
      childPrice: round(PRICE * 0.7, 2),
      publicCategoryId: category.categoryId,
      maxQuantity: 20,
      productDescription: 'Bench cart tour: hotel pick-up, a guide, and the evening entry tickets.',
    },
    session,
  );
  const [variant] = await api.ok<Array<{ servid: number }>>(
    '/product/getProductVariants',
    { productId: saved.productId },
    session,
  );
  if (!variant) throw new Error('BENCH-CART has no variant');
  await api.ok(
    '/product/setInventory',
    {
      productId: saved.productId,
      variantId: variant.servid,
      dateFrom: dates[0] ?? today,
      dateTo: dates.at(-1) ?? today,
      capacity: CAPACITY,
    },
    session,
  );
  const product = await api.ok<{ unitId: number; productPrice: number }>('/product/getProduct', {
    productId: saved.productId,
  });
  if (product.productPrice !== PRICE) throw new Error(`BENCH-CART costs ${product.productPrice}, not ${PRICE}`);
  return { productId: saved.productId, variantId: variant.servid, unitId: product.unitId, dates };
}
