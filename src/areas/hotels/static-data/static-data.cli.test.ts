// `npm run hotels:import` (scripts/hotels-import.ts) as an operator runs it: a child process given DATABASE_URL and
// the service's platform database, importing into a tenant found in the registry; what it merged is then what the
// API answers. Its refusals: an unknown tenant, a file without the header, a missing argument (exit code 1).
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testServer } from '../../../../test/support/database.js';
import { type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import { FIXTURE_HEADER, fileLine, fixtureHotel } from './static-data.fixture.js';
import type { ImportReport } from './static-data.import.js';
import type { StaticHotel } from './static-data.schemas.js';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

let t: TestTenant;
let agent: TestUser;
let folder: string;

beforeAll(async () => {
  t = await tenant(await startTestService());
  agent = await user(t, 'agent');
  folder = await mkdtemp(path.join(tmpdir(), 'tc-hotels-import-'));
});
afterAll(async () => {
  await t.service.close();
  await rm(folder, { recursive: true, force: true });
});

/** The script with these arguments, on the test server and the service's platform database. */
function runImport(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const server = testServer();
  const url = `postgres://${encodeURIComponent(server.user)}:${encodeURIComponent(server.password)}@${server.host}:${server.port}/${server.database}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'hotels-import.ts'), ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: url,
      TC_PLATFORM_DB: t.service.config.db.platformDatabase,
      TC_DATA_DIR: folder,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

it('imports a generated sample into the tenant, then changes nothing the second time', async () => {
  const first = await runImport(['--sample', '30', '--tenant', t.record.tenantCode]);
  expect(first.code, first.stderr).toBe(0);
  expect(JSON.parse(first.stdout)).toMatchObject({ linesMerged: 30, hotels: { inserted: 30, updated: 0 } });
  const [hotel] = await agent.api.ok<StaticHotel[]>('/hotel/searchByName', { keyword: 'piped hotel 14' });
  expect(hotel).toMatchObject({ hotelId: 14, name: 'The "Quoted" | Piped Hotel 14' });
  const again = await runImport(['--sample', '30', '--tenant', t.record.tenantCode]);
  expect(JSON.parse(again.stdout)).toMatchObject({ hotels: { inserted: 0, updated: 0 } });
});

it('imports a file, reporting a malformed line with its number', async () => {
  const file = path.join(folder, 'static.txt');
  const renamed = fixtureHotel(31);
  renamed[6] = 'Fichier Hôtel';
  await writeFile(file, `${fileLine(FIXTURE_HEADER)}\n${fileLine(renamed)}\n"31"|"x\n`);
  const result = await runImport([file, '--tenant', t.record.tenantCode]);
  expect(result.code, result.stderr).toBe(0);
  const report: ImportReport = JSON.parse(result.stdout);
  expect(report).toMatchObject({ linesMerged: 1, linesSkipped: 1, hotels: { inserted: 1, updated: 0 } });
  expect(report.problems).toEqual([{ lineNumber: 3, message: 'field 2: a quote is not closed' }]);
  expect(await agent.api.ok('/hotel/searchByName', { keyword: 'fichier hotel' })).toHaveLength(1);
});

it('refuses an unknown tenant, a file without the header and a missing argument, with exit code 1', async () => {
  const unknown = await runImport(['--sample', '3', '--tenant', 'no-such-tenant']);
  expect(unknown).toMatchObject({ code: 1 });
  expect(unknown.stderr).toContain('no tenant no-such-tenant');
  const headless = path.join(folder, 'headless.txt');
  await writeFile(headless, `${fileLine(fixtureHotel(40))}\n`);
  const refused = await runImport([headless, '--tenant', t.record.tenantCode]);
  expect(refused).toMatchObject({ code: 1 });
  expect(refused.stderr).toContain('the header lacks');
  expect(await runImport(['--tenant', t.record.tenantCode])).toMatchObject({ code: 1 });
});
