// The child half of the IPC protocol: announce the ports, answer the bench's requests, stop on SIGTERM
// or when the bench goes away.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ChildReply, ChildRequest, ReadyMessage, ReplyMessage, RequestMessage } from './protocol.js';

export function portOf(app: FastifyInstance): number {
  return (app.server.address() as AddressInfo).port;
}

export function announceReady(ports: Record<string, number>): void {
  const message: ReadyMessage = { ready: { ports } };
  process.send?.(message);
}

export function answerRequests(handle: (request: ChildRequest) => Promise<ChildReply>): void {
  process.on('message', (message: RequestMessage) => {
    handle(message.request)
      .catch((error: unknown): ChildReply => ({ kind: 'failed', message: String(error) }))
      .then((reply) => {
        const answer: ReplyMessage = { id: message.id, reply };
        process.send?.(answer);
      });
  });
}

/** Runs `close` once on SIGTERM, SIGINT or a lost bench, then exits. */
export function stopOn(close: () => Promise<void>): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const forced = setTimeout(() => process.exit(1), 15_000);
    forced.unref();
    close()
      .catch((error: unknown) => console.error('closing failed:', error))
      .finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.once('disconnect', stop);
}
