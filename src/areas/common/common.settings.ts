// The common area's rate limits (configured in config.ts as TC_RATE_LIMIT_WEB_ACTION and TC_RATE_LIMIT_BOT_CHECK).

/** Requests per minute and client address (fixed window, shared by every node through the tenant database). */
export interface CommonRateLimits {
  webAction: number;
  botCheck: number;
}
