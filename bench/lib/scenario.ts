// What a scenario gets (the run id, the shared PostgreSQL server) and what it gives back: figures checked
// against their targets, details for the JSON file, and the problems it saw.
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BenchPostgres } from './postgres.js';

export interface BenchContext {
  runId: string;
  /** Absent only when the selected scenarios need no shared server (cold start alone). */
  pg: BenchPostgres | undefined;
  log(line: string): void;
}

export interface Check {
  figure: string;
  value: number | string;
  unit: string;
  /** e.g. "< 10000"; absent for figures reported for information. */
  target?: string;
  pass?: boolean;
}

export interface ScenarioResult {
  scenario: string;
  measuredAt: string;
  durationS: number;
  /** 1-minute load average of the machine when the scenario began: other work skews every figure. */
  loadAverageAtStart: number;
  checks: Check[];
  /** Problems seen in the service while measuring (failed requests, a cap exceeded, a slow shutdown). */
  problems: string[];
  details: Record<string, unknown>;
}

export type Scenario = (
  ctx: BenchContext,
) => Promise<Omit<ScenarioResult, 'scenario' | 'measuredAt' | 'durationS' | 'loadAverageAtStart'>>;

export function below(figure: string, value: number, unit: string, limit: number, inclusive = false): Check {
  return {
    figure,
    value,
    unit,
    target: `${inclusive ? '≤' : '<'} ${limit}`,
    pass: inclusive ? value <= limit : value < limit,
  };
}

export function atLeast(figure: string, value: number, unit: string, limit: number): Check {
  return { figure, value, unit, target: `≥ ${limit}`, pass: value >= limit };
}

/** `min ≤ value ≤ max`. */
export function between(figure: string, value: number, unit: string, min: number, max: number): Check {
  return { figure, value, unit, target: `${min}–${max}`, pass: value >= min && value <= max };
}

export function equals(figure: string, value: number, unit: string, expected: number): Check {
  return { figure, value, unit, target: `= ${expected}`, pass: value === expected };
}

export function info(figure: string, value: number | string, unit = ''): Check {
  return { figure, value, unit };
}

export function requirePostgres(ctx: BenchContext): BenchPostgres {
  if (!ctx.pg) throw new Error('this scenario needs the shared PostgreSQL server');
  return ctx.pg;
}

export interface ServiceSettings {
  /** The service's environment (loadConfig input). */
  env: Record<string, string>;
  dataDir: string;
  platformSecret: string;
}

/** Settings of a service of one scenario: its own platform and template databases and data folder. */
export async function serviceSettings(
  ctx: BenchContext,
  scenario: string,
  extra: Record<string, string> = {},
): Promise<ServiceSettings> {
  const pg = requirePostgres(ctx);
  const dataDir = await mkdtemp(path.join(tmpdir(), `tc-bench-${scenario}-`));
  const platformSecret = randomBytes(24).toString('base64url');
  const env = {
    DATABASE_URL: pg.url,
    TC_DATA_DIR: dataDir,
    TC_PLATFORM_DB: `tc_bench_${ctx.runId}_${scenario}_platform`,
    TC_TEMPLATE_DB: `tc_bench_${ctx.runId}_${scenario}_template`,
    TC_BASE_DOMAIN: 'localhost',
    TC_PLATFORM_CLIENT_SECRET: platformSecret,
    TC_NODE_ID: `bench-${scenario}`,
    TC_DEMO: 'false',
    TC_LOG_LEVEL: 'warn',
    // No scenario but ticket-supplier pays for copying the ticket catalog into its tenants.
    TC_TICKET_CATALOG_SYNC_HOURS: '0',
    ...extra,
  };
  return { env, dataDir, platformSecret };
}

/** Tenant codes of a scenario: `b<runId>-<tag>-<i>`, so a run's tenants can be found and dropped. */
export function tenantPrefix(ctx: BenchContext, tag: string): string {
  return `b${ctx.runId}-${tag}-`;
}
