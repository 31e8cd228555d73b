import { type OperationDeclaration, platformOperation } from '../../platform/http/operation.js';
import { HealthReport, ReadinessReport } from './system.schemas.js';
import type { createSystemService } from './system.service.js';

const health = (system: ReturnType<typeof createSystemService>) =>
  platformOperation({
    path: '/system/health',
    methods: ['GET', 'POST'],
    summary: 'Deep health check: database, cluster, plugins and tenants (HTTP 503 when degraded, errorCode OK)',
    access: 'public',
    onTenantHosts: true,
    response: HealthReport,
    httpStatus: (report) => (report.status === 'UP' ? 200 : 503),
    handler: () => system.health(),
  });

const ready = (system: ReturnType<typeof createSystemService>) =>
  platformOperation({
    path: '/system/ready',
    methods: ['GET', 'POST'],
    summary: 'Readiness probe: HTTP 200 once migrations ran and every integration is initialised, 503 before',
    access: 'public',
    onTenantHosts: true,
    response: ReadinessReport,
    httpStatus: (report) => (report.status === 'READY' ? 200 : 503),
    handler: () => system.readiness(),
  });

/** Every operation of the area, bound to its services. */
export function systemOperations(system: ReturnType<typeof createSystemService>): OperationDeclaration[] {
  return [health, ready].map((declare) => declare(system));
}
