import { type Static, Type } from '@sinclair/typebox';
import { Nullable, RecordId } from '../../platform/http/schema.js';
import { ROLES } from '../../platform/auth/roles.js';
import { VERBATIM } from '../../platform/http/input.js';

const Password = (description: string) => Type.String({ description, maxLength: 256, [VERBATIM]: true });
const Token = (description: string) => Type.String({ description, maxLength: 512, [VERBATIM]: true });
const DateTime = (description: string) =>
  Type.String({ description: `${description} (yyyy-MM-ddTHH:mm:ss, tenant time)` });
export const RoleName = Type.Union(
  ROLES.map((role) => Type.Literal(role)),
  { description: 'guest, customer, agent, employee or admin' },
);

/** The Registered user resource of the specification (password fields are write-only and never answered). */
export const UserView = Type.Object({
  userId: Type.Integer(),
  userCode: Type.String(),
  userLogin: Type.String(),
  userName: Nullable(Type.String()),
  userEmail: Type.String(),
  mobile: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  street: Nullable(Type.String()),
  street2: Nullable(Type.String()),
  city: Nullable(Type.String()),
  countryId: Nullable(Type.Integer()),
  countryName: Nullable(Type.String()),
  contactId: Nullable(Type.Integer()),
  isCompany: Type.Boolean(),
  isEmployee: Type.Boolean(),
  isCustomer: Type.Boolean(),
  isActive: Type.Boolean(),
  isPortalUser: Type.Boolean(),
  companyType: Nullable(Type.String()),
  companyId: Nullable(Type.Integer()),
  companyName: Nullable(Type.String()),
  roles: Type.Array(Type.String()),
  signupToken: Type.Optional(Type.String({ description: 'Only to a system-session (pk) or employee caller' })),
  signupTokenType: Type.Optional(Type.Union([Type.Literal('ACTIVATION'), Type.Literal('RESET')])),
  signupExpiry: Type.Optional(DateTime('Expiry of the signup token')),
  signupTokenValid: Type.Optional(Type.Boolean()),
  createDate: DateTime('Registration time'),
  auth: Type.Optional(Type.Union([Type.Literal('OK'), Type.Literal('NO')])),
});
export type UserView = Static<typeof UserView>;

export const AuthenticatedUser = Type.Composite([
  UserView,
  Type.Object({
    session: Type.String({ description: 'Session token: send it as header X-Auth-Request-Access-Token' }),
    sessionExpiry: DateTime('Absolute expiry of the session'),
    requiredActions: Type.Array(Type.String()),
  }),
]);
export type AuthenticatedUser = Static<typeof AuthenticatedUser>;

export const Credentials = Type.Object({
  username: Type.String({ description: 'Login or e-mail address', maxLength: 254 }),
  password: Password('Password'),
});

export const PkQuery = Type.Object({
  pk: Type.Optional(Token('System session (website key) of the tenant')),
});

export const RegisterRequest = Type.Object({
  userLogin: Type.String({ minLength: 3, maxLength: 100 }),
  password: Password('At least 10 characters, not equal to the login or the e-mail address'),
  userEmail: Type.String({ format: 'email', maxLength: 254 }),
  userName: Type.Optional(Type.String({ maxLength: 200 })),
  mobile: Type.Optional(Type.String({ maxLength: 50 })),
  street: Type.Optional(Type.String({ maxLength: 200 })),
  city: Type.Optional(Type.String({ maxLength: 100 })),
  countryId: Type.Optional(Type.Integer({ minimum: 1, maximum: 999 })),
});
export type RegisterRequest = Static<typeof RegisterRequest>;

export const CheckRequest = Type.Object({ email: Type.String({ format: 'email', maxLength: 254 }) });
export const CheckResult = Type.Object({
  email: Type.String(),
  registered: Type.Boolean({ description: 'A user with this e-mail address exists' }),
  active: Type.Boolean({ description: 'That user has activated the account' }),
});

export const TokenRequest = Type.Object({ token: Token('The token of the activation e-mail') });

export const UpdateRequest = Type.Object({
  userId: RecordId('The user'),
  userName: Type.Optional(Type.String({ maxLength: 200 })),
  userEmail: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
  mobile: Type.Optional(Type.String({ maxLength: 50 })),
  phone: Type.Optional(Type.String({ maxLength: 50 })),
  street: Type.Optional(Type.String({ maxLength: 200 })),
  street2: Type.Optional(Type.String({ maxLength: 200 })),
  city: Type.Optional(Type.String({ maxLength: 100 })),
  countryId: Type.Optional(Type.Integer({ minimum: 1, maximum: 999 })),
});
export type UpdateRequest = Static<typeof UpdateRequest>;

export const UpdatePasswordRequest = Type.Object({
  userId: RecordId('The user'),
  password: Password('Current password'),
  newPassword: Password('New password: at least 10 characters, not equal to the login or the e-mail address'),
});
export const UpdatePasswordResult = Type.Object({
  userId: Type.Integer(),
  userLogin: Type.String(),
  userName: Nullable(Type.String()),
  auth: Type.Literal('OK'),
});

export const ResetRequest = Type.Object({ f_useremail: Type.String({ maxLength: 254 }) });
export const ResetPasswordRequest = Type.Object({
  resetToken: Token('The token of the reset e-mail'),
  newPassword: Password('New password'),
});

export const ListRequest = Type.Object({
  query: Type.Optional(Type.String({ description: 'Part of the login, name or e-mail address', maxLength: 100 })),
  role: Type.Optional(RoleName),
});
export const SetRolesRequest = Type.Object({
  userId: RecordId('The user'),
  roles: Type.Array(RoleName, { minItems: 1, maxItems: 5, uniqueItems: true }),
});
export const CreateUserRequest = Type.Object({
  userLogin: Type.String({ minLength: 3, maxLength: 100 }),
  userEmail: Type.String({ format: 'email', maxLength: 254 }),
  userName: Type.String({ maxLength: 200 }),
  roles: Type.Array(RoleName, { minItems: 1, maxItems: 5, uniqueItems: true }),
});
export const CreatedUser = Type.Composite([
  UserView,
  Type.Object({
    temporaryPassword: Type.String({ description: 'Shown once; must be changed at first login' }),
    requiredActions: Type.Array(Type.String()),
  }),
]);

export const GuestSession = Type.Object({
  session: Type.String(),
  sessionExpiry: DateTime('Absolute expiry of the session'),
  roles: Type.Array(Type.String()),
});
