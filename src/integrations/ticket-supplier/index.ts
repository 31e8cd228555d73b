// The ticket-supplier integration's public face: the port, its settings, and the adapter the settings choose (the
// simulator, the only one until the ticket-supplier catalog issue adds the real one).
import type { TicketSupplierSettings } from './settings.js';
import { createTicketSupplierSimulator, type TicketSupplierSimulator } from './simulator.js';

export {
  type SupplierBooking,
  type SupplierBookingRequest,
  type SupplierVoucher,
  type TicketSupplier,
  TicketSupplierError,
} from './port.js';
export { loadTicketSupplierSettings, type TicketSupplierSettings } from './settings.js';
export type { FailureHook, SimulatedFailure, TicketSupplierSimulator } from './simulator.js';

export function createTicketSupplier(settings: TicketSupplierSettings): TicketSupplierSimulator {
  return createTicketSupplierSimulator(settings);
}
