// A tenant as the running service knows it (secrets stay sealed until a pool needs the password).

export type TenantStatus = 'ACTIVE' | 'SUSPENDED';

export interface TenantRecord {
  tenantId: string;
  tenantCode: string;
  tenantName: string;
  dbName: string;
  realm: string;
  status: TenantStatus;
  dbUser: string;
  /** Sealed ('encrypted:…'); opened only to log a pool in. */
  dbPassSealed: string;
  timezone: string;
  currency: string;
  market: string;
  adminEmail: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Tenant codes: lowercase letters, digits and hyphens, 3-50 characters, no hyphen at either end. */
export const TENANT_CODE_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,48})[a-z0-9]$/;

/** Codes that would collide with the service's own host names and realms (contract §4). */
export const RESERVED_TENANT_CODES: ReadonlySet<string> = new Set([
  'master',
  'admin',
  'api',
  'www',
  'platform',
  'system',
  'auth',
  'static',
]);

export function tenantCodeProblem(code: string): string | undefined {
  if (!TENANT_CODE_PATTERN.test(code)) {
    return 'must be 3-50 lowercase letters, digits or hyphens, not starting or ending with a hyphen';
  }
  if (RESERVED_TENANT_CODES.has(code)) return 'is reserved';
  return undefined;
}

/** The database of a tenant: fixed prefix, hyphens replaced by underscores. */
export function tenantDatabaseName(code: string): string {
  return `tc_t_${code.replace(/-/g, '_')}`;
}

/** `http://<code>.<base domain>:<port>`: a tenant's public address, from the service's public URL. */
export function tenantUrlOf(publicUrl: string, tenantCode: string): string {
  const url = new URL(publicUrl);
  url.hostname = `${tenantCode}.${url.hostname}`;
  return url.toString().replace(/\/$/, '');
}
