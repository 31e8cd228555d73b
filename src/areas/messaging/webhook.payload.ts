// The parts of Meta's webhook deliveries the messaging area reads (research/external-systems.md §7.2): a batch of
// entries, each with changes; a `messages` change names the business number (metadata.phone_number_id) and
// carries inbound messages and status notifications. Read leniently: a malformed item is skipped, not the batch.
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

const Text = Type.String({ maxLength: 4096 });
const Caption = Type.Optional(Type.Object({ caption: Type.Optional(Text) }));

const InboundMessage = Type.Object({
  from: Type.String({ pattern: '^[0-9]{6,15}$' }),
  id: Type.String({ minLength: 1, maxLength: 256 }),
  timestamp: Type.String({ pattern: '^[0-9]{1,12}$' }),
  type: Type.String({ pattern: '^[a-z_]{1,32}$' }),
  text: Type.Optional(Type.Object({ body: Text })),
  image: Caption,
  video: Caption,
  document: Caption,
  button: Type.Optional(Type.Object({ text: Type.Optional(Text) })),
  interactive: Type.Optional(
    Type.Object({
      button_reply: Type.Optional(Type.Object({ title: Type.Optional(Text) })),
      list_reply: Type.Optional(Type.Object({ title: Type.Optional(Text) })),
    }),
  ),
});
export type InboundMessage = Static<typeof InboundMessage>;

const StatusNotification = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 256 }),
  status: Type.String(),
  timestamp: Type.String({ pattern: '^[0-9]{1,12}$' }),
  biz_opaque_callback_data: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Array(Type.Object({ code: Type.Optional(Type.Integer()) }))),
});
export type StatusNotification = Static<typeof StatusNotification>;

const Contact = Type.Object({
  wa_id: Type.Optional(Type.String()),
  profile: Type.Optional(Type.Object({ name: Type.Optional(Type.String({ maxLength: 256 })) })),
});

const MessagesChange = Type.Object({
  field: Type.Literal('messages'),
  value: Type.Object({
    metadata: Type.Object({ phone_number_id: Type.String({ minLength: 1, maxLength: 64 }) }),
    contacts: Type.Optional(Type.Array(Type.Unknown())),
    messages: Type.Optional(Type.Array(Type.Unknown())),
    statuses: Type.Optional(Type.Array(Type.Unknown())),
  }),
});

const Delivery = Type.Object({
  object: Type.String(),
  entry: Type.Array(Type.Object({ changes: Type.Optional(Type.Array(Type.Unknown())) })),
});

/** One `messages` change: the business number it was for, what came in and what moved. */
export interface MessagesChange {
  phoneNumberId: string;
  /** The sender's profile name by WhatsApp id (contacts[]). */
  names: Map<string, string>;
  messages: InboundMessage[];
  statuses: StatusNotification[];
  /** Items that were not understood (logged, skipped). */
  skipped: number;
}

/** The `messages` changes of a delivery; undefined when the body is not a WhatsApp Business delivery at all. */
export function messagesChanges(body: unknown): MessagesChange[] | undefined {
  if (!Value.Check(Delivery, body) || body.object !== 'whatsapp_business_account') return undefined;
  const changes: MessagesChange[] = [];
  for (const entry of body.entry) {
    for (const change of entry.changes ?? []) {
      // Other fields (template status, account updates) are acknowledged and not read.
      if (!Value.Check(MessagesChange, change)) continue;
      changes.push(readChange(change));
    }
  }
  return changes;
}

function readChange(change: Static<typeof MessagesChange>): MessagesChange {
  const { value } = change;
  const messages = (value.messages ?? []).filter((item) => Value.Check(InboundMessage, item));
  const statuses = (value.statuses ?? []).filter((item) => Value.Check(StatusNotification, item));
  const names = new Map<string, string>();
  for (const contact of value.contacts ?? []) {
    if (!Value.Check(Contact, contact)) continue;
    const name = contact.profile?.name;
    if (contact.wa_id && name) names.set(contact.wa_id, name);
  }
  const skipped = (value.messages?.length ?? 0) - messages.length + (value.statuses?.length ?? 0) - statuses.length;
  return { phoneNumberId: value.metadata.phone_number_id, names, messages, statuses, skipped };
}

/** The text of an inbound message worth showing: its body, a caption, a button's title; '' otherwise. */
export function inboundText(message: InboundMessage): string {
  return (
    message.text?.body ??
    message.image?.caption ??
    message.video?.caption ??
    message.document?.caption ??
    message.button?.text ??
    message.interactive?.button_reply?.title ??
    message.interactive?.list_reply?.title ??
    ''
  );
}

/** A webhook timestamp (seconds since the epoch) as an instant. */
export function instantOf(timestamp: string): Date {
  return new Date(Number(timestamp) * 1000);
}
