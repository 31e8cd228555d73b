// The shared Amadeus client (integrations/amadeus/) bound to the flight port: its failures become
// FlightSupplierErrors of the same kind and message, so the flight area sees its own port's error only.
import {
  AmadeusError,
  type AmadeusCall,
  type AmadeusClientDeps,
  createAmadeusClient as createSharedClient,
} from '../../amadeus/client.js';
import { FlightSupplierError } from '../port.js';
import type { AmadeusSettings } from '../settings.js';

export { type AmadeusCall, type AmadeusClientDeps, type AmadeusLog, backoffMs } from '../../amadeus/client.js';

export interface AmadeusClient {
  /** The answer's JSON body (2xx). Rejects with FlightSupplierError. */
  call(call: AmadeusCall, signal?: AbortSignal): Promise<unknown>;
}

export function createAmadeusClient(settings: AmadeusSettings, deps: AmadeusClientDeps): AmadeusClient {
  const shared = createSharedClient(settings, deps);
  return {
    call: (call, signal) =>
      shared.call(call, signal).catch((error: unknown) => {
        throw error instanceof AmadeusError ? new FlightSupplierError(error.kind, error.message) : error;
      }),
  };
}
