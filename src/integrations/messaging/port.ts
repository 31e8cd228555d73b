// The messaging port: one message to one phone, in the shape of Meta's WhatsApp Cloud API
// (research/external-systems.md §7): an approved template with its body parameters, or plain text (only inside
// the customer-service window WhatsApp opens when the customer writes). Adapters: whatsapp-cloud.ts (real HTTP),
// simulator.ts (the default: nothing leaves the machine).

/** What a message says: a template Meta approved (name, language, body parameters in order), or plain text. */
export type MessageContent =
  | { kind: 'template'; name: string; language: string; bodyParameters: readonly string[] }
  | { kind: 'text'; body: string };

export interface SendMessageRequest {
  /** The tenant the message is sent for: its sending number is the tenant's (tenant_messaging_numbers). */
  tenantId: string;
  /** The recipient in E.164 form, e.g. +971501234567. */
  to: string;
  content: MessageContent;
  /**
   * Ours for this message (one per outbox row): the simulator answers the same id for it every time, and the
   * WhatsApp adapter sends it as biz_opaque_callback_data, which Meta echoes in the message's status
   * notifications, so a send whose answer was lost can be recognised when its status arrives.
   */
  idempotencyKey: string;
}

export interface SentMessage {
  /** The provider's id of the message (wamid.…): status notifications name it. */
  providerMessageId: string;
}

export type MessagingFailure =
  /** The provider will not send this message (recipient not on WhatsApp, outside the window, unknown template). */
  | 'refused'
  /** The provider asks to slow down (throughput, pair rate, spam limits): the same message may go later. */
  | 'rate-limited'
  /** No answer, a timeout, the provider's own failure, or a set-up problem (token, number): try again later. */
  | 'unavailable';

/**
 * A message that was not sent. The message is ours and safe to log and store (it names the provider's error
 * code, never the token or the provider's free text); `providerCode` is Meta's numeric code when it gave one.
 */
export class MessagingError extends Error {
  override readonly name = 'MessagingError';

  constructor(
    readonly failure: MessagingFailure,
    message: string,
    readonly providerCode?: number,
  ) {
    super(message);
  }
}

export interface Messenger {
  readonly kind: 'simulator' | 'whatsapp';
  /** Sends one message; failures throw MessagingError. */
  send(request: SendMessageRequest): Promise<SentMessage>;
}

/** E.164: a plus, a country code not starting with 0, at most 15 digits in all. */
export const E164_PATTERN = '^\\+[1-9][0-9]{6,14}$';
const E164 = new RegExp(E164_PATTERN);

export function isE164(phone: string): boolean {
  return E164.test(phone);
}
