// The service's login role (DATABASE_URL) need not be a superuser: managed PostgreSQL services give a role with
// CREATEDB CREATEROLE. Such a role may create roles but, before PostgreSQL 16, is no member of them; from 16 on it
// is, by an implicit grant WITH ADMIN only (no SET, no INHERIT, unless createrole_self_grant says otherwise). The
// service needs both: SET to run the template's migrations as tc_tenant_owner and to hand a database to a tenant's
// role (ALTER DATABASE … OWNER), and the privileges of the old owner (INHERIT) for REASSIGN OWNED and to drop or
// close a tenant's database later. So the login role grants itself each role it creates, with SET and INHERIT.
import { quoteIdent, type Queryable } from './connections.js';

const FIRST_VERSION_WITH_GRANT_OPTIONS = 160_000;

/** Makes the current login role a member of `role` that may SET ROLE to it and holds its privileges. */
export async function ensureMemberOf(sql: Queryable, role: string): Promise<void> {
  const [me] = await sql<{ superuser: boolean; version: number }[]>`
    SELECT rolsuper AS superuser, current_setting('server_version_num')::int AS version
    FROM pg_roles WHERE rolname = current_user`;
  if (!me || me.superuser) return;
  const grantOptions = me.version >= FIRST_VERSION_WITH_GRANT_OPTIONS;
  // 'MEMBER' before 16 is what 'SET' is from 16 on: the right to SET ROLE.
  const [held] = await sql<{ ok: boolean }[]>`
    SELECT pg_has_role(current_user, ${role}, 'USAGE')
       AND pg_has_role(current_user, ${role}, ${grantOptions ? 'SET' : 'MEMBER'}) AS ok`;
  if (held?.ok) return;
  const options = grantOptions ? ' WITH INHERIT TRUE, SET TRUE' : '';
  try {
    await sql.unsafe(`GRANT ${quoteIdent(role)} TO CURRENT_USER${options}`);
  } catch (error) {
    // A role made by another login (from 16 on only its creator holds ADMIN on it): say what to grant.
    throw new Error(
      `The database login role is no member of role "${role}" and cannot make itself one (${describe(error)}); grant it "${role}"${options || ''} as a superuser or as that role's creator`,
    );
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
