// The demo tenant a new installation starts with (TC_DEMO): provisioned on the first start with the settings of a UAE
// agency registered for VAT (db/seeds/demo-settings.ts), its catalog seeded once (db/seeds/demo.ts), so a new user
// sees a working travel shop with nothing configured.
import { type DemoCatalogCounts, seedDemoCatalog } from '../db/seeds/demo.js';
import { seedDemoCruises } from '../db/seeds/demo-cruises.js';
import { seedDemoSettings } from '../db/seeds/demo-settings.js';
import { randomToken } from './platform/crypto.js';
import { formatDate } from './platform/time.js';
import type { PlatformTenants } from './platform/start.js';
import { tenantUrl } from './service.js';

/** What the demo's provisioning and seeding use: the tenants alone, so they run while the routes are set up. */
export type DemoHost = PlatformTenants;

export const DEMO_TENANT = 'demo';
const DEMO_SEED_LOCK = 7_020_002;

export interface DemoLogin {
  url: string;
  username: string;
  temporaryPassword: string;
  systemSession: string;
}

/**
 * Provisions the demo tenant unless it exists, and then only writes its agency's settings: a later start, or an
 * admin's changes since, are left alone. `tenantCode` is the demo's code (another one in tests).
 */
export async function ensureDemoTenant(service: DemoHost, tenantCode = DEMO_TENANT): Promise<DemoLogin | undefined> {
  if (service.registry.byCode(tenantCode)) return undefined;
  const made = await service.provisioner.provision({
    tenantCode,
    tenantName: 'Demo Travel Agency',
    dbUser: `tc_${tenantCode.replace(/-/g, '_')}`,
    dbPass: randomToken(24),
    adminEmail: `admin@${tenantCode}.${service.config.baseDomain}`,
    adminUsername: 'admin',
    timezone: 'Asia/Dubai',
    currency: 'AED',
    market: 'UAE',
  });
  await seedSettings(service, tenantCode);
  return {
    url: tenantUrl(service.config, tenantCode),
    username: made.adminUser.username,
    temporaryPassword: made.adminUser.temporaryPassword,
    systemSession: made.systemSession,
  };
}

/** The demo agency's settings, on the tenant just provisioned; the service starts without them if they fail. */
async function seedSettings(service: DemoHost, tenantCode: string): Promise<void> {
  const tenant = service.registry.byCode(tenantCode);
  if (!tenant) return;
  const lease = await service.pools.acquire(tenant);
  try {
    await seedDemoSettings(tenant, lease.sql, service.logger);
  } catch (error) {
    service.logger.error({ err: error }, 'demo settings not seeded');
  } finally {
    lease.release();
  }
}

/** The demo tenant's catalog, written once: a demo tenant that has categories already is left alone. */
export async function ensureDemoCatalog(
  service: DemoHost,
  tenantCode = DEMO_TENANT,
): Promise<DemoCatalogCounts | undefined> {
  const tenant = service.registry.byCode(tenantCode);
  if (tenant?.status !== 'ACTIVE') return undefined;
  // Nodes starting together must not both seed: the one holding the lock does, the others skip. The lock is held
  // on a platform connection: a tenant pool's member has one connection, which the seed itself needs.
  const guard = await service.platformDb.reserve();
  const lease = await service.pools.acquire(tenant);
  try {
    const [lock] = await guard<{ locked: boolean }[]>`
      SELECT pg_try_advisory_lock(${DEMO_SEED_LOCK}, hashtext(${tenant.tenantId})) AS locked`;
    if (!lock?.locked) return undefined;
    // The seed commits about a hundred small transactions, each waiting for its WAL flush (about 3 ms here: 0.3 s
    // of a first start). Without the wait a crash loses at most the last of them: a prefix of the seed stays, as a
    // crash mid-seed would leave it anyway.
    await lease.sql`SET synchronous_commit = off`;
    const counts = await seedDemoCatalog(tenant, lease.sql, service.logger);
    if (counts.products > 0) service.logger.info({ tenant: tenantCode, ...counts }, 'demo catalog seeded');
    // Cruises on their own: a demo tenant made before them gets them on its next start.
    const cruises = await seedDemoCruises(lease.sql, formatDate(new Date(), tenant.timezone));
    if (cruises.sailings > 0) service.logger.info({ tenant: tenantCode, ...cruises }, 'demo cruises seeded');
    return counts.products > 0 ? counts : undefined;
  } catch (error) {
    // The demo data is a convenience: the service starts without it.
    service.logger.error({ err: error }, 'demo catalog not seeded');
    return undefined;
  } finally {
    await lease.sql`RESET synchronous_commit`.catch(() => undefined);
    await guard`SELECT pg_advisory_unlock_all()`.catch(() => undefined);
    guard.release();
    lease.release();
  }
}
