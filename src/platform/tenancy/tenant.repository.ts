// SQL of the tenant registry in the platform database.
import type { Sql } from '../database/connections.js';
import type { TenantRecord, TenantStatus } from './tenant.js';

interface TenantRow {
  tenant_id: string;
  tenant_code: string;
  tenant_name: string;
  db_name: string;
  kc_realm: string;
  status: TenantStatus;
  db_user: string;
  db_pass: string;
  timezone: string;
  currency: string;
  market: string;
  admin_email: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = [
  'tenant_id',
  'tenant_code',
  'tenant_name',
  'db_name',
  'kc_realm',
  'status',
  'db_user',
  'db_pass',
  'timezone',
  'currency',
  'market',
  'admin_email',
  'created_at',
  'updated_at',
];

function toRecord(row: TenantRow): TenantRecord {
  return {
    tenantId: row.tenant_id,
    tenantCode: row.tenant_code,
    tenantName: row.tenant_name,
    dbName: row.db_name,
    realm: row.kc_realm,
    status: row.status,
    dbUser: row.db_user,
    dbPassSealed: row.db_pass,
    timezone: row.timezone,
    currency: row.currency,
    market: row.market,
    adminEmail: row.admin_email,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function selectAllTenants(sql: Sql): Promise<TenantRecord[]> {
  const rows = await sql<TenantRow[]>`SELECT ${sql(COLUMNS)} FROM tenants ORDER BY tenant_code`;
  return rows.map(toRecord);
}

export async function selectTenantById(sql: Sql, tenantId: string): Promise<TenantRecord | undefined> {
  const [row] = await sql<TenantRow[]>`SELECT ${sql(COLUMNS)} FROM tenants WHERE tenant_id = ${tenantId}`;
  return row ? toRecord(row) : undefined;
}

export async function tenantCodeTaken(sql: Sql, tenantCode: string): Promise<boolean> {
  const [row] = await sql`SELECT 1 FROM tenants WHERE tenant_code = ${tenantCode}`;
  return Boolean(row);
}

export interface NewTenantRow {
  tenantCode: string;
  tenantName: string;
  dbName: string;
  realm: string;
  realmClientSecretSealed: string;
  dbUser: string;
  dbPassSealed: string;
  timezone: string;
  currency: string;
  market: string;
  adminEmail: string;
}

export async function insertTenant(sql: Sql, tenant: NewTenantRow): Promise<TenantRecord> {
  const [row] = await sql<TenantRow[]>`
    INSERT INTO tenants (tenant_code, tenant_name, db_name, kc_realm, kc_admin_client_secret, status,
                         db_user, db_pass, timezone, currency, market, admin_email)
    VALUES (${tenant.tenantCode}, ${tenant.tenantName}, ${tenant.dbName}, ${tenant.realm},
            ${tenant.realmClientSecretSealed}, 'ACTIVE', ${tenant.dbUser}, ${tenant.dbPassSealed},
            ${tenant.timezone}, ${tenant.currency}, ${tenant.market}, ${tenant.adminEmail})
    RETURNING ${sql(COLUMNS)}`;
  if (!row) throw new Error('tenant insert returned no row');
  return toRecord(row);
}

export async function deleteTenant(sql: Sql, tenantId: string): Promise<void> {
  await sql`DELETE FROM tenants WHERE tenant_id = ${tenantId}`;
}

export async function updateTenantStatus(
  sql: Sql,
  tenantId: string,
  status: TenantStatus,
): Promise<TenantRecord | undefined> {
  const [row] = await sql<TenantRow[]>`
    UPDATE tenants SET status = ${status}, updated_at = now()
    WHERE tenant_id = ${tenantId}
    RETURNING ${sql(COLUMNS)}`;
  return row ? toRecord(row) : undefined;
}
