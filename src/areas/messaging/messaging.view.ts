// A stored message as employees see it: camelCase, moments in the tenant's timezone.
import { formatDateTime } from '../../platform/time.js';
import type { MessageRow } from './messaging.repository.js';
import type { Message } from './messaging.schemas.js';

export function messageView(row: MessageRow, timezone: string): Message {
  const at = (instant: Date | null) => (instant ? formatDateTime(instant, timezone) : null);
  return {
    messageId: Number(row.message_id),
    direction: row.direction,
    phone: row.phone,
    messageType: row.message_type,
    templateName: row.template_name,
    templateLanguage: row.template_language,
    templateParameters: row.template_parameters,
    body: row.body,
    status: row.status,
    provider: row.provider,
    providerMessageId: row.provider_message_id,
    contactName: row.contact_name,
    errorCode: row.error_code,
    errorReason: row.error_reason,
    createdAt: formatDateTime(row.created_at, timezone),
    sentAt: at(row.sent_at),
    deliveredAt: at(row.delivered_at),
    readAt: at(row.read_at),
    failedAt: at(row.failed_at),
    receivedAt: at(row.received_at),
  };
}
