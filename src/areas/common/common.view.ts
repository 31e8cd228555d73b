// Rows and assessments as the API shows them (the specification's Country, Web action and Bot-check
// assessment), times in the tenant's timezone.
import type { Assessment } from '../../integrations/bot-check/index.js';
import { formatDateTime } from '../../platform/time.js';
import type { CountryRow, WebActionRow } from './common.repository.js';
import type { BotCheckAssessment, Country, WebAction } from './common.schemas.js';

export function toCountry(row: CountryRow): Country {
  return {
    countryId: row.country_id,
    countryName: row.country_name,
    countryCode: row.country_code,
    countryCode3: row.country_code3,
  };
}

export function toWebAction(row: WebActionRow, timezone: string): WebAction {
  return {
    actionId: row.action_id,
    actionType: row.action_type,
    actionData: row.action_data,
    actionTime: formatDateTime(row.action_time, timezone),
    pageUrl: row.page_url,
    referrerUrl: row.referrer_url,
    sessionId: row.session_id,
    userAgent: row.user_agent,
    ipAddress: row.ip_address,
    userId: row.user_id,
    factoryName: row.factory_name,
  };
}

export function toBotCheckAssessment(assessment: Assessment, timezone: string): BotCheckAssessment {
  const { createTime, ...properties } = assessment.tokenProperties;
  return {
    name: assessment.name,
    event: { ...assessment.event },
    riskAnalysis: { score: assessment.riskAnalysis.score, reasons: [...assessment.riskAnalysis.reasons] },
    tokenProperties: { ...properties, createTime: createTime ? formatDateTime(createTime, timezone) : null },
  };
}
