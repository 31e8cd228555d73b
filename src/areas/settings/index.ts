// The settings area: the agency's own settings (table tenant_settings), and the tax rule every document uses.
import type { Area } from '../../platform/area.js';
import { settingsOperations } from './settings.operations.js';
import { readSettings, writeSettings } from './settings.service.js';
import type { ApiTag } from '../../platform/http/openapi.js';

/** The OpenAPI tags of the area's operations (docs/api.md's sections). */
const TAGS: readonly ApiTag[] = [
  {
    name: 'settings',
    description:
      "The agency's settings: notification address, quote validity and terms, sales tax, its identity and bank " +
      'details on documents, payment terms',
  },
];

export type { AgencyDetails, TenantSettings } from './settings.service.js';
export type { WriteSettingsRequest } from './settings.schemas.js';
/** Writes settings as the admin's /settings/write does (the demo tenant's are seeded with it). */
export { writeSettings };
export { type LineTax, lineTax, sumLineTaxes, type TaxPolicy } from './tax.rules.js';

export interface SettingsApi {
  /** The tenant's settings, defaults where none are written (one small query on ctx.db). */
  read: typeof readSettings;
}

export function createSettingsArea(): Area<SettingsApi> {
  return { tags: TAGS, operations: settingsOperations, api: { read: readSettings } };
}
