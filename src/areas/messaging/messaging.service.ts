// Use cases of the messaging area: an area queues a message in its own transaction (sent after commit through
// the outbox), and employees list the tenant's messages.
import {
  isE164,
  type MessageContent,
  type Messenger,
  simulatedStatusesBy,
} from '../../integrations/messaging/index.js';
import type { Queryable } from '../../platform/database/connections.js';
import type { AfterCommit } from '../../platform/database/transaction.js';
import { invalidFormat } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { enqueueTask } from '../../platform/outbox/index.js';
import { addDays, localToInstant } from '../../platform/time.js';
import {
  applyStatus,
  insertOutbound,
  listMessages,
  type MessageFilter,
  movingSimulatedMessages,
} from './messaging.repository.js';
import { LIST_LIMIT_DEFAULT, type ListMessagesRequest, type Message } from './messaging.schemas.js';
import { messageView } from './messaging.view.js';

/** A message another area wants sent once its transaction commits. */
export interface OutgoingMessage {
  /** The customer's number in E.164 form (check it with isE164 first and name your own parameter). */
  to: string;
  content: MessageContent;
  /** The same key queued twice (a repeated confirm) is stored, and sent, once. */
  dedupeKey?: string;
}

// Simulated statuses applied per list at most: they are few (a message reads 10 s after it is sent).
const SIMULATED_BATCH = 500;

export interface MessagingService {
  queueMessage(
    tx: Queryable,
    afterCommit: AfterCommit,
    tenantId: string,
    message: OutgoingMessage,
  ): Promise<{ messageId: number }>;
  list(ctx: TenantContext, request: ListMessagesRequest): Promise<Message[]>;
}

export function createMessagingService(deps: { messenger: Messenger; kick(tenantId: string): void }): MessagingService {
  return {
    async queueMessage(tx, afterCommit, tenantId, message) {
      if (!isE164(message.to)) throw invalidFormat('to', 'must be an E.164 phone number such as +971501234567');
      const { content } = message;
      const template = content.kind === 'template' ? content : undefined;
      const messageId = await insertOutbound(tx, {
        phone: message.to,
        messageType: content.kind,
        templateName: template?.name ?? null,
        templateLanguage: template?.language ?? null,
        templateParameters: template ? [...template.bodyParameters] : null,
        body: content.kind === 'text' ? content.body : '',
        provider: deps.messenger.kind,
        dedupeKey: message.dedupeKey ?? null,
      });
      // One outbox row per message: a second queueing of the same message finds it there already.
      await enqueueTask(tx, 'message', { messageId }, `message:${messageId}`);
      afterCommit(() => deps.kick(tenantId));
      return { messageId: Number(messageId) };
    },

    async list(ctx, request) {
      if (deps.messenger.kind === 'simulator') await applySimulatedStatuses(ctx.db, ctx.now);
      const rows = await listMessages(ctx.db, filterOf(request, ctx.tenant.timezone));
      return rows.map((row) => messageView(row, ctx.tenant.timezone));
    },
  };
}

/** The simulator's status notifications due by now, applied as a real provider's webhook would apply them. */
async function applySimulatedStatuses(db: Queryable, now: Date): Promise<void> {
  for (const message of await movingSimulatedMessages(db, SIMULATED_BATCH)) {
    for (const event of simulatedStatusesBy(message.sent_at, now)) {
      await applyStatus(db, { providerMessageId: message.provider_message_id, status: event.status, at: event.at });
    }
  }
}

function filterOf(request: ListMessagesRequest, timezone: string): MessageFilter {
  if (request.fromDate && request.toDate && request.toDate < request.fromDate) {
    throw invalidFormat('toDate', 'must not be before fromDate');
  }
  const from = request.fromDate ? localToInstant(request.fromDate, timezone) : undefined;
  const until = request.toDate ? localToInstant(addDays(request.toDate, 1), timezone) : undefined;
  if (request.fromDate && !from) throw invalidFormat('fromDate', 'must be a date yyyy-MM-dd');
  if (request.toDate && !until) throw invalidFormat('toDate', 'must be a date yyyy-MM-dd');
  const phone = request.phone?.trim();
  if (phone !== undefined && !/^\+?[0-9]+$/.test(phone))
    throw invalidFormat('phone', 'must be digits, optionally after +');
  return {
    direction: request.direction,
    status: request.status,
    phonePattern: phone ? `%${phone}%` : undefined,
    from,
    until,
    limit: request.limit ?? LIST_LIMIT_DEFAULT,
  };
}
