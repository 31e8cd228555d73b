// Load targets measured against each other in one run: every target at 50 connections, 2 s warm-up (dropped),
// 5 s measured, one after another, BENCH_ROUNDS (1-5) times: in the order given in odd rounds, in the reverse
// order in even ones, so that no target always runs first or right after the same one. Figures are medians
// over the rounds; a ratio is the median of the rounds' ratios (each round's runs are close together in time).
// Each run may start from a fresh database pool in the server (freshPool), so that no target pays for the runs
// before it (unpatched, postgres.js 3.4.9 slowed down with every query a saturated pool had served). With a CpuWatch, each measured run also records the CPU time per request of the
// server child, of the PostgreSQL backends serving it, and of the load generator (lib/cpu.ts).
// BENCH_PROFILE=1: afterwards one more run of each target served by a child with a profiler, with the CPU
// profile of the measured 5 s written to bench/results/profiles/ and summarised (never part of the figures).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Sql } from '../../src/platform/database/connections.js';
import { askFor, type ServerChild } from './child.js';
import { type CpuPerRequest, type CpuSample, type CpuWatch, cpuPerRequest, sampleCpu } from './cpu.js';
import { ROOT } from './env.js';
import { expectOkAnswer } from './http.js';
import { type LoadFigures, type LoadOptions, runLoad } from './load.js';
import { type CpuProfile, type ProfileSummary, summarizeProfile } from './profile.js';
import { type Check, info } from './scenario.js';
import { median, round } from './stats.js';

export const CONNECTIONS = 50;
export const WARMUP_SECONDS = 2;
export const SECONDS = 5;

export const PROFILE_DIR = path.join(ROOT, 'bench', 'results', 'profiles');

export interface LoadTarget {
  label: string;
  /** Connections of its runs; default CONNECTIONS (a back-office target takes fewer). */
  connections?: number;
  request: Omit<LoadOptions, 'connections' | 'warmupSeconds' | 'seconds' | 'expectBody' | 'beforeMeasured'>;
  /** The child serving the target, when it can profile itself (the service child). */
  profiled?: ServerChild;
  /** Whose CPU time to count during the measured run. */
  cpu?: CpuWatch;
  /** Gives the server a fresh database pool; called before every run (its warm-up opens the connections). */
  freshPool?: () => Promise<void>;
}

export interface MeasuredRun extends LoadFigures {
  cpu?: CpuPerRequest;
}

export interface Summary {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  failures: number;
  /** Medians over the rounds, µs of CPU per request. */
  cpu?: { serverUs: number; postgresUs: number | undefined; loadGeneratorUs: number };
}

export function benchRounds(): number {
  return Math.min(5, Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1) || 1));
}

export function profiling(): boolean {
  return Boolean(process.env.BENCH_PROFILE) && process.env.BENCH_PROFILE !== '0';
}

/**
 * The body every answer of the target must have: one request before the load, which must answer OK. Undefined
 * when the target checks its answers itself (request.verifyBody), after that request all the same.
 */
async function firstAnswer(target: LoadTarget): Promise<string | undefined> {
  const { port, method, path, host, headers, body, verifyBody } = target.request;
  const answer = await expectOkAnswer(port, { method, path, host, headers, body });
  return verifyBody ? undefined : answer;
}

/** One run of the target from a fresh pool: its first answer checked, the load, `beforeMeasured` after warm-up. */
async function runTarget(target: LoadTarget, beforeMeasured: () => Promise<void>): Promise<LoadFigures> {
  await target.freshPool?.();
  return runLoad({
    ...target.request,
    connections: target.connections ?? CONNECTIONS,
    warmupSeconds: WARMUP_SECONDS,
    seconds: SECONDS,
    expectBody: await firstAnswer(target),
    beforeMeasured,
  });
}

/** How the runs were made, for a scenario's details. */
export function loadSettings(rounds: number) {
  return { connections: CONNECTIONS, warmupSeconds: WARMUP_SECONDS, seconds: SECONDS, rounds };
}

export async function measureTargets<K extends string>(
  targets: Record<K, LoadTarget>,
  options: { rounds: number; log: (line: string) => void; admin?: Sql },
): Promise<Record<K, MeasuredRun[]>> {
  const { rounds, log, admin } = options;
  const keys = Object.keys(targets) as K[];
  const runs = Object.fromEntries(keys.map((key) => [key, [] as MeasuredRun[]])) as Record<K, MeasuredRun[]>;
  for (let round = 1; round <= rounds; round++) {
    for (const key of round % 2 === 1 ? keys : [...keys].reverse()) {
      const target = targets[key];
      const watch = admin && target.cpu ? { admin, cpu: target.cpu } : undefined;
      let before: CpuSample | undefined;
      const figures: MeasuredRun = await runTarget(target, async () => {
        if (watch) before = await sampleCpu(watch.admin, watch.cpu);
      });
      if (watch && before) {
        const cpu = cpuPerRequest(before, await sampleCpu(watch.admin, watch.cpu), figures.requests);
        if (cpu) figures.cpu = cpu;
      }
      runs[key].push(figures);
      const cpu = figures.cpu
        ? `; CPU µs/request: server ${figures.cpu.serverUs}, PostgreSQL ${figures.cpu.postgresUs ?? '?'}, ` +
          `autocannon ${figures.cpu.loadGeneratorUs}`
        : '';
      log(
        `${target.label}: ${figures.requestsPerSecond} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, ` +
          `${figures.failures} failed${cpu}${rounds > 1 ? ` (round ${round})` : ''}`,
      );
    }
  }
  return runs;
}

/** One extra run of each profiled target with the child's CPU profile over the measured seconds. */
export async function profileTargets<K extends string>(
  scenario: string,
  runId: string,
  targets: Record<K, LoadTarget>,
  log: (line: string) => void,
): Promise<Partial<Record<K, ProfileSummary & { file: string; requestsPerSecond: number }>>> {
  const summaries: Partial<Record<K, ProfileSummary & { file: string; requestsPerSecond: number }>> = {};
  for (const key of Object.keys(targets) as K[]) {
    const target = targets[key];
    const child = target.profiled;
    if (!child) continue;
    const file = path.join(PROFILE_DIR, `${scenario}-${key}-${runId}.cpuprofile`);
    const figures = await runTarget(target, async () => {
      await askFor(child, { kind: 'profile', action: 'start' }, 'profile', 10_000);
    });
    await askFor(child, { kind: 'profile', action: 'stop', file }, 'profile', 60_000);
    const summary = summarizeProfile(JSON.parse(await readFile(file, 'utf8')) as CpuProfile);
    summaries[key] = { file: path.relative(ROOT, file), requestsPerSecond: figures.requestsPerSecond, ...summary };
    const places = summary.byPlace
      .slice(0, 6)
      .map((entry) => `${entry.place} ${entry.percent} %`)
      .join(', ');
    log(`profile of ${target.label} (${figures.requestsPerSecond} req/s while profiled): ${places}`);
  }
  return summaries;
}

export function summarize(runs: readonly MeasuredRun[]): Summary {
  const cpu = runs.flatMap((run) => (run.cpu ? [run.cpu] : []));
  const postgres = cpu.flatMap((run) => (run.postgresUs === undefined ? [] : [run.postgresUs]));
  return {
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    p50Ms: median(runs.map((run) => run.p50Ms)),
    p99Ms: median(runs.map((run) => run.p99Ms)),
    maxMs: median(runs.map((run) => run.maxMs)),
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
    ...(cpu.length > 0
      ? {
          cpu: {
            serverUs: median(cpu.map((run) => run.serverUs)),
            postgresUs: postgres.length > 0 ? median(postgres) : undefined,
            loadGeneratorUs: median(cpu.map((run) => run.loadGeneratorUs)),
          },
        }
      : {}),
  };
}

/** A table line for a target: req/s (p50 / p99 ms), and with CPU figures their split per request. */
export function loadLine(label: string, summary: Summary): Check {
  const latency = `${round(summary.requestsPerSecond)} (${summary.p50Ms} / ${summary.p99Ms})`;
  if (!summary.cpu) return info(`${label} req/s (p50 / p99 ms)`, latency);
  const postgres = summary.cpu.postgresUs === undefined ? '?' : round(summary.cpu.postgresUs);
  return info(
    `${label} req/s (p50 / p99 ms; CPU µs/request server + PostgreSQL)`,
    `${latency.slice(0, -1)}; ${round(summary.cpu.serverUs)} + ${postgres})`,
  );
}

/** The median over the rounds of ours / baseline. */
export function ratio(ours: readonly LoadFigures[], baseline: readonly LoadFigures[]): number {
  return round(median(ours.map((run, i) => run.requestsPerSecond / (baseline[i]?.requestsPerSecond ?? Number.NaN))), 3);
}

/** A problem line for each target with failed requests, and one when the service logged errors meanwhile. */
export function loadProblems<K extends string>(
  targets: Record<K, LoadTarget>,
  runs: Record<K, LoadFigures[]>,
  service: Pick<ServerChild, 'output'>,
): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(targets) as K[]) {
    const failures = runs[key].reduce((sum, run) => sum + run.failures, 0);
    if (failures === 0) continue;
    const last = runs[key].at(-1);
    problems.push(
      `${targets[key].label}: ${failures} failed requests (status codes ${JSON.stringify(last?.statusCodes)}, ` +
        `${last?.errors ?? 0} socket errors, ${last?.mismatches ?? 0} unexpected bodies in the last round)`,
    );
  }
  if (service.output.errorLines > 0) {
    problems.push(`the service logged ${service.output.errorLines} error lines\n${service.output.tail()}`);
  }
  return problems;
}
