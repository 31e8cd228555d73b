// The PostgreSQL server the scenarios share: DATABASE_URL when set, else an embedded throw-away cluster
// (fsync off) in a temporary folder. Every database and role a run creates carries the run id, so a run
// on a DATABASE_URL server can remove exactly what it made.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, parseDatabaseUrl, type ServerAddress, type Sql } from '../../src/platform/database/connections.js';
import { startEmbeddedPostgres } from '../../src/platform/database/embedded.js';

export interface BenchPostgres {
  server: ServerAddress;
  /** The same server as a URL, for the children's DATABASE_URL. */
  url: string;
  kind: 'embedded' | 'DATABASE_URL';
  version: string;
  /** A small pool on the maintenance database (sampling, DDL); closed by stop(). */
  admin: Sql;
  /** Drops what the run created (DATABASE_URL only), closes the admin pool, stops an embedded server. */
  stop(runId: string): Promise<void>;
}

export async function startBenchPostgres(): Promise<BenchPostgres> {
  const given = process.env.DATABASE_URL;
  let server: ServerAddress;
  let stopServer = async () => {};
  if (given) {
    server = parseDatabaseUrl(given);
  } else {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tc-bench-pg-'));
    await chmod(dataDir, 0o755); // as root, PostgreSQL runs as the postgres OS user and must reach its folder
    const embedded = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    server = embedded.address;
    stopServer = async () => {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  }
  const admin = connect(server, {
    database: server.database,
    max: 2,
    connectTimeoutSeconds: 5,
    applicationName: 'tc-bench',
  });
  const [row] = await admin<{ version: string }[]>`SELECT current_setting('server_version') AS version`;
  return {
    server,
    url:
      given ??
      `postgres://${encodeURIComponent(server.user)}:${encodeURIComponent(server.password)}@${server.host}:${server.port}/${server.database}`,
    kind: given ? 'DATABASE_URL' : 'embedded',
    version: row?.version ?? 'unknown',
    admin,
    async stop(runId) {
      if (given) await dropRunObjects(admin, runId);
      await admin.end({ timeout: 5 });
      await stopServer();
    },
  };
}

/** Databases named with the run id (scenario databases, tenant databases) and the tenants' roles. */
async function dropRunObjects(admin: Sql, runId: string): Promise<void> {
  const databases = await admin<{ datname: string }[]>`
    SELECT datname FROM pg_database WHERE datname LIKE ${`tc_bench_${runId}_%`} OR datname LIKE ${`tc_t_b${runId}_%`}`;
  for (const { datname } of databases) await admin.unsafe(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  const roles = await admin<{ rolname: string }[]>`SELECT rolname FROM pg_roles WHERE rolname LIKE ${`u_b${runId}_%`}`;
  for (const { rolname } of roles) await admin.unsafe(`DROP ROLE IF EXISTS "${rolname}"`);
}

/** The server's URL with another database. */
export function databaseUrl(pg: BenchPostgres, database: string): string {
  const url = new URL(pg.url);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Waits until no connection with this application_name (LIKE pattern) runs a statement or sits in a
 * transaction, twice in a row 50 ms apart: the requests of a load run that ended are done with the database.
 */
export async function waitForIdleConnections(admin: Sql, applicationName: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let idleBefore = false;
  while (Date.now() < deadline) {
    const [row] = await admin<{ busy: number }[]>`
      SELECT count(*)::int AS busy FROM pg_stat_activity
      WHERE application_name LIKE ${applicationName} AND state IS DISTINCT FROM 'idle'`;
    const idle = (row?.busy ?? 0) === 0;
    if (idle && idleBefore) return;
    idleBefore = idle;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
