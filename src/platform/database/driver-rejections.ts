// postgres.js fetches array types on every new connection and returns that promise to nobody: when the connection
// drops in that moment (PostgreSQL restarting, a suspension cutting connections), the rejection is unhandled and
// Node would stop the whole service. Those rejections are logged; any other unhandled rejection is thrown again,
// so a real bug still stops the process (and fails a test run).
import type { FastifyBaseLogger } from 'fastify';

const CONNECTION_LOSS = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  '57P01',
  '57P03',
]);

export function isConnectionLoss(reason: unknown): boolean {
  return typeof reason === 'object' && reason !== null && 'code' in reason && CONNECTION_LOSS.has(String(reason.code));
}

let installed = false;

export function tolerateDriverConnectionLoss(log: FastifyBaseLogger): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => {
    if (isConnectionLoss(reason)) {
      log.warn(
        { code: typeof reason === 'object' && reason !== null && 'code' in reason ? reason.code : undefined },
        'database connection lost while it was being set up',
      );
      return;
    }
    throw reason;
  });
}
