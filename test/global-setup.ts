// One PostgreSQL server for the whole run: DATABASE_URL when set, otherwise an embedded one in a temporary
// folder. Test files get their own databases on it (see test/support/database.ts).
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { bootstrapDatabases } from '../src/platform/database/bootstrap.js';
import {
  parseDatabaseUrl,
  quoteIdent,
  type ServerAddress,
  withConnection,
} from '../src/platform/database/connections.js';
import {
  EmbeddedPostgresError,
  type EmbeddedServer,
  startEmbeddedPostgres,
} from '../src/platform/database/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServer: ServerAddress;
    /** A platform database and a tenant template migrated once for the run (see test/support/database.ts). */
    pgSeed: MigratedSeed;
  }
}

export interface MigratedSeed {
  platformDatabase: string;
  templateDatabase: string;
}

/**
 * Every test service needs a migrated platform database and tenant template. Migrating both from empty took
 * about a second of the two cores per test file; they are migrated here once, by the service's own bootstrap,
 * and each service starts on copies of them (its bootstrap then finds every migration applied, as on a restart).
 */
async function migratedSeed(server: ServerAddress): Promise<{ seed: MigratedSeed; drop(): Promise<void> }> {
  const suffix = randomBytes(5).toString('hex');
  const seed = { platformDatabase: `tc_seed_platform_${suffix}`, templateDatabase: `tc_seed_template_${suffix}` };
  await bootstrapDatabases({ server, ...seed, connectTimeoutSeconds: 10 });
  return {
    seed,
    drop: () =>
      withConnection(server, server.database, 10, async (admin) => {
        for (const name of Object.values(seed)) await admin.unsafe(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`);
      }),
  };
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    const server = parseDatabaseUrl(process.env.DATABASE_URL);
    const migrated = await migratedSeed(server);
    project.provide('pgServer', server);
    project.provide('pgSeed', migrated.seed);
    return () => migrated.drop();
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tc-test-pg-'));
  await chmod(dataDir, 0o755);
  let server: EmbeddedServer;
  try {
    server = await startEmbeddedPostgres({ dataDir, ephemeral: true, notice: (line) => console.log(line) });
  } catch (error) {
    // Vitest would otherwise end the run with exit code 1 and no word about why.
    const reason = error instanceof EmbeddedPostgresError ? error.message : String(error);
    console.error(`Test set-up: the embedded PostgreSQL did not start: ${reason}`);
    console.error('Set DATABASE_URL to a PostgreSQL 14+ server to run the tests against it instead.');
    await rm(dataDir, { recursive: true, force: true });
    // Thrown, Vitest would print a stack trace and "No test files found": the lines above say it all.
    process.exit(1);
  }
  project.provide('pgServer', server.address);
  project.provide('pgSeed', (await migratedSeed(server.address)).seed);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
