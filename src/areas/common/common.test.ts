// /common/* through the HTTP kernel on a real tenant: countries (reference data of the template), web actions
// and bot-check assessments with the simulator, plus the real adapter's failure as the API answers it.
import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, areaApp } from '../../../test/support/api.js';
import { type TestTenant, tenant } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import { randomToken, sha256 } from '../../platform/crypto.js';
import { formatDateTime } from '../../platform/time.js';
import type { Service } from '../../service.js';
import { searchKey } from './common.rules.js';
import type { BotCheckAssessment, Country, WebAction } from './common.schemas.js';
import { createCommonArea } from './index.js';
import { type BotCheckSettings, createBotCheckProvider } from '../../integrations/bot-check/index.js';
import type { CommonRateLimits } from './common.settings.js';

interface CommonAreaDeps {
  botCheck: BotCheckSettings;
  rateLimits: CommonRateLimits;
}

const TIMEZONE = 'Asia/Dubai'; // the provisioning default

let service: Service;
let t: TestTenant;
let app: FastifyInstance;
/** Calls the common area's app. */
let api: ApiClient;
const extraApps: FastifyInstance[] = [];
/** While set, the service's clock stands at this instant (epoch ms) instead of running. */
let pinnedAt: number | undefined;
const clock = () => new Date(pinnedAt ?? Date.now());

const SIMULATOR: CommonAreaDeps = {
  botCheck: { kind: 'simulator', siteKey: 'simulator-site-key' },
  rateLimits: { webAction: 10_000, botCheck: 10_000 },
};

/** A second app on the service's kernel with the common area, closed after the file. */
async function commonApp(deps: CommonAreaDeps): Promise<FastifyInstance> {
  const botCheck = createBotCheckProvider(deps.botCheck);
  const area = createCommonArea({ ...service, botCheck, rateLimits: deps.rateLimits, webActionRetentionDays: 90 });
  const built = await areaApp(service, area.operations);
  extraApps.push(built);
  return built;
}

beforeAll(async () => {
  service = await startTestService({ clock });
  t = await tenant(service);
  app = await commonApp(SIMULATOR);
  api = t.api.on(app);
});

afterAll(async () => {
  for (const extra of extraApps) await extra.close();
  await service?.close();
});

describe('/common/listCountriesByName', () => {
  it('answers all 249 ISO 3166-1 countries by name without namepart', async () => {
    const countries = await api.getOk<Country[]>('/common/listCountriesByName');
    expect(countries).toHaveLength(249);
    expect(countries).toContainEqual({
      countryId: 784,
      countryName: 'United Arab Emirates',
      countryCode: 'AE',
      countryCode3: 'ARE',
    });
    const keys = countries.map((country) => searchKey(country.countryName));
    expect(keys).toEqual([...keys].sort());
    // Accents do not push a name to the end: Åland Islands sorts with the A's.
    expect(countries.slice(0, 3).map((country) => country.countryName)).toEqual([
      'Afghanistan',
      'Åland Islands',
      'Albania',
    ]);
    expect(await api.ok<Country[]>('/common/listCountriesByName', {})).toEqual(countries);
    expect(await api.ok<Country[]>('/common/listCountriesByName', { namepart: '' })).toHaveLength(249);
  });

  it('holds the reference data of i18n-iso-countries in every new tenant, with its search names', async () => {
    const require = createRequire(import.meta.url);
    const iso: { alpha2ToNumeric(code: string): string | undefined; alpha2ToAlpha3(code: string): string | undefined } =
      require('i18n-iso-countries');
    const english: { countries: Record<string, string | string[]> } = require('i18n-iso-countries/langs/en.json');
    const rows = await t.db(
      (sql) =>
        sql<
          {
            country_id: number;
            country_name: string;
            country_code: string;
            country_code3: string;
            search_name: string;
          }[]
        >`SELECT * FROM countries`,
    );
    const expected = Object.keys(english.countries).filter((code) => code !== 'XK'); // Kosovo: not ISO-assigned
    expect(rows.map((row) => row.country_code).sort()).toEqual(expected.sort());
    for (const row of rows) {
      const names = english.countries[row.country_code] ?? [];
      expect(row.country_id).toBe(Number(iso.alpha2ToNumeric(row.country_code)));
      expect(row.country_code3).toBe(iso.alpha2ToAlpha3(row.country_code));
      expect(Array.isArray(names) ? names : [names]).toContain(row.country_name);
      expect(row.search_name).toBe(searchKey(row.country_name));
    }
  });

  it.each([
    ['cote', 384, "Côte d'Ivoire"],
    ['ALAND', 248, 'Åland Islands'],
    ['CURACAO', 531, 'Curaçao'],
    ['türk', 792, 'Türkiye'],
    ['  emirates ', 784, 'United Arab Emirates'],
    ['d’ivoire', 384, "Côte d'Ivoire"],
  ])('finds %j: %i %s, ignoring case and accents (GET and POST)', async (namepart, countryId, countryName) => {
    const byGet = await api.getOk<Country[]>('/common/listCountriesByName', { namepart });
    expect(byGet).toContainEqual(expect.objectContaining({ countryId, countryName }));
    const byPost = await api.ok<Country[]>('/common/listCountriesByName', { namepart });
    expect(byPost).toEqual(byGet);
  });

  it('matches anywhere in the name and answers only matching names, by name', async () => {
    const korea = await api.ok<Country[]>('/common/listCountriesByName', { namepart: 'korea' });
    expect(korea.map((country) => country.countryName)).toEqual(['North Korea', 'South Korea']);
    const island = await api.ok<Country[]>('/common/listCountriesByName', { namepart: 'ISLAND' });
    expect(island.length).toBeGreaterThan(10);
    for (const country of island) expect(searchKey(country.countryName)).toContain('island');
  });

  it('takes % and _ literally and answers an empty list when nothing matches', async () => {
    for (const namepart of ['%', '_', 'atlantis']) {
      expect(await api.ok<Country[]>('/common/listCountriesByName', { namepart })).toEqual([]);
    }
  });

  it('accepts pk and session (anyone may call), ignoring an unknown session', async () => {
    const pk = t.provisioned.systemSession;
    expect(await api.getOk<Country[]>('/common/listCountriesByName', { namepart: 'qatar', pk, session: pk })).toEqual([
      { countryId: 634, countryName: 'Qatar', countryCode: 'QA', countryCode3: 'QAT' },
    ]);
    const posted = await api.ok<Country[]>('/common/listCountriesByName', { namepart: 'qatar', session: 'unknown' });
    expect(posted).toHaveLength(1);
  });

  it.each([
    [{ namepart: 42 }, 'namepart'],
    [{ namepart: 'x'.repeat(101) }, 'namepart'],
  ])('answers %o with INVALID_FORMAT naming %s', async (payload, parameter) => {
    await api.expectError('/common/listCountriesByName', payload, 'INVALID_FORMAT', parameter);
  });
});

describe('/common/wact', () => {
  it('records a web action with every field, the server time in the tenant timezone, and the tenant as factory', async () => {
    const before = clock();
    const sent = {
      actionType: 'ADD_TO_CART',
      actionData: '{"productId": 12, "quantity": 2}',
      pageUrl: 'https://www.example.com/tours/desert-safari',
      referrerUrl: 'https://www.google.com/',
      sessionId: 'visit-7f3a',
      userId: 4242,
      userAgent: 'Mozilla/5.0 (sent)',
      ipAddress: '2001:db8::7',
    };
    const action = await api.ok<WebAction>('/common/wact', sent);
    expect(action).toEqual({
      ...sent,
      actionId: expect.any(Number),
      actionTime: expect.any(String),
      factoryName: t.provisioned.tenantCode,
    });
    const recorded = await t.db(
      (sql) => sql<{ action_time: Date }[]>`SELECT action_time FROM web_actions WHERE action_id = ${action.actionId}`,
    );
    const time = recorded[0]?.action_time;
    if (!time) throw new Error('web action not stored');
    expect(time.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1);
    expect(time.getTime()).toBeLessThanOrEqual(clock().getTime());
    expect(action.actionTime).toBe(formatDateTime(time, TIMEZONE));
    expect(action.actionTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
  });

  it("takes the request's address and user agent when the body leaves them out", async () => {
    const action = await api.ok<WebAction>(
      '/common/wact',
      { actionType: 'PAGE_VIEW' },
      { headers: { 'user-agent': 'Mozilla/5.0 (header)' }, remoteAddress: '198.51.100.23' },
    );
    expect(action).toMatchObject({
      actionType: 'PAGE_VIEW',
      actionData: null,
      pageUrl: null,
      referrerUrl: null,
      sessionId: null,
      userId: null,
      userAgent: 'Mozilla/5.0 (header)',
      ipAddress: '198.51.100.23',
    });
    const longAgent = 'A'.repeat(2_000);
    const clipped = await api.ok<WebAction>(
      '/common/wact',
      { actionType: 'CLICK' },
      { headers: { 'user-agent': longAgent } },
    );
    expect(clipped.userAgent).toBe('A'.repeat(512));
  });

  it("records the logged-in user's id when the body names none", async () => {
    const token = randomToken();
    const userId = await t.db(async (sql) => {
      const [user] = await sql<{ user_id: number }[]>`
        INSERT INTO users (user_login, user_email, password_hash, roles, is_active)
        VALUES (${`wact-${token.slice(0, 8)}`}, ${`wact-${token.slice(0, 8)}@example.com`}, 'x', '{customer}', true)
        RETURNING user_id`;
      if (!user) throw new Error('user not created');
      await sql`
        INSERT INTO sessions (token_hash, kind, user_id, roles, expires_at)
        VALUES (${sha256(token)}, 'user', ${user.user_id}, '{customer}', ${new Date(Date.now() + 3_600_000)})`;
      return user.user_id;
    });
    const own = await api.ok<WebAction>('/common/wact', { actionType: 'SEARCH', session: token });
    expect(own.userId).toBe(userId);
    const named = await api.ok<WebAction>('/common/wact', { actionType: 'SEARCH', session: token, userId: 7 });
    expect(named.userId).toBe(7);
  });

  it.each([
    [{}, 'MISSING_PARAMETER', 'actionType'],
    [{ actionType: '' }, 'MISSING_PARAMETER', 'actionType'],
    [{ actionType: null }, 'MISSING_PARAMETER', 'actionType'],
    [{ actionType: 'VISIT' }, 'INVALID_FORMAT', 'actionType'],
    [{ actionType: 'page_view' }, 'INVALID_FORMAT', 'actionType'],
    [{ actionType: 3 }, 'INVALID_FORMAT', 'actionType'],
    [{ actionType: 'CLICK', actionData: '{not json' }, 'INVALID_FORMAT', 'actionData'],
    [{ actionType: 'CLICK', actionData: { productId: 12 } }, 'INVALID_FORMAT', 'actionData'],
    [{ actionType: 'CLICK', actionData: `"${'x'.repeat(16_384)}"` }, 'INVALID_FORMAT', 'actionData'],
    [{ actionType: 'CLICK', userId: '7' }, 'INVALID_FORMAT', 'userId'],
    [{ actionType: 'CLICK', userId: 1.5 }, 'INVALID_FORMAT', 'userId'],
    [{ actionType: 'CLICK', ipAddress: 'localhost' }, 'INVALID_FORMAT', 'ipAddress'],
    [{ actionType: 'CLICK', pageUrl: `https://x.example/${'p'.repeat(2_048)}` }, 'INVALID_FORMAT', 'pageUrl'],
    [{ actionType: 'CLICK', referrerUrl: 'r'.repeat(2_049) }, 'INVALID_FORMAT', 'referrerUrl'],
    [{ actionType: 'CLICK', sessionId: 's'.repeat(201) }, 'INVALID_FORMAT', 'sessionId'],
    [{ actionType: 'CLICK', userAgent: 'u'.repeat(513) }, 'INVALID_FORMAT', 'userAgent'],
  ])('answers %o with %s naming %s', async (payload, code, parameter) => {
    await api.expectError('/common/wact', payload, code, parameter);
  });

  it('accepts every action type of the specification', async () => {
    for (const actionType of ['PAGE_VIEW', 'CLICK', 'FORM_SUBMIT', 'SEARCH', 'ADD_TO_CART', 'PURCHASE']) {
      expect((await api.ok<WebAction>('/common/wact', { actionType })).actionType).toBe(actionType);
    }
  });
});

let nonce = 0;
/** A simulator token made `ageMs` ago by the service's clock (docs/bot-check.md). */
function simToken(score: string, action = 'login', ageMs = 1_000): { token: string; issuedAt: Date } {
  nonce += 1;
  const issuedAt = new Date(clock().getTime() - ageMs);
  return { token: `sim:${score}:${action}:${issuedAt.getTime()}:test${nonce}`, issuedAt };
}

describe('/common/gcas with the simulator', () => {
  it.each([
    ['0.9', 0.9, []],
    ['0.8', 0.8, []],
    ['0.5', 0.5, ['LOW_CONFIDENCE_SCORE']],
    ['0.1', 0.1, ['AUTOMATION']],
  ])('answers a token of score %s as a valid assessment', async (score, expected, reasons) => {
    const { token, issuedAt } = simToken(score);
    const assessment = await api.ok<BotCheckAssessment>('/common/gcas', { token, action: 'login' });
    expect(assessment).toEqual({
      name: expect.stringMatching(/^projects\/simulator\/assessments\//),
      event: { token, siteKey: 'simulator-site-key', expectedAction: 'login' },
      riskAnalysis: { score: expected, reasons },
      tokenProperties: {
        valid: true,
        action: 'login',
        hostname: 'localhost',
        createTime: formatDateTime(issuedAt, TIMEZONE),
        invalidReason: 'INVALID_REASON_UNSPECIFIED',
      },
    });
  });

  it.each(['MALFORMED', 'EXPIRED', 'DUPE', 'MISSING', 'BROWSER_ERROR', 'INVALID_REASON_UNSPECIFIED'])(
    'answers sim:invalid:%s OK with valid false and that invalidReason',
    async (reason) => {
      const assessment = await api.ok<BotCheckAssessment>('/common/gcas', {
        token: `sim:invalid:${reason}`,
        action: 'login',
      });
      expect(assessment.riskAnalysis).toEqual({ score: 0, reasons: [] });
      expect(assessment.tokenProperties).toEqual({
        valid: false,
        action: '',
        hostname: '',
        createTime: null,
        invalidReason: reason,
      });
    },
  );

  it('answers any other token OK as MALFORMED', async () => {
    const assessment = await api.ok<BotCheckAssessment>('/common/gcas', { token: 'not-a-token', action: 'login' });
    expect(assessment.tokenProperties).toMatchObject({ valid: false, invalidReason: 'MALFORMED' });
  });

  it('accepts a token once: the second use answers DUPE, also on another node and under a race', async () => {
    const otherNode = await commonApp(SIMULATOR);
    const { token } = simToken('0.9');
    const first = await api.ok<BotCheckAssessment>('/common/gcas', { token, action: 'login' });
    expect(first.tokenProperties.valid).toBe(true);
    const again = await api.on(otherNode).ok<BotCheckAssessment>('/common/gcas', { token, action: 'login' });
    expect(again.tokenProperties).toMatchObject({ valid: false, invalidReason: 'DUPE' });

    const raced = simToken('0.9').token;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api.on(i % 2 ? otherNode : app).ok<BotCheckAssessment>('/common/gcas', { token: raced, action: 'login' }),
      ),
    );
    expect(answers.filter((answer) => answer.tokenProperties.valid)).toHaveLength(1);
  });

  it('answers a token EXPIRED two minutes after it was made', async () => {
    // The clock stands still: a token 119 s old is checked at 119 s, not at 119 s plus the time the machine takes
    // to answer (past 120 s under load).
    pinnedAt = clock().getTime();
    try {
      const young = simToken('0.9', 'login', 119_000).token;
      const old = simToken('0.9', 'login', 121_000).token;
      expect(
        (await api.ok<BotCheckAssessment>('/common/gcas', { token: young, action: 'login' })).tokenProperties.valid,
      ).toBe(true);
      const unused = simToken('0.9').token;
      pinnedAt += 125_000;
      for (const token of [old, unused]) {
        const answer = await api.ok<BotCheckAssessment>('/common/gcas', { token, action: 'login' });
        expect(answer.tokenProperties).toMatchObject({ valid: false, invalidReason: 'EXPIRED' });
      }
    } finally {
      pinnedAt = undefined;
    }
  });

  it('keeps a token made for another action valid and shows its action for the caller to compare', async () => {
    const { token } = simToken('0.9', 'signup');
    const assessment = await api.ok<BotCheckAssessment>('/common/gcas', { token, action: 'login' });
    expect(assessment.event.expectedAction).toBe('login');
    expect(assessment.tokenProperties).toMatchObject({ valid: true, action: 'signup' });
  });

  it.each([
    [{ action: 'login' }, 'MISSING_PARAMETER', 'token'],
    [{ token: '', action: 'login' }, 'MISSING_PARAMETER', 'token'],
    [{ token: '   ', action: 'login' }, 'MISSING_PARAMETER', 'token'],
    [{ token: 'sim:invalid:DUPE' }, 'MISSING_PARAMETER', 'action'],
    [{ token: 42, action: 'login' }, 'INVALID_FORMAT', 'token'],
    [{ token: 't'.repeat(8_193), action: 'login' }, 'INVALID_FORMAT', 'token'],
    [{ token: 'sim:invalid:DUPE', action: 'log in' }, 'INVALID_FORMAT', 'action'],
    [{ token: 'sim:invalid:DUPE', action: 'a'.repeat(101) }, 'INVALID_FORMAT', 'action'],
  ])('answers %o with %s naming %s', async (payload, code, parameter) => {
    await api.expectError('/common/gcas', payload, code, parameter);
  });
});

describe('/common/gcas with reCAPTCHA Enterprise unreachable', () => {
  it('answers API_ERROR without the key', async () => {
    const real = await commonApp({
      botCheck: {
        kind: 'recaptcha',
        projectId: 'tc-test-project',
        apiKey: 'AIzaSy-never-shown',
        siteKey: '6LcSite',
        baseUrl: 'http://127.0.0.1:9',
        timeoutMs: 500,
      },
      rateLimits: SIMULATOR.rateLimits,
    });
    const answer = await api.on(real).expectError('/common/gcas', { token: 'any', action: 'login' }, 'API_ERROR');
    expect(JSON.stringify(answer)).not.toContain('AIzaSy-never-shown');
  });
});

describe('rate limits', () => {
  it('answers 429 RATE_LIMITED past the per-minute limit of an address', async () => {
    const limited = await commonApp({ botCheck: SIMULATOR.botCheck, rateLimits: { webAction: 2, botCheck: 2 } });
    const call = (url: string, payload: object) =>
      api.on(limited).inject({ method: 'POST', url, payload, remoteAddress: '192.0.2.99' });
    const calls: Array<[string, object]> = [
      ['/common/wact', { actionType: 'CLICK' }],
      ['/common/gcas', { token: 'sim:invalid:DUPE', action: 'login' }],
    ];
    // The clock stands still, so the calls fall in one minute's window however long they take.
    pinnedAt = clock().getTime();
    try {
      for (const [url, payload] of calls) {
        expect((await call(url, payload)).statusCode).toBe(200);
        expect((await call(url, payload)).statusCode).toBe(200);
        const third = await call(url, payload);
        expect(third.statusCode).toBe(429);
        expect(third.json()).toMatchObject({ apiStatus: { errorCode: 'RATE_LIMITED' }, apiData: null });
      }
    } finally {
      pinnedAt = undefined;
    }
  });
});

describe('OpenAPI', () => {
  it('documents the three operations, GET and POST of the country list', async () => {
    const answer = await app.inject({ method: 'GET', url: '/openapi.json', headers: { host: 'localhost' } });
    const paths = answer.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    expect(Object.keys(paths['/common/listCountriesByName'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/common/wact'] ?? {})).toEqual(['post']);
    expect(Object.keys(paths['/common/gcas'] ?? {})).toEqual(['post']);
  });
});
