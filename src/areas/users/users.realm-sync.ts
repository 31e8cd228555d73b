// Users of tenants provisioned before the realm held every user are missing from their realm. This sweep saves
// every tenant user to its realm with its stored hash: at start-up, then daily (a job of the platform's round of
// periodic work). It is idempotent (saveUser makes the realm's user equal to ours), so running it again, on every
// node, only repairs a realm that drifted.
import type { Sql } from '../../platform/database/connections.js';
import type { PeriodicJob } from '../../platform/periodic/periodic-work.js';
import type { TenantRecord } from '../../platform/tenancy/tenant.js';
import { type RealmDirectory, realmUserOf } from './users.realm.js';
import * as repo from './users.repository.js';

const SYNC_EVERY_MS = 24 * 3_600_000;

export function createRealmUserSync(deps: { idp: RealmDirectory }): PeriodicJob {
  return {
    name: 'realm user sync',
    everyMs: SYNC_EVERY_MS,
    run: (tenant, db) => syncTenantUsers(deps.idp, tenant, db),
  };
}

/** Saves each user of the tenant to its realm; a failure stops the tenant's run (the next one retries). */
export async function syncTenantUsers(idp: RealmDirectory, tenant: TenantRecord, db: Sql): Promise<void> {
  for (const userId of await repo.listUserIds(db)) {
    // Under the row's share lock: a change committing meanwhile waits, and tells the realm its newer state after
    // this one, so the older state read here never overwrites it.
    await db.begin(async (tx) => {
      const user = await repo.findUserForShare(tx, userId);
      if (!user) return;
      // Only the hash is known here ('' plain text, see port.ts RealmPassword).
      const stored = { plain: '', hash: user.password_hash, temporary: false, sessions: 'keep' } as const;
      await idp.saveUser(tenant.realm, realmUserOf(user), stored);
    });
  }
}
