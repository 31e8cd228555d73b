// JSON bodies over a real socket: a body that came with its headers (read in one go), one that arrives later or in
// pieces (read as a stream), both held to the route's limit, and keep-alive requests after either.
import { connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../test/support/wait.js';
import { acceptJsonBodies } from './json-body.js';

let app: FastifyInstance;
let port = 0;
/** The statuses of the failures the app answered (or would have: the client may be gone). */
const failures: (number | undefined)[] = [];
/** Requests whose head the app has read (its body, if any, is read after). */
let arrived = 0;

beforeAll(async () => {
  app = Fastify({ bodyLimit: 1024 });
  acceptJsonBodies(app);
  app.addHook('onRequest', (_request, _reply, done) => {
    arrived += 1;
    done();
  });
  app.addHook('onError', (_request, _reply, error, done) => {
    failures.push(error.statusCode);
    done();
  });
  app.post('/echo', async (request) => ({ body: request.body }));
  app.post('/small', { bodyLimit: 16 }, async (request) => ({ body: request.body }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  port = address.port;
});
afterAll(() => app.close());

/** A piece of an exchange: wait until the app has read the heads of this many of its requests. */
interface HeadsRead {
  heads: number;
}
const headsRead = (heads: number): HeadsRead => ({ heads });
/** What follows arrives after the app read the request's head (however slow the machine), not with it. */
const HEAD_READ = headsRead(1);

/** Writes the pieces, then reads the socket until the server or we end it. */
async function exchange(pieces: (string | Buffer | HeadsRead)[]): Promise<string> {
  const before = arrived;
  const socket = connect(port, '127.0.0.1');
  // The server may close first (a refused body); what it answered is what is checked.
  socket.on('error', () => {});
  const received: Buffer[] = [];
  socket.on('data', (chunk) => received.push(chunk));
  const ended = new Promise((resolve) => socket.on('close', resolve));
  for (const piece of pieces) {
    if (typeof piece === 'string' || Buffer.isBuffer(piece)) socket.write(piece);
    else await until(() => arrived >= before + piece.heads, 10_000);
  }
  await ended;
  return Buffer.concat(received).toString('utf8');
}

function post(path: string, body: string, { close = true } = {}): string {
  const head = `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n`;
  return `${head}Content-Length: ${Buffer.byteLength(body)}\r\n${close ? 'Connection: close\r\n' : ''}\r\n${body}`;
}

/** A chunked request's head (no Content-Length); its chunks follow. */
function chunkedHead(path: string): string {
  return `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`;
}

function statuses(answer: string): number[] {
  return [...answer.matchAll(/HTTP\/1\.1 (\d+)/g)].map((match) => Number(match[1]));
}

function bodies(answer: string): unknown[] {
  // Each answer's body follows its headers' blank line, up to the next answer.
  return answer
    .split(/HTTP\/1\.1 /)
    .slice(1)
    .map((one) => JSON.parse(one.slice(one.indexOf('\r\n\r\n') + 4)).body);
}

describe('acceptJsonBodies', () => {
  it('reads a body that came with its headers, multi-byte text included', async () => {
    const answer = await exchange([post('/echo', '{"city":"São Paulo ✈"}')]);
    expect(statuses(answer)).toEqual([200]);
    expect(bodies(answer)).toEqual([{ city: 'São Paulo ✈' }]);
  });

  it('reads a body that arrives after its headers, in pieces, split inside a character', async () => {
    const request = post('/echo', '{"city":"São Paulo"}');
    const bytes = Buffer.from(request);
    const at = bytes.indexOf('ã') + 1; // between the two bytes of ã
    const answer = await exchange([bytes.subarray(0, at), HEAD_READ, bytes.subarray(at)]);
    expect(statuses(answer)).toEqual([200]);
    expect(bodies(answer)).toEqual([{ city: 'São Paulo' }]);
  });

  it('reads a chunked body, whole or arriving later', async () => {
    const whole = await exchange([`${chunkedHead('/echo')}5\r\n{"a":\r\n2\r\n1}\r\n0\r\n\r\n`]);
    expect(bodies(whole)).toEqual([{ a: 1 }]);
    const later = await exchange([`${chunkedHead('/echo')}5\r\n{"a":\r\n`, HEAD_READ, '2\r\n2}\r\n0\r\n\r\n']);
    expect(bodies(later)).toEqual([{ a: 2 }]);
  });

  it('takes no body at all as {}, and refuses malformed JSON and prototype keys with 400', async () => {
    expect(bodies(await exchange([post('/echo', '')]))).toEqual([{}]);
    expect(statuses(await exchange([post('/echo', '{"a":')]))).toEqual([400]);
    expect(statuses(await exchange([post('/echo', '{"__proto__":{"admin":true}}')]))).toEqual([400]);
  });

  it("holds a body to its route's limit, declared, counted whole or counted as it streams", async () => {
    expect(statuses(await exchange([post('/small', '{"a":"0123456789"}')]))).toEqual([413]);
    expect(statuses(await exchange([post('/echo', JSON.stringify({ a: 'x'.repeat(2000) }))]))).toEqual([413]);
    const head = chunkedHead('/small');
    expect(statuses(await exchange([`${head}14\r\n{"a":"0123456789ab"}\r\n0\r\n\r\n`]))).toEqual([413]);
    expect(statuses(await exchange([`${head}8\r\n{"a":"01\r\n`, HEAD_READ, 'c\r\n23456789ab"}\r\n0\r\n\r\n']))).toEqual(
      [413],
    );
    expect(bodies(await exchange([post('/small', '{"a":"01234567"}')]))).toEqual([{ a: '01234567' }]);
  });

  it('ends a body whose client hung up mid-way as a 400 failure, and answers the next one', async () => {
    const started = post('/echo', '{"city":"São Paulo"}').slice(0, -5);
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    const before = arrived;
    socket.write(started);
    // The app is reading the body when the client hangs up (not before its head arrived, however slow the machine).
    await until(() => arrived > before, 10_000);
    failures.length = 0;
    socket.destroy();
    await until(() => failures.length > 0, 10_000);
    expect(failures).toEqual([400]);
    expect(bodies(await exchange([post('/echo', '{"n":1}')]))).toEqual([{ n: 1 }]);
  });

  it('answers requests after each other on one connection, read either way', async () => {
    const answer = await exchange([
      post('/echo', '{"n":1}', { close: false }),
      headsRead(1),
      post('/echo', '{"n":2}', { close: false }).slice(0, -2),
      headsRead(2),
      `2}${post('/echo', '{"n":3}')}`,
    ]);
    expect(statuses(answer)).toEqual([200, 200, 200]);
    expect(bodies(answer)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('answers pipelined requests (several in one packet) in order, up to a refused body that closes it', async () => {
    const keep = { close: false };
    const answer = await exchange([
      post('/echo', '{"n":1}', keep) +
        post('/echo', '{"n":2}', keep) +
        post('/small', '{"n":"too long for it"}', keep) +
        post('/echo', '{"n":4}'),
    ]);
    expect(statuses(answer)).toEqual([200, 200, 413]);
    expect(bodies(answer.slice(0, answer.indexOf('HTTP/1.1 413')))).toEqual([{ n: 1 }, { n: 2 }]);
  });
});
