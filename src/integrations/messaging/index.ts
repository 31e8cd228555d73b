// The messaging integration's public face: the port, its settings, the adapter the settings choose, and the
// webhook's signature check.
import type { FastifyBaseLogger } from 'fastify';
import type { Messenger } from './port.js';
import type { MessagingSettings } from './settings.js';
import { createMessagingSimulator } from './simulator.js';
import { createWhatsAppCloudMessenger } from './whatsapp-cloud.js';

export {
  E164_PATTERN,
  isE164,
  type MessageContent,
  MessagingError,
  type MessagingFailure,
  type Messenger,
  type SendMessageRequest,
  type SentMessage,
} from './port.js';
export {
  loadMessagingSettings,
  type MessagingSettings,
  type WhatsAppSettings,
  type WhatsAppWebhookSettings,
} from './settings.js';
export { SIMULATOR_REFUSED_SUFFIX, simulatedStatusesBy, simulatedWamid } from './simulator.js';
export { isSignedBy, verifyHandshake } from './webhook-signature.js';

export interface MessengerDeps {
  /** The tenant's sending number (Meta phone_number_id); the simulator needs none. */
  senderOf(tenantId: string): Promise<string | undefined>;
  log: FastifyBaseLogger;
}

export function createMessenger(settings: MessagingSettings, deps: MessengerDeps): Messenger {
  return settings.kind === 'whatsapp' ? createWhatsAppCloudMessenger(settings, deps) : createMessagingSimulator();
}
