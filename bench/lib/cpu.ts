// CPU time per request, split between the server child, the PostgreSQL backends serving it and the load
// generator (this process), from /proc (Linux, PostgreSQL on this machine: the embedded cluster, or a
// DATABASE_URL server on loopback). The backends are those of pg_stat_activity with the server's
// application_name (a tenant pool's `travel-commerce:<tenantCode>`, a baseline's own name). Elsewhere the
// figures are left out.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Sql } from '../../src/platform/database/connections.js';
import { round } from './stats.js';

export interface CpuWatch {
  /** The server child's process. */
  pid: number | undefined;
  /** LIKE pattern of the application_name of its PostgreSQL connections. */
  applicationName: string;
}

export interface CpuSample {
  server: number | undefined;
  /** CPU ms of each backend of the server; undefined when PostgreSQL's processes cannot be read here. */
  postgres: Map<number, number> | undefined;
  loadGenerator: number;
}

/** Microseconds of CPU (user + system) per request during the measured run. */
export interface CpuPerRequest {
  serverUs: number;
  postgresUs: number | undefined;
  loadGeneratorUs: number;
  postgresBackends: number;
}

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** User + system CPU of a process in ms, from /proc/<pid>/stat; undefined when it cannot be read. */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
  } catch {
    return undefined;
  }
}

export async function sampleCpu(admin: Sql, watch: CpuWatch): Promise<CpuSample> {
  const rows = await admin<{ pid: number }[]>`
    SELECT pid FROM pg_stat_activity WHERE application_name LIKE ${watch.applicationName}`;
  const postgres = new Map<number, number>();
  for (const { pid } of rows) {
    const ms = processCpuMs(pid);
    if (ms !== undefined) postgres.set(pid, ms);
  }
  const own = process.cpuUsage();
  return {
    server: processCpuMs(watch.pid),
    // No backend at all (an operation that never queried): nothing to count; backends we cannot read: unknown.
    postgres: rows.length > 0 && postgres.size === 0 ? undefined : postgres,
    loadGenerator: (own.user + own.system) / 1000,
  };
}

export function cpuPerRequest(before: CpuSample, after: CpuSample, requests: number): CpuPerRequest | undefined {
  if (before.server === undefined || after.server === undefined || requests <= 0) return undefined;
  const us = (ms: number) => round((ms * 1000) / requests);
  let postgresMs = 0;
  // A backend opened during the run counts from zero; one closed during the run is lost (pools keep theirs).
  for (const [pid, ms] of after.postgres ?? []) postgresMs += ms - (before.postgres?.get(pid) ?? 0);
  return {
    serverUs: us(after.server - before.server),
    postgresUs: after.postgres ? us(postgresMs) : undefined,
    loadGeneratorUs: us(after.loadGenerator - before.loadGenerator),
    postgresBackends: after.postgres?.size ?? 0,
  };
}
