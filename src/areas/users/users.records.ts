// Which user records a caller may read (contract §7.1): its own, any for an admin; and which customer record a
// customer user is (its contactId, §7.1), for a back-office booking's merge. The caller's own customer record
// comes with its session (platform/auth/session.ts customerRecordOf).
import type { RecordId, RecordReader } from '../../platform/http/records.js';
import type { Queryable } from '../../platform/database/connections.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { findUserById } from './users.repository.js';

export const userRecords: RecordReader = {
  noun: 'User',
  async mayRead(ctx: TenantContext, id: RecordId): Promise<boolean> {
    const self = ctx.session?.kind === 'user' && ctx.session.userId === Number(id);
    // Other users are administered by admins only: /user/list and /user/setRoles are theirs.
    if (!self && !ctx.roles.includes('admin')) return false;
    return (await findUserById(ctx.db, Number(id))) !== undefined;
  },
};

/** The customer record of a user when it is a customer user (a cart's owner, for a back-office booking's merge). */
export async function customerRecordOfUser(db: Queryable, userId: number): Promise<number | undefined> {
  const user = await findUserById(db, userId);
  return user?.roles.includes('customer') ? (user.contact_id ?? undefined) : undefined;
}

/** The name a user's records show for it (its name, else its login); undefined when there is no such user. */
export async function displayNameOfUser(db: Queryable, userId: number): Promise<string | undefined> {
  const user = await findUserById(db, userId);
  return user && (user.user_name ?? user.user_login);
}
