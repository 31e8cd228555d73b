// A user row as the API shows it (the specification's Registered user), in the tenant's time.
import { formatDateTime } from '../../platform/time.js';
import type { UserRow } from './users.repository.js';
import { hasEmployeeRole, userCode } from './users.rules.js';
import type { UserView } from './users.schemas.js';

export interface SignupTokenState {
  token?: string;
  type: 'ACTIVATION' | 'RESET';
  expiresAt: Date;
  valid: boolean;
}

export function toUserView(row: UserRow, timezone: string, signup?: SignupTokenState, auth?: 'OK'): UserView {
  const view: UserView = {
    userId: row.user_id,
    userCode: userCode(row.user_id),
    userLogin: row.user_login,
    userName: row.user_name,
    userEmail: row.user_email,
    mobile: row.mobile,
    phone: row.phone,
    street: row.street,
    street2: row.street2,
    city: row.city,
    countryId: row.country_id,
    countryName: row.country_name,
    contactId: row.contact_id,
    isCompany: row.is_company,
    isEmployee: hasEmployeeRole(row.roles),
    isCustomer: row.roles.includes('customer'),
    isActive: row.is_active,
    isPortalUser: row.is_portal_user,
    companyType: row.company_type,
    companyId: row.company_id,
    companyName: row.company_name,
    roles: [...row.roles],
    createDate: formatDateTime(row.create_date, timezone),
  };
  if (signup) {
    if (signup.token) view.signupToken = signup.token;
    view.signupTokenType = signup.type;
    view.signupExpiry = formatDateTime(signup.expiresAt, timezone);
    view.signupTokenValid = signup.valid;
  }
  if (auth) view.auth = auth;
  return view;
}
