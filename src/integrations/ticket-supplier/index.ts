// The ticket-supplier integration's public face: the ticketing port, the catalog read port, their settings, and
// the adapter the settings choose (the simulator by default; Tiqets with TC_TICKET_SUPPLIER=tiqets).
import type { TicketCatalog } from './catalog.js';
import type { TicketSupplier } from './port.js';
import type { TicketSupplierSettings } from './settings.js';
import { createTicketSupplierSimulator, type TicketSupplierSimulator } from './simulator.js';
import { createSimulatedTicketCatalog } from './simulator-catalog/index.js';
import { createTiqets, type TiqetsLog } from './tiqets/index.js';

export type {
  CatalogAvailability,
  CatalogAvailabilityDay,
  CatalogCity,
  CatalogCountry,
  CatalogExperience,
  CatalogProduct,
  CatalogTag,
  CatalogTagType,
  CatalogTimeslot,
  CatalogVariant,
  CatalogVariantOffer,
  TicketCatalog,
} from './catalog.js';
export { TicketCatalogError } from './catalog.js';
export {
  type SupplierBooking,
  type SupplierBookingRequest,
  type SupplierReservation,
  type SupplierReservationRequest,
  type SupplierVoucher,
  type TicketSupplier,
  TicketSupplierError,
} from './port.js';
export { loadTicketSupplierSettings, type TicketSupplierSettings } from './settings.js';
export type { FailureHook, SimulatedFailure, TicketSupplierSimulator } from './simulator.js';

export interface TicketSupplierAdapters {
  supplier: TicketSupplier;
  /** The same supplier when it is the simulator, for its test hooks. */
  simulator: TicketSupplierSimulator | undefined;
  /** The supplier's catalog: Tiqets', or the simulator's generated one (simulator-catalog/). */
  catalog: TicketCatalog;
}

export function createTicketSupplier(
  settings: TicketSupplierSettings,
  /** `clock` decides the simulated catalog's today and its reservations' ends (the system clock when not given). */
  deps: { log?: TiqetsLog; clock?: () => Date } = {},
): TicketSupplierAdapters {
  if (settings.kind === 'tiqets') {
    const tiqets = createTiqets(settings.tiqets, { log: deps.log ?? { warn: () => {} } });
    return { supplier: tiqets.supplier, simulator: undefined, catalog: tiqets.catalog };
  }
  const clock = deps.clock ?? (() => new Date());
  const simulator = createTicketSupplierSimulator(settings, clock);
  const catalog = createSimulatedTicketCatalog({ clock, latencyMs: settings.latencyMs });
  return { supplier: simulator, simulator, catalog };
}
