// The five roles of contract §3 and the role sets operations declare.

export const ROLES = ['guest', 'customer', 'agent', 'employee', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const EMPLOYEE_ROLES: readonly Role[] = ['agent', 'employee', 'admin'];

export function isEmployee(roles: readonly Role[]): boolean {
  return roles.some((role) => EMPLOYEE_ROLES.includes(role));
}

/** Who may call an operation: anyone (a session is used when given), or a session holding one of `roles`. */
export type Allowed = 'anyone' | readonly Role[];

export const Allow = {
  /** No session needed. */
  anyone: 'anyone',
  /** Any session, a guest's or the system session included. */
  anySession: ['guest', 'customer', 'agent', 'employee', 'admin'],
  /** A logged-in user. */
  loggedIn: ['customer', 'agent', 'employee', 'admin'],
  employees: EMPLOYEE_ROLES,
  agentOrAdmin: ['agent', 'admin'],
  admin: ['admin'],
} as const satisfies Record<string, Allowed>;
