// Issue 13: POST /document/getQuote (a quote of 10 lines, by quoteId, with an employee's session) against a bare
// primary-key read through the same service stack: GET /bench/customer, one customer by primary key in a tenant
// operation of the bench's app. 10 connections, as a back office; getQuote must reach half the baseline's req/s.
import { rm } from 'node:fs/promises';
import { type ServerChild, startServerChild } from '../lib/child.js';
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
import { atLeast, below, type Check, requirePostgres, type Scenario, serviceSettings } from '../lib/scenario.js';
import { provisionBenchTenant, tenantTargets } from '../lib/tenant.js';

const CONNECTIONS = 10;
const LINES = 10;
const RATIO_TARGET = 0.5;
const P99_LIMIT_MS = 50;

type Target = 'pk' | 'quote';

export const quotes: Scenario = async (ctx) => {
  const pg = requirePostgres(ctx);
  const rounds = benchRounds();
  const settings = await serviceSettings(ctx, 'quotes');
  let service: ServerChild | undefined;
  try {
    service = await startServerChild('service.ts', settings.env);
    const { tenantCode, api, admin } = await provisionBenchTenant(ctx, service, 'qu');
    const customer = await api.ok<{ customerId: number }>(
      '/customer/create',
      { custName: 'Amira Hashimi', email: 'amira@bench.example', mobilePhone: '+971500000009' },
      admin.session,
    );
    const items = Array.from({ length: LINES }, (_, i) => ({
      description: `Excursion ${i + 1}`,
      quantity: 1 + (i % 3),
      unitPrice: 99.5 + i,
    }));
    const quote = await api.ok<{ quoteId: number; quoteNumber: string }>(
      '/document/createQuote',
      { customerId: customer.customerId, items },
      admin.session,
    );
    ctx.log(`quote ${quote.quoteNumber} of ${LINES} lines for customer ${customer.customerId}`);

    const child = service;
    const target = tenantTargets(pg.admin, child, tenantCode, CONNECTIONS);
    const targets: Record<Target, LoadTarget> = {
      pk: target.benchRead(
        '(pk) GET /bench/customer: one customer by primary key through the kernel (anyone)',
        `/bench/customer?customerId=${customer.customerId}`,
      ),
      quote: target.operation(
        `POST /document/getQuote of ${LINES} lines (employee session)`,
        '/document/getQuote',
        { quoteId: quote.quoteId },
        admin.session,
      ),
    };
    const runs = await measureTargets(targets, { rounds, log: ctx.log, admin: pg.admin });
    const profiles = profiling() ? await profileTargets('quotes', ctx.runId, targets, ctx.log) : undefined;
    const figures = { pk: summarize(runs.pk), quote: summarize(runs.quote) };
    const getQuoteRatio = ratio(runs.quote, runs.pk);
    const checks: Check[] = [
      loadLine(targets.pk.label, figures.pk),
      loadLine(targets.quote.label, figures.quote),
      atLeast('ratio getQuote / (pk)', getQuoteRatio, '', RATIO_TARGET),
      below(`getQuote p99 at ${CONNECTIONS} connections`, figures.quote.p99Ms, 'ms', P99_LIMIT_MS),
    ];
    return {
      checks,
      problems: loadProblems(targets, runs, service),
      details: {
        ...loadSettings(rounds),
        connections: CONNECTIONS,
        quote: { lines: LINES, quoteNumber: quote.quoteNumber },
        medians: figures,
        ratios: { getQuote: getQuoteRatio },
        runs,
        ...(profiles ? { profiles } : {}),
      },
    };
  } finally {
    await service?.stop().catch((error: unknown) => ctx.log(String(error)));
    await rm(settings.dataDir, { recursive: true, force: true });
  }
};
