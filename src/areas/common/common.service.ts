// Use cases of the common utilities: country look-up, web-action tracking and bot-check assessment.
import { loggedInUserId } from '../../platform/auth/session.js';
import type { BotCheckProvider } from '../../integrations/bot-check/index.js';
import { invalidFormat } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { countRequest } from '../../platform/rate-limit.js';
import * as repo from './common.repository.js';
import { clip, containsPattern, isIpAddress, isJsonText, searchKey } from './common.rules.js';
import { WEB_ACTION_LIMITS, type WebActionRequest } from './common.schemas.js';
import type { CommonRateLimits } from './common.settings.js';
import { toBotCheckAssessment, toCountry, toWebAction } from './common.view.js';

export interface CommonServiceDeps {
  botCheck: BotCheckProvider;
  rateLimits: CommonRateLimits;
}

export function createCommonService(deps: CommonServiceDeps) {
  return {
    /** All countries, or those whose name contains `namepart` ignoring case and accents; by name. */
    async listCountries(ctx: TenantContext, namepart: string | undefined) {
      const key = namepart === undefined ? '' : searchKey(namepart);
      const rows = await repo.listCountries(ctx.db, key === '' ? undefined : containsPattern(key));
      return rows.map(toCountry);
    },

    async recordWebAction(ctx: TenantContext, input: WebActionRequest) {
      if (input.actionData !== undefined && !isJsonText(input.actionData)) {
        throw invalidFormat('actionData', 'must be JSON text');
      }
      if (input.ipAddress !== undefined && !isIpAddress(input.ipAddress)) {
        throw invalidFormat('ipAddress', 'must be an IPv4 or IPv6 address');
      }
      await countRequest(ctx.db, `wact:${ctx.clientIp}`, deps.rateLimits.webAction, ctx.now);
      const row = await repo.insertWebAction(ctx.db, {
        actionType: input.actionType,
        actionData: input.actionData ?? null,
        // The server's clock, never the browser's: actions of many visitors stay comparable.
        actionTime: ctx.now,
        pageUrl: input.pageUrl ?? null,
        referrerUrl: input.referrerUrl ?? null,
        sessionId: input.sessionId ?? null,
        // What the body leaves out, the request itself tells; a header is cut to size, never refused.
        userAgent: input.userAgent ?? clip(ctx.userAgent, WEB_ACTION_LIMITS.userAgent) ?? null,
        ipAddress: input.ipAddress ?? ctx.clientIp,
        userId: input.userId ?? loggedInUserId(ctx.session),
        factoryName: ctx.tenant.tenantCode,
      });
      return toWebAction(row, ctx.tenant.timezone);
    },

    /** An invalid token is an answer (valid false, invalidReason); only a failure to ask is an error. */
    async assessBotCheck(ctx: TenantContext, token: string, expectedAction: string) {
      await countRequest(ctx.db, `gcas:${ctx.clientIp}`, deps.rateLimits.botCheck, ctx.now);
      const botCheck = deps.botCheck({
        ledger: { claim: (used, expiresAt) => repo.claimSimulatorToken(ctx.db, used, expiresAt, ctx.now) },
        now: ctx.now,
        log: ctx.log,
      });
      const assessment = await botCheck.assess({
        token,
        expectedAction,
        userIp: ctx.clientIp,
        userAgent: ctx.userAgent,
      });
      return toBotCheckAssessment(assessment, ctx.tenant.timezone);
    },
  };
}

export type CommonService = ReturnType<typeof createCommonService>;
