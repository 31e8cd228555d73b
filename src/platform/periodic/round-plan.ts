// Which tenants a timed round visits, and which jobs it runs for each: pure, from the due times kept in memory
// (when each job last ran for each tenant on this node).
//
// A job runs for a tenant every `everyMs` while the tenant is hot (its pool is open here, so the visit takes no new
// connection; or the job has work waiting for it), and at most once per `coldIntervalMs` otherwise: a cold tenant's
// visit costs a connection opened and closed. Of the cold tenants, a round takes only its share (all of them once
// per cold interval), least recently visited first, so that they spread over the rounds instead of coming due
// together. A tenant or job never run here is due at once: the first round after start visits every tenant.
import type { TenantRecord } from '../tenancy/tenant.js';

/** Per tenant id, per job: when it last ran (Date.now()). */
export type LastRuns = Map<string, Map<PlannedJob, number>>;

export interface PlannedJob {
  readonly name: string;
  readonly everyMs: number;
  hasWork?(tenantId: string): boolean;
}

export interface Visit<J extends PlannedJob = PlannedJob> {
  tenant: TenantRecord;
  jobs: J[];
}

export function planRound<J extends PlannedJob>(input: {
  tenants: readonly TenantRecord[];
  jobs: readonly J[];
  lastRuns: LastRuns;
  isOpen(tenantId: string): boolean;
  now: number;
  roundIntervalMs: number;
  coldIntervalMs: number;
}): Visit<J>[] {
  const { lastRuns, now, coldIntervalMs } = input;
  const hot: Visit<J>[] = [];
  const cold: Array<Visit<J> & { lastVisit: number }> = [];
  let coldTenants = 0;
  for (const tenant of input.tenants) {
    const open = input.isOpen(tenant.tenantId);
    if (!open) coldTenants += 1;
    const runs = lastRuns.get(tenant.tenantId);
    const hotFor = (job: J) => open || (job.hasWork?.(tenant.tenantId) ?? false);
    const due = input.jobs.filter((job) => {
      const last = runs?.get(job);
      const interval = hotFor(job) ? job.everyMs : Math.max(job.everyMs, coldIntervalMs);
      return last === undefined || now - last >= interval;
    });
    if (due.length === 0) continue;
    const firstRun = due.some((job) => runs?.get(job) === undefined);
    if (firstRun || due.some(hotFor)) hot.push({ tenant, jobs: due });
    else cold.push({ tenant, jobs: due, lastVisit: Math.max(...due.map((job) => runs?.get(job) ?? 0)) });
  }
  const share = Math.ceil((coldTenants * input.roundIntervalMs) / coldIntervalMs);
  cold.sort((a, b) => a.lastVisit - b.lastVisit);
  return [...hot, ...cold.slice(0, share).map(({ tenant, jobs }) => ({ tenant, jobs }))];
}
