// The common area: country look-up, web-action tracking and bot-check assessment. Its job deletes web actions
// past their retention.
import type { FastifyBaseLogger } from 'fastify';
import type { Area } from '../../platform/area.js';
import type { PeriodicJob, PeriodicWork } from '../../platform/periodic/periodic-work.js';
import { retentionJob } from '../../platform/periodic/retention-job.js';
import type { TenantPools } from '../../platform/tenancy/pools.js';
import type { TenantRegistry } from '../../platform/tenancy/registry.js';
import type { BotCheckProvider } from '../../integrations/bot-check/index.js';
import { commonOperations } from './common.operations.js';
import type { Queryable } from '../../platform/database/connections.js';
import { deleteWebActionsBefore, selectCountryByCode } from './common.repository.js';
import { createCommonService } from './common.service.js';
import type { CommonRateLimits } from './common.settings.js';
import type { ApiTag } from '../../platform/http/openapi.js';

/** The OpenAPI tags of the area's operations (docs/api.md's sections). */
const TAGS: readonly ApiTag[] = [
  { name: 'common', description: 'Country lists, website action tracking and bot checks' },
];

export type { CommonRateLimits } from './common.settings.js';

export interface CommonAreaDeps {
  botCheck: BotCheckProvider;
  rateLimits: CommonRateLimits;
  registry: TenantRegistry;
  pools: TenantPools;
  periodic: Pick<PeriodicWork, 'register'>;
  logger: FastifyBaseLogger;
  clock: () => Date;
  /** Web actions older than this many days are deleted (TC_WEB_ACTION_RETENTION_DAYS). */
  webActionRetentionDays: number;
}

/** A country as other areas see it (visa destinations and nationalities). */
export interface Country {
  countryId: number;
  countryName: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
}

/** Look-ups for other areas; each runs on the handle (pool or transaction) the caller passes. */
export interface CommonApi {
  /** The country of an ISO 3166-1 alpha-2 code (any case), if there is one. */
  countryByCode(db: Queryable, code: string): Promise<Country | undefined>;
}

/** The api needs no dependencies: the composition root and tests pass it as it is. */
export const commonApi: CommonApi = {
  async countryByCode(db, code) {
    const row = await selectCountryByCode(db, code.trim().toUpperCase());
    return row && { countryId: row.country_id, countryName: row.country_name, countryCode: row.country_code };
  },
};

export function createCommonArea(deps: CommonAreaDeps): Area<CommonApi> {
  return {
    tags: TAGS,
    operations: commonOperations(createCommonService(deps)),
    api: commonApi,
    jobs: [deps.periodic.register(createWebActionRetention({ ...deps, log: deps.logger }))],
  };
}

/** Deletes each active tenant's web actions older than the retention, in bounded batches, once an hour. */
export function createWebActionRetention(deps: {
  log: FastifyBaseLogger;
  clock: () => Date;
  webActionRetentionDays: number;
}): PeriodicJob {
  return retentionJob({
    ...deps,
    name: 'web action retention',
    retentionDays: deps.webActionRetentionDays,
    deleteBatch: deleteWebActionsBefore,
  });
}
