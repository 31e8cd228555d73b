// The service's logger, in a module of its own: the entry point makes it before the rest of the service is
// loaded (src/main.ts loads the service while the embedded PostgreSQL starts).
import pino, { type Logger } from 'pino';
import type { Config } from '../config.js';

export function createLogger(config: Config): Logger {
  const secrets = ['password', 'newPassword', 'dbPass', 'session', 'token', 'secret', 'client_secret'];
  return pino({
    level: config.logLevel,
    base: { node: config.nodeId },
    // Defence in depth: secrets never reach a log line even when an object holding them is logged.
    redact: {
      paths: [
        ...secrets,
        ...secrets.map((name) => `*.${name}`),
        'req.headers.authorization',
        'req.headers["x-auth-request-access-token"]',
      ],
      censor: '***',
    },
  });
}
