// What every catalog administration use case shares: its dependencies (the reads, the one write path) and the
// small conversions of saved values.
import { PgCode, pgErrorCode, type TransactionSql } from '../../platform/database/connections.js';
import { ApiError, ErrorCode } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { minorToDecimalString, toMinor } from '../../platform/money.js';
import type { CatalogService } from './catalog.service.js';

/** What the administration needs: the catalog's reads (to answer what was saved) and its one way to write. */
export interface AdminDeps {
  catalog: CatalogService;
  /** Every catalog write: one transaction; once it commits, the tenant's cached reads drop on every node. */
  write: <T>(ctx: TenantContext, work: (tx: TransactionSql) => Promise<T>) => Promise<T>;
}

export const duplicate =
  (what: string) =>
  (error: unknown): never => {
    if (pgErrorCode(error) === PgCode.uniqueViolation) throw new ApiError(ErrorCode.DUPLICATE, `${what} is taken`);
    throw error;
  };

/** A price as the exact decimal text the database stores, rounded to the currency's minor unit. */
export const decimal = (value: number, currency: string) => minorToDecimalString(toMinor(value, currency), currency);
