// The bot-check integration's public face: the port, its settings, and the adapter the settings choose.
import type { BotCheckProvider } from './port.js';
import { createRecaptchaEnterpriseBotCheck } from './recaptcha-enterprise.js';
import type { BotCheckSettings } from './settings.js';
import { createBotCheckSimulator } from './simulator.js';

export type {
  Assessment,
  AssessmentRequest,
  BotCheck,
  BotCheckProvider,
  BotCheckScope,
  UsedTokenLedger,
} from './port.js';
export { type BotCheckSettings, loadBotCheckSettings } from './settings.js';

export function createBotCheckProvider(settings: BotCheckSettings): BotCheckProvider {
  return settings.kind === 'recaptcha'
    ? createRecaptchaEnterpriseBotCheck(settings)
    : createBotCheckSimulator({ siteKey: settings.siteKey });
}
