// The payment-gateway integration's public face: the port, its settings, the adapter the settings choose, and
// the simulator's page routes (registered only when the simulator is the gateway).
import type { Queryable } from '../../platform/database/connections.js';
import type { PaymentGatewaySettings } from './settings.js';
import { createPaymentSimulator, type PaymentSimulator } from './simulator.js';
import { createTelrPaymentGateway, type TelrPaymentGateway } from './telr.js';

export {
  type CreatedOrder,
  type CreateOrderRequest,
  gatewayRefusal,
  OrderCheckResult,
  PaymentCard,
  PaymentCustomer,
  type PaymentGateway,
  PaymentGatewayError,
  type PaymentGatewayFailure,
  PaymentStatus,
  type PaymentStatusCode,
  PaymentTransaction,
  paymentStatusText,
} from './port.js';
export { loadPaymentGatewaySettings, type PaymentGatewaySettings, type TelrSettings } from './settings.js';
export { type PaymentSimulator, SIMULATOR_PATH } from './simulator.js';
export { registerPaymentSimulatorRoutes } from './simulator.routes.js';
export type { TelrPaymentGateway } from './telr.js';

export interface PaymentGatewayDeps {
  /** The simulator keeps its orders in the platform database. */
  platformDb: Queryable;
  /** The service's public base URL: the simulator's payment pages are served there. */
  publicUrl: string;
  clock: () => Date;
}

/** The gateway the settings choose; narrow on `kind` to register the simulator's routes. */
export function createPaymentGateway(
  settings: PaymentGatewaySettings,
  deps: PaymentGatewayDeps,
): PaymentSimulator | TelrPaymentGateway {
  if (settings.kind === 'telr') return createTelrPaymentGateway(settings);
  return createPaymentSimulator({ ...deps, linkMinutes: settings.linkMinutes });
}
