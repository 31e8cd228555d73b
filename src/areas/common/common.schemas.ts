import { type Static, Type } from '@sinclair/typebox';
import { Nullable, RecordId } from '../../platform/http/schema.js';
import { VERBATIM } from '../../platform/http/input.js';
import { WEB_ACTION_TYPES, type WebActionType } from './common.rules.js';

const Text = (maxLength: number, description?: string) => Type.String({ maxLength, description });
const DateTime = (description: string) =>
  Type.String({ description: `${description} (yyyy-MM-ddTHH:mm:ss, tenant time)` });

/** Size limits of the web-action fields: generous for real pages, small enough that nobody stores files here. */
export const WEB_ACTION_LIMITS = {
  actionData: 16_384,
  url: 2_048,
  sessionId: 200,
  userAgent: 512,
  ipAddress: 45,
} as const;

// --- countries ---

export const CountryListRequest = Type.Object({
  namepart: Type.Optional(
    Text(100, 'Part of the English name, anywhere in it; case and accents are ignored ("cote" finds Côte d\'Ivoire)'),
  ),
  pk: Type.Optional(
    Type.String({
      description: 'System session (website key); accepted, not needed',
      maxLength: 512,
      [VERBATIM]: true,
    }),
  ),
});

export const Country = Type.Object({
  countryId: Type.Integer({ description: 'ISO 3166-1 numeric code' }),
  countryName: Type.String({ description: 'English name' }),
  countryCode: Type.String({ description: 'ISO 3166-1 alpha-2' }),
  countryCode3: Type.String({ description: 'ISO 3166-1 alpha-3' }),
});
export type Country = Static<typeof Country>;

// --- web actions ---

// A plain string enum (not a union of literals) so a wrong value is answered "must be one of …".
const ActionType = Type.Unsafe<WebActionType>(
  Type.String({ enum: [...WEB_ACTION_TYPES], description: WEB_ACTION_TYPES.join(', ') }),
);

export const WebActionRequest = Type.Object({
  actionType: ActionType,
  actionData: Type.Optional(Text(WEB_ACTION_LIMITS.actionData, 'JSON text, e.g. "{\\"productId\\":12}"')),
  pageUrl: Type.Optional(Text(WEB_ACTION_LIMITS.url)),
  referrerUrl: Type.Optional(Text(WEB_ACTION_LIMITS.url)),
  sessionId: Type.Optional(Text(WEB_ACTION_LIMITS.sessionId, "The website's visit identifier")),
  userId: Type.Optional(RecordId('A label of the website: not checked against the users')),
  userAgent: Type.Optional(Text(WEB_ACTION_LIMITS.userAgent, "Default: the request's User-Agent header")),
  ipAddress: Type.Optional(Text(WEB_ACTION_LIMITS.ipAddress, "IPv4 or IPv6; default: the caller's address")),
});
export type WebActionRequest = Static<typeof WebActionRequest>;

export const WebAction = Type.Object({
  actionId: Type.Integer(),
  actionType: Type.String(),
  actionData: Nullable(Type.String({ description: 'JSON text, as sent' })),
  actionTime: DateTime('When the service recorded the action'),
  pageUrl: Nullable(Type.String()),
  referrerUrl: Nullable(Type.String()),
  sessionId: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
  ipAddress: Nullable(Type.String()),
  userId: Nullable(Type.Integer()),
  factoryName: Type.String({ description: 'The tenant code of the site the action was recorded for' }),
});
export type WebAction = Static<typeof WebAction>;

// --- bot check ---

export const BotCheckRequest = Type.Object({
  token: Type.String({
    description: 'The token from grecaptcha.enterprise.execute (or a simulator token, docs/bot-check.md)',
    maxLength: 8_192,
    [VERBATIM]: true,
  }),
  action: Type.String({
    description: 'The expected action name (letters, digits, / and _), e.g. login',
    pattern: '^[A-Za-z0-9/_]{1,100}$',
  }),
});

export const BotCheckAssessment = Type.Object({
  name: Type.String(),
  event: Type.Object({ token: Type.String(), siteKey: Type.String(), expectedAction: Type.String() }),
  riskAnalysis: Type.Object({
    score: Type.Number({
      description:
        '0.9-1.0 very likely legitimate, 0.7-0.9 likely legitimate, 0.3-0.7 uncertain, 0.0-0.3 likely automated',
    }),
    reasons: Type.Array(Type.String()),
  }),
  tokenProperties: Type.Object({
    valid: Type.Boolean(),
    action: Type.String({ description: 'The action the token was made for: compare it with the expected one' }),
    hostname: Type.String(),
    createTime: Nullable(DateTime('When the token was made')),
    invalidReason: Type.String({
      description:
        'INVALID_REASON_UNSPECIFIED for a valid token; else MALFORMED, EXPIRED, DUPE, MISSING, BROWSER_ERROR, UNKNOWN_INVALID_REASON or UNEXPECTED_ACTION',
    }),
  }),
});
export type BotCheckAssessment = Static<typeof BotCheckAssessment>;
