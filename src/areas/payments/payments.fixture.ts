// For the payments area's own tests: the area built on a test service's settings with the gateway the service runs
// (the simulator) and a periodic round of its own that never starts (the tests run rounds by hand).
import pino from 'pino';
import { createPeriodicWork } from '../../platform/periodic/periodic-work.js';
import type { Service } from '../../service.js';
import { createPaymentGateway, type PaymentGateway } from '../../integrations/payment-gateway/index.js';
import { createSettingsArea } from '../settings/index.js';
import { createPaymentsArea } from './index.js';

export function paymentsAreaOf(service: Service, clock: () => Date) {
  const log = pino({ level: 'silent' });
  const { config } = service;
  const paymentGateway: PaymentGateway = createPaymentGateway(config.paymentGateway, {
    platformDb: service.platformDb,
    publicUrl: config.publicUrl,
    clock,
  });
  const area = createPaymentsArea({
    paymentGateway,
    testPayments: true,
    tenantUrl: service.tenantUrl,
    linkMinutes: 5,
    periodic: createPeriodicWork({ registry: service.registry, pools: service.pools, log }),
    logger: log,
    clock,
    dataDir: config.dataDir,
    settings: createSettingsArea().api,
    outbox: service.outbox,
    brands: service.brands,
  });
  return { area, paymentGateway };
}
