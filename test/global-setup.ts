// One PostgreSQL server for the whole run: DATABASE_URL when set, otherwise an embedded one in a temporary
// folder. Test files get their own databases on it (see test/support/database.ts).
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { parseDatabaseUrl, type ServerAddress } from '../src/platform/database/connections.js';
import {
  EmbeddedPostgresError,
  type EmbeddedServer,
  startEmbeddedPostgres,
} from '../src/platform/database/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServer: ServerAddress;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgServer', parseDatabaseUrl(process.env.DATABASE_URL));
    return;
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
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
