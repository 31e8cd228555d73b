// The node's own PostgreSQL is killed (kill -9 of the postmaster): the node says so in its log and in
// /system/health, restarts it with backoff (crash recovery, a stale postmaster.pid), and its platform and tenant
// pools serve again with the data written before intact. Its own embedded PostgreSQL, not the run's shared one.
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  adminSession,
  platformToken,
  provisionTenant,
  startTestService,
  TEST_ADMIN_PASSWORD,
  TEST_BASE_DOMAIN,
} from '../../../test/support/service.js';
import { until } from '../../../test/support/wait.js';
import type { Service } from '../../service.js';
import { type EmbeddedServer, startEmbeddedPostgres } from './embedded.js';

let dataDir: string;
let postgres: EmbeddedServer;
let service: Service;
const lines: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tc-supervised-'));
  await chmod(dataDir, 0o755);
  // Durable (no `ephemeral`): what was committed before the kill must be there after crash recovery. The first
  // restart waits a second, time for the test to take the port; later ones a quarter of a second.
  postgres = await startEmbeddedPostgres({
    dataDir,
    notice: (line) => lines.push(line),
    alert: (line) => lines.push(line),
    restartDelaysMs: [1_000, 250],
  });
  service = await startTestService({ server: postgres.address, databaseSupervision: postgres });
});

afterAll(async () => {
  await service?.close();
  await postgres?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const health = () => service.app.inject({ method: 'GET', url: '/system/health', headers: { host: TEST_BASE_DOMAIN } });

/** Holds the port PostgreSQL listened on, so a restart fails until `release`; connections to it are cut then. */
async function occupy(port: number): Promise<{ release(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let blocker: Server | undefined;
  await until(async () => {
    const candidate = createServer((socket) => sockets.add(socket));
    const bound = await new Promise<boolean>((resolve) => {
      candidate.once('error', () => resolve(false));
      candidate.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (bound) blocker = candidate;
    return bound;
  }, 5_000);
  return {
    async release() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => blocker?.close(resolve));
    },
  };
}

it('restarts a killed PostgreSQL with backoff, says so, and serves the data written before', async () => {
  const tenant = await provisionTenant(service, await platformToken(service));
  await adminSession(service, tenant); // the admin's new password: data of the tenant's database
  expect((await health()).statusCode).toBe(200);

  const postmasterPid = Number(
    (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
  );
  process.kill(postmasterPid, 'SIGKILL');
  const port = await occupy(postgres.address.port);

  // The first restart fails on the taken port; the node reports the restart under way.
  await until(() => lines.some((line) => line.includes('restart attempt 1 failed')), 15_000);
  const down = await health();
  expect(down.statusCode).toBe(503);
  expect(down.json().apiStatus.errorCode).toBe('OK');
  expect(down.json().apiData).toMatchObject({
    status: 'DEGRADED',
    database: expect.stringMatching(/^DOWN: embedded PostgreSQL exited; restarting \(attempt \d+\)$/),
  });
  expect(lines.some((line) => /exited unasked \(SIGKILL\); restarting it/.test(line))).toBe(true);

  await port.release();
  // Crash recovery syncs the data folder first: seconds on a busy disk.
  await until(async () => (await health()).statusCode === 200, 60_000);
  expect(lines.some((line) => /embedded PostgreSQL restarted \(attempt \d+, \d+ ms after it exited\)/.test(line))).toBe(
    true,
  );
  // A tenant request through the tenant's pool, reading what was written before the kill.
  const login = await service.app.inject({
    method: 'POST',
    url: '/user/authenticate',
    headers: { host: tenant.host },
    payload: { username: tenant.adminUser.username, password: TEST_ADMIN_PASSWORD },
  });
  expect(login.json().apiStatus.errorCode).toBe('OK');
}, 120_000);
