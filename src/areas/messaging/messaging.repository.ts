// SQL of the messages table: outbound messages queued, sent, failed and moved on by status notifications;
// inbound ones stored once per wamid; the employees' list.
import type { Queryable } from '../../platform/database/connections.js';
import type { Direction, MessageStatus } from './messaging.schemas.js';

export interface MessageRow {
  message_id: string;
  direction: Direction;
  phone: string;
  message_type: string;
  template_name: string | null;
  template_language: string | null;
  template_parameters: string[] | null;
  body: string;
  status: MessageStatus;
  provider: string;
  provider_message_id: string | null;
  contact_name: string | null;
  error_code: number | null;
  error_reason: string | null;
  created_at: Date;
  sent_at: Date | null;
  delivered_at: Date | null;
  read_at: Date | null;
  failed_at: Date | null;
  received_at: Date | null;
}

export interface NewOutboundMessage {
  phone: string;
  messageType: 'template' | 'text';
  templateName: string | null;
  templateLanguage: string | null;
  templateParameters: string[] | null;
  body: string;
  provider: string;
  dedupeKey: string | null;
}

/** Stores an outbound message as queued; answers its id, or the id of the message already queued with the key. */
export async function insertOutbound(db: Queryable, message: NewOutboundMessage): Promise<string> {
  const [inserted] = await db<{ message_id: string }[]>`
    INSERT INTO messages (direction, phone, message_type, template_name, template_language, template_parameters,
                          body, status, provider, dedupe_key)
    VALUES ('out', ${message.phone}, ${message.messageType}, ${message.templateName}, ${message.templateLanguage},
            ${message.templateParameters === null ? null : db.json(message.templateParameters)}, ${message.body},
            'queued', ${message.provider}, ${message.dedupeKey})
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING message_id`;
  if (inserted) return inserted.message_id;
  const [existing] = await db<{ message_id: string }[]>`
    SELECT message_id FROM messages WHERE dedupe_key = ${message.dedupeKey}`;
  if (!existing) throw new Error('a message with this dedupe key was neither inserted nor found');
  return existing.message_id;
}

export async function readOutbound(db: Queryable, messageId: string): Promise<MessageRow | undefined> {
  const [row] = await db<MessageRow[]>`SELECT * FROM messages WHERE message_id = ${messageId} AND direction = 'out'`;
  return row;
}

/**
 * Records the provider's id of a sent message. A status notification may have named it first (a send whose
 * answer was lost): then the id and the later status stay as they are.
 */
export async function markSent(
  db: Queryable,
  sent: { messageId: string; providerMessageId: string; at: Date },
): Promise<void> {
  await db`
    UPDATE messages
    SET provider_message_id = COALESCE(provider_message_id, ${sent.providerMessageId}),
        status = CASE WHEN status = 'queued' THEN 'sent' ELSE status END,
        sent_at = COALESCE(sent_at, ${sent.at})
    WHERE message_id = ${sent.messageId} AND direction = 'out'`;
}

export async function markFailed(
  db: Queryable,
  failure: { messageId: string; at: Date; errorCode: number | null; reason: string },
): Promise<void> {
  await db`
    UPDATE messages
    SET status = 'failed', failed_at = ${failure.at}, error_code = ${failure.errorCode}, error_reason = ${failure.reason}
    WHERE message_id = ${failure.messageId} AND direction = 'out' AND status IN ('queued', 'sent')`;
}

/** A status notification naming our key (biz_opaque_callback_data) for a message whose send answer was lost. */
export async function attachProviderId(db: Queryable, messageId: string, providerMessageId: string): Promise<void> {
  await db`
    UPDATE messages SET provider_message_id = ${providerMessageId}
    WHERE message_id = ${messageId} AND direction = 'out' AND provider_message_id IS NULL
      AND NOT EXISTS (SELECT 1 FROM messages WHERE provider_message_id = ${providerMessageId})`;
}

/**
 * Applies one status notification of an outbound message. Notifications may come twice or out of order, so a
 * status only moves forward (sent → delivered → read; failed only before delivery, with its moment and code) while
 * the moment of each forward status is kept once.
 */
export async function applyStatus(
  db: Queryable,
  update: { providerMessageId: string; status: 'sent' | 'delivered' | 'read' | 'failed'; at: Date },
  failure: { errorCode: number | null; reason: string | null } = { errorCode: null, reason: null },
): Promise<boolean> {
  const { providerMessageId, status, at } = update;
  const newRank = ['queued', 'sent', 'delivered', 'read'].indexOf(status) + 1;
  const result = await db`
    UPDATE messages
    SET status = CASE
          WHEN ${status} = 'failed' AND status IN ('queued', 'sent') THEN 'failed'
          WHEN status <> 'failed'
           AND ${newRank}::int > array_position(ARRAY['queued', 'sent', 'delivered', 'read'], status) THEN ${status}
          ELSE status END,
        sent_at = CASE WHEN ${status} = 'sent' THEN COALESCE(sent_at, ${at}) ELSE sent_at END,
        delivered_at = CASE WHEN ${status} = 'delivered' THEN COALESCE(delivered_at, ${at}) ELSE delivered_at END,
        read_at = CASE WHEN ${status} = 'read' THEN COALESCE(read_at, ${at}) ELSE read_at END,
        failed_at = CASE WHEN ${status} = 'failed' AND status IN ('queued', 'sent') THEN ${at} ELSE failed_at END,
        error_code = CASE WHEN ${status} = 'failed' AND status IN ('queued', 'sent') THEN ${failure.errorCode}
                          ELSE error_code END,
        error_reason = CASE WHEN ${status} = 'failed' AND status IN ('queued', 'sent') THEN ${failure.reason}
                            ELSE error_reason END
    WHERE provider_message_id = ${providerMessageId} AND direction = 'out'`;
  return result.count > 0;
}

export interface NewInboundMessage {
  phone: string;
  messageType: string;
  body: string;
  provider: string;
  providerMessageId: string;
  contactName: string | null;
  receivedAt: Date;
}

/** Stores an inbound message once per wamid; answers false for a duplicate delivery. */
export async function insertInbound(db: Queryable, message: NewInboundMessage): Promise<boolean> {
  const result = await db`
    INSERT INTO messages (direction, phone, message_type, body, status, provider, provider_message_id, contact_name,
                          received_at)
    VALUES ('in', ${message.phone}, ${message.messageType}, ${message.body}, 'received', ${message.provider},
            ${message.providerMessageId}, ${message.contactName}, ${message.receivedAt})
    ON CONFLICT (provider_message_id) DO NOTHING`;
  return result.count > 0;
}

/** Simulated outbound messages that may have a status notification due (see simulatedStatusesBy). */
export async function movingSimulatedMessages(
  db: Queryable,
  limit: number,
): Promise<Array<{ provider_message_id: string; sent_at: Date }>> {
  return db<Array<{ provider_message_id: string; sent_at: Date }>>`
    SELECT provider_message_id, sent_at FROM messages
    WHERE provider = 'simulator' AND status IN ('sent', 'delivered') AND provider_message_id IS NOT NULL
    ORDER BY sent_at
    LIMIT ${limit}`;
}

export interface MessageFilter {
  direction: Direction | undefined;
  status: MessageStatus | undefined;
  /** A LIKE pattern of the number. */
  phonePattern: string | undefined;
  from: Date | undefined;
  until: Date | undefined;
  limit: number;
}

export async function listMessages(db: Queryable, filter: MessageFilter): Promise<MessageRow[]> {
  const direction = filter.direction ?? null;
  const status = filter.status ?? null;
  const phone = filter.phonePattern ?? null;
  const from = filter.from ?? null;
  const until = filter.until ?? null;
  return db<MessageRow[]>`
    SELECT * FROM messages
    WHERE (${direction}::text IS NULL OR direction = ${direction})
      AND (${status}::text IS NULL OR status = ${status})
      AND (${phone}::text IS NULL OR phone LIKE ${phone})
      AND (${from}::timestamptz IS NULL OR created_at >= ${from})
      AND (${until}::timestamptz IS NULL OR created_at < ${until})
    ORDER BY created_at DESC, message_id DESC
    LIMIT ${filter.limit}`;
}
