// The default bot check: answers like reCAPTCHA Enterprise for tokens a front-end developer writes by hand
// (docs/bot-check.md). Valid tokens carry their score, action and issue time, work once (DUPE after) and
// expire two minutes after issue (EXPIRED), as Google's do; fixed tokens give every invalid reason.
import { randomBytes } from 'node:crypto';
import {
  type Assessment,
  type AssessmentRequest,
  type BotCheckProvider,
  type BotCheckScope,
  INVALID_REASONS,
  type InvalidReason,
} from './port.js';

/** Google's tokens expire about two minutes after grecaptcha.enterprise.execute made them. */
export const SIMULATOR_TOKEN_LIFETIME_MS = 120_000;
/** A token stamped this far ahead of the server's clock is refused as MALFORMED (clocks drift, not by minutes). */
const CLOCK_SKEW_MS = 60_000;
/** The host a simulated token claims it was made on. */
export const SIMULATOR_HOSTNAME = 'localhost';

/** sim:<score>:<action>:<issued at, Unix ms>:<nonce>, e.g. sim:0.9:login:1714557600000:4f1c2a */
const VALID_TOKEN = /^sim:(0(?:\.\d)?|1(?:\.0)?):([A-Za-z0-9/_]{1,100}):(\d{13}):([A-Za-z0-9_-]{1,100})$/;
/** sim:invalid:<reason>, e.g. sim:invalid:BROWSER_ERROR: always that outcome, usable any number of times. */
const INVALID_TOKEN = /^sim:invalid:([A-Z_]{1,40})$/;

type Outcome =
  | { valid: true; score: number; action: string; createTime: Date }
  | { valid: false; invalidReason: InvalidReason };

function isInvalidReason(text: string): text is InvalidReason {
  return INVALID_REASONS.some((reason) => reason === text);
}

/** Google's reasons for a low score, by the specification's bands. */
function reasonsFor(score: number): string[] {
  if (score < 0.3) return ['AUTOMATION'];
  if (score < 0.7) return ['LOW_CONFIDENCE_SCORE'];
  return [];
}

async function judge(token: string, scope: BotCheckScope): Promise<Outcome> {
  const fixed = INVALID_TOKEN.exec(token);
  if (fixed?.[1]) {
    const reason = fixed[1];
    return { valid: false, invalidReason: isInvalidReason(reason) ? reason : 'MALFORMED' };
  }
  const parts = VALID_TOKEN.exec(token);
  if (!parts?.[1] || !parts[2] || !parts[3]) return { valid: false, invalidReason: 'MALFORMED' };
  const issuedAt = Number(parts[3]);
  const now = scope.now.getTime();
  if (issuedAt > now + CLOCK_SKEW_MS) return { valid: false, invalidReason: 'MALFORMED' };
  if (now - issuedAt > SIMULATOR_TOKEN_LIFETIME_MS) return { valid: false, invalidReason: 'EXPIRED' };
  // Claimed last, so a malformed or expired token does not occupy the ledger.
  const first = await scope.ledger.claim(token, new Date(issuedAt + SIMULATOR_TOKEN_LIFETIME_MS));
  if (!first) return { valid: false, invalidReason: 'DUPE' };
  return { valid: true, score: Number(parts[1]), action: parts[2], createTime: new Date(issuedAt) };
}

export function createBotCheckSimulator(settings: { siteKey: string }): BotCheckProvider {
  return (scope) => ({
    async assess(request: AssessmentRequest): Promise<Assessment> {
      const outcome = await judge(request.token, scope);
      const common = {
        name: `projects/simulator/assessments/${randomBytes(8).toString('hex')}`,
        event: { token: request.token, siteKey: settings.siteKey, expectedAction: request.expectedAction },
      };
      if (!outcome.valid) {
        // Google's answer for an invalid token: no score, no action, no host (research §3.4).
        return {
          ...common,
          riskAnalysis: { score: 0, reasons: [] },
          tokenProperties: {
            valid: false,
            action: '',
            hostname: '',
            createTime: null,
            invalidReason: outcome.invalidReason,
          },
        };
      }
      // An action other than the expected one leaves the token valid, as with Google: the caller compares.
      return {
        ...common,
        riskAnalysis: { score: outcome.score, reasons: reasonsFor(outcome.score) },
        tokenProperties: {
          valid: true,
          action: outcome.action,
          hostname: SIMULATOR_HOSTNAME,
          createTime: outcome.createTime,
          invalidReason: 'INVALID_REASON_UNSPECIFIED',
        },
      };
    },
  });
}
