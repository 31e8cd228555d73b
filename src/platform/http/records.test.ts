// The kernel's record check (contract §7.1) on operations and a reader declared for this test, on a real service and
// tenant: an id the reader refuses is NOTFOUND with the reader's noun and the handler never runs; session, role and
// validation refusals come first; nested ids are found; an absent id is not checked; a kind no area reads, or read
// by two areas, fails at start-up.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, guest, type TestTenant, tenant, user } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import { Allow, type Allowed } from '../auth/roles.js';
import { operation, registerOperations } from './operation.js';
import { mergeRecordReaders, type RecordReaders } from './records.js';
import { createHttpServer } from './server.js';

let t: TestTenant;
let app: FastifyInstance;
let visitor: Caller;
const handled: unknown[] = [];

/** The one thing anybody may read is number 7. */
const readers: RecordReaders = { thing: { noun: 'Thing', mayRead: async (_ctx, id) => id === 7 } };

const ThingRequest = Type.Object({
  thingId: Type.Optional(Type.Integer()),
  owner: Type.Optional(Type.Object({ thingId: Type.Optional(Type.Integer()) })),
  label: Type.String(),
});

const thingOperation = (path: string, allow: Allowed) =>
  operation({
    path,
    methods: ['POST'],
    summary: 'a thing',
    allow,
    input: ThingRequest,
    response: Type.Boolean(),
    records: { thingId: 'thing', 'owner.thingId': 'thing' },
    handler: async (_ctx, input) => {
      handled.push(input);
      return true;
    },
  });

beforeAll(async () => {
  t = await tenant(await startTestService());
  app = await createHttpServer(t.service.app.kernel, pino({ level: 'silent' }));
  registerOperations(
    app,
    [thingOperation('/test/thing', Allow.anySession), thingOperation('/test/staffThing', Allow.employees)],
    readers,
  );
  await app.ready();
  visitor = await guest(t);
});

afterAll(async () => {
  await app?.close();
  await t?.service.close();
});

async function call(path: string, body: object) {
  const answer = await app.inject({ method: 'POST', url: path, headers: { host: t.host }, payload: body });
  return answer.json<{ apiStatus: { errorCode: string; errorMessage: string }; apiData: unknown }>();
}

describe('the kernel record check', () => {
  it('answers NOTFOUND with the reader noun for an id the caller may not read, before the handler', async () => {
    handled.length = 0;
    const session = visitor.session;
    expect(await call('/test/thing', { session, label: 'x', thingId: 8 })).toEqual({
      apiStatus: { errorCode: 'NOTFOUND', errorMessage: 'Thing not found' },
      apiData: null,
    });
    expect((await call('/test/thing', { session, label: 'x', owner: { thingId: 8 } })).apiStatus.errorCode).toBe(
      'NOTFOUND',
    );
    expect(handled).toEqual([]);
    expect((await call('/test/thing', { session, label: 'x', thingId: 7, owner: { thingId: 7 } })).apiData).toBe(true);
    expect((await call('/test/thing', { session, label: 'x' })).apiData).toBe(true);
    expect(handled).toHaveLength(2);
  });

  it('comes after the session, role and validation refusals (contract §7.1 order)', async () => {
    expect((await call('/test/thing', { label: 'x', thingId: 8 })).apiStatus.errorCode).toBe('NOT_LOGGED_IN');
    const customer = await user(t, 'customer');
    const staffOnly = await call('/test/staffThing', { session: customer.session, label: 'x', thingId: 8 });
    expect(staffOnly.apiStatus.errorCode).toBe('FORBIDDEN');
    const invalid = await call('/test/thing', { session: visitor.session, thingId: 8 });
    expect(invalid.apiStatus).toEqual({
      errorCode: 'MISSING_PARAMETER',
      errorMessage: expect.stringContaining('label'),
    });
  });

  it('refuses at start-up a kind no area reads, and a kind read by two', () => {
    const unread = operation({
      path: '/test/unread',
      methods: ['POST'],
      summary: 'unread',
      allow: Allow.anySession,
      input: ThingRequest,
      response: Type.Boolean(),
      records: { thingId: 'gadget' },
      handler: async () => true,
    });
    expect(() => registerOperations(app, [unread], readers)).toThrow(/no area reads gadget/);
    expect(() => mergeRecordReaders([readers, readers])).toThrow(/thing has two readers/);
  });
});
