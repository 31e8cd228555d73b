// The settings area: the agency's own settings (table tenant_settings), and the tax rule every document uses.
import type { Area } from '../../platform/area.js';
import { settingsOperations } from './settings.operations.js';
import { readSettings, writeSettings } from './settings.service.js';
import type { ApiTag } from '../../platform/http/openapi.js';
import type { ReadTenantLook } from '../../platform/rendering/branding.js';

/** The OpenAPI tags of the area's operations (docs/api.md's sections). */
const TAGS: readonly ApiTag[] = [
  {
    name: 'settings',
    description:
      "The agency's settings: notification address, quote validity and terms, sales tax, its identity and bank " +
      "details on documents, payment terms, its pages' colours and contact, the tickets' cancellation policy",
  },
];

export type { AgencyContact, AgencyDetails, TenantSettings } from './settings.service.js';
export { contactLine, contactLinks } from './contact.js';
export type { WriteSettingsRequest } from './settings.schemas.js';
/** Writes settings as the admin's /settings/write does (the demo tenant's are seeded with it). */
export { writeSettings };
export { type LineTax, lineTax, sumLineTaxes, type TaxPolicy } from './tax.rules.js';

export interface SettingsApi {
  /** The tenant's settings, defaults where none are written (one small query on ctx.db). */
  read: typeof readSettings;
  /** The look and contact of the agency's pages (the platform's branding reads it: service.ts). */
  look: ReadTenantLook;
}

const look: ReadTenantLook = async (tenant, db) => (await readSettings({ tenant, db })).look;

export function createSettingsArea(): Area<SettingsApi> {
  return { tags: TAGS, operations: settingsOperations, api: { read: readSettings, look } };
}
