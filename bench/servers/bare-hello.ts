// Baseline (a): bare Fastify 5, one GET route answering { hello: 'world' } serialised by a response schema.
import Fastify from 'fastify';
import { announceReady, portOf, stopOn } from '../lib/child-side.js';

const app = Fastify({ logger: false });
app.get(
  '/hello',
  { schema: { response: { 200: { type: 'object', properties: { hello: { type: 'string' } } } } } },
  async () => ({ hello: 'world' }),
);
await app.listen({ host: '127.0.0.1', port: 0 });
stopOn(() => app.close());
announceReady({ http: portOf(app) });
