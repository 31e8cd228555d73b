// The customers api other areas use, on a fresh tenant's database: look-ups by id and e-mail (active customers
// only, e-mail case-insensitive), and find-or-create by e-mail reusing the oldest match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../../platform/database/connections.js';
import { platformToken, provisionTenant, startTestService, withTenantDb } from '../../../test/support/service.js';
import type { Service } from '../../service.js';
import { customersApi } from './index.js';

const customers = customersApi;
let service: Service;
/** Runs `work` on the test tenant's own database. */
let onTenant: <T>(work: (db: Sql) => Promise<T>) => Promise<T>;

beforeAll(async () => {
  service = await startTestService();
  const { tenantCode } = await provisionTenant(service, await platformToken(service));
  const record = service.registry.byCode(tenantCode);
  if (!record) throw new Error(`tenant ${tenantCode} missing from the registry`);
  onTenant = (work) => withTenantDb(service, record, work);
});

afterAll(async () => {
  await service?.close();
});

describe('customers api', () => {
  it('creates a customer for a new e-mail, then finds it by id and by e-mail in any case', async () => {
    const created = await onTenant((db) =>
      customers.findOrCreateByEmail(db, {
        email: 'Layla@Example.com',
        custName: 'Layla Haddad',
        mobilePhone: '+971500000001',
        userId: null,
      }),
    );
    expect(created).toEqual({
      customerId: expect.any(Number),
      custName: 'Layla Haddad',
      email: 'Layla@Example.com',
      mobilePhone: '+971500000001',
    });
    expect(await onTenant((db) => customers.findById(db, created.customerId))).toEqual(created);
    expect(await onTenant((db) => customers.findByEmail(db, 'layla@example.COM'))).toEqual(created);
  });

  it('reuses the existing customer of an e-mail and leaves it unchanged', async () => {
    const first = await onTenant((db) =>
      customers.findOrCreateByEmail(db, { email: 'sam@example.com', custName: 'Sam', mobilePhone: null, userId: null }),
    );
    const again = await onTenant((db) =>
      customers.findOrCreateByEmail(db, {
        email: 'SAM@example.com',
        custName: 'Samuel',
        mobilePhone: '+971',
        userId: null,
      }),
    );
    expect(again).toEqual(first);
  });

  it('does not find unknown or inactive customers', async () => {
    expect(await onTenant((db) => customers.findById(db, 999_999))).toBeUndefined();
    expect(await onTenant((db) => customers.findByEmail(db, 'nobody@example.com'))).toBeUndefined();
    const gone = await onTenant((db) =>
      customers.findOrCreateByEmail(db, {
        email: 'gone@example.com',
        custName: 'Gone',
        mobilePhone: null,
        userId: null,
      }),
    );
    await onTenant((db) => db`UPDATE customers SET active = false WHERE customer_id = ${gone.customerId}`);
    expect(await onTenant((db) => customers.findById(db, gone.customerId))).toBeUndefined();
    expect(await onTenant((db) => customers.findByEmail(db, 'gone@example.com'))).toBeUndefined();
  });
});
