import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../platform/http/schema.js';

export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed', 'received'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const DIRECTIONS = ['out', 'in'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** The most messages one list answers. */
export const LIST_LIMIT_MAX = 200;
export const LIST_LIMIT_DEFAULT = 50;

// Plain string enums (not unions of literals) so a wrong value is answered "must be one of …".
const Status = Type.Unsafe<MessageStatus>(
  Type.String({
    enum: [...MESSAGE_STATUSES],
    description:
      'queued (waiting in the outbox), sent, delivered, read, failed (outbound); received (inbound, from the webhook)',
  }),
);
const DirectionSchema = Type.Unsafe<Direction>(
  Type.String({ enum: [...DIRECTIONS], description: 'out: sent by the agency; in: received from a customer' }),
);
const DateTimeText = (description: string) =>
  Nullable(Type.String({ description: `${description} (yyyy-MM-dd'T'HH:mm:ss, tenant time)` }));

export const Message = Type.Object({
  messageId: Type.Integer(),
  direction: DirectionSchema,
  phone: Type.String({ description: "The customer's number (E.164): the recipient, or the sender of an inbound one" }),
  messageType: Type.String({ description: "template or text (outbound); WhatsApp's type of an inbound message" }),
  templateName: Nullable(Type.String()),
  templateLanguage: Nullable(Type.String()),
  templateParameters: Nullable(Type.Array(Type.String(), { description: "The template's body parameters, in order" })),
  body: Type.String({ description: 'The text, an inbound caption or button text; empty when there is none' }),
  status: Status,
  provider: Type.String({ description: 'simulator or whatsapp' }),
  providerMessageId: Nullable(Type.String({ description: "WhatsApp's message id (wamid.…) once known" })),
  contactName: Nullable(Type.String({ description: "The sender's WhatsApp profile name (inbound)" })),
  errorCode: Nullable(Type.Integer({ description: "WhatsApp's error code of a failed message" })),
  errorReason: Nullable(Type.String({ description: 'Why a message failed' })),
  createdAt: Type.String({ description: "When it was queued or stored (yyyy-MM-dd'T'HH:mm:ss, tenant time)" }),
  sentAt: DateTimeText('When WhatsApp accepted it'),
  deliveredAt: DateTimeText("When it reached the customer's phone"),
  readAt: DateTimeText('When the customer read it'),
  failedAt: DateTimeText('When it failed'),
  receivedAt: DateTimeText('When the customer sent it (inbound)'),
});
export type Message = Static<typeof Message>;

export const ListMessagesRequest = Type.Object({
  direction: Type.Optional(DirectionSchema),
  status: Type.Optional(Status),
  phone: Type.Optional(
    Type.String({ minLength: 1, maxLength: 16, description: "A part of the customer's number, e.g. 50123 or +9715" }),
  ),
  fromDate: Type.Optional(
    Type.String({ format: 'date', description: 'Created on or after (yyyy-MM-dd, tenant date)' }),
  ),
  toDate: Type.Optional(Type.String({ format: 'date', description: 'Created on or before (yyyy-MM-dd, tenant date)' })),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: LIST_LIMIT_MAX,
      description: `At most this many, newest first (default ${LIST_LIMIT_DEFAULT}, at most ${LIST_LIMIT_MAX})`,
    }),
  ),
});
export type ListMessagesRequest = Static<typeof ListMessagesRequest>;

export const AssignNumberRequest = Type.Object({
  tenantId: Type.String({ format: 'uuid' }),
  phoneNumberId: Type.String({
    pattern: '^[0-9]{5,20}$',
    description: "The WhatsApp Business number's phone_number_id in Meta's WhatsApp Manager",
  }),
});
export type AssignNumberRequest = Static<typeof AssignNumberRequest>;

export const AssignNumberResult = Type.Object({
  tenantId: Type.String(),
  phoneNumberId: Type.String(),
});
