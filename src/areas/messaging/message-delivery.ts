// What the outbox does with a message row: send the stored message through the messenger, once. A message that
// already has the provider's id was sent (its answer got recorded, or a status notification named it after the
// answer was lost) and is not sent again; a refusal fails it for good; a rate limit or an outage is retried on
// the outbox's schedule.
import { type MessageContent, MessagingError, type Messenger } from '../../integrations/messaging/index.js';
import type { OutboxTaskHandler, TaskOutcome } from '../../platform/outbox/index.js';
import { markFailed, markSent, readOutbound, type MessageRow } from './messaging.repository.js';

const KEY_PREFIX = 'tc-message-';

/** Our key of a message, sent to WhatsApp as biz_opaque_callback_data and echoed in its status notifications. */
export function idempotencyKeyOf(messageId: string): string {
  return `${KEY_PREFIX}${messageId}`;
}

/** The message id in a key of ours; undefined for anything else (another system's callback data). */
export function messageIdOfKey(key: string | undefined): string | undefined {
  const match = key === undefined ? null : /^tc-message-([1-9][0-9]{0,17})$/.exec(key);
  return match?.[1];
}

function messageIdOfPayload(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null || !('messageId' in payload)) return undefined;
  const id = payload.messageId;
  return typeof id === 'string' && /^[1-9][0-9]{0,17}$/.test(id) ? id : undefined;
}

function contentOf(message: MessageRow): MessageContent {
  if (message.message_type === 'template') {
    return {
      kind: 'template',
      name: message.template_name ?? '',
      language: message.template_language ?? '',
      bodyParameters: message.template_parameters ?? [],
    };
  }
  return { kind: 'text', body: message.body };
}

const done: TaskOutcome = { kind: 'done' };

export function messageDelivery(deps: { messenger: Messenger; clock: () => Date }): OutboxTaskHandler {
  return {
    async run(tenant, task, withDb) {
      const messageId = messageIdOfPayload(task.payload);
      if (!messageId) return { kind: 'failed', reason: 'the payload names no message' };
      const message = await withDb((db) => readOutbound(db, messageId));
      if (!message) return { kind: 'failed', reason: 'the message is gone' };
      if (message.provider_message_id) return done;
      if (message.status === 'failed') return { kind: 'failed', reason: 'the message had failed already' };
      try {
        const sent = await deps.messenger.send({
          tenantId: tenant.tenantId,
          to: message.phone,
          content: contentOf(message),
          idempotencyKey: idempotencyKeyOf(messageId),
        });
        await withDb((db) => markSent(db, { messageId, providerMessageId: sent.providerMessageId, at: deps.clock() }));
        return done;
      } catch (error) {
        if (!(error instanceof MessagingError)) throw error;
        if (error.failure !== 'refused') return { kind: 'retry', reason: error.message };
        const failure = { messageId, at: deps.clock(), errorCode: error.providerCode ?? null, reason: error.message };
        await withDb((db) => markFailed(db, failure));
        return { kind: 'failed', reason: error.message };
      }
    },
  };
}
