// The common area: country look-up, web-action tracking and bot-check assessment.
import type { Area } from '../../platform/area.js';
import type { BotCheckProvider } from '../../integrations/bot-check/index.js';
import { commonOperations } from './common.operations.js';
import { createCommonService } from './common.service.js';
import type { CommonRateLimits } from './common.settings.js';

export type { CommonRateLimits } from './common.settings.js';

export function createCommonArea(deps: { botCheck: BotCheckProvider; rateLimits: CommonRateLimits }): Area {
  return { operations: commonOperations(createCommonService(deps)), api: undefined };
}
