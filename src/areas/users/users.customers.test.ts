// Customer records of customer users (contract §7.1): registering, or /user/create with role customer, makes or
// links the customer record of the user's e-mail and answers it as contactId; employees and the provisioned admin
// get none; migration 0015 gives users made before this their record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defined } from '../../../test/support/api.js';
import { uniqueName } from '../../../test/support/database.js';
import { type TestTenant, tenant } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import { loadMigrations } from '../../platform/database/migrate.js';
import type { Service } from '../../service.js';
import { customersApi } from '../customers/index.js';
import type { UserView } from './users.schemas.js';

const customers = customersApi;
let service: Service;
let t: TestTenant;

beforeAll(async () => {
  service = await startTestService();
  t = await tenant(service);
});

afterAll(async () => {
  await service?.close();
});

function person() {
  const userLogin = uniqueName('traveller');
  return {
    userLogin,
    userEmail: `${userLogin}@example.com`,
    password: 'sand dunes at dawn',
    userName: 'Layla Haddad',
    mobile: '+971500000001',
  };
}

const customerOf = (customerId: number) => t.db((db) => customers.findById(db, customerId));
const contactIdOf = async (userId: number) =>
  (await t.db((db) => db<{ contact_id: number | null }[]>`SELECT contact_id FROM users WHERE user_id = ${userId}`))[0]
    ?.contact_id;
const recordsOf = async (email: string) =>
  Number(
    (
      await t.db((db) => db<{ n: string }[]>`SELECT count(*) AS n FROM customers WHERE lower(email) = lower(${email})`)
    )[0]?.n,
  );

describe('customer records of customer users', () => {
  it('registering creates a customer record with the name, e-mail and mobile; contactId names it', async () => {
    const p = person();
    const user = await t.api.ok<UserView>('/user/register', p);
    const contactId = defined(user.contactId, 'contactId');
    expect(await customerOf(contactId)).toEqual({
      customerId: contactId,
      custName: p.userName,
      email: p.userEmail,
      mobilePhone: p.mobile,
    });
    expect(await contactIdOf(user.userId)).toBe(contactId);
  });

  it('registering with the e-mail of an existing customer links that record (any case), no duplicate', async () => {
    const p = person();
    const existing = await t.db((db) =>
      customers.findOrCreateByEmail(db, { email: p.userEmail, custName: 'Layla H.', mobilePhone: null, userId: null }),
    );
    const user = await t.api.ok<UserView>('/user/register', { ...p, userEmail: p.userEmail.toUpperCase() });
    expect(user.contactId).toBe(existing.customerId);
    expect(await recordsOf(p.userEmail)).toBe(1);
  });

  it('/user/create with role customer creates or links the record; an employee gets none', async () => {
    const fresh = person();
    const created = await t.adminApi.ok<UserView>('/user/create', {
      userLogin: fresh.userLogin,
      userEmail: fresh.userEmail,
      userName: fresh.userName,
      roles: ['customer'],
    });
    expect(await customerOf(defined(created.contactId, 'contactId'))).toMatchObject({
      custName: fresh.userName,
      email: fresh.userEmail,
      mobilePhone: null,
    });

    const known = person();
    const existing = await t.db((db) =>
      customers.findOrCreateByEmail(db, { email: known.userEmail, custName: 'Known', mobilePhone: null, userId: null }),
    );
    const linked = await t.adminApi.ok<UserView>('/user/create', {
      userLogin: known.userLogin,
      userEmail: known.userEmail,
      userName: known.userName,
      roles: ['customer'],
    });
    expect(linked.contactId).toBe(existing.customerId);
    expect(await recordsOf(known.userEmail)).toBe(1);

    const agent = person();
    const employee = await t.adminApi.ok<UserView>('/user/create', {
      userLogin: agent.userLogin,
      userEmail: agent.userEmail,
      userName: 'Omar Agent',
      roles: ['agent'],
    });
    expect(employee.contactId).toBeNull();
    expect(await recordsOf(agent.userEmail)).toBe(0);
  });

  it('the provisioned admin has no customer record', async () => {
    const [admin] = await t.db(
      (db) => db<{ contact_id: number | null }[]>`SELECT contact_id FROM users WHERE 'admin' = ANY (roles)`,
    );
    expect(admin).toEqual({ contact_id: null });
  });

  it('migration 0015 gives customer users made without a record one (created or linked), and no one else', async () => {
    const migration = defined(
      (await loadMigrations('tenant')).find((m) => m.name === '0015_customer_records_of_users'),
      'migration 0015',
    );
    const plain = person();
    const known = person();
    const agent = person();
    const existing = await t.db((db) =>
      customers.findOrCreateByEmail(db, { email: known.userEmail, custName: 'Known', mobilePhone: null, userId: null }),
    );
    // Users as they were made before: straight rows without a contact.
    const ids = await t.db(async (db) => {
      const insert = async (p: ReturnType<typeof person>, roles: string[]) => {
        const [row] = await db<{ user_id: number }[]>`
          INSERT INTO users (user_login, user_email, user_name, password_hash, mobile, roles)
          VALUES (${p.userLogin}, ${p.userEmail}, ${p.userName}, 'x', ${p.mobile}, ${roles})
          RETURNING user_id`;
        return defined(row, 'user row').user_id;
      };
      return {
        plain: await insert(plain, ['customer']),
        known: await insert({ ...known, userEmail: known.userEmail.toUpperCase() }, ['customer']),
        agent: await insert(agent, ['agent']),
      };
    });
    await t.db((db) => db.begin((tx) => tx.unsafe(migration.sql)));

    const plainContact = defined(await contactIdOf(ids.plain), 'contact of the plain user');
    expect(await customerOf(plainContact)).toEqual({
      customerId: plainContact,
      custName: plain.userName,
      email: plain.userEmail,
      mobilePhone: plain.mobile,
    });
    expect(await contactIdOf(ids.known)).toBe(existing.customerId);
    expect(await recordsOf(known.userEmail)).toBe(1);
    expect(await contactIdOf(ids.agent)).toBeNull();
    expect(await recordsOf(agent.userEmail)).toBe(0);

    // Run again, nothing changes: every customer user has its record now.
    const before = await t.db((db) => db<{ n: string }[]>`SELECT count(*) AS n FROM customers`);
    await t.db((db) => db.begin((tx) => tx.unsafe(migration.sql)));
    expect(await t.db((db) => db<{ n: string }[]>`SELECT count(*) AS n FROM customers`)).toEqual(before);
  });
});
