// Cold start: `node --import tsx src/main.ts` (npm start) on an empty data folder (embedded PostgreSQL initdb, databases, migrations,
// demo tenant) until GET /system/ready answers 200; then SIGTERM and the time to exit. Then a warm restart
// on the same folder. The folder is deleted afterwards.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../../src/platform/database/embedded.js';
import { track, waitForExit } from '../lib/child.js';
import { childEnv, ROOT, sleep } from '../lib/env.js';
import { pollUntil200 } from '../lib/http.js';
import { OutputTail } from '../lib/output.js';
import { below, type Check, info, type Scenario } from '../lib/scenario.js';
import { round } from '../lib/stats.js';
import { stopLeftoverPostgres } from '../lib/leftover-postgres.js';

const READY_TIMEOUT_MS = 120_000;
const EXIT_LIMIT_MS = 12_000;
const EXIT_WAIT_MS = 20_000;
const POSTGRES_STOP_WAIT_MS = 5_000;

interface StartStop {
  readyMs: number;
  exitMs: number | undefined;
  exitCode: number | null | undefined;
  postgresStopped: boolean;
}

export const coldStart: Scenario = async (ctx) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tc-bench-cold-'));
  await chmod(dataDir, 0o755); // as root, PostgreSQL runs as the postgres OS user and must reach its folder
  const problems: string[] = [];
  try {
    const cold = await startAndStop(dataDir, problems);
    ctx.log(`cold start ${round(cold.readyMs)} ms, exit ${fmt(cold.exitMs)} after SIGTERM`);
    const warm = await startAndStop(dataDir, problems);
    ctx.log(`warm restart ${round(warm.readyMs)} ms, exit ${fmt(warm.exitMs)} after SIGTERM`);
    return {
      checks: [
        below('cold start to ready', round(cold.readyMs), 'ms', 10_000),
        exitCheck('exit after SIGTERM (cold)', cold),
        info('warm restart to ready', round(warm.readyMs), 'ms'),
        exitCheck('exit after SIGTERM (warm)', warm),
      ],
      problems,
      details: { cold, warm },
    };
  } finally {
    await stopLeftoverPostgres(dataDir);
    await rm(dataDir, { recursive: true, force: true });
  }
};

async function startAndStop(dataDir: string, problems: string[]): Promise<StartStop> {
  const port = await freePort();
  const started = performance.now();
  // What `npm start` runs: one Node process with the tsx loader, so SIGTERM reaches the service's own shutdown.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: ROOT,
    env: childEnv({ TC_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', TC_LOG_LEVEL: 'warn' }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so a failed run can kill node and PostgreSQL together
  });
  track(child, true);
  const output = new OutputTail();
  output.attach(child.stdout);
  output.attach(child.stderr);

  const ready = await pollUntil200(port, '/system/ready', {
    intervalMs: 50,
    timeoutMs: READY_TIMEOUT_MS,
    stopped: () => child.exitCode !== null,
  });
  const readyMs = performance.now() - started;
  if (!ready) {
    killGroup(child);
    throw new Error(`src/main.ts not ready after ${round(readyMs)} ms (exit code ${child.exitCode})\n${output.tail()}`);
  }

  const signalled = performance.now();
  child.kill('SIGTERM');
  const exitCode = await waitForExit(child, EXIT_WAIT_MS);
  const exitMs = exitCode === undefined ? undefined : performance.now() - signalled;
  if (exitCode === undefined) {
    problems.push(`src/main.ts still running ${EXIT_WAIT_MS} ms after SIGTERM; killed`);
    killGroup(child);
  } else if (exitCode !== 0) {
    problems.push(
      `src/main.ts exited with code ${exitCode} ${round(exitMs ?? 0)} ms after SIGTERM instead of 0 after its ` +
        `graceful shutdown\n${output.tail(5)}`,
    );
  }
  const postgresStopped = await postmasterGone(dataDir, POSTGRES_STOP_WAIT_MS);
  if (!postgresStopped) {
    problems.push(
      `embedded PostgreSQL still running ${POSTGRES_STOP_WAIT_MS} ms after the service exited (postmaster.pid present)`,
    );
  }
  if (output.errorLines > 0) problems.push(`src/main.ts logged ${output.errorLines} error lines\n${output.tail()}`);
  return {
    readyMs: round(readyMs),
    exitMs: exitMs === undefined ? undefined : round(exitMs),
    exitCode,
    postgresStopped,
  };
}

/** A clean stop: the process exits by itself, with code 0, within the limit. */
function exitCheck(figure: string, run: StartStop): Check {
  const ms = run.exitMs === undefined ? `> ${EXIT_WAIT_MS}` : round(run.exitMs);
  return {
    figure,
    value: `${ms} (code ${run.exitCode ?? 'none'})`,
    unit: 'ms',
    target: `< ${EXIT_LIMIT_MS}, code 0`,
    pass: run.exitCode === 0 && run.exitMs !== undefined && run.exitMs < EXIT_LIMIT_MS,
  };
}

async function postmasterGone(dataDir: string, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (!existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))) return true;
    if (Date.now() >= deadline) return false;
    await sleep(100);
  }
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function fmt(ms: number | undefined): string {
  return ms === undefined ? 'never' : `${round(ms)} ms`;
}
