// Test data made through the public API, as a real client makes it: a tenant and its admin, users of each role,
// guests, catalog entries with inventory, carts. Every call makes new names, so tests never collide.
import type { CartView, NewItem } from '../../src/areas/cart/cart.schemas.js';
import type {
  CategoryNode,
  Product,
  SaveProductRequest,
  SaveVariantRequest,
  SetInventoryRequest,
  Variant,
} from '../../src/areas/catalog/catalog.schemas.js';
import type { Role } from '../../src/platform/auth/roles.js';
import type { Sql } from '../../src/platform/database/connections.js';
import type { TenantRecord } from '../../src/platform/tenancy/tenant.js';
import type { Service } from '../../src/service.js';
import { type ApiClient, apiClient } from './api.js';
import { uniqueName } from './database.js';
import { adminSession, platformToken, type ProvisionedTestTenant, provisionTenant, withTenantDb } from './service.js';

/** A provisioned tenant whose admin has not logged in yet. */
export interface NewTenant {
  service: Service;
  host: string;
  /** What provisioning answered: tenant code, system session (pk), the admin's temporary password. */
  provisioned: ProvisionedTestTenant;
  /** The registry's record (pools, settings). */
  record: TenantRecord;
  /** Calls the service's app on the tenant's host, without a session. */
  api: ApiClient;
  /** Runs `work` on the tenant's own database. */
  db<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
}

/** A tenant ready for use: its admin has changed the temporary password and is logged in. */
export interface TestTenant extends NewTenant {
  /** The admin's session. */
  admin: string;
  /** `api` calling as the admin. */
  adminApi: ApiClient;
}

/** Someone with a session: a guest or a logged-in user. */
export interface Caller {
  session: string;
  /** The tenant's api calling with this session. */
  api: ApiClient;
}

export interface TestUser extends Caller {
  userId: number;
  userLogin: string;
  userEmail: string;
  password: string;
  /** The user's customer record (customer users, contract §7.1); null for employees. */
  contactId: number | null;
}

export const TEST_USER_PASSWORD = 'the user password now';

/** Provisions a tenant through the platform API; its admin is left as provisioning made it. */
export async function tenantBeforeAdminLogin(service: Service): Promise<NewTenant> {
  const provisioned = await provisionTenant(service, await platformToken(service));
  const record = service.registry.byCode(provisioned.tenantCode);
  if (!record) throw new Error(`tenant ${provisioned.tenantCode} missing from the registry`);
  return {
    service,
    host: provisioned.host,
    provisioned,
    record,
    api: apiClient(service.app, provisioned.host),
    db: (work) => withTenantDb(service, record, work),
  };
}

/** Provisions a tenant and logs its admin in after the required password change. */
export async function tenant(service: Service): Promise<TestTenant> {
  const made = await tenantBeforeAdminLogin(service);
  const admin = await adminSession(service, made.provisioned);
  return { ...made, admin, adminApi: made.api.as(admin) };
}

/** A user of `role` created by the admin (/user/create), logged in after the required password change. */
export async function user(t: TestTenant, role: Exclude<Role, 'guest'>): Promise<TestUser> {
  const userLogin = uniqueName(role);
  const userEmail = `${userLogin}@agency.example`;
  const created = await t.adminApi.ok<{ userId: number; temporaryPassword: string; contactId: number | null }>(
    '/user/create',
    {
      userLogin,
      userEmail,
      userName: `Test ${role}`,
      roles: [role],
    },
  );
  const first = await t.api.ok<{ session: string; userId: number }>('/user/authenticate', {
    username: userLogin,
    password: created.temporaryPassword,
  });
  await t.api.ok('/user/updatepwd', {
    session: first.session,
    userId: first.userId,
    password: created.temporaryPassword,
    newPassword: TEST_USER_PASSWORD,
  });
  return {
    session: first.session,
    api: t.api.as(first.session),
    userId: created.userId,
    userLogin,
    userEmail,
    password: TEST_USER_PASSWORD,
    contactId: created.contactId,
  };
}

/** A customer who signed up (/user/register, not activated): the customer record holds its name, e-mail, mobile. */
export async function registeredCustomer(
  t: NewTenant,
  overrides: { userName?: string; mobile?: string } = {},
): Promise<{ userId: number; contactId: number; userEmail: string; userName: string; mobile: string }> {
  const userLogin = uniqueName('signup');
  const person = {
    userLogin,
    userEmail: `${userLogin}@example.com`,
    password: 'sand dunes at dawn',
    userName: overrides.userName ?? 'Layla Haddad',
    mobile: overrides.mobile ?? '+971500000001',
  };
  const registered = await t.api.ok<{ userId: number; contactId: number | null }>('/user/register', person);
  if (registered.contactId === null) throw new Error('a registered customer has a customer record');
  return { ...person, userId: registered.userId, contactId: registered.contactId };
}

/** An anonymous session from /auth/guest. */
export async function guest(t: NewTenant): Promise<Caller> {
  const { session } = await t.api.ok<{ session: string }>('/auth/guest');
  return { session, api: t.api.as(session) };
}

/** A new top-level category, saved by the admin. */
export async function category(
  t: TestTenant,
  overrides: { categoryName?: string; parentCategoryId?: number; categorySeq?: number } = {},
): Promise<CategoryNode> {
  return t.adminApi.ok<CategoryNode>('/product/saveCategory', { categoryName: uniqueName('Category'), ...overrides });
}

/** A product saved by the admin (in a new category unless `publicCategoryId` is given); it has its default variant. */
export async function product(t: TestTenant, overrides: Partial<SaveProductRequest> = {}): Promise<Product> {
  const prodCode = uniqueName('P');
  const publicCategoryId = overrides.publicCategoryId ?? (await category(t)).categoryId;
  return t.adminApi.ok<Product>('/product/saveProduct', {
    prodCode,
    prodName: `Product ${prodCode}`,
    productPrice: 100,
    publicCategoryId,
    ...overrides,
  });
}

/** Capacity of a variant from `dateFrom` to `dateTo` (the one day when absent), as /product/setInventory takes it. */
export type Inventory = Omit<SetInventoryRequest, 'productId' | 'variantId' | 'dateTo'> & { dateTo?: string };

/** A new variant of the product, with capacity on the dates of `inventory` (/product/setInventory). */
export async function variantWithInventory(
  t: TestTenant,
  of: { productId: number },
  inventory: Inventory,
  overrides: Partial<SaveVariantRequest> = {},
): Promise<Variant> {
  const servcode = uniqueName('V');
  const variant = await t.adminApi.ok<Variant>('/product/saveVariant', {
    productId: of.productId,
    servcode,
    servname: `Variant ${servcode}`,
    cprice: 100,
    ...overrides,
  });
  await t.adminApi.ok<{ slotsWritten: number }>('/product/setInventory', {
    ...inventory,
    productId: of.productId,
    variantId: variant.servid,
    dateTo: inventory.dateTo ?? inventory.dateFrom,
  });
  return variant;
}

/** The session's cart (/cart/create) with `items` added (/cart/addItem), as /cart/load answers it. */
export async function cartWithItems(t: NewTenant, session: string, items: NewItem[]): Promise<CartView> {
  const api = t.api.as(session);
  await api.ok<CartView>('/cart/create');
  await api.ok('/cart/addItem', { items });
  return api.ok<CartView>('/cart/load');
}
