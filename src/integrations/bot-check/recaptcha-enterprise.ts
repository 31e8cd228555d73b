// The real bot check: Google reCAPTCHA Enterprise projects.assessments.create over HTTPS with an API key
// (research/external-systems.md §3). Google answers HTTP 200 for every token outcome; only a failure to ask
// (network, timeout, a refused key, Google's own errors) is an error here, answered API_ERROR without secrets.
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ApiError, ErrorCode } from '../../platform/http/errors.js';
import type { Assessment, AssessmentRequest, BotCheckProvider, BotCheckScope } from './port.js';
import type { RecaptchaSettings } from './settings.js';
import { causeOf, readJson } from '../supplier-http.js';

/**
 * The parts of Google's Assessment this service reads. proto3 JSON leaves out fields holding their default
 * (valid false, score 0, empty strings), so all but the name are optional.
 */
const GoogleAssessment = Type.Object({
  name: Type.String(),
  event: Type.Optional(
    Type.Object({
      token: Type.Optional(Type.String()),
      siteKey: Type.Optional(Type.String()),
      expectedAction: Type.Optional(Type.String()),
    }),
  ),
  riskAnalysis: Type.Optional(
    Type.Object({
      score: Type.Optional(Type.Number()),
      reasons: Type.Optional(Type.Array(Type.String())),
    }),
  ),
  tokenProperties: Type.Optional(
    Type.Object({
      valid: Type.Optional(Type.Boolean()),
      invalidReason: Type.Optional(Type.String()),
      hostname: Type.Optional(Type.String()),
      action: Type.Optional(Type.String()),
      createTime: Type.Optional(Type.String()),
    }),
  ),
});
type GoogleAssessment = Static<typeof GoogleAssessment>;

/** Google's error envelope: { error: { code, message, status } }. */
const GoogleError = Type.Object({
  error: Type.Object({
    code: Type.Optional(Type.Integer()),
    message: Type.Optional(Type.String()),
    status: Type.Optional(Type.String()),
  }),
});

type Fetch = typeof fetch;

export function createRecaptchaEnterpriseBotCheck(
  settings: RecaptchaSettings,
  fetchImpl: Fetch = fetch,
): BotCheckProvider {
  // The key travels as the query parameter Google documents; the URL is therefore never logged or answered.
  const endpoint = new URL(`${settings.baseUrl}/v1/projects/${encodeURIComponent(settings.projectId)}/assessments`);
  endpoint.searchParams.set('key', settings.apiKey);

  async function assess(request: AssessmentRequest, scope: Pick<BotCheckScope, 'log'>): Promise<Assessment> {
    const event = {
      token: request.token,
      siteKey: settings.siteKey,
      expectedAction: request.expectedAction,
      ...(request.userAgent ? { userAgent: request.userAgent } : {}),
      ...(request.userIp ? { userIpAddress: request.userIp } : {}),
    };
    let response: Response;
    try {
      response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', accept: 'application/json' },
        body: JSON.stringify({ event }),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const reason = timedOut ? `no answer within ${settings.timeoutMs} ms` : 'could not be reached';
      scope.log.warn({ reason, cause: causeOf(error) }, 'reCAPTCHA Enterprise call failed');
      throw unavailable(reason);
    }
    const body = await readJson(response);
    if (!response.ok) {
      const google = Value.Check(GoogleError, body) ? body.error : undefined;
      const status = google?.status && /^[A-Z_]{1,64}$/.test(google.status) ? ` ${google.status}` : '';
      // Google's message says what to fix (a bad key, a disabled API); it names no secret, so the log keeps it.
      scope.log.warn(
        { httpStatus: response.status, googleStatus: google?.status, googleMessage: google?.message },
        'reCAPTCHA Enterprise refused the assessment',
      );
      // A 4xx is a set-up problem (key, project, API disabled) that retrying will not cure; a 5xx may pass.
      const retry = response.status >= 500 || response.status === 429;
      throw unavailable(`refused the request (HTTP ${response.status}${status})`, retry);
    }
    if (!Value.Check(GoogleAssessment, body)) {
      scope.log.warn({ httpStatus: response.status }, 'reCAPTCHA Enterprise answered an unexpected body');
      throw unavailable('answered in an unexpected form');
    }
    return toAssessment(body, event);
  }

  // Google keeps tokens single use itself, so the scope's ledger is not needed here.
  return (scope) => ({ assess: (request) => assess(request, scope) });
}

function toAssessment(
  google: GoogleAssessment,
  sent: { token: string; siteKey: string; expectedAction: string },
): Assessment {
  const properties = google.tokenProperties ?? {};
  return {
    name: google.name,
    event: {
      token: google.event?.token ?? sent.token,
      siteKey: google.event?.siteKey ?? sent.siteKey,
      expectedAction: google.event?.expectedAction ?? sent.expectedAction,
    },
    riskAnalysis: { score: google.riskAnalysis?.score ?? 0, reasons: google.riskAnalysis?.reasons ?? [] },
    tokenProperties: {
      valid: properties.valid ?? false,
      action: properties.action ?? '',
      hostname: properties.hostname ?? '',
      createTime: instant(properties.createTime),
      invalidReason: properties.invalidReason ?? 'INVALID_REASON_UNSPECIFIED',
    },
  };
}

/** An RFC 3339 time of Google's; the epoch (proto3's default timestamp) means "not said". */
function instant(text: string | undefined): Date | null {
  if (!text) return null;
  const value = new Date(text);
  return Number.isNaN(value.getTime()) || value.getTime() === 0 ? null : value;
}

function unavailable(reason: string, retry = true): ApiError {
  return new ApiError(ErrorCode.API_ERROR, `The bot-check service ${reason}${retry ? '; try again shortly' : ''}`);
}
