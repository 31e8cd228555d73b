// The common area's public face: its operations, wired from the bot-check settings and its rate limits.
import type { FastifyInstance } from 'fastify';
import { type BotCheckSettings, createBotCheckProvider } from '../../integrations/bot-check/index.js';
import { registerCommonOperations } from './common.operations.js';
import { createCommonService } from './common.service.js';
import type { CommonRateLimits } from './common.settings.js';

export type { CommonRateLimits } from './common.settings.js';
export { createCommonService, type CommonService } from './common.service.js';

export interface CommonAreaDeps {
  botCheck: BotCheckSettings;
  rateLimits: CommonRateLimits;
}

export function registerCommonArea(app: FastifyInstance, deps: CommonAreaDeps): void {
  registerCommonOperations(
    app,
    createCommonService({ botCheck: createBotCheckProvider(deps.botCheck), rateLimits: deps.rateLimits }),
  );
}
