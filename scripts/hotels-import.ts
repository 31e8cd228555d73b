// The hotel static-data import from the command line:
//   npm run hotels:import -- FILE --tenant CODE          the supplier's pipe-delimited file
//   npm run hotels:import -- --sample N --tenant CODE    N generated hotels (demo data: a few countries and cities)
// It reaches the database as the service does: DATABASE_URL when set, else the embedded PostgreSQL of TC_DATA_DIR,
// the running one when the service holds it (its port from postmaster.pid), else started for the import and stopped.
// The tenant's database comes from the platform registry; the merge is the one /hotel/importStaticData runs
// (streamed, one transaction, idempotent). Exit code 0 when imported (skipped lines are listed), 1 when refused.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { ImportRefused, importStaticData, sampleStaticDataLines } from '../src/areas/hotels/index.js';
import { loadConfig } from '../src/config.js';
import { connect, parseDatabaseUrl, type ServerAddress, withConnection } from '../src/platform/database/connections.js';
import { startEmbeddedPostgres } from '../src/platform/database/embedded.js';
import { selectAllTenants } from '../src/platform/tenancy/tenant.repository.js';

const USAGE = 'usage: npm run hotels:import -- FILE --tenant CODE   (or --sample N instead of FILE)';

interface Arguments {
  tenantCode: string;
  source: { file: string } | { sampleHotels: number };
}

function readArguments(): Arguments {
  const { values, positionals } = parseArgs({
    options: { tenant: { type: 'string' }, sample: { type: 'string' } },
    allowPositionals: true,
  });
  const [file, ...extra] = positionals;
  if (!values.tenant || extra.length > 0 || (file === undefined) === (values.sample === undefined)) {
    throw new UsageError(USAGE);
  }
  if (file !== undefined) return { tenantCode: values.tenant, source: { file } };
  const sampleHotels = Number(values.sample);
  if (!Number.isInteger(sampleHotels) || sampleHotels < 1) throw new UsageError('--sample takes a number of hotels');
  return { tenantCode: values.tenant, source: { sampleHotels } };
}

class UsageError extends Error {}

/** The running embedded server of the data folder (the service's), if there is one: its port from the lock file. */
async function runningEmbedded(dataDir: string): Promise<ServerAddress | undefined> {
  const lock = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => undefined);
  const [pid, , , port] = lock?.split('\n') ?? [];
  if (!pid || !port || !isAlive(Number(pid))) return undefined;
  const password = (await readFile(path.join(dataDir, 'postgres-superuser.secret'), 'utf8')).trim();
  return { host: '127.0.0.1', port: Number(port), user: 'postgres', password, database: 'postgres' };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<number> {
  const args = readArguments();
  const config = loadConfig();
  let stop: (() => Promise<void>) | undefined;
  let server: ServerAddress;
  if (config.databaseUrl) server = parseDatabaseUrl(config.databaseUrl);
  else {
    const running = await runningEmbedded(config.dataDir);
    if (running) server = running;
    else {
      const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir });
      server = embedded.address;
      stop = () => embedded.stop();
    }
  }
  try {
    const tenants = await withConnection(server, config.db.platformDatabase, 10, (sql) => selectAllTenants(sql));
    const tenant = tenants.find((candidate) => candidate.tenantCode === args.tenantCode);
    if (!tenant) throw new UsageError(`no tenant ${args.tenantCode} in ${config.db.platformDatabase}`);
    const db = connect(server, {
      database: tenant.dbName,
      max: 1,
      connectTimeoutSeconds: 10,
      applicationName: `travel-commerce-import:${tenant.tenantCode}`,
    });
    try {
      const source =
        'file' in args.source
          ? createReadStream(args.source.file)
          : Readable.from(sampleStaticDataLines(args.source.sampleHotels));
      const report = await importStaticData({ db, now: new Date() }, source);
      console.log(JSON.stringify(report, null, 2));
      return 0;
    } finally {
      await db.end({ timeout: 5 });
    }
  } finally {
    await stop?.();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof ImportRefused) console.error(error.message);
    else console.error('The import failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
