// The messaging area: the tenant's WhatsApp messages (table messages). Another area queues a message in its own
// transaction (`api.queueMessage`), which the outbox sends after commit through the messenger (the simulator by
// default, the WhatsApp Cloud API with TC_MESSAGING=whatsapp); employees list them (/messaging/list); Meta's
// webhook stores inbound messages and moves outbound ones on (webhook.routes.ts).
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Messenger, WhatsAppWebhookSettings } from '../../integrations/messaging/index.js';
import type { Area } from '../../platform/area.js';
import type { Sql } from '../../platform/database/connections.js';
import { createOutboxTaskWorker } from '../../platform/outbox/index.js';
import type { PeriodicWork } from '../../platform/periodic/periodic-work.js';
import type { TenantPools } from '../../platform/tenancy/pools.js';
import type { TenantRegistry } from '../../platform/tenancy/registry.js';
import { messageDelivery } from './message-delivery.js';
import { messagingOperations } from './messaging.operations.js';
import { createMessagingService, type MessagingService } from './messaging.service.js';
import { receiveDelivery } from './webhook.js';
import { registerWebhookRoutes } from './webhook.routes.js';
import type { ApiTag } from '../../platform/http/openapi.js';

/** The OpenAPI tags of the area's operations (docs/api.md's sections). */
const TAGS: readonly ApiTag[] = [
  { name: 'messaging', description: "The tenant's WhatsApp messages: outbound ones and their statuses, inbound ones" },
  {
    name: 'messaging webhook',
    description: "Meta's WhatsApp webhook: verification handshake and signed event deliveries (any host)",
  },
];

export { isE164, type MessageContent } from '../../integrations/messaging/index.js';
export type { OutgoingMessage } from './messaging.service.js';

export interface MessagingApi {
  /**
   * Queues a message in the caller's transaction; it is sent once that transaction commits (retried while the
   * provider is down or rate limits; failed for good when it refuses). Answers the message's id.
   *   await withTransaction(ctx, (tx, afterCommit) =>
   *     messaging.queueMessage(tx, afterCommit, ctx.tenant.tenantId, { to, content, dedupeKey }));
   */
  queueMessage: MessagingService['queueMessage'];
}

export interface MessagingAreaDeps {
  messenger: Messenger;
  messagingWebhook: WhatsAppWebhookSettings | undefined;
  platformDb: Sql;
  registry: TenantRegistry;
  pools: TenantPools;
  periodic: Pick<PeriodicWork, 'register'>;
  logger: FastifyBaseLogger;
  clock: () => Date;
}

export function createMessagingArea(deps: MessagingAreaDeps): Area<MessagingApi> {
  const { messenger, registry, pools, platformDb } = deps;
  const worker = createOutboxTaskWorker({
    kind: 'message',
    handler: messageDelivery({ messenger, clock: deps.clock }),
    registry,
    pools,
    periodic: deps.periodic,
    log: deps.logger,
    clock: deps.clock,
  });
  const service = createMessagingService({ messenger, kick: (tenantId) => worker.kick(tenantId) });
  // Inbound messages come from WhatsApp whichever messenger sends.
  const webhook = { platformDb, registry, pools, provider: 'whatsapp' };
  return {
    tags: TAGS,
    operations: messagingOperations(service, { platformDb, registry }),
    api: { queueMessage: service.queueMessage },
    jobs: [worker],
    // Meta's webhook routes, outside the operation kernel: they need the raw body.
    registerRoutes: (app: FastifyInstance) =>
      registerWebhookRoutes(app, {
        settings: deps.messagingWebhook,
        receive: (body, log) => receiveDelivery(webhook, body, log),
      }),
  };
}
