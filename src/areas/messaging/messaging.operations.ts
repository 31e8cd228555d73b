// /messaging/list: the tenant's WhatsApp messages for employees. /platform/tenant/messagingNumber: the platform
// operator assigns a tenant the WhatsApp Business number (Meta's phone_number_id) it sends from and whose
// webhooks are routed to it.
import { Type } from '@sinclair/typebox';
import type { Sql } from '../../platform/database/connections.js';
import { Allow } from '../../platform/auth/roles.js';
import { ApiError, ErrorCode, notFound } from '../../platform/http/errors.js';
import { type OperationDeclaration, operation, platformOperation } from '../../platform/http/operation.js';
import { assignMessagingNumber } from '../../platform/tenancy/messaging-numbers.js';
import type { TenantRegistry } from '../../platform/tenancy/registry.js';
import { AssignNumberRequest, AssignNumberResult, ListMessagesRequest, Message } from './messaging.schemas.js';
import type { MessagingService } from './messaging.service.js';

const list = (messaging: MessagingService) =>
  operation({
    path: '/messaging/list',
    methods: ['POST'],
    summary: "The tenant's WhatsApp messages, newest first (employees)",
    description:
      'Outbound messages (queued, sent, delivered, read, failed) and inbound ones (received). Filters: direction, ' +
      "status, phone (a part of the customer's number), fromDate and toDate (created on those tenant dates, both " +
      'included; toDate before fromDate: INVALID_FORMAT); at most `limit` (default 50, at most 200). With the ' +
      'simulator, messages move to delivered 2 s and to read 10 s after they were sent.',
    allow: Allow.employees,
    tags: ['messaging'],
    input: ListMessagesRequest,
    response: Type.Array(Message),
    handler: (ctx, input) => messaging.list(ctx, input),
  });

const assignNumber = (deps: { platformDb: Sql; registry: Pick<TenantRegistry, 'byId'> }) =>
  platformOperation({
    access: 'platform',
    tags: ['platform'],
    path: '/platform/tenant/messagingNumber',
    methods: ['POST'],
    summary: "Assign a tenant its WhatsApp Business number (Meta's phone_number_id)",
    description:
      'The number the tenant sends from, and whose webhook deliveries are routed to it. Unknown tenantId: NOTFOUND; ' +
      'a number assigned to another tenant: DUPLICATE; assigning it again to the same tenant changes nothing.',
    input: AssignNumberRequest,
    response: AssignNumberResult,
    handler: async (_ctx, input) => {
      if (!deps.registry.byId(input.tenantId)) throw notFound('Tenant');
      if (!(await assignMessagingNumber(deps.platformDb, input.tenantId, input.phoneNumberId))) {
        throw new ApiError(ErrorCode.DUPLICATE, 'The number is assigned to another tenant');
      }
      return { tenantId: input.tenantId, phoneNumberId: input.phoneNumberId };
    },
  });

export function messagingOperations(
  messaging: MessagingService,
  deps: { platformDb: Sql; registry: Pick<TenantRegistry, 'byId'> },
): OperationDeclaration[] {
  return [list(messaging), assignNumber(deps)];
}
