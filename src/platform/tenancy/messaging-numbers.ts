// Which tenant a messaging phone-number identifier belongs to (platform table tenant_messaging_numbers): inbound
// webhooks are routed by it, and a tenant's messages are sent from it. One number belongs to one tenant; a
// tenant may have several (the lowest identifier sends: Meta's ids are numbers of equal length).
import type { Queryable } from '../database/connections.js';

/** The tenant the number routes to; undefined for a number nobody assigned. */
export async function tenantOfMessagingNumber(db: Queryable, phoneNumberId: string): Promise<string | undefined> {
  const [row] = await db<{ tenant_id: string }[]>`
    SELECT tenant_id FROM tenant_messaging_numbers WHERE phone_number_id = ${phoneNumberId}`;
  return row?.tenant_id;
}

/** The number the tenant sends from; undefined when it has none. */
export async function messagingNumberOf(db: Queryable, tenantId: string): Promise<string | undefined> {
  const [row] = await db<{ phone_number_id: string }[]>`
    SELECT phone_number_id FROM tenant_messaging_numbers
    WHERE tenant_id = ${tenantId}
    ORDER BY phone_number_id
    LIMIT 1`;
  return row?.phone_number_id;
}

/**
 * Assigns the number to the tenant; answers false when another tenant holds it (a number routes to one tenant
 * only). Assigning a tenant its own number again changes nothing.
 */
export async function assignMessagingNumber(db: Queryable, tenantId: string, phoneNumberId: string): Promise<boolean> {
  const rows = await db<{ tenant_id: string }[]>`
    INSERT INTO tenant_messaging_numbers (phone_number_id, tenant_id) VALUES (${phoneNumberId}, ${tenantId})
    ON CONFLICT (phone_number_id) DO UPDATE SET tenant_id = tenant_messaging_numbers.tenant_id
    RETURNING tenant_id`;
  return rows[0]?.tenant_id === tenantId;
}
