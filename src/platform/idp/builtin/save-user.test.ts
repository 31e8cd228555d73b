// saveUser of the builtin provider (port.ts): the realm's user made equal to the given state, with the given
// hash kept as it is, and the password grant honouring every part of it (issue 12, item 1).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../../../../test/support/database.js';
import { createSecretBox } from '../../crypto.js';
import { loadMigrations, migrate } from '../../database/migrate.js';
import { hashPassword, passwordWork } from '../../passwords.js';
import type { RealmUser } from '../port.js';
import { type BuiltinIdentityProvider, createBuiltinIdentityProvider } from './builtin-idp.js';

const REALM = 'acme';
const PASSWORD = 'a long enough password';
let db: Awaited<ReturnType<typeof scratchDatabase>>;
let idp: BuiltinIdentityProvider;
let hash: string;

beforeAll(async () => {
  db = await scratchDatabase();
  await migrate(db.sql, await loadMigrations('platform'));
  idp = createBuiltinIdentityProvider({
    sql: db.sql,
    secretBox: createSecretBox(randomBytes(32)),
    publicUrl: 'http://x',
  });
  await idp.createRealm(REALM, 'Acme');
  await idp.createClient(REALM, { clientId: 'tc-web', confidential: false, directAccessGrants: true });
  for (const role of ['customer', 'agent', 'employee']) await idp.createRole(REALM, role, role);
  hash = await hashPassword(PASSWORD);
});
afterAll(() => db?.drop());

let n = 0;
function someone(overrides: Partial<RealmUser> = {}): RealmUser {
  n += 1;
  return {
    username: `Person-${n}`,
    email: `Person-${n}@Example.com`,
    name: `Person ${n}`,
    enabled: true,
    realmRoles: ['customer'],
    requiredActions: [],
    lockedUntil: null,
    ...overrides,
  };
}

const grant = (username: string, password = PASSWORD) =>
  idp.issueToken(REALM, { grant_type: 'password', client_id: 'tc-web', username, password });

async function stored(username: string) {
  const [row] = await db.sql<{ email: string; name: string; password_hash: string; roles: string[] }[]>`
    SELECT u.email, u.name, u.password_hash,
           COALESCE(array_agg(r.role_name ORDER BY r.role_name) FILTER (WHERE r.role_name IS NOT NULL), '{}') AS roles
      FROM idp_users u LEFT JOIN idp_user_roles r ON r.user_id = u.id
     WHERE u.realm = ${REALM} AND u.username = ${username} GROUP BY u.id`;
  return row;
}

describe('saveUser', () => {
  it('creates the user in lower case with the given hash, unhashed again, and the grant takes the password', async () => {
    const user = someone();
    const before = passwordWork().derivations;
    const { userId } = await idp.saveUser(REALM, user, { plain: PASSWORD, hash, temporary: false, sessions: 'keep' });
    expect(passwordWork().derivations).toBe(before);
    expect(await stored(user.username.toLowerCase())).toEqual({
      email: user.email.toLowerCase(),
      name: user.name,
      password_hash: hash,
      roles: ['customer'],
    });
    const answer = await grant(user.username);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveProperty('access_token');
    // Saving again is the same user.
    expect(await idp.saveUser(REALM, user)).toEqual({ userId });
  });

  it('a later save without a password keeps it, and replaces e-mail, name and roles', async () => {
    const user = someone();
    await idp.saveUser(REALM, user, { plain: PASSWORD, hash, temporary: false, sessions: 'keep' });
    await idp.saveUser(REALM, {
      ...user,
      email: 'moved@example.com',
      name: 'Moved',
      realmRoles: ['agent', 'employee'],
    });
    expect(await stored(user.username.toLowerCase())).toEqual({
      email: 'moved@example.com',
      name: 'Moved',
      password_hash: hash,
      roles: ['agent', 'employee'],
    });
    expect((await grant('moved@example.com')).status).toBe(200);
  });

  it('a user saved without a password cannot log in', async () => {
    const user = someone();
    await idp.saveUser(REALM, user);
    expect(await grant(user.username, '!')).toMatchObject({ status: 401, body: { error: 'invalid_grant' } });
  });

  it('a disabled, a locked and a temporary-password user are refused with the right password', async () => {
    const disabled = someone({ enabled: false });
    const locked = someone({ lockedUntil: new Date(Date.now() + 60_000) });
    const temporary = someone();
    await idp.saveUser(REALM, disabled, { plain: PASSWORD, hash, temporary: false, sessions: 'keep' });
    await idp.saveUser(REALM, locked, { plain: PASSWORD, hash, temporary: false, sessions: 'keep' });
    await idp.saveUser(REALM, temporary, { plain: PASSWORD, hash, temporary: true, sessions: 'keep' });
    expect(await grant(disabled.username)).toMatchObject({
      status: 400,
      body: { error_description: 'Account disabled' },
    });
    expect(await grant(locked.username)).toMatchObject({ status: 401, body: { error: 'invalid_grant' } });
    expect(await grant(temporary.username)).toMatchObject({
      status: 400,
      body: { error_description: 'Account is not fully set up' },
    });
    // The lock lifted (the tenant's lock expired or was reset): the same password works.
    await idp.saveUser(REALM, { ...locked, lockedUntil: null });
    expect((await grant(locked.username)).status).toBe(200);
  });

  it('an unknown role or a missing realm throws and changes nothing', async () => {
    const user = someone();
    await idp.saveUser(REALM, user, { plain: PASSWORD, hash, temporary: false, sessions: 'keep' });
    await expect(idp.saveUser(REALM, { ...user, name: 'Changed', realmRoles: ['pirate'] })).rejects.toThrow(/role/);
    expect(await stored(user.username.toLowerCase())).toMatchObject({ name: user.name, roles: ['customer'] });
    await expect(idp.saveUser('no-such-realm', user)).rejects.toThrow(/not found/);
  });

  it('an e-mail address of another realm user is a conflict', async () => {
    const first = someone();
    await idp.saveUser(REALM, first);
    await expect(idp.saveUser(REALM, someone({ email: first.email }))).rejects.toMatchObject({ conflict: true });
  });
});
