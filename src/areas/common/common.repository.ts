// SQL of the common utilities: countries, web actions and the bot-check simulator's ledger. Plain objects out.
import { sha256 } from '../../platform/crypto.js';
import type { Queryable } from '../../platform/database/connections.js';
import type { WebActionType } from './common.rules.js';

export interface CountryRow {
  country_id: number;
  country_name: string;
  country_code: string;
  country_code3: string;
}

/**
 * Countries whose search name matches `pattern` (a LIKE pattern over searchKey form), or all of them;
 * by name. COLLATE "C" keeps the order the same on every server, whatever its locale.
 */
export async function listCountries(db: Queryable, pattern: string | undefined): Promise<CountryRow[]> {
  return db<CountryRow[]>`
    SELECT country_id, country_name, country_code, country_code3
    FROM countries
    WHERE ${pattern ?? null}::text IS NULL OR search_name LIKE ${pattern ?? null}
    ORDER BY search_name COLLATE "C", country_id`;
}

/** The country of an ISO 3166-1 alpha-2 code (upper case), if any. */
export async function selectCountryByCode(db: Queryable, code: string): Promise<CountryRow | undefined> {
  const [row] = await db<CountryRow[]>`
    SELECT country_id, country_name, country_code, country_code3 FROM countries WHERE country_code = ${code}`;
  return row;
}

export interface WebActionRow {
  action_id: number;
  action_type: string;
  action_data: string | null;
  action_time: Date;
  page_url: string | null;
  referrer_url: string | null;
  session_id: string | null;
  user_agent: string | null;
  ip_address: string | null;
  user_id: number | null;
  factory_name: string;
}

export interface NewWebAction {
  actionType: WebActionType;
  actionData: string | null;
  actionTime: Date;
  pageUrl: string | null;
  referrerUrl: string | null;
  sessionId: string | null;
  userAgent: string | null;
  ipAddress: string | null;
  userId: number | null;
  factoryName: string;
}

export async function insertWebAction(db: Queryable, action: NewWebAction): Promise<WebActionRow> {
  const [row] = await db<WebActionRow[]>`
    INSERT INTO web_actions (action_type, action_data, action_time, page_url, referrer_url, session_id,
                             user_agent, ip_address, user_id, factory_name)
    VALUES (${action.actionType}, ${action.actionData}, ${action.actionTime}, ${action.pageUrl},
            ${action.referrerUrl}, ${action.sessionId}, ${action.userAgent}, ${action.ipAddress},
            ${action.userId}, ${action.factoryName})
    RETURNING *`;
  if (!row) throw new Error('web action insert returned no row');
  return row;
}

/** Deletes up to `limit` web actions recorded before `cutoff` (by the action_time index); answers how many went. */
export async function deleteWebActionsBefore(db: Queryable, cutoff: Date, limit: number): Promise<number> {
  const deleted = await db`
    DELETE FROM web_actions
    WHERE action_id IN (
      SELECT action_id FROM web_actions
      WHERE action_time < ${cutoff}
      ORDER BY action_time
      LIMIT ${limit}
    )`;
  return deleted.count;
}

/**
 * Records a simulator token as used; false when it already was. One conditional insert, so two requests
 * racing with the same token cannot both get a valid answer. Rows of expired tokens go on the way: such a
 * token answers EXPIRED before the ledger is asked.
 */
export async function claimSimulatorToken(db: Queryable, token: string, expiresAt: Date, now: Date): Promise<boolean> {
  await db`DELETE FROM bot_check_simulator_tokens WHERE expires_at < ${now}`;
  const inserted = await db`
    INSERT INTO bot_check_simulator_tokens (token_hash, expires_at, used_at)
    VALUES (${sha256(token)}, ${expiresAt}, ${now})
    ON CONFLICT (token_hash) DO NOTHING
    RETURNING 1`;
  return inserted.length === 1;
}
