// /common/*: country look-up, web-action tracking and bot-check assessment; open to everyone (contract §3).
import { Type } from '@sinclair/typebox';
import { Allow } from '../../platform/auth/roles.js';
import { type OperationDeclaration, operation } from '../../platform/http/operation.js';
import {
  BotCheckAssessment,
  BotCheckRequest,
  Country,
  CountryListRequest,
  WebAction,
  WebActionRequest,
} from './common.schemas.js';
import type { CommonService } from './common.service.js';

const listCountriesByName = (common: CommonService) =>
  operation({
    path: '/common/listCountriesByName',
    methods: ['GET', 'POST'],
    summary: 'Countries whose English name contains namepart (case and accents ignored), or all; by name',
    allow: Allow.anyone,
    input: CountryListRequest,
    response: Type.Array(Country),
    handler: (ctx, input) => common.listCountries(ctx, input.namepart),
  });

const wact = (common: CommonService) =>
  operation({
    path: '/common/wact',
    methods: ['POST'],
    summary: "Record a visitor's action on the website; the server assigns actionId and actionTime",
    description:
      "ipAddress and userAgent default to the request's; userId to the logged-in session's user. " +
      'Rate-limited per client address.',
    allow: Allow.anyone,
    input: WebActionRequest,
    response: WebAction,
    handler: (ctx, input) => common.recordWebAction(ctx, input),
  });

const gcas = (common: CommonService) =>
  operation({
    path: '/common/gcas',
    methods: ['POST'],
    summary: 'Assess a bot-check (reCAPTCHA Enterprise) token for an expected action',
    description:
      'An invalid token answers OK with tokenProperties.valid false and an invalidReason. API_ERROR when the ' +
      'bot-check service cannot be asked. Rate-limited per client address. Simulator tokens: docs/bot-check.md.',
    allow: Allow.anyone,
    input: BotCheckRequest,
    response: BotCheckAssessment,
    handler: (ctx, input) => common.assessBotCheck(ctx, input.token, input.action),
  });

/** Every operation of the area, bound to its services. */
export function commonOperations(common: CommonService): OperationDeclaration[] {
  return [listCountriesByName, wact, gcas].map((declare) => declare(common));
}
