// Use cases of user accounts: registration and activation, login with lockout, profile and password
// changes, password reset by e-mail, sessions, and the admin's user management.
import type { Config } from '../../config.js';
import type { CustomersApi } from '../customers/index.js';
import { isEmployee, type Role } from '../../platform/auth/roles.js';
import { revokeUserSessions } from '../../platform/auth/session.repository.js';
import type { SessionStore } from '../../platform/auth/sessions.js';
import { temporaryPassword } from '../../platform/crypto.js';
import { PgCode, pgErrorCode, type Queryable } from '../../platform/database/connections.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { ApiError, ErrorCode, invalidFormat, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import type { MailQueue } from '../../platform/outbox/index.js';
import { hashPassword } from '../../platform/passwords.js';
import { countRequest } from '../../platform/rate-limit.js';
import { formatDateTime } from '../../platform/time.js';
import { isPasswordOf } from './users.login.js';
import { activationMail, passwordResetMail } from './users.mail.js';
import { type RealmDirectory, tellRealm } from './users.realm.js';
import * as repo from './users.repository.js';
import { ACTIVATION_TOKEN_HOURS, PASSWORD_MIN_LENGTH, passwordProblem, RESET_TOKEN_HOURS } from './users.rules.js';
import type { AuthenticatedUser, RegisterRequest, UpdateRequest, UserView } from './users.schemas.js';
import { toUserView } from './users.view.js';

export const RESET_REQUEST_ANSWER = 'If the address belongs to an account, a message with a reset link is on its way.';
export const RESET_DONE_ANSWER = 'Your password has been changed. Log in with the new password.';
const LOGIN_REFUSED = 'Unknown user, wrong password, or account temporarily locked';

export interface UsersDeps {
  sessions: SessionStore;
  /** Queues mail in the caller's transaction; the worker wakes once it commits. */
  mail: MailQueue;
  /** The tenant's public address, for links in e-mails. */
  tenantUrl: (tenantCode: string) => string;
  rateLimits: Config['rateLimits'];
  lockout: Config['lockout'];
  /** A customer user's customer record is found or created through the customers area (contract §7.1). */
  customers: Pick<CustomersApi, 'findOrCreateByEmail'>;
  /** Every change of a user is told to the tenant's realm before it commits (users.realm.ts). */
  idp: RealmDirectory;
}

export function createUsersService(deps: UsersDeps) {
  const { sessions } = deps;
  return {
    authenticate: (ctx: TenantContext, username: string, password: string) =>
      authenticate(deps, ctx, username, password),
    register: (ctx: TenantContext, input: RegisterRequest) => register(deps, ctx, input),
    check: (ctx: TenantContext, email: string) => check(deps, ctx, email),
    activate: (ctx: TenantContext, token: string) => activate(deps, ctx, token),
    update: (ctx: TenantContext, input: UpdateRequest) => update(deps, ctx, input),
    updatePassword: (ctx: TenantContext, userId: number, current: string, next: string) =>
      updatePassword(deps, ctx, userId, current, next),
    requestPasswordReset: (ctx: ResetScope, email: string) => requestPasswordReset(deps, ctx, email),
    resetPassword: (ctx: TenantContext, token: string, next: string) => resetPassword(deps, ctx, token, next),
    async logout(ctx: TenantContext, token: string): Promise<true> {
      await sessions.revoke(ctx, token);
      return true;
    },
    issueGuestSession: (ctx: TenantContext) => issueGuestSession(deps, ctx),
    async list(ctx: TenantContext, filter: { query?: string; role?: Role }): Promise<UserView[]> {
      const rows = await repo.listUsers(ctx.db, filter);
      return rows.map((row) => toUserView(row, ctx.tenant.timezone));
    },
    setRoles: (ctx: TenantContext, userId: number, roles: Role[]) => setRoles(deps, ctx, userId, roles),
    create: (ctx: TenantContext, input: CreateInput) => create(deps, ctx, input),
  };
}

function requirePolicy(field: string, password: string, login: string, email: string): void {
  const problem = passwordProblem(password, login, email);
  if (problem) throw invalidFormat(field, problem);
}

/**
 * A taken login or address is refused before the password is hashed: the hash is the costly part, and the unique
 * indexes still refuse a race between this look and the insert (asDuplicate).
 */
async function refuseTakenName(db: Queryable, userLogin: string, userEmail: string): Promise<void> {
  const taken =
    (await repo.findUserByLoginOrEmail(db, userLogin)) ?? (await repo.findUserByLoginOrEmail(db, userEmail));
  if (taken) throw nameTaken();
}

const nameTaken = () => new ApiError(ErrorCode.DUPLICATE, 'That login or e-mail address is already registered');

function asDuplicate(error: unknown): never {
  if (pgErrorCode(error) === PgCode.uniqueViolation) throw nameTaken();
  throw error;
}

/**
 * A customer user gets the customer record of its e-mail (the oldest active one, any case), created with its
 * name, e-mail and mobile when there is none, and its `contactId` names that record (contract §7.1). Runs in the
 * caller's transaction, so user and record are made together or not at all. Others (employees, the provisioned
 * admin) keep no record.
 */
async function linkCustomerRecord(deps: UsersDeps, tx: Queryable, user: repo.UserRow, now: Date) {
  if (!user.roles.includes('customer')) return user;
  const customer = await deps.customers.findOrCreateByEmail(tx, {
    email: user.user_email,
    custName: user.user_name ?? user.user_login,
    mobilePhone: user.mobile,
    userId: user.user_id,
  });
  return repo.setContactId(tx, user.user_id, customer.customerId, now);
}

function link(deps: UsersDeps, ctx: Pick<TenantContext, 'tenant'>, path: string, token: string): string {
  return `${deps.tenantUrl(ctx.tenant.tenantCode)}${path}?token=${encodeURIComponent(token)}`;
}

async function authenticate(
  deps: UsersDeps,
  ctx: TenantContext,
  username: string,
  password: string,
): Promise<AuthenticatedUser> {
  const user = await repo.findUserByLoginOrEmail(ctx.db, username);
  // Unknown user, wrong password and locked account answer alike (and take as long).
  if (!(await isPasswordOf(deps, ctx, user, password)) || !user) throw new ApiError(ErrorCode.NOTFOUND, LOGIN_REFUSED);
  // Only someone who knows the password learns that the account still waits for activation.
  if (!user.is_active) throw new ApiError(ErrorCode.NOTFOUND, 'The account is not activated yet');
  const issued = await deps.sessions.issueUserSession(ctx, user.user_id, user.roles);
  return {
    ...toUserView(user, ctx.tenant.timezone, undefined, 'OK'),
    session: issued.token,
    sessionExpiry: issued.expiresAt ? formatDateTime(issued.expiresAt, ctx.tenant.timezone) : '',
    roles: [...issued.session.roles],
    requiredActions: [...issued.session.requiredActions],
  };
}

async function register(deps: UsersDeps, ctx: TenantContext, input: RegisterRequest): Promise<UserView> {
  await countRequest(ctx.db, `register:${ctx.clientIp}`, deps.rateLimits.register, ctx.now);
  requirePolicy('password', input.password, input.userLogin, input.userEmail);
  await refuseTakenName(ctx.db, input.userLogin, input.userEmail);
  const passwordHash = await hashPassword(input.password);
  const { user, token } = await withTransaction(ctx, async (tx, afterCommit) => {
    const inserted = await repo
      .insertUser(tx, {
        userLogin: input.userLogin,
        userEmail: input.userEmail,
        userName: input.userName ?? null,
        passwordHash,
        mobile: input.mobile,
        street: input.street,
        city: input.city,
        countryId: input.countryId,
        roles: ['customer'],
        isActive: false,
        requiredActions: [],
        now: ctx.now,
      })
      .catch(asDuplicate);
    const created = await linkCustomerRecord(deps, tx, inserted, ctx.now);
    const issued = await repo.issueUserToken(tx, created.user_id, 'ACTIVATION', ctx.now, ACTIVATION_TOKEN_HOURS);
    await deps.mail.queue(
      tx,
      afterCommit,
      ctx.tenant.tenantId,
      activationMail(
        { email: created.user_email, name: created.user_name },
        ctx.tenant.tenantName,
        link(deps, ctx, '/user/activate', issued.token),
      ),
    );
    const password = { plain: input.password, hash: passwordHash, temporary: false, sessions: 'keep' } as const;
    await tellRealm(deps.idp, ctx, created, password);
    return { user: created, token: issued };
  });
  // The token activates the address: only the website itself (pk, read by the kernel) or staff may see it; others
  // get it by mail.
  const trusted = ctx.session?.kind === 'system' || isEmployee(ctx.roles);
  return toUserView(user, ctx.tenant.timezone, {
    ...(trusted ? { token: token.token } : {}),
    type: 'ACTIVATION',
    expiresAt: token.expiresAt,
    valid: true,
  });
}

async function check(deps: UsersDeps, ctx: TenantContext, email: string) {
  await countRequest(ctx.db, `check:${ctx.clientIp}`, deps.rateLimits.check, ctx.now);
  const user = await repo.findUserByEmail(ctx.db, email);
  return { email, registered: Boolean(user), active: user?.is_active ?? false };
}

async function activate(deps: UsersDeps, ctx: TenantContext, token: string): Promise<UserView> {
  return withTransaction(ctx, async (tx) => {
    const used = await repo.consumeUserToken(tx, token, 'ACTIVATION', ctx.now);
    if (!used) throw notFound('Activation token (unknown, used or expired)');
    const user = await repo.activateUser(tx, used.userId, ctx.now);
    await tellRealm(deps.idp, ctx, user);
    return toUserView(user, ctx.tenant.timezone, { type: 'ACTIVATION', expiresAt: used.expiresAt, valid: false }, 'OK');
  });
}

async function update(deps: UsersDeps, ctx: TenantContext, input: UpdateRequest): Promise<UserView> {
  // Whose record: the kernel's record check (own, or any for an admin) ran before the handler.
  const updated = await withTransaction(ctx, async (tx) => {
    const changed = await repo.updateProfile(tx, input.userId, input, ctx.now).catch(asDuplicate);
    await tellRealm(deps.idp, ctx, changed);
    return changed;
  });
  return toUserView(updated, ctx.tenant.timezone);
}

async function updatePassword(deps: UsersDeps, ctx: TenantContext, userId: number, current: string, next: string) {
  // Only one's own password, knowing the current one: an admin uses /user/create or a reset instead.
  if (ctx.session?.userId !== userId) throw notFound('User');
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) throw notFound('User');
  // The current password is guessed like a login's, so it is limited like one (and can lock the account).
  if (!(await isPasswordOf(deps, ctx, user, current))) {
    throw new ApiError(ErrorCode.INVALID_CREDENTIALS, 'The current password is not correct');
  }
  requirePolicy('newPassword', next, user.user_login, user.user_email);
  if (next === current) throw invalidFormat('newPassword', 'must differ from the current password');
  const passwordHash = await hashPassword(next);
  await withTransaction(ctx, async (tx) => {
    const changed = await repo.setPassword(tx, userId, passwordHash, ctx.now);
    // Every other session of the user ends; the one that changed the password stays. In the realm, every sign-in
    // ends (browser sessions and refresh tokens: issue 29), or the realm's refusal rolls the change back.
    await revokeUserSessions(tx, userId, ctx.now, ctx.session?.storedId ?? undefined);
    await tellRealm(deps.idp, ctx, changed, { plain: next, hash: passwordHash, temporary: false, sessions: 'end' });
  });
  await deps.sessions.forgetUser(ctx.tenant.tenantId, userId);
  return { userId, userLogin: user.user_login, userName: user.user_name, auth: 'OK' as const };
}

/** What a reset request needs of its request: /user/resetpwdRequest's, or the login page's "Forgot password?". */
export type ResetScope = Pick<TenantContext, 'tenant' | 'db' | 'clientIp' | 'now' | 'log'>;

async function requestPasswordReset(deps: UsersDeps, ctx: ResetScope, email: string): Promise<string> {
  await countRequest(ctx.db, `reset:${ctx.clientIp}`, deps.rateLimits.resetRequest, ctx.now);
  // Per address as well, so nobody can flood one mailbox from many addresses.
  await countRequest(ctx.db, `reset-to:${email.toLowerCase()}`, deps.rateLimits.resetTarget, ctx.now);
  const user = await repo.findUserByEmail(ctx.db, email);
  if (!user?.is_active) return RESET_REQUEST_ANSWER;
  await withTransaction(ctx, async (tx, afterCommit) => {
    const issued = await repo.issueUserToken(tx, user.user_id, 'RESET', ctx.now, RESET_TOKEN_HOURS);
    await deps.mail.queue(
      tx,
      afterCommit,
      ctx.tenant.tenantId,
      passwordResetMail(
        { email: user.user_email, name: user.user_name },
        ctx.tenant.tenantName,
        link(deps, ctx, '/reset-password', issued.token),
      ),
    );
  });
  return RESET_REQUEST_ANSWER;
}

async function resetPassword(deps: UsersDeps, ctx: TenantContext, token: string, next: string): Promise<string> {
  await countRequest(ctx.db, `resetpwd:${ctx.clientIp}`, deps.rateLimits.resetRequest, ctx.now);
  if (next.length < PASSWORD_MIN_LENGTH) {
    throw invalidFormat('newPassword', `must have at least ${PASSWORD_MIN_LENGTH} characters`);
  }
  // Every cheap check first: only a usable token of an existing user earns a password hash.
  const pending = await repo.findUsableUserToken(ctx.db, token, 'RESET', ctx.now);
  const user = pending && (await repo.findUserById(ctx.db, pending.userId));
  if (!user) throw notFound('Reset token (unknown, used or expired)');
  requirePolicy('newPassword', next, user.user_login, user.user_email);
  const passwordHash = await hashPassword(next);
  await withTransaction(ctx, async (tx) => {
    // Used up only now, so a request refused above leaves the token usable; a concurrent use wins once.
    const used = await repo.consumeUserToken(tx, token, 'RESET', ctx.now);
    if (used?.userId !== user.user_id) throw notFound('Reset token (unknown, used or expired)');
    const changed = await repo.setPassword(tx, user.user_id, passwordHash, ctx.now);
    await revokeUserSessions(tx, user.user_id, ctx.now);
    await tellRealm(deps.idp, ctx, changed, { plain: next, hash: passwordHash, temporary: false, sessions: 'end' });
  });
  await deps.sessions.forgetUser(ctx.tenant.tenantId, user.user_id);
  return RESET_DONE_ANSWER;
}

async function issueGuestSession(deps: UsersDeps, ctx: TenantContext) {
  await countRequest(ctx.db, `guest:${ctx.clientIp}`, deps.rateLimits.guest, ctx.now);
  const issued = await deps.sessions.issueGuestSession(ctx);
  return {
    session: issued.token,
    sessionExpiry: issued.expiresAt ? formatDateTime(issued.expiresAt, ctx.tenant.timezone) : '',
    roles: [...issued.session.roles],
  };
}

async function setRoles(deps: UsersDeps, ctx: TenantContext, userId: number, roles: Role[]): Promise<UserView> {
  if (ctx.session?.userId === userId && !roles.includes('admin')) {
    throw new ApiError(ErrorCode.INVALID_STATE, 'An admin cannot take the admin role from themselves');
  }
  const updated = await withTransaction(ctx, async (tx) => {
    const changed = await repo.setRoles(tx, userId, roles, ctx.now);
    if (!changed) throw notFound('User');
    await tellRealm(deps.idp, ctx, changed);
    return changed;
  });
  await deps.sessions.forgetUser(ctx.tenant.tenantId, userId);
  return toUserView(updated, ctx.tenant.timezone);
}

interface CreateInput {
  userLogin: string;
  userEmail: string;
  userName: string;
  roles: Role[];
}

async function create(deps: UsersDeps, ctx: TenantContext, input: CreateInput) {
  await refuseTakenName(ctx.db, input.userLogin, input.userEmail);
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const created = await withTransaction(ctx, async (tx) => {
    const inserted = await repo
      .insertUser(tx, {
        userLogin: input.userLogin,
        userEmail: input.userEmail,
        userName: input.userName,
        passwordHash,
        roles: input.roles,
        isActive: true,
        requiredActions: ['UPDATE_PASSWORD'],
        now: ctx.now,
      })
      .catch(asDuplicate);
    const linked = await linkCustomerRecord(deps, tx, inserted, ctx.now);
    // A new user: no sign-ins to end.
    await tellRealm(deps.idp, ctx, linked, { plain: password, hash: passwordHash, temporary: true, sessions: 'keep' });
    return linked;
  });
  return {
    ...toUserView(created, ctx.tenant.timezone),
    temporaryPassword: password,
    requiredActions: [...created.required_actions],
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
