// Cold start measured from outside, several times (issue 28's figure): `node --import tsx src/main.ts` on a fresh
// empty TC_DATA_DIR and a free PORT, from spawn until GET /system/health answers 200 and until the demo tenant
// answers (GET http://demo.localhost:PORT/auth/config); then SIGTERM, and the folder is removed. In the same run,
// the bare baselines: the embedded PostgreSQL alone (initdb and start on an empty folder, until SELECT 1 answers),
// the same with the migration files applied bare and one database cloned from the template, and
// `node --import tsx -e ''` (loading Node and the loader), so the figure shows what our code adds.
//
//   npx tsx bench/cold-start.ts                        # 5 runs of each
//   BENCH_COLD_RUNS=7 npx tsx bench/cold-start.ts
//   npx tsx bench/cold-start.ts --compare /tmp/before  # also a checkout at /tmp/before, runs alternating
//   npx tsx bench/cold-start.ts --write               # the figures into bench/results/cold-start.json (--name N)
import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connect } from '../src/platform/database/connections.js';
import { freePort, startEmbeddedPostgres } from '../src/platform/database/embedded.js';
import { childEnv, ROOT, sleep } from './lib/env.js';
import { httpGet } from './lib/http.js';
import { round } from './lib/stats.js';
import { stopLeftoverPostgres } from './lib/leftover-postgres.js';

const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 5);
const TIMEOUT_MS = 120_000;
const POLL_MS = 20;

interface ServiceRun {
  healthMs: number;
  demoMs: number;
}

async function main(): Promise<void> {
  const compareAt = argument('--compare');
  const targets: Array<{ name: string; root: string }> = [{ name: 'service', root: ROOT }];
  if (compareAt) targets.unshift({ name: 'compare', root: path.resolve(compareAt) });
  const figures: Record<string, ServiceRun[]> = Object.fromEntries(targets.map((t) => [t.name, []]));
  const postgresMs: number[] = [];
  const nodeMs: number[] = [];
  const schemaMs: number[] = [];
  const loadAtStart = loadavg()[0] ?? 0;
  const loads: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    // Alternate which goes first, so a change of load on the shared machine falls on both alike.
    const order = run % 2 === 0 ? targets : [...targets].reverse();
    for (const target of order) {
      const figure = await serviceColdStart(target.root);
      figures[target.name]?.push(figure);
      console.log(`${target.name} run ${run + 1}: health ${figure.healthMs} ms, demo ${figure.demoMs} ms`);
    }
    postgresMs.push(await postgresAlone());
    schemaMs.push(await postgresWithSchema());
    nodeMs.push(await nodeAlone());
    loads.push(loadavg()[0] ?? 0);
    console.log(
      `baselines run ${run + 1}: postgres ${postgresMs.at(-1)} ms, with the schema ${schemaMs.at(-1)} ms, node+tsx ${nodeMs.at(-1)} ms`,
    );
  }
  const summary = {
    measuredAt: new Date().toISOString(),
    runs: RUNS,
    cpus: cpus().length,
    loadAverage: { atStart: round(loadAtStart), perRun: loads.map(round) },
    ...Object.fromEntries(
      Object.entries(figures).map(([name, runs]) => [
        name,
        {
          health: stats(runs.map((r) => r.healthMs)),
          demo: stats(runs.map((r) => r.demoMs)),
          runs,
        },
      ]),
    ),
    baselines: {
      postgresInitdbAndStart: stats(postgresMs),
      postgresWithSchemaAndClone: stats(schemaMs),
      nodeWithTsx: stats(nodeMs),
    },
  };
  console.log(JSON.stringify(summary, null, 2));
  if (process.argv.includes('--write')) {
    // Each run is kept beside the earlier ones, under its own name (`--name`, by default the day it ran).
    const file = path.join(ROOT, 'bench/results/cold-start.json');
    const kept = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as { scenarios?: Record<string, unknown> };
    const name = argument('--name') ?? `cold-start-outside-${summary.measuredAt.slice(0, 10)}`;
    const scenarios = { ...kept.scenarios, [name]: summary };
    await writeFile(file, `${JSON.stringify({ updatedAt: summary.measuredAt, scenarios }, null, 2)}\n`);
    console.log(`written to ${file} as ${name}`);
  }
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

function stats(values: number[]): { median: number; max: number; min: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  return { median: round(median), max: round(sorted.at(-1) ?? 0), min: round(sorted[0] ?? 0) };
}

async function emptyDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tc-cold-'));
  await chmod(dataDir, 0o755); // as root, PostgreSQL runs as the postgres OS user and must reach its folder
  return dataDir;
}

async function serviceColdStart(root: string): Promise<ServiceRun> {
  const dataDir = await emptyDataDir();
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: root,
    env: childEnv({ TC_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', TC_LOG_LEVEL: 'warn' }),
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true, // its own process group: a failed run kills node and PostgreSQL together
  });
  try {
    const stopped = () => child.exitCode !== null;
    const healthy = await until(port, '/system/health', 'localhost', stopped);
    const healthMs = performance.now() - started;
    const demo = healthy && (await until(port, '/auth/config', 'demo.localhost', stopped));
    const demoMs = performance.now() - started;
    if (!demo) throw new Error(`src/main.ts in ${root} did not answer within ${TIMEOUT_MS} ms`);
    return { healthMs: round(healthMs), demoMs: round(demoMs) };
  } finally {
    await stop(child);
    await stopLeftoverPostgres(dataDir);
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function until(port: number, urlPath: string, host: string, stopped: () => boolean): Promise<boolean> {
  const deadline = Date.now() + TIMEOUT_MS;
  while (Date.now() < deadline && !stopped()) {
    const answer = await httpGet(port, urlPath, host, 1_000).catch(() => undefined);
    if (answer?.status === 200) return true;
    await sleep(POLL_MS);
  }
  return false;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const done = await Promise.race([exited.then(() => true), sleep(20_000).then(() => false)]);
  if (!done && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
}

/** The embedded PostgreSQL alone: initdb on an empty folder, start, until SELECT 1 answers. */
async function postgresAlone(): Promise<number> {
  const dataDir = await emptyDataDir();
  const started = performance.now();
  const server = await startEmbeddedPostgres({ dataDir });
  try {
    const sql = connect(server.address, { database: 'postgres', max: 1, connectTimeoutSeconds: 10 });
    await sql`SELECT 1`;
    const ms = performance.now() - started;
    await sql.end({ timeout: 5 });
    return round(ms);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * The same database work done bare: the embedded PostgreSQL's initdb and start, then the platform and tenant
 * migration files applied as they are (one transaction each, the two databases side by side, as superuser) and
 * one database cloned from the tenant template, as provisioning does. What a first start cannot go under.
 */
async function postgresWithSchema(): Promise<number> {
  const dataDir = await emptyDataDir();
  const started = performance.now();
  const server = await startEmbeddedPostgres({ dataDir });
  const admin = connect(server.address, { database: 'postgres', max: 2, connectTimeoutSeconds: 10 });
  try {
    const apply = async (set: 'platform' | 'tenant') => {
      await admin.unsafe(`CREATE DATABASE bare_${set}`);
      const sql = connect(server.address, { database: `bare_${set}`, max: 1, connectTimeoutSeconds: 10 });
      const files = (await readdir(path.join(ROOT, 'db', set))).filter((name) => name.endsWith('.sql')).sort();
      const texts = await Promise.all(files.map((name) => readFile(path.join(ROOT, 'db', set, name), 'utf8')));
      await sql.begin(async (tx) => {
        for (const text of texts) await tx.unsafe(text);
      });
      await sql.end({ timeout: 5 });
    };
    await Promise.all([apply('platform'), apply('tenant')]);
    await admin.unsafe('CREATE DATABASE bare_clone TEMPLATE bare_tenant');
    return round(performance.now() - started);
  } finally {
    await admin.end({ timeout: 5 });
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** `node --import tsx -e ''`: starting Node with the TypeScript loader, nothing of ours. */
async function nodeAlone(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', ''], { cwd: ROOT, stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return round(performance.now() - started);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
