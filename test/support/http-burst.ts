// Bursts of requests sent at once over real sockets to a listening service, each on a keep-alive connection of
// its own (as a guesser with many connections would send them), for tests of limits under concurrency.
import { Agent, request as httpRequest } from 'node:http';
import type { Service } from '../../src/service.js';

export interface BurstAnswer {
  status: number;
  errorCode: string | undefined;
  retryAfter: string | undefined;
}

export interface BurstTarget {
  /** Sends `bodies` to `path` (POST, JSON) all at once over as many keep-alive connections; answers in order. */
  post(path: string, bodies: readonly object[], headers?: Record<string, string>): Promise<BurstAnswer[]>;
  /** How many connections the service has accepted so far. */
  connections(): number;
  close(): void;
}

/** Starts `service` listening on loopback; requests go to `host` (the tenant's). */
export async function burstTarget(service: Service, host: string, maxConnections = 240): Promise<BurstTarget> {
  if (!service.app.server.listening) await service.app.listen({ host: '127.0.0.1', port: 0 });
  const address = service.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  let accepted = 0;
  service.app.server.on('connection', () => {
    accepted += 1;
  });
  const agent = new Agent({ keepAlive: true, maxSockets: maxConnections });
  const send = (path: string, body: object, headers: Record<string, string>) =>
    new Promise<BurstAnswer>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const outgoing = httpRequest(
        {
          host: '127.0.0.1',
          port: address.port,
          method: 'POST',
          path,
          agent,
          headers: {
            host,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(payload)),
            ...headers,
          },
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            const envelope = JSON.parse(text) as { apiStatus?: { errorCode?: string } };
            const retryAfter = incoming.headers['retry-after'];
            resolve({
              status: incoming.statusCode ?? 0,
              errorCode: envelope.apiStatus?.errorCode,
              retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
            });
          });
        },
      );
      outgoing.on('error', (error) => reject(new Error(`POST ${path}: ${error.message}`)));
      outgoing.end(payload);
    });
  return {
    post: (path, bodies, headers = {}) => Promise.all(bodies.map((body) => send(path, body, headers))),
    connections: () => accepted,
    close: () => agent.destroy(),
  };
}

/** How many answers carry each error code, e.g. `{ NOTFOUND: 60, RATE_LIMITED: 180 }`. */
export function tally(answers: readonly BurstAnswer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key = answer.errorCode ?? `HTTP ${answer.status}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
