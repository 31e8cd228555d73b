// A session carries the customer record of a customer user (contract §7.1), read with its roles: the record
// readers of customers, sales, quotes and bookings ask it instead of asking the users area.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { guest, type TestTenant, tenant, user } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import { customerRecordOf } from './session.js';

let t: TestTenant;
beforeAll(async () => {
  t = await tenant(await startTestService());
});
afterAll(() => t.service.close());

const sessionOf = (token: string) =>
  t.db((db) => t.service.sessions.resolve({ tenant: t.record, db, now: new Date() }, token));

it("gives a customer user's session its customer record, and none to employees and guests", async () => {
  const [customer, agent, visitor] = [await user(t, 'customer'), await user(t, 'agent'), await guest(t)];
  expect(customer.contactId).toEqual(expect.any(Number));
  const customerSession = await sessionOf(customer.session);
  expect(customerSession?.customerRecordId).toBe(customer.contactId);
  expect(await customerRecordOf({ session: customerSession })).toBe(customer.contactId);
  const agentSession = await sessionOf(agent.session);
  expect(agentSession?.customerRecordId).toBeNull();
  expect(await customerRecordOf({ session: agentSession })).toBeUndefined();
  expect(await customerRecordOf({ session: await sessionOf(visitor.session) })).toBeUndefined();
  expect(await customerRecordOf({ session: undefined })).toBeUndefined();
});
