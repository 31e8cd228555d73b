// The bot-check port: one assessment of a token produced in the visitor's browser, in the shape of Google
// reCAPTCHA Enterprise's Assessment resource (research/external-systems.md §3), which the specification's
// "Bot-check assessment" resource mirrors. Adapters: recaptcha-enterprise.ts (real HTTP), simulator.ts (default).
import type { FastifyBaseLogger } from 'fastify';

/** tokenProperties.invalidReason values of reCAPTCHA Enterprise v1. A valid token carries the first. */
export const INVALID_REASONS = [
  'INVALID_REASON_UNSPECIFIED',
  'UNKNOWN_INVALID_REASON',
  'MALFORMED',
  'EXPIRED',
  'DUPE',
  'MISSING',
  'BROWSER_ERROR',
  'UNEXPECTED_ACTION',
] as const;
export type InvalidReason = (typeof INVALID_REASONS)[number];

export interface AssessmentRequest {
  /** The token the page got from grecaptcha.enterprise.execute (or a simulator token). */
  token: string;
  /** The action the caller expects the token to have been made for, e.g. "login". */
  expectedAction: string;
  /** The visitor's address and browser, which Google weighs into the score. */
  userIp?: string;
  userAgent?: string;
}

export interface Assessment {
  /** The assessment's resource name, e.g. projects/123/assessments/abc. */
  name: string;
  event: { token: string; siteKey: string; expectedAction: string };
  /** score 0.0 (likely automated) to 1.0 (very likely legitimate); 0 with no reasons for an invalid token. */
  riskAnalysis: { score: number; reasons: string[] };
  tokenProperties: {
    valid: boolean;
    /** The action the token was made for; the caller compares it with the expected one (Google does not). */
    action: string;
    hostname: string;
    /** When the token was made; null when the answer does not say (invalid tokens). */
    createTime: Date | null;
    /** Google may add reasons: unknown ones are passed on as they come. */
    invalidReason: InvalidReason | string;
  };
}

export interface BotCheck {
  /** An invalid token is an answer (valid false, invalidReason), not an error; failures to ask throw ApiError. */
  assess(request: AssessmentRequest): Promise<Assessment>;
}

/** Where the simulator remembers the tokens it has assessed, so each works once (the tenant database). */
export interface UsedTokenLedger {
  /** Records `token` as used; false when it already was. Forgetting it after `expiresAt` is allowed. */
  claim(token: string, expiresAt: Date): Promise<boolean>;
}

/** What one request lends the bot check: the simulator's ledger, the request's time and its logger. */
export interface BotCheckScope {
  ledger: UsedTokenLedger;
  now: Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** Wired once; gives the bot check for one request. */
export type BotCheckProvider = (scope: BotCheckScope) => BotCheck;
