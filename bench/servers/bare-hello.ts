// Baseline (a): bare Fastify 5, one GET route answering { hello: 'world' } serialised by a response schema. With
// BENCH_BARE_BODY set, also POST /body answering those bytes as JSON after parsing the request's JSON body: what
// writing an operation's answer of that size costs with no kernel at all.
import Fastify from 'fastify';
import { announceReady, portOf, stopOn } from '../lib/child-side.js';

const app = Fastify({ logger: false });
app.get(
  '/hello',
  { schema: { response: { 200: { type: 'object', properties: { hello: { type: 'string' } } } } } },
  async () => ({ hello: 'world' }),
);
const body = process.env.BENCH_BARE_BODY;
if (body) app.post('/body', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ host: '127.0.0.1', port: 0 });
stopOn(() => app.close());
announceReady({ http: portOf(app) });
