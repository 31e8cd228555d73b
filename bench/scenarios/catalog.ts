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
import { atLeast, below, type Check, info, requirePostgres, type Scenario } from '../lib/scenario.js';
import { round } from '../lib/stats.js';
import { servedTenant, BENCH_ADMIN_PASSWORD } from '../lib/tenant.js';

const PRODUCTS = 20;
const DAYS = 30;
const CAPACITY = 40;
const HOLD_CAPACITY = 1_000_000;
const DAYS_AHEAD = 5;
const ADULTS = 2;
const P99_LIMIT_MS = 20;
/** The tenant's timezone, as the service child provisions it. */
const TIMEZONE = 'Asia/Dubai';

type Target = 'c' | 'product' | 'list' | 'avail' | 'tx' | 'hold' | 'spread';
/** Read targets, each against (c), with their minimal ratio. */
const READS = { product: 0.6, list: 0.5, avail: 0.4 } as const;

interface BuiltCatalog {
  categoryId: number;
  productIds: number[];
  variantIds: number[];
  holdVariantId: number;
  /** The tenant's calendar days with inventory. */
  dates: string[];
  setupMs: number;
}

export const catalog: Scenario = async (ctx) => {
  const pg = requirePostgres(ctx);
  const rounds = benchRounds();
  const stage = await startBenchStage(ctx, 'catalog', { tenantTag: 'c', adminPassword: BENCH_ADMIN_PASSWORD });
  try {
    const { bareDb, bareTx, service, poolSize, tenantCode, host, api } = stage;
    const admin = { session: stage.adminSession };
    const built = await buildCatalog(api, admin.session);
    ctx.log(
      `catalog built through the API in ${round(built.setupMs)} ms: ${PRODUCTS} products, ` +
        `${DAYS} days of inventory each, and the hold product`,
    );
    const productId = built.productIds[0] ?? 0;
    const day = built.dates[DAYS_AHEAD - 1] ?? '';
    const availability = await api.ok<{ available: boolean; statusReason: string | null }>('/product/getAvailability', {
      bookingRequest: { productId, date: day, adultCount: ADULTS },
    });
    if (!availability.available)
      throw new Error(`the product is not available on ${day}: ${availability.statusReason}`);

    const servicePort = service.port('service');
    const benchPort = service.port('bench');
    const slots = built.variantIds.flatMap((variantId) => built.dates.map((date) => ({ variantId, date })));
    let turn = 0;
    const { served, freshPool: freshTenantPool } = servedTenant(pg.admin, service, tenantCode);
    const targets: Record<Target, LoadTarget> = {
      c: {
        label: '(c) bare Fastify + postgres.js PK select',
        request: { port: bareDb.port('http'), path: '/item' },
        cpu: { pid: bareDb.pid, applicationName: 'tc-bench-baseline' },
        freshPool: () => resetPool(bareDb),
      },
      product: {
        label: 'POST /product/getProduct',
        request: {
          port: servicePort,
          host,
          method: 'POST',
          path: '/product/getProduct',
          body: JSON.stringify({ productId }),
        },
        profiled: service,
        cpu: served,
        freshPool: freshTenantPool,
      },
      list: {
        label: `GET /product/getCategoryProducts (${PRODUCTS} products)`,
        request: { port: servicePort, host, path: `/product/getCategoryProducts?category=${built.categoryId}` },
        profiled: service,
        cpu: served,
        freshPool: freshTenantPool,
      },
      avail: {
        label: `POST /product/getAvailability (+${DAYS_AHEAD} days, ${ADULTS} adults)`,
        request: {
          port: servicePort,
          host,
          method: 'POST',
          path: '/product/getAvailability',
          body: JSON.stringify({ bookingRequest: { productId, date: day, adultCount: ADULTS } }),
        },
        profiled: service,
        cpu: served,
        freshPool: freshTenantPool,
      },
      tx: {
        label: '(tx) bare Fastify + postgres.js sql.begin cart write',
        request: { port: bareTx.port('http'), path: '/cart/add' },
        cpu: { pid: bareTx.pid, applicationName: 'tc-bench-baseline-tx' },
        freshPool: () => resetPool(bareTx),
      },
      hold: {
        label: 'hold + release, one slot',
        request: { port: benchPort, host, path: `/bench/hold-release?variantId=${built.holdVariantId}&date=${day}` },
        profiled: service,
        cpu: served,
        freshPool: freshTenantPool,
      },
      spread: {
        label: `hold + release, ${slots.length} slots in turn`,
        request: {
          port: benchPort,
          host,
          path: `/bench/hold-release?variantId=${built.holdVariantId}&date=${day}`,
          setupRequest: (request) => {
            const slot = slots[turn++ % slots.length];
            return { ...request, path: `/bench/hold-release?variantId=${slot?.variantId}&date=${slot?.date}` };
          },
        },
        profiled: service,
        cpu: served,
        freshPool: freshTenantPool,
      },
    };
    const runs = await measureTargets(targets, { rounds, log: ctx.log, admin: pg.admin });
    const profiles = profiling() ? await profileTargets('catalog', ctx.runId, targets, ctx.log) : undefined;

    const keys = Object.keys(targets) as Target[];
    const figures = Object.fromEntries(keys.map((key) => [key, summarize(runs[key])])) as Record<
      Target,
      ReturnType<typeof summarize>
    >;
    const ratios = {
      product: ratio(runs.product, runs.c),
      list: ratio(runs.list, runs.c),
      avail: ratio(runs.avail, runs.c),
      hold: ratio(runs.hold, runs.tx),
      spread: ratio(runs.spread, runs.tx),
    };
    const checks: Check[] = [];
    for (const key of keys) checks.push(loadLine(targets[key].label, figures[key]));
    for (const key of Object.keys(READS) as Array<keyof typeof READS>) {
      checks.push(atLeast(`ratio ${key}/(c)`, ratios[key], '', READS[key]));
      checks.push(below(`${key} p99 at ${CONNECTIONS} connections`, figures[key].p99Ms, 'ms', P99_LIMIT_MS));
    }
    checks.push(atLeast('ratio hold/(tx)', ratios.hold, '', 0.4), info('ratio spread/(tx)', ratios.spread));
    return {
      checks,
      problems: loadProblems(targets, runs, service),
      details: {
        ...loadSettings(rounds),
        baselinePoolSize: poolSize,
        catalog: {
          products: PRODUCTS,
          days: DAYS,
          capacity: CAPACITY,
          holdCapacity: HOLD_CAPACITY,
          availabilityDate: day,
          setupMs: round(built.setupMs),
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

/** The catalog, as an admin would enter it: category, products, their default variants' inventory. */
async function buildCatalog(api: TenantApi, session: string): Promise<BuiltCatalog> {
  const started = performance.now();
  const today = formatDate(new Date(), TIMEZONE);
  const dates = Array.from({ length: DAYS }, (_, i) => addDays(today, i + 1));
  const dateFrom = dates[0] ?? today;
  const dateTo = dates.at(-1) ?? today;
  const category = await api.ok<{ categoryId: number }>(
    '/product/saveCategory',
    { categoryName: 'Bench tours' },
    session,
  );
  const product = async (code: string, name: string, categoryId: number, price: number, capacity: number) => {
    const saved = await api.ok<{ productId: number }>(
      '/product/saveProduct',
      {
        prodCode: code,
        prodName: name,
        productPrice: price,
        childPrice: round(price * 0.7, 2),
        publicCategoryId: categoryId,
        maxQuantity: 20,
        productDescription: `${name}: hotel pick-up, a guide, and the evening's entry tickets.`,
        productTerms: 'Pick-up 30 minutes before the start.',
        cancelPolicy: 'Free cancellation up to 24 hours before.',
        childPolicy: 'Children under 3 go free.',
        transfers: [{ transferName: 'Shared pick-up', transferType: 'SIC', price: 25 }],
      },
      session,
    );
    const [variant] = await api.ok<Array<{ servid: number }>>(
      '/product/getProductVariants',
      { productId: saved.productId },
      session,
    );
    if (!variant) throw new Error(`${code} has no variant`);
    await api.ok(
      '/product/setInventory',
      { productId: saved.productId, variantId: variant.servid, dateFrom, dateTo, capacity },
      session,
    );
    return { productId: saved.productId, variantId: variant.servid };
  };
  const built = [];
  for (let i = 1; i <= PRODUCTS; i++) {
    built.push(await product(`BENCH-${i}`, `Bench tour ${i}`, category.categoryId, 100 + i * 10, CAPACITY));
  }
  const holds = await api.ok<{ categoryId: number }>('/product/saveCategory', { categoryName: 'Bench holds' }, session);
  const held = await product('BENCH-HOLD', 'Bench hold product', holds.categoryId, 50, HOLD_CAPACITY);
  return {
    categoryId: category.categoryId,
    productIds: built.map((entry) => entry.productId),
    variantIds: built.map((entry) => entry.variantId),
    holdVariantId: held.variantId,
    dates,
    setupMs: performance.now() - started,
  };
}
