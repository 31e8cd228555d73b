// Users of tenants provisioned before the realm held every user are missing from their realm. This sweep saves
// every tenant user to its realm with its stored hash: at start-up, then daily. It is idempotent (saveUser makes
// the realm's user equal to ours), so running it again, on every node, only repairs a realm that drifted.
import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../../platform/database/connections.js';
import type { TenantPools } from '../../platform/tenancy/pools.js';
import type { TenantRegistry } from '../../platform/tenancy/registry.js';
import type { TenantRecord } from '../../platform/tenancy/tenant.js';
import { createLeasedTenantSweep, type TenantSweep } from '../../platform/tenancy/tenant-sweep.js';
import { type RealmDirectory, realmUserOf } from './users.realm.js';
import * as repo from './users.repository.js';

const SYNC_EVERY_MS = 24 * 3_600_000;

export function createRealmUserSync(deps: {
  idp: RealmDirectory;
  registry: TenantRegistry;
  pools: TenantPools;
  log: FastifyBaseLogger;
}): TenantSweep {
  return createLeasedTenantSweep({
    name: 'realm user sync',
    registry: deps.registry,
    pools: deps.pools,
    intervalMs: SYNC_EVERY_MS,
    concurrency: 2,
    log: deps.log,
    work: (tenant, db) => syncTenantUsers(deps.idp, tenant, db),
  });
}

/** Saves each user of the tenant to its realm; a failure stops the tenant's round (the next sweep retries). */
export async function syncTenantUsers(idp: RealmDirectory, tenant: TenantRecord, db: Sql): Promise<void> {
  for (const userId of await repo.listUserIds(db)) {
    // Under the row's share lock: a change committing meanwhile waits, and tells the realm its newer state after
    // this one, so the older state read here never overwrites it.
    await db.begin(async (tx) => {
      const user = await repo.findUserForShare(tx, userId);
      if (!user) return;
      // Only the hash is known here ('' plain text, see port.ts RealmPassword).
      await idp.saveUser(tenant.realm, realmUserOf(user), { plain: '', hash: user.password_hash, temporary: false });
    });
  }
}
