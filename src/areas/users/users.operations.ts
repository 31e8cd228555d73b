// /user/* and /auth/guest: accounts, sessions and the admin's user management.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { Allow } from '../../platform/auth/roles.js';
import { missingParameter } from '../../platform/http/errors.js';
import { defineOperation } from '../../platform/http/operation.js';
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

export function registerUsersOperations(app: FastifyInstance, users: UsersService): void {
  defineOperation(app, {
    path: '/user/authenticate',
    methods: ['GET', 'POST'],
    summary: 'Log in with login or e-mail and password: the user with session, roles and required actions',
    description: 'Unknown user, wrong password or a locked account answer NOTFOUND. Rate-limited per address.',
    allow: Allow.anyone,
    input: Credentials,
    response: AuthenticatedUser,
    handler: (ctx, input) => users.authenticate(ctx, input.username, input.password),
  });

  defineOperation(app, {
    path: '/user/register',
    methods: ['POST'],
    summary: 'Register a customer (inactive until activated by the e-mailed link)',
    description:
      'signupToken is answered only to a system-session (pk) or employee caller. DUPLICATE for a taken login or e-mail.',
    allow: Allow.anyone,
    input: RegisterRequest,
    query: PkQuery,
    response: UserView,
    handler: (ctx, input, query) => users.register(ctx, input, query.pk),
  });

  defineOperation(app, {
    path: '/user/check',
    methods: ['POST'],
    summary: 'Whether an e-mail address is registered (and active)',
    allow: Allow.anyone,
    input: CheckRequest,
    response: CheckResult,
    handler: (ctx, input) => users.check(ctx, input.email),
  });

  defineOperation(app, {
    path: '/user/activate',
    methods: ['GET', 'POST'],
    summary: 'Activate an account with the token of the activation e-mail (single use, 48 h)',
    allow: Allow.anyone,
    input: TokenRequest,
    response: UserView,
    handler: (ctx, input) => users.activate(ctx, input.token),
  });

  defineOperation(app, {
    path: '/user/update',
    methods: ['POST'],
    summary: "Update one's own profile (admins: anyone's)",
    allow: Allow.loggedIn,
    sessionParameter: 'required',
    input: UpdateRequest,
    response: UserView,
    handler: (ctx, input) => users.update(ctx, input),
  });

  defineOperation(app, {
    path: '/user/updatepwd',
    methods: ['POST'],
    summary: "Change one's own password; every other session of the user ends",
    allow: Allow.loggedIn,
    sessionParameter: 'required',
    duringPasswordChange: true,
    input: UpdatePasswordRequest,
    response: UpdatePasswordResult,
    handler: (ctx, input) => users.updatePassword(ctx, input.userId, input.password, input.newPassword),
  });

  defineOperation(app, {
    path: '/user/resetpwdRequest',
    methods: ['POST'],
    summary: 'Send a password-reset link (same answer whether or not the address is registered)',
    allow: Allow.anyone,
    input: ResetRequest,
    query: PkQuery,
    response: Type.String(),
    handler: (ctx, input) => users.requestPasswordReset(ctx, input.f_useremail),
  });

  defineOperation(app, {
    path: '/user/resetpwd',
    methods: ['POST'],
    summary: 'Set a new password with the token of the reset e-mail (single use, 1 h); all sessions end',
    allow: Allow.anyone,
    input: ResetPasswordRequest,
    query: PkQuery,
    response: Type.String(),
    handler: (ctx, input) => users.resetPassword(ctx, input.resetToken, input.newPassword),
  });

  defineOperation(app, {
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

  defineOperation(app, {
    path: '/user/list',
    methods: ['POST'],
    summary: 'Users of the tenant, filtered by part of login, name or e-mail, and by role (admin)',
    allow: Allow.admin,
    input: ListRequest,
    response: Type.Array(UserView),
    handler: (ctx, input) => users.list(ctx, input),
  });

  defineOperation(app, {
    path: '/user/setRoles',
    methods: ['POST'],
    summary: "Replace a user's roles (admin); effective at once on every node",
    allow: Allow.admin,
    input: SetRolesRequest,
    response: UserView,
    handler: (ctx, input) => users.setRoles(ctx, input.userId, input.roles),
  });

  defineOperation(app, {
    path: '/user/create',
    methods: ['POST'],
    summary: 'Create an active user with a temporary password to change at first login (admin)',
    allow: Allow.admin,
    input: CreateUserRequest,
    response: CreatedUser,
    handler: (ctx, input) => users.create(ctx, input),
  });

  defineOperation(app, {
    path: '/auth/guest',
    methods: ['POST'],
    summary: 'An anonymous guest session for carts and checkout',
    allow: Allow.anyone,
    response: GuestSession,
    handler: (ctx) => users.issueGuestSession(ctx),
  });
}
