// The catalog sync: the periodic job copying the supplier's catalog into the tenant's ts_* tables, and the two
// halves of a city's sync (read from the supplier, then write in the caller's transaction) that enabling a city uses.
export { type CatalogSyncDeps, createCatalogSyncJobs, FORCED_SYNC_JOB, SYNC_JOB } from './sync.job.js';
export { readCityContent, writeCityContent } from './sync.js';
export type { CityContent } from './sync.rows.js';
