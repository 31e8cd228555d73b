// The Tiqets Distributor API v2 adapter (TC_TICKET_SUPPLIER=tiqets): the catalog read port and the ticketing port
// over one HTTP client (token, lang, currency, retries within a budget, timeouts).
import type { TicketCatalog } from '../catalog.js';
import type { TicketSupplier } from '../port.js';
import type { TiqetsSettings } from '../settings.js';
import { createTiqetsCatalog } from './catalog.js';
import { createTiqetsClient, type TiqetsLog } from './client.js';
import { createTiqetsTicketSupplier } from './orders.js';

export type { TiqetsLog } from './client.js';
export { MAX_DAYS_PER_CALL, PAGE_SIZE, rangesOf } from './catalog.js';

export interface TiqetsDeps {
  log: TiqetsLog;
  fetchImpl?: typeof fetch;
  now?: () => number;
}

export interface Tiqets {
  catalog: TicketCatalog;
  supplier: TicketSupplier;
}

export function createTiqets(settings: TiqetsSettings, deps: TiqetsDeps): Tiqets {
  const client = createTiqetsClient(settings, deps);
  return {
    catalog: createTiqetsCatalog(settings, client),
    supplier: createTiqetsTicketSupplier(client),
  };
}
