// What a verified webhook delivery does: each `messages` change goes to the tenant its business number is
// assigned to (tenant_messaging_numbers), where inbound messages are stored once per wamid and status
// notifications move outbound messages on. A number nobody assigned, or a suspended tenant, is acknowledged and
// skipped: Meta would otherwise retry it for days. A tenant database that fails makes the delivery fail (HTTP
// 503), so Meta delivers it again; what was stored already is recognised then.
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable, Sql } from '../../platform/database/connections.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { tenantOfMessagingNumber } from '../../platform/tenancy/messaging-numbers.js';
import { type TenantPools, withTenantLease } from '../../platform/tenancy/pools.js';
import type { TenantRegistry } from '../../platform/tenancy/registry.js';
import type { TenantRecord } from '../../platform/tenancy/tenant.js';
import { messageIdOfKey } from './message-delivery.js';
import { applyStatus, attachProviderId, insertInbound } from './messaging.repository.js';
import {
  inboundText,
  instantOf,
  type MessagesChange,
  messagesChanges,
  type StatusNotification,
} from './webhook.payload.js';

export interface WebhookDeps {
  platformDb: Sql;
  registry: Pick<TenantRegistry, 'byId'>;
  pools: Pick<TenantPools, 'acquire'>;
  /** Stored as the provider of inbound messages. */
  provider: string;
}

export interface DeliveryReceipt {
  /** Inbound messages stored (a duplicate delivery stores none). */
  stored: number;
  /** Status notifications that named a message of ours. */
  statuses: number;
  /** Changes for a number nobody assigned or a tenant not active. */
  ignored: number;
}

const STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);
type KnownStatus = 'sent' | 'delivered' | 'read' | 'failed';
const isKnownStatus = (status: string): status is KnownStatus => STATUSES.has(status);

/** Undefined when the body is not a WhatsApp Business delivery (answered 400). */
export async function receiveDelivery(
  deps: WebhookDeps,
  body: unknown,
  log: FastifyBaseLogger,
): Promise<DeliveryReceipt | undefined> {
  const changes = messagesChanges(body);
  if (!changes) return undefined;
  const receipt: DeliveryReceipt = { stored: 0, statuses: 0, ignored: 0 };
  for (const change of changes) {
    if (change.skipped > 0) log.warn({ skipped: change.skipped }, 'webhook items not understood were skipped');
    const tenant = await tenantOf(deps, change.phoneNumberId);
    if (!tenant) {
      receipt.ignored += 1;
      log.info({ phoneNumberId: change.phoneNumberId }, 'webhook change for a number of no active tenant ignored');
      continue;
    }
    const counted = await withTenantLease(deps.pools, tenant, (db) =>
      withTransaction({ db, log }, (tx) => storeChange(tx, change, deps.provider)),
    );
    receipt.stored += counted.stored;
    receipt.statuses += counted.statuses;
  }
  return receipt;
}

async function tenantOf(deps: WebhookDeps, phoneNumberId: string): Promise<TenantRecord | undefined> {
  const tenantId = await tenantOfMessagingNumber(deps.platformDb, phoneNumberId);
  const tenant = tenantId ? deps.registry.byId(tenantId) : undefined;
  return tenant?.status === 'ACTIVE' ? tenant : undefined;
}

async function storeChange(
  tx: Queryable,
  change: MessagesChange,
  provider: string,
): Promise<{ stored: number; statuses: number }> {
  let stored = 0;
  for (const message of change.messages) {
    const inserted = await insertInbound(tx, {
      phone: `+${message.from}`,
      messageType: message.type,
      body: inboundText(message),
      provider,
      providerMessageId: message.id,
      contactName: change.names.get(message.from) ?? null,
      receivedAt: instantOf(message.timestamp),
    });
    if (inserted) stored += 1;
  }
  let statuses = 0;
  for (const status of change.statuses) {
    if (await applyNotification(tx, status)) statuses += 1;
  }
  return { stored, statuses };
}

async function applyNotification(tx: Queryable, notification: StatusNotification): Promise<boolean> {
  const { status } = notification;
  if (!isKnownStatus(status)) return false;
  // Our key names the message even when the send's answer (and so its wamid) was lost.
  const messageId = messageIdOfKey(notification.biz_opaque_callback_data);
  if (messageId) await attachProviderId(tx, messageId, notification.id);
  const errorCode = notification.errors?.[0]?.code ?? null;
  const failure =
    status === 'failed'
      ? { errorCode, reason: `WhatsApp reported the message failed${errorCode ? ` (code ${errorCode})` : ''}` }
      : undefined;
  return applyStatus(
    tx,
    { providerMessageId: notification.id, status, at: instantOf(notification.timestamp) },
    failure,
  );
}
