// The settings area: the agency's own settings (table tenant_settings), and the tax rule every document uses.
import type { Area } from '../../platform/area.js';
import { settingsOperations } from './settings.operations.js';
import { readSettings } from './settings.service.js';

export type { TenantSettings } from './settings.service.js';
export { type LineTax, lineTax, sumLineTaxes, type TaxPolicy } from './tax.rules.js';

export interface SettingsApi {
  /** The tenant's settings, defaults where none are written (one small query on ctx.db). */
  read: typeof readSettings;
}

export function createSettingsArea(): Area<SettingsApi> {
  return { operations: settingsOperations, api: { read: readSettings } };
}
