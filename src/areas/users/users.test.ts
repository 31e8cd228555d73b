// The account lifecycle through the API, with mail received by a real SMTP server, and every refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, defined } from '../../../test/support/api.js';
import { type NewTenant, tenantBeforeAdminLogin } from '../../../test/support/factories.js';
import { adminSession, startTestService, TEST_ADMIN_PASSWORD } from '../../../test/support/service.js';
import { type MailInbox, startMailInbox, tokenFromMail } from '../../../test/support/smtp.js';
import type { Service } from '../../service.js';
import type { Static } from '@sinclair/typebox';
import type { AuthenticatedUser, CreatedUser as CreatedUserSchema, UserView } from './users.schemas.js';

/** What /user/register answers; the checks below make sure the password is not in it. */
type Registered = UserView & { password?: unknown };
type CreatedUser = Static<typeof CreatedUserSchema>;

let inbox: MailInbox;
let service: Service;
/** The admin has not logged in yet: one test checks that first login. */
let t: NewTenant;
let api: ApiClient;
const logLines: string[] = [];
let clockOffsetMs = 0;
const clock = () => new Date(Date.now() + clockOffsetMs);
const advance = (ms: number) => {
  clockOffsetMs += ms;
};

beforeAll(async () => {
  inbox = await startMailInbox();
  service = await startTestService({
    clock,
    logLines,
    env: { TC_SMTP_URL: inbox.url, TC_RATE_LIMIT_REGISTER: '1000' },
  });
  t = await tenantBeforeAdminLogin(service);
  api = t.api;
});

afterAll(async () => {
  await service.close();
  await inbox.stop();
});

let serial = 0;
function newPerson() {
  serial += 1;
  const id = `${Date.now().toString(36)}${serial}`;
  return {
    userLogin: `traveller${id}`,
    userEmail: `traveller${id}@example.com`,
    password: 'sand dunes at dawn',
    userName: 'Layla Haddad',
  };
}

/** Registers and activates through the e-mailed link; answers the person and a fresh session. */
async function activeCustomer() {
  const person = newPerson();
  const registered = await api.call('/user/register', person);
  expect(registered.apiStatus.errorCode).toBe('OK');
  const mail = await inbox.waitFor(person.userEmail, /Activate/);
  expect((await api.call('/user/activate', { token: tokenFromMail(mail) })).apiStatus.errorCode).toBe('OK');
  const login = await api.call<AuthenticatedUser>('/user/authenticate', {
    username: person.userLogin,
    password: person.password,
  });
  expect(login.apiStatus.errorCode).toBe('OK');
  const { userId, session } = defined(login.apiData, 'the login');
  return { ...person, userId, session };
}

describe('the account lifecycle', () => {
  it('register → mail → activate → authenticate → update → updatepwd → resetpwdRequest → mail → resetpwd → authenticate', async () => {
    const person = newPerson();

    const registered = await api.call<Registered>('/user/register', {
      ...person,
      mobile: '+971500000001',
      city: 'Dubai',
    });
    expect(registered.apiStatus.errorCode).toBe('OK');
    expect(registered.apiData).toMatchObject({
      userLogin: person.userLogin,
      userEmail: person.userEmail,
      userName: 'Layla Haddad',
      isActive: false,
      isCustomer: true,
      isEmployee: false,
      signupTokenType: 'ACTIVATION',
      signupTokenValid: true,
      city: 'Dubai',
    });
    expect(registered.apiData?.signupToken).toBeUndefined();
    expect(registered.apiData?.password).toBeUndefined();
    expect(registered.apiData?.signupExpiry).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);

    // Not active yet: the right password still does not log in.
    const early = await api.call('/user/authenticate', { username: person.userLogin, password: person.password });
    expect(early.apiStatus.errorCode).toBe('NOTFOUND');
    expect(early.apiData).toBeNull();

    const activationMail = await inbox.waitFor(person.userEmail, /Activate/);
    expect(activationMail.text).toContain(`http://${t.host}:8080/user/activate?token=`);
    const activationToken = tokenFromMail(activationMail);
    const activated = await api.get('/user/activate', { token: activationToken });
    expect(activated.apiStatus.errorCode).toBe('OK');
    expect(activated.apiData).toMatchObject({ isActive: true, signupTokenValid: false, auth: 'OK' });
    expect((await api.call('/user/activate', { token: activationToken })).apiStatus.errorCode).toBe('NOTFOUND');

    const login = await api.call<AuthenticatedUser>('/user/authenticate', {
      username: person.userEmail,
      password: person.password,
    });
    expect(login.apiStatus.errorCode).toBe('OK');
    expect(login.apiData).toMatchObject({
      userLogin: person.userLogin,
      auth: 'OK',
      roles: ['customer'],
      requiredActions: [],
    });
    expect(login.apiData?.sessionExpiry).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    const { session, userId } = defined(login.apiData, 'the login');
    expect(session.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url

    // The GET form takes the credentials from the query string.
    const second = await api.get<AuthenticatedUser>('/user/authenticate', {
      username: person.userLogin,
      password: person.password,
    });
    expect(second.apiStatus.errorCode).toBe('OK');
    const otherSession = second.apiData?.session;

    const updated = await api.call('/user/update', { userId, userName: 'Layla H.', street: 'Sheikh Zayed Rd 1' });
    expect(updated.apiStatus.errorCode).toBe('MISSING_PARAMETER');
    const updatedOwn = await api.call(`/user/update?session=${session}`, {
      userId,
      userName: 'Layla H.',
      street: 'Sheikh Zayed Rd 1',
      countryId: 784,
    });
    expect(updatedOwn.apiData).toMatchObject({
      userName: 'Layla H.',
      street: 'Sheikh Zayed Rd 1',
      countryId: 784,
      city: 'Dubai',
    });

    const wrongCurrent = await api.call('/user/updatepwd', {
      session,
      userId,
      password: 'not my password',
      newPassword: 'desert rose garden',
    });
    expect(wrongCurrent.apiStatus.errorCode).toBe('INVALID_CREDENTIALS');
    const weak = await api.call('/user/updatepwd', {
      session,
      userId,
      password: person.password,
      newPassword: 'short',
    });
    expect(weak.apiStatus.errorCode).toBe('INVALID_FORMAT');
    expect(weak.apiStatus.errorMessage).toContain('newPassword');
    const changed = await api.call('/user/updatepwd', {
      session,
      userId,
      password: person.password,
      newPassword: 'desert rose garden',
    });
    expect(changed.apiStatus.errorCode).toBe('OK');
    expect(changed.apiData).toEqual({ userId, userLogin: person.userLogin, userName: 'Layla H.', auth: 'OK' });

    // The session that changed the password lives on; the user's other sessions are dead at once.
    expect((await api.call('/user/update', { session, userId, city: 'Sharjah' })).apiStatus.errorCode).toBe('OK');
    expect((await api.call('/user/update', { session: otherSession, userId, city: 'Ajman' })).apiStatus.errorCode).toBe(
      'NOT_LOGGED_IN',
    );
    expect(
      (await api.call('/user/authenticate', { username: person.userLogin, password: person.password })).apiStatus
        .errorCode,
    ).toBe('NOTFOUND');

    const resetAnswer = await api.call('/user/resetpwdRequest', { f_useremail: person.userEmail });
    const unknownAnswer = await api.call('/user/resetpwdRequest', { f_useremail: 'nobody-here@example.com' });
    expect(resetAnswer.apiStatus.errorCode).toBe('OK');
    expect(unknownAnswer).toEqual(resetAnswer);
    const resetMail = await inbox.waitFor(person.userEmail, /Reset/);
    const resetToken = tokenFromMail(resetMail);

    const reset = await api.call('/user/resetpwd', { resetToken, newPassword: 'oasis under palms' });
    expect(reset.apiStatus.errorCode).toBe('OK');
    expect(typeof reset.apiData).toBe('string');
    expect(
      (await api.call('/user/resetpwd', { resetToken, newPassword: 'another fine one' })).apiStatus.errorCode,
    ).toBe('NOTFOUND');
    // A reset ends every session, the one that changed the password before included.
    expect((await api.call('/user/update', { session, userId, city: 'Fujairah' })).apiStatus.errorCode).toBe(
      'NOT_LOGGED_IN',
    );

    const finalLogin = await api.call('/user/authenticate', {
      username: person.userLogin,
      password: 'oasis under palms',
    });
    expect(finalLogin.apiStatus.errorCode).toBe('OK');
    expect(
      (await api.call('/user/authenticate', { username: person.userLogin, password: 'desert rose garden' })).apiStatus
        .errorCode,
    ).toBe('NOTFOUND');
  });

  it('never writes passwords, tokens or reset links to the log', async () => {
    const person = await activeCustomer();
    await api.get('/user/authenticate', { username: person.userLogin, password: person.password });
    await api.call('/user/resetpwdRequest', { f_useremail: person.userEmail });
    const resetToken = tokenFromMail(await inbox.waitFor(person.userEmail, /Reset/));
    const all = logLines.join('\n');
    for (const secret of [person.password, person.session, resetToken, 'sand dunes']) {
      expect(all).not.toContain(secret);
    }
  });
});

describe('register', () => {
  it('answers the signup token only to the system session (pk) or an employee', async () => {
    const viaPk = await api.call<UserView>(`/user/register?pk=${t.provisioned.systemSession}`, newPerson());
    expect(viaPk.apiData?.signupToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const asSystem = await api.call<UserView>('/user/register', {
      ...newPerson(),
      session: t.provisioned.systemSession,
    });
    expect(asSystem.apiData?.signupToken).toBeDefined();
    const customer = await activeCustomer();
    const asCustomer = await api.call<UserView>('/user/register', { ...newPerson(), session: customer.session });
    expect(asCustomer.apiData?.signupToken).toBeUndefined();
    // The token given to pk activates like the mailed one.
    expect((await api.call('/user/activate', { token: viaPk.apiData?.signupToken })).apiStatus.errorCode).toBe('OK');
  });

  it.each(['userLogin', 'password', 'userEmail'])('answers MISSING_PARAMETER without %s', async (field) => {
    const person: Record<string, string> = newPerson();
    delete person[field];
    const answer = await api.call('/user/register', person);
    expect(answer.apiStatus.errorCode).toBe('MISSING_PARAMETER');
    expect(answer.apiStatus.errorMessage).toContain(field);
  });

  it('refuses a taken login or e-mail address with DUPLICATE, whatever the case', async () => {
    const person = newPerson();
    expect((await api.call('/user/register', person)).apiStatus.errorCode).toBe('OK');
    expect(
      (await api.call('/user/register', { ...newPerson(), userLogin: person.userLogin.toUpperCase() })).apiStatus
        .errorCode,
    ).toBe('DUPLICATE');
    expect(
      (await api.call('/user/register', { ...newPerson(), userEmail: person.userEmail.toUpperCase() })).apiStatus
        .errorCode,
    ).toBe('DUPLICATE');
  });

  it.each([
    [{ password: 'short1' }, 'password'],
    [{ userEmail: 'not-an-address' }, 'userEmail'],
    [{ countryId: 'UAE' }, 'countryId'],
  ])('refuses %o with INVALID_FORMAT', async (override, field) => {
    const answer = await api.call('/user/register', { ...newPerson(), ...override });
    expect(answer.apiStatus.errorCode).toBe('INVALID_FORMAT');
    expect(answer.apiStatus.errorMessage).toContain(field);
  });

  it('refuses a password equal to the login or the address', async () => {
    const person = newPerson();
    expect((await api.call('/user/register', { ...person, password: person.userLogin })).apiStatus.errorCode).toBe(
      'INVALID_FORMAT',
    );
    expect((await api.call('/user/register', { ...person, password: person.userEmail })).apiStatus.errorCode).toBe(
      'INVALID_FORMAT',
    );
  });
});

describe('tokens expire', () => {
  it('an activation token after 48 hours, a reset token after 1 hour', async () => {
    const person = newPerson();
    await api.call('/user/register', person);
    const activation = tokenFromMail(await inbox.waitFor(person.userEmail, /Activate/));
    advance(48 * 3_600_000 + 1000);
    expect((await api.call('/user/activate', { token: activation })).apiStatus.errorCode).toBe('NOTFOUND');

    const customer = await activeCustomer();
    await api.call('/user/resetpwdRequest', { f_useremail: customer.userEmail });
    const reset = tokenFromMail(await inbox.waitFor(customer.userEmail, /Reset/));
    advance(3_600_000 + 1000);
    expect(
      (await api.call('/user/resetpwd', { resetToken: reset, newPassword: 'a long new password' })).apiStatus.errorCode,
    ).toBe('NOTFOUND');
  });

  it('a user session after 30 idle minutes, and after 12 hours however busy', async () => {
    const customer = await activeCustomer();
    const alive = () => api.call('/user/update', { session: customer.session, userId: customer.userId, city: 'Dubai' });
    advance(29 * 60_000);
    expect((await alive()).apiStatus.errorCode).toBe('OK');
    advance(31 * 60_000);
    expect((await alive()).apiStatus.errorCode).toBe('NOT_LOGGED_IN');

    const busy = await api.call<AuthenticatedUser>('/user/authenticate', {
      username: customer.userLogin,
      password: customer.password,
    });
    const token = busy.apiData?.session;
    // Busy every 20 minutes: never idle for 30, yet the session ends 12 hours after it began.
    for (let step = 0; step < 35; step++) {
      advance(20 * 60_000);
      expect((await api.call('/user/update', { session: token, userId: customer.userId })).apiStatus.errorCode).toBe(
        'OK',
      );
    }
    advance(21 * 60_000);
    expect((await api.call('/user/update', { session: token, userId: customer.userId })).apiStatus.errorCode).toBe(
      'NOT_LOGGED_IN',
    );
  });
});

describe('authenticate', () => {
  it('answers MISSING_PARAMETER without username or password, NOTFOUND for unknown users', async () => {
    expect((await api.call('/user/authenticate', { password: 'x' })).apiStatus.errorCode).toBe('MISSING_PARAMETER');
    expect((await api.call('/user/authenticate', { username: 'x' })).apiStatus.errorCode).toBe('MISSING_PARAMETER');
    expect((await api.get('/user/authenticate', { username: 'x' })).apiStatus.errorCode).toBe('MISSING_PARAMETER');
    const unknown = await api.call('/user/authenticate', { username: 'nobody', password: 'whatever it is' });
    expect(unknown).toMatchObject({ apiStatus: { errorCode: 'NOTFOUND' }, apiData: null });
  });

  it('locks an account after 5 failures in a row, for 15 minutes, across the lock the right password fails', async () => {
    const customer = await activeCustomer();
    for (let i = 0; i < 5; i++) {
      expect(
        (await api.call('/user/authenticate', { username: customer.userLogin, password: 'wrong guess!!' })).apiStatus
          .errorCode,
      ).toBe('NOTFOUND');
    }
    const locked = await api.call('/user/authenticate', { username: customer.userLogin, password: customer.password });
    expect(locked.apiStatus.errorCode).toBe('NOTFOUND');
    advance(15 * 60_000 + 1000);
    expect(
      (await api.call('/user/authenticate', { username: customer.userLogin, password: customer.password })).apiStatus
        .errorCode,
    ).toBe('OK');
  });

  it("the admin's first login carries UPDATE_PASSWORD, which restricts the session until the password is changed", async () => {
    const temporaryPassword = t.provisioned.adminUser.temporaryPassword;
    const login = await api.call<AuthenticatedUser>('/user/authenticate', {
      username: 'admin',
      password: temporaryPassword,
    });
    expect(login.apiStatus.errorCode).toBe('OK');
    expect(login.apiData?.requiredActions).toEqual(['UPDATE_PASSWORD']);
    expect(login.apiData?.roles).toEqual(['admin']);
    const session = login.apiData?.session;
    const refused = await api.call('/user/list', { session });
    expect(refused.apiStatus.errorCode).toBe('PASSWORD_CHANGE_REQUIRED');
    const config = await api.inject({
      method: 'GET',
      url: '/auth/config',
      headers: { 'x-auth-request-access-token': session },
    });
    expect(config.statusCode).toBe(200);
    const changed = await api.call('/user/updatepwd', {
      session,
      userId: login.apiData?.userId,
      password: temporaryPassword,
      newPassword: TEST_ADMIN_PASSWORD,
    });
    expect(changed.apiStatus.errorCode).toBe('OK');
    const listed = await api.call<UserView[]>('/user/list', { session });
    expect(listed.apiStatus.errorCode).toBe('OK');
    expect(listed.apiData?.map((u) => u.userLogin)).toContain('admin');
  });
});

describe('sessions', () => {
  it('logout ends the token at once; /auth/guest gives an anonymous session', async () => {
    const customer = await activeCustomer();
    expect((await api.call('/user/logout', { session: customer.session })).apiData).toBe(true);
    expect(
      (await api.call('/user/update', { session: customer.session, userId: customer.userId })).apiStatus.errorCode,
    ).toBe('NOT_LOGGED_IN');
    expect((await api.call('/user/logout', {})).apiStatus.errorCode).toBe('MISSING_PARAMETER');

    const guest = await api.call<{ session: string; sessionExpiry: string; roles: string[] }>('/auth/guest');
    expect(guest.apiStatus.errorCode).toBe('OK');
    expect(guest.apiData?.roles).toEqual(['guest']);
    expect(guest.apiData?.sessionExpiry).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    // A guest is not logged in.
    expect((await api.call('/user/update', { session: guest.apiData?.session, userId: 1 })).apiStatus.errorCode).toBe(
      'NOT_LOGGED_IN',
    );
    expect((await api.call('/user/logout', { session: guest.apiData?.session })).apiData).toBe(true);
  });

  it('are bound to their tenant', async () => {
    const customer = await activeCustomer();
    const other = await tenantBeforeAdminLogin(service);
    const answer = await other.api.call('/user/update', { session: customer.session, userId: customer.userId });
    expect(answer.apiStatus.errorCode).toBe('NOT_LOGGED_IN');
  });

  it('an unknown token is NOT_LOGGED_IN', async () => {
    expect((await api.call('/user/update', { session: 'made-up', userId: 1 })).apiStatus.errorCode).toBe(
      'NOT_LOGGED_IN',
    );
  });
});

describe('own records only', () => {
  it('a customer cannot update another user; an admin can', async () => {
    const first = await activeCustomer();
    const second = await activeCustomer();
    const refused = await api.call('/user/update', {
      session: first.session,
      userId: second.userId,
      userName: 'Mallory',
    });
    expect(refused).toMatchObject({ apiStatus: { errorCode: 'NOTFOUND' }, apiData: null });
    const updatepwd = await api.call('/user/updatepwd', {
      session: first.session,
      userId: second.userId,
      password: second.password,
      newPassword: 'taking over now',
    });
    expect(updatepwd.apiStatus.errorCode).toBe('NOTFOUND');
    expect(
      (await api.call('/user/update', { session: first.session, userId: first.userId, userEmail: second.userEmail }))
        .apiStatus.errorCode,
    ).toBe('DUPLICATE');
  });
});

describe('user administration', () => {
  it('create → temporary password with UPDATE_PASSWORD; setRoles takes effect at once; list filters', async () => {
    const admin = await adminSession(service, t.provisioned);
    const created = await api.call<CreatedUser>('/user/create', {
      session: admin,
      userLogin: `agent${Date.now()}`,
      userEmail: `agent${Date.now()}@agency.example`,
      userName: 'Omar Agent',
      roles: ['agent'],
    });
    expect(created.apiStatus.errorCode).toBe('OK');
    expect(created.apiData).toMatchObject({
      isActive: true,
      isEmployee: true,
      roles: ['agent'],
      requiredActions: ['UPDATE_PASSWORD'],
    });
    const temporary = created.apiData?.temporaryPassword;
    const firstLogin = await api.call<AuthenticatedUser>('/user/authenticate', {
      username: created.apiData?.userLogin,
      password: temporary,
    });
    expect(firstLogin.apiData?.requiredActions).toEqual(['UPDATE_PASSWORD']);
    await api.call('/user/updatepwd', {
      session: firstLogin.apiData?.session,
      userId: created.apiData?.userId,
      password: temporary,
      newPassword: 'agent password here',
    });
    const agent = firstLogin.apiData?.session;
    expect((await api.call('/user/list', { session: agent })).apiStatus.errorCode).toBe('FORBIDDEN');

    const promoted = await api.call<UserView>('/user/setRoles', {
      session: admin,
      userId: created.apiData?.userId,
      roles: ['agent', 'admin'],
    });
    expect(promoted.apiData?.roles).toEqual(['agent', 'admin']);
    expect((await api.call('/user/list', { session: agent })).apiStatus.errorCode).toBe('OK');

    const agents = await api.call<UserView[]>('/user/list', { session: admin, role: 'agent', query: 'Omar' });
    expect(agents.apiData?.map((u) => u.userId)).toEqual([created.apiData?.userId]);
    expect(
      (await api.call('/user/setRoles', { session: admin, userId: 999_999, roles: ['agent'] })).apiStatus.errorCode,
    ).toBe('NOTFOUND');
    expect(
      (await api.call('/user/setRoles', { session: admin, userId: 1, roles: ['pilot'] })).apiStatus.errorCode,
    ).toBe('INVALID_FORMAT');
    expect((await api.call('/user/setRoles', { session: admin, userId: 1 })).apiStatus.errorCode).toBe(
      'MISSING_PARAMETER',
    );
    expect(
      (
        await api.call('/user/create', {
          session: admin,
          userLogin: created.apiData?.userLogin,
          userEmail: 'x@y.example',
          userName: 'X',
          roles: ['agent'],
        })
      ).apiStatus.errorCode,
    ).toBe('DUPLICATE');
  });

  it('an admin cannot remove their own admin role', async () => {
    const admin = await adminSession(service, t.provisioned);
    const me = await api.call<UserView[]>('/user/list', { session: admin, query: 'admin' });
    const adminId = me.apiData?.find((u) => u.userLogin === 'admin')?.userId;
    expect(
      (await api.call('/user/setRoles', { session: admin, userId: adminId, roles: ['agent'] })).apiStatus.errorCode,
    ).toBe('INVALID_STATE');
  });
});

describe('check', () => {
  it('tells whether an address is registered and active', async () => {
    const customer = await activeCustomer();
    expect((await api.call('/user/check', { email: customer.userEmail.toUpperCase() })).apiData).toEqual({
      email: customer.userEmail.toUpperCase(),
      registered: true,
      active: true,
    });
    expect((await api.call('/user/check', { email: 'nobody@example.com' })).apiData).toMatchObject({
      registered: false,
      active: false,
    });
    expect((await api.call('/user/check', {})).apiStatus.errorCode).toBe('MISSING_PARAMETER');
  });
});
