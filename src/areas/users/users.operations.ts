// /user/* and /auth/guest: accounts, sessions and the admin's user management.
import { Type } from '@sinclair/typebox';
import { Allow } from '../../platform/auth/roles.js';
import { missingParameter } from '../../platform/http/errors.js';
import { type OperationDeclaration, operation } from '../../platform/http/operation.js';
import {
  AuthenticatedUser,
  CheckRequest,
  CheckResult,
  CreatedUser,
  CreateUserRequest,
  Credentials,
  GuestSession,
  ListRequest,
  PkQuery,
  RegisterRequest,
  ResetPasswordRequest,
  ResetRequest,
  SetRolesRequest,
  TokenRequest,
  UpdatePasswordRequest,
  UpdatePasswordResult,
  UpdateRequest,
  UserView,
} from './users.schemas.js';
import type { UsersService } from './users.service.js';

const authenticate = (users: UsersService) =>
  operation({
    path: '/user/authenticate',
    methods: ['GET', 'POST'],
    summary: 'Log in with login or e-mail and password: the user with session, roles and required actions',
    description: 'Unknown user, wrong password or a locked account answer NOTFOUND. Rate-limited per address.',
    allow: Allow.anyone,
    input: Credentials,
    response: AuthenticatedUser,
    handler: (ctx, input) => users.authenticate(ctx, input.username, input.password),
  });

const register = (users: UsersService) =>
  operation({
    path: '/user/register',
    methods: ['POST'],
    summary: 'Register a customer (inactive until activated by the e-mailed link)',
    description:
      'signupToken is answered only to a system-session (pk) or employee caller. DUPLICATE for a taken login or e-mail.',
    allow: Allow.anyone,
    input: RegisterRequest,
    query: PkQuery,
    response: UserView,
    handler: (ctx, input) => users.register(ctx, input),
  });

const check = (users: UsersService) =>
  operation({
    path: '/user/check',
    methods: ['POST'],
    summary: 'Whether an e-mail address is registered (and active)',
    allow: Allow.anyone,
    input: CheckRequest,
    response: CheckResult,
    handler: (ctx, input) => users.check(ctx, input.email),
  });

const activate = (users: UsersService) =>
  operation({
    path: '/user/activate',
    methods: ['GET', 'POST'],
    summary: 'Activate an account with the token of the activation e-mail (single use, 48 h)',
    allow: Allow.anyone,
    input: TokenRequest,
    response: UserView,
    handler: (ctx, input) => users.activate(ctx, input.token),
  });

const update = (users: UsersService) =>
  operation({
    path: '/user/update',
    methods: ['POST'],
    summary: "Update one's own profile (admins: anyone's)",
    allow: Allow.loggedIn,
    sessionParameter: 'required',
    input: UpdateRequest,
    response: UserView,
    records: { userId: 'user' },
    handler: (ctx, input) => users.update(ctx, input),
  });

const updatepwd = (users: UsersService) =>
  operation({
    path: '/user/updatepwd',
    methods: ['POST'],
    summary: "Change one's own password; every other session of the user ends",
    allow: Allow.loggedIn,
    sessionParameter: 'required',
    duringPasswordChange: true,
    input: UpdatePasswordRequest,
    response: UpdatePasswordResult,
    records: { userId: 'user' },
    handler: (ctx, input) => users.updatePassword(ctx, input.userId, input.password, input.newPassword),
  });

const resetpwdRequest = (users: UsersService) =>
  operation({
    path: '/user/resetpwdRequest',
    methods: ['POST'],
    summary: 'Send a password-reset link (same answer whether or not the address is registered)',
    allow: Allow.anyone,
    input: ResetRequest,
    query: PkQuery,
    response: Type.String(),
    handler: (ctx, input) => users.requestPasswordReset(ctx, input.f_useremail),
  });

const resetpwd = (users: UsersService) =>
  operation({
    path: '/user/resetpwd',
    methods: ['POST'],
    summary: 'Set a new password with the token of the reset e-mail (single use, 1 h); all sessions end',
    allow: Allow.anyone,
    input: ResetPasswordRequest,
    query: PkQuery,
    response: Type.String(),
    handler: (ctx, input) => users.resetPassword(ctx, input.resetToken, input.newPassword),
  });

const logout = (users: UsersService) =>
  operation({
    path: '/user/logout',
    methods: ['POST'],
    summary: 'End the session: its token stops working at once, on every node',
    allow: Allow.anySession,
    sessionParameter: 'required',
    duringPasswordChange: true,
    response: Type.Boolean(),
    handler: (ctx) => {
      const token = ctx.sessionToken;
      if (!token) throw missingParameter('session');
      return users.logout(ctx, token);
    },
  });

const list = (users: UsersService) =>
  operation({
    path: '/user/list',
    methods: ['POST'],
    summary: 'Users of the tenant, filtered by part of login, name or e-mail, and by role (admin)',
    allow: Allow.admin,
    input: ListRequest,
    response: Type.Array(UserView),
    handler: (ctx, input) => users.list(ctx, input),
  });

const setRoles = (users: UsersService) =>
  operation({
    path: '/user/setRoles',
    methods: ['POST'],
    summary: "Replace a user's roles (admin); effective at once on every node",
    allow: Allow.admin,
    input: SetRolesRequest,
    response: UserView,
    records: { userId: 'user' },
    handler: (ctx, input) => users.setRoles(ctx, input.userId, input.roles),
  });

const create = (users: UsersService) =>
  operation({
    path: '/user/create',
    methods: ['POST'],
    summary: 'Create an active user with a temporary password to change at first login (admin)',
    allow: Allow.admin,
    input: CreateUserRequest,
    response: CreatedUser,
    handler: (ctx, input) => users.create(ctx, input),
  });

const guest = (users: UsersService) =>
  operation({
    path: '/auth/guest',
    methods: ['POST'],
    summary: 'An anonymous guest session for carts and checkout',
    allow: Allow.anyone,
    // /auth/* stays open to a session that must change its password (contract §3): it issues a new one.
    duringPasswordChange: true,
    response: GuestSession,
    handler: (ctx) => users.issueGuestSession(ctx),
  });

/** Every operation of the area, bound to its services. */
export function usersOperations(users: UsersService): OperationDeclaration[] {
  return [
    authenticate,
    register,
    check,
    activate,
    update,
    updatepwd,
    resetpwdRequest,
    resetpwd,
    logout,
    list,
    setRoles,
    create,
    guest,
  ].map((declare) => declare(users));
}
