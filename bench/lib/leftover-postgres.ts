// A PostgreSQL left behind by a killed service would keep its data folder busy: stop it before deleting the folder
// (the cold-start scenario and bench/cold-start.ts start services on throw-away folders).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sleep } from './env.js';

/** Asks the postmaster of `<dataDir>/postgres` to stop (SIGINT) and waits up to 10 s for it to go. */
export async function stopLeftoverPostgres(dataDir: string): Promise<void> {
  const pidText = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => undefined);
  const pid = Number(pidText?.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(100);
  }
}
