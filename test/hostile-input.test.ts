// Hostile input against every registered operation, over real sockets (contract §2, §7.1; issue 10): NUL and
// unpaired surrogates in every string field, a 10 MB body, 10,000 levels of nesting, prototype keys, and
// transport errors Node's parser refuses. Never HTTP 5xx, always a JSON envelope, never a reset connection.
// Issue 28 added numbers no column can hold (Infinity, 1e308, 2^53, …) in every numeric parameter, path parameters
// included (`/booking/voucher/:id` gets the sampled values, not the literal `:id`), and multipart bodies without a
// boundary: the walk is of `service.operations`, so every operation an area adds, pages among them, is in it.
// Issue 30: an operation answering an HTML page (htmlPage) refuses with a page and a 4xx status, not the envelope.
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationDeclaration } from '../src/platform/http/operation.js';
import type { Service } from '../src/service.js';
import { type TestTenant, tenant } from './support/factories.js';
import { platformToken, startTestService, TEST_BASE_DOMAIN } from './support/service.js';

let service: Service;
let t: TestTenant;
let bearer: string;
let port: number;
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

beforeAll(async () => {
  service = await startTestService();
  t = await tenant(service);
  bearer = await platformToken(service);
  await service.app.listen({ host: '127.0.0.1', port: 0 });
  const address = service.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  port = address.port;
});
afterAll(async () => {
  agent.destroy();
  await service.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

interface Sent {
  method: 'GET' | 'POST';
  path: string;
  host: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** One request on the keep-alive agent; a reset or hang-up rejects (and fails the test). */
function send({ method, path, host, headers = {}, body }: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          host,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
          ...headers,
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', (error) => reject(new Error(`${method} ${path}: ${error.message}`)));
    outgoing.end(body);
  });
}

interface Envelope {
  apiStatus: { errorCode: string; errorMessage: string };
  apiData: unknown;
}

/**
 * A refusal of an operation that answers an HTML page (issue 30: an e-mail's link a browser opens): a page with a
 * 4xx status, never the envelope and never a 5xx.
 */
function expectRefusalPage(answer: Answer, what: string): void {
  expect(answer.status, `${what}: ${answer.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, `${what}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
  expect(answer.headers['content-type'], what).toMatch(/^text\/html/);
}

function envelopeOf(answer: Answer, what: string): Envelope {
  expect(answer.status, `${what}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
  expect(answer.headers['content-type'], what).toMatch(/^application\/json/);
  const parsed: Envelope = JSON.parse(answer.body);
  expect(typeof parsed.apiStatus?.errorCode, `${what}: ${answer.body.slice(0, 300)}`).toBe('string');
  return parsed;
}

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  'x-record-id'?: string;
}

/** Texts that match the patterns the schemas use (a currency, a dd/MM/yyyy date, a time, a code). */
const PATTERNED = ['AED', '01/01/2027', '10:00', '2027-01-01', 'AB', 'A1', 'ABC123'];

/** Valid values of the string formats the schemas use, so a sample gets past them to the parameters after. */
const FORMATS: Readonly<Record<string, string>> = {
  date: '2027-01-01',
  'date-time': '2027-01-01T10:00:00Z',
  email: 'hostile@input.example',
  uuid: '00000000-0000-4000-8000-000000000000',
  uri: 'https://input.example/x',
};

/** A value of the schema with every field present (the first alternative of a union). */
function sample(schema: Schema, depth = 0): unknown {
  if (depth > 8) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternative = schema.anyOf?.find((option) => option.type !== 'null');
  if (alternative) return sample(alternative, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [name, sample(property, depth + 1)]),
      );
    case 'array':
      return schema.items ? [sample(schema.items, depth + 1)] : [];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern);
        return PATTERNED.find((text) => pattern.test(text)) ?? 'x';
      }
      return (schema.format && FORMATS[schema.format]) ?? 'x';
  }
}

type Path = (string | number)[];

/** The paths of every string in a sampled value. */
function stringPaths(value: unknown, at: Path = []): Path[] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...at, index]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([name, item]) => stringPaths(item, [...at, name]));
  }
  return [];
}

function withValueAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? withValueAt(item, rest, replacement) : item));
  const record = recordOf(value);
  return { ...record, [String(head)]: withValueAt(record[String(head)], rest, replacement) };
}

function recordOf(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' ? { ...value } : {};
}

function dotted(path: Path): string {
  return path.reduce<string>(
    (name, part) => (typeof part === 'number' ? `${name}[${part}]` : name ? `${name}.${part}` : part),
    '',
  );
}

const NUL = 'a\u0000b';
const HIGH_SURROGATE = 'a\uD800b';
const LOW_SURROGATE = '\uDC00';

interface Target {
  operation: OperationDeclaration;
  method: 'GET' | 'POST';
  host: string;
  headers: Record<string, string>;
  what: string;
}

const NO_INPUT: Schema = { type: 'object' };

function targets(): Target[] {
  return service.operations.flatMap((operation) =>
    operation.methods.map((method): Target => {
      const tenantOperation = operation.policy.kind === 'tenant';
      return {
        operation,
        method,
        host: tenantOperation ? t.host : TEST_BASE_DOMAIN,
        headers: tenantOperation ? { 'x-auth-request-access-token': t.admin } : { authorization: `Bearer ${bearer}` },
        what: `${method} ${operation.path}`,
      };
    }),
  );
}

/**
 * Requests of a target with `value` in the body of a POST or the query of a GET; a GET's path parameters
 * (`/booking/voucher/:id`) take the value's field of that name, written as it is (so `Infinity` stays text).
 */
function requestWith(target: Target, value: unknown, query = '', bodyText?: string): Sent {
  const { method, host, headers, operation } = target;
  if (method === 'POST') {
    return { method, path: `${operation.path}${query}`, host, headers, body: bodyText ?? JSON.stringify(value) };
  }
  const fields = { ...recordOf(value) };
  const path = operation.path.replace(/:(\w+)/g, (_, name: string) => {
    const field = fields[name];
    delete fields[name];
    return encodeURIComponent(field === undefined ? 'x' : String(field));
  });
  const parameters = new URLSearchParams();
  for (const [name, item] of Object.entries(fields)) {
    parameters.append(name, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  const search = parameters.toString();
  return { method, path: `${path}${search ? `?${search}` : ''}`, host, headers };
}

/** The paths of every number in a sampled value. */
function numberPaths(value: unknown, at: Path = []): Path[] {
  if (typeof value === 'number') return [at];
  if (Array.isArray(value)) return value.flatMap((item, index) => numberPaths(item, [...at, index]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([name, item]) => numberPaths(item, [...at, name]));
  }
  return [];
}

/** The schema of the parameter at `path` (the first alternative that has it). */
function schemaAt(schema: Schema | undefined, path: Path): Schema | undefined {
  if (schema === undefined || path.length === 0) return schema;
  const [head, ...rest] = path;
  const alternative = schema.anyOf?.find((option) => option.type !== 'null');
  if (alternative) return schemaAt(alternative, path);
  if (typeof head === 'number') return schemaAt(schema.items, rest);
  return schemaAt(schema.properties?.[String(head)], rest);
}

/** Numbers no integer or bigint column holds, as a query string writes them and as JSON text does. */
const HOSTILE_NUMBERS = ['Infinity', '-Infinity', '1e999', '-1e999', '1e308', '9007199254740992', '-1', '0', '1.5'];
const HOSTILE_JSON_NUMBERS = ['1e999', '-1e999', '1e308', '9007199254740992', '-1', '0', '1.5'];
/** Marks where a hostile number goes in a body's JSON text. */
const MARK = 'hostile-number';

describe('every operation', () => {
  it('refuses NUL and unpaired surrogates in every string field as INVALID_FORMAT naming it', async () => {
    const codes = new Map<string, number>();
    for (const target of targets()) {
      const input: Schema = JSON.parse(JSON.stringify(target.operation.input ?? NO_INPUT));
      const valid = recordOf(sample(input));
      // A parameter the operation does not declare counts too (and keeps an operation without strings away
      // from its handler).
      const cases: { value: unknown; query?: string; naming?: string }[] = [
        { value: { ...valid, extra: NUL }, naming: 'extra' },
      ];
      if (target.method === 'POST') {
        cases.push({ value: { ...valid, nested: { list: [1, HIGH_SURROGATE] } }, naming: 'nested.list[1]' });
      }
      for (const path of stringPaths(valid)) {
        cases.push({ value: withValueAt(valid, path, NUL), naming: dotted(path) });
        if (target.method === 'POST')
          cases.push({ value: withValueAt(valid, path, LOW_SURROGATE), naming: dotted(path) });
      }
      // Query parameters of a POST (`pk`, …): a NUL there, with a NUL in the body too.
      if (target.method === 'POST') cases.push({ value: { extra: NUL }, query: '?pk=%00&ref=x%00.png' });
      for (const { value, query, naming } of cases) {
        const answer = await send(requestWith(target, value, query));
        if (target.operation.htmlPage) {
          expectRefusalPage(answer, target.what);
          continue;
        }
        const { apiStatus } = envelopeOf(answer, target.what);
        codes.set(apiStatus.errorCode, (codes.get(apiStatus.errorCode) ?? 0) + 1);
        if (apiStatus.errorCode === 'INVALID_FORMAT' && naming) {
          expect(apiStatus.errorMessage, target.what).toBe(
            `Parameter ${naming} holds a NUL character or an unpaired surrogate`,
          );
        }
      }
    }
    expect(codes.get('INVALID_FORMAT')).toBeGreaterThan(targets().length * 2);
    // Only session and role refusals come before it (the admin may not call a customer's own operations).
    expect(
      [...codes.keys()].filter((code) => !['INVALID_FORMAT', 'FORBIDDEN', 'NOT_LOGGED_IN'].includes(code)),
    ).toEqual([]);
  });

  it('answers deep nesting, prototype keys and malformed JSON with an envelope', async () => {
    const deepArray = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const deepObject = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    for (const target of targets()) {
      const properties = Object.keys(target.operation.input?.properties ?? {});
      // Nested under a declared parameter (refused by its type), or `session` when none is declared.
      const field = properties.find((name) => name !== 'session') ?? 'session';
      const bodies = [
        `{"${field}":${deepArray}}`,
        `{"${field}":${deepObject}}`,
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{"isAdmin":true}}}',
        `{"${field}":{"__proto__":{"x":1}}}`,
        '{"unterminated":',
      ];
      for (const body of bodies) {
        if (target.method === 'POST') {
          const { method, host, headers, operation } = target;
          const answer = await send({ method, path: operation.path, host, headers, body });
          if (operation.htmlPage) expectRefusalPage(answer, target.what);
          else envelopeOf(answer, target.what);
        } else {
          // A query string is flat: the same text as one value, beside prototype keys. The operation may run
          // (reads with sample values), and one that answers a page (HTML, PDF) may do so.
          const query = `?${field}=${encodeURIComponent(body.slice(0, 2_000))}&__proto__=x&constructor=y`;
          const { method, host, headers, operation } = target;
          const answer = await send({ method, path: `${operation.path}${query}`, host, headers });
          if (answer.status < 300 && !/^application\/json/.test(String(answer.headers['content-type']))) continue;
          if (operation.htmlPage) expectRefusalPage(answer, target.what);
          else envelopeOf(answer, target.what);
        }
      }
    }
  });

  it('refuses numbers no column can hold in every numeric parameter, path parameters included', async () => {
    const failures: string[] = [];
    let refusedIds = 0;
    for (const target of targets()) {
      const input: Schema = JSON.parse(JSON.stringify(target.operation.input ?? NO_INPUT));
      const valid = recordOf(sample(input));
      for (const path of numberPaths(valid)) {
        const recordId = schemaAt(input, path)?.['x-record-id'] !== undefined;
        const name = dotted(path);
        const values = target.method === 'POST' ? HOSTILE_JSON_NUMBERS : HOSTILE_NUMBERS;
        for (const number of values) {
          // JSON has no Infinity: the number goes into the body's text as it is (1e999 parses as Infinity)
          const bodyText = JSON.stringify(withValueAt(valid, path, MARK)).replace(`"${MARK}"`, number);
          const answer = await send(requestWith(target, withValueAt(valid, path, number), '', bodyText));
          const what = `${target.what} ${name}=${number}`;
          if (answer.status >= 500) {
            failures.push(`${what}: HTTP ${answer.status}`);
            continue;
          }
          if (answer.status < 300 && !/^application\/json/.test(String(answer.headers['content-type']))) continue;
          if (target.operation.htmlPage) {
            expectRefusalPage(answer, what);
            continue;
          }
          const { apiStatus } = envelopeOf(answer, what);
          // An id no column holds is refused naming it, unless the caller is refused first (contract §7.1).
          if (!recordId || ['FORBIDDEN', 'NOT_LOGGED_IN'].includes(apiStatus.errorCode)) continue;
          if (apiStatus.errorCode === 'INVALID_FORMAT' && apiStatus.errorMessage.includes(`Parameter ${name} `)) {
            refusedIds++;
          } else failures.push(`${what}: ${apiStatus.errorCode} ${apiStatus.errorMessage}`);
        }
      }
    }
    expect(failures.join('\n')).toBe('');
    expect(refusedIds).toBeGreaterThan(100);
  }, 300_000);

  it('gives every integer parameter named like a record id the kernel id type', () => {
    const untyped: string[] = [];
    const visit = (schema: Schema | undefined, at: string, what: string) => {
      if (!schema) return;
      for (const option of schema.anyOf ?? []) visit(option, at, what);
      const types = Array.isArray(schema.type) ? schema.type : [schema.type];
      const name = at.split('.').at(-1) ?? '';
      if (types.includes('integer') && /(^id$|Id$|^docnum$)/.test(name) && !schema['x-record-id']) {
        untyped.push(`${what} ${at}`);
      }
      visit(schema.items, `${at}[]`, what);
      for (const [key, property] of Object.entries(schema.properties ?? {}))
        visit(property, at ? `${at}.${key}` : key, what);
    };
    for (const operation of service.operations) {
      visit(operation.input as Schema | undefined, '', operation.path);
      visit(operation.query as Schema | undefined, '', operation.path);
    }
    // ISO 3166 and ISO 4217 numeric codes (1-999), a cart line's number within its cart (from 0), and the ticket
    // supplier's own product and variant ids (strings or numbers, looked up in the tenant's copy): not rows
    const notRows =
      / (countryId|currencyId)$|^\/cart\/(removeItem|updateItem) itemId$|^\/cart\/addSupplierTicket (productId|variantId)$/;
    expect(untyped.filter((entry) => !notRows.test(entry))).toEqual([]);
  });

  it('answers a multipart body without a boundary with an envelope, naming the body where files are taken', async () => {
    const refusedBodies = new Set<string>();
    for (const target of targets().filter((each) => each.method === 'POST')) {
      const { method, host, headers, operation } = target;
      for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=']) {
        const answer = await send({
          method,
          path: operation.path,
          host,
          headers: { ...headers, 'content-type': contentType },
          body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
        });
        if (operation.htmlPage) {
          expectRefusalPage(answer, `${target.what} (${contentType})`);
          expect(answer.status, target.what).toBe(415);
          continue;
        }
        const { apiStatus } = envelopeOf(answer, `${target.what} (${contentType})`);
        expect(apiStatus.errorCode, target.what).toBe('INVALID_FORMAT');
        if (answer.status === 400) {
          expect(apiStatus.errorMessage, target.what).toBe('Parameter body is not readable multipart/form-data');
          refusedBodies.add(target.what);
        } else expect(answer.status, target.what).toBe(415);
      }
    }
    // the operations that take files read the body; every other one refuses the content type
    expect([...refusedBodies].sort()).toEqual(['POST /document/upload', 'POST /hotel/importStaticData']);
  }, 60_000);

  it('answers a 10 MB body with 413 and an envelope, and keeps the connection usable', async () => {
    const huge = Buffer.alloc(10 * 1024 * 1024, 'a');
    huge.write('{"x":"');
    huge.write('"}', huge.length - 2);
    // One operation per area and the platform's: each reads the same body limit of the kernel.
    const seen = new Set<string>();
    for (const target of targets().filter((each) => each.method === 'POST')) {
      const area = `${target.operation.policy.kind} ${target.operation.path.split('/')[1]}`;
      if (seen.has(area)) continue;
      seen.add(area);
      const { method, host, headers, operation } = target;
      const answer = await send({ method, path: operation.path, host, headers, body: huge });
      expect(answer.status, target.what).toBe(413);
      expect(envelopeOf(answer, target.what).apiStatus.errorCode).toBe('INVALID_FORMAT');
    }
    expect(seen.size).toBeGreaterThan(5);
  }, 60_000);
});

describe('the identity provider', () => {
  const token = (realm: string, form: string) =>
    send({
      method: 'POST',
      path: `/realms/${realm}/protocol/openid-connect/token`,
      host: TEST_BASE_DOMAIN,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });

  it('refuses NUL and unpaired surrogates in the realm, the form and Basic credentials the OAuth way', async () => {
    const answers = [
      await token('ma%00ster', 'grant_type=client_credentials&client_id=tc-platform&client_secret=x'),
      await token('master', 'grant_type=client_credentials&client_id=tc%00platform&client_secret=x'),
      await token('master', 'grant_type=password&client_id=tc-web&username=a%00&password=b'),
      await send({ method: 'GET', path: '/realms/ma%00ster/protocol/openid-connect/certs', host: TEST_BASE_DOMAIN }),
      await send({ method: 'GET', path: '/realms/%00/.well-known/openid-configuration', host: TEST_BASE_DOMAIN }),
      await send({
        method: 'POST',
        path: '/realms/master/protocol/openid-connect/token',
        host: TEST_BASE_DOMAIN,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from('tc-platform\u0000:x').toString('base64')}`,
        },
        body: 'grant_type=client_credentials',
      }),
    ];
    for (const answer of answers) {
      expect(answer.status, answer.body).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ error: 'invalid_request' });
    }
  });
});

/** Raw bytes on a fresh socket: everything the server sent, and whether it ended the socket gracefully. */
function rawExchange(bytes: string): Promise<{ text: string; ended: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let ended = false;
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      ended = true;
      socket.end();
    });
    socket.on('close', () => resolve({ text: Buffer.concat(chunks).toString(), ended }));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer')));
    socket.write(bytes);
  });
}

function responsesIn(text: string): { status: number; headers: string; body: string }[] {
  const found: { status: number; headers: string; body: string }[] = [];
  let rest = text;
  while (rest.startsWith('HTTP/1.1 ')) {
    const headerEnd = rest.indexOf('\r\n\r\n');
    const headers = rest.slice(0, headerEnd);
    const length = Number(/content-length: *(\d+)/i.exec(headers)?.[1] ?? 0);
    found.push({
      status: Number(headers.slice(9, 12)),
      headers,
      body: rest.slice(headerEnd + 4, headerEnd + 4 + length),
    });
    rest = rest.slice(headerEnd + 4 + length);
  }
  return found;
}

describe('transport errors', () => {
  const health = `GET /health HTTP/1.1\r\nHost: ${TEST_BASE_DOMAIN}\r\n\r\n`;

  it.each([
    ['headers too large', `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ['an unparsable request line', 'NOT A REQUEST\r\n\r\n', 400],
    ['an invalid header', `GET /health HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n`, 400],
  ])('answers %s with an envelope and Connection: close, after the answers before it', async (_, bad, status) => {
    const { text, ended } = await rawExchange(`${health}${bad}${health}`);
    const answers = responsesIn(text);
    expect(answers.map((answer) => answer.status)).toEqual([expect.any(Number), status]);
    expect(answers[0]?.status).toBeLessThan(500);
    const refusal = answers[1];
    expect(refusal?.headers).toMatch(/\r\nConnection: close\r\n/i);
    expect(JSON.parse(refusal?.body ?? '')).toMatchObject({
      apiStatus: { errorCode: 'INVALID_FORMAT' },
      apiData: null,
    });
    // Ended, not reset: the client reads the whole answer and resends what it queued on a new connection.
    expect(ended).toBe(true);
  });

  it('answers an over-long path parameter with 414 and an envelope', async () => {
    const path = `/realms/${'r'.repeat(500)}/protocol/openid-connect/certs`;
    const answer = await send({ method: 'GET', path, host: TEST_BASE_DOMAIN });
    expect(answer.status).toBe(414);
    expect(JSON.parse(answer.body)).toMatchObject({ apiStatus: { errorCode: 'INVALID_FORMAT' } });
  });

  it('never fails on NUL in the payment simulator page address', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const answer = await send({
        method,
        path: '/payment/simulator/a%00b',
        host: t.host,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=pay',
      });
      expect(answer.status, answer.body).toBeLessThan(500);
    }
  });

  it('answers a malformed path encoding with an envelope', async () => {
    const answer = await send({
      method: 'GET',
      path: '/realms/%E0%A4%A/protocol/openid-connect/certs',
      host: TEST_BASE_DOMAIN,
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ apiStatus: { errorCode: 'INVALID_FORMAT' } });
  });
});
