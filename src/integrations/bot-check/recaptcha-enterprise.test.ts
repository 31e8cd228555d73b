// The real adapter against a loopback fake of Google's projects.assessments.create: the request it sends
// (path, key, JSON body) and how it maps Google's answers, invalid tokens and failures.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../platform/http/errors.js';
import type { BotCheckScope } from './port.js';
import { createRecaptchaEnterpriseBotCheck } from './recaptcha-enterprise.js';
import type { RecaptchaSettings } from './settings.js';
import { rejectionOf } from '../../../test/support/errors.js';

const API_KEY = 'AIzaSy-test-key-0123456789';
const PROJECT = 'tc-test-project';
const SITE_KEY = '6LcTestSiteKey';

interface Received {
  method: string | undefined;
  path: string;
  key: string | null;
  contentType: string | undefined;
  body: unknown;
}

let server: Server;
let baseUrl: string;
const received: Received[] = [];

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

function eventToken(body: unknown): string {
  if (typeof body !== 'object' || body === null || !('event' in body)) return '';
  const event = body.event;
  if (typeof event !== 'object' || event === null || !('token' in event)) return '';
  return typeof event.token === 'string' ? event.token : '';
}

/** Google's answers as research/external-systems.md §3 records them. */
beforeAll(async () => {
  server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const text = await readBody(request);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    received.push({
      method: request.method,
      path: url.pathname,
      key: url.searchParams.get('key'),
      contentType: request.headers['content-type'],
      body,
    });
    const send = (status: number, answer: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      response.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
    };
    if (url.pathname !== `/v1/projects/${PROJECT}/assessments` || request.method !== 'POST') {
      return send(404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
    }
    if (url.searchParams.get('key') !== API_KEY) {
      return send(400, {
        error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' },
      });
    }
    const token = eventToken(body);
    const name = 'projects/123456789012/assessments/3a8f0e1b2c000000';
    switch (token) {
      case 'server-error':
        return send(500, { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } });
      case 'service-disabled':
        return send(403, {
          error: { code: 403, message: 'reCAPTCHA Enterprise API has not been used', status: 'PERMISSION_DENIED' },
        });
      case 'not-json':
        return send(200, '<html>proxy error</html>');
      case 'slow':
        setTimeout(() => send(200, { name }), 1_000);
        return;
      case 'expired-token':
        // proto3 JSON: defaults (valid false, score 0, empty strings) are left out.
        return send(200, {
          name,
          event: { token, siteKey: SITE_KEY, expectedAction: 'login' },
          riskAnalysis: {},
          tokenProperties: { invalidReason: 'EXPIRED', createTime: '1970-01-01T00:00:00Z' },
        });
      default:
        return send(200, {
          name,
          event: {
            token,
            siteKey: SITE_KEY,
            userAgent: '',
            userIpAddress: '',
            expectedAction: 'login',
            hashedAccountId: '',
            express: false,
            requestedUri: '',
            wafTokenAssessment: false,
            ja3: '',
            headers: [],
            firewallPolicyEvaluation: false,
            fraudPrevention: 'FRAUD_PREVENTION_UNSPECIFIED',
          },
          riskAnalysis: { score: 0.9, reasons: [], extendedVerdictReasons: [], challenge: 'CHALLENGE_UNSPECIFIED' },
          tokenProperties: {
            valid: true,
            invalidReason: 'INVALID_REASON_UNSPECIFIED',
            hostname: 'www.example.com',
            androidPackageName: '',
            iosBundleId: '',
            action: 'signup',
            createTime: '2025-05-01T10:00:00.123Z',
          },
        });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === 'string') throw new Error('fake Google did not bind');
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const warnings: unknown[] = [];
const scope: BotCheckScope = {
  ledger: { claim: async () => true },
  now: new Date(),
  log: { warn: (...args: unknown[]) => void warnings.push(args) },
};

function settings(overrides: Partial<RecaptchaSettings> = {}): RecaptchaSettings {
  return { projectId: PROJECT, apiKey: API_KEY, siteKey: SITE_KEY, baseUrl, timeoutMs: 10_000, ...overrides };
}

function assess(token: string, overrides: Partial<RecaptchaSettings> = {}) {
  return createRecaptchaEnterpriseBotCheck(settings(overrides))(scope).assess({
    token,
    expectedAction: 'login',
    userIp: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (test)',
  });
}

const failure = (promise: Promise<unknown>) => rejectionOf(promise, ApiError);

describe('reCAPTCHA Enterprise adapter', () => {
  it('posts the event to /v1/projects/{project}/assessments?key=… and maps a valid assessment', async () => {
    received.length = 0;
    const assessment = await assess('good-token');
    expect(received).toEqual([
      {
        method: 'POST',
        path: `/v1/projects/${PROJECT}/assessments`,
        key: API_KEY,
        contentType: expect.stringMatching(/^application\/json/),
        body: {
          event: {
            token: 'good-token',
            siteKey: SITE_KEY,
            expectedAction: 'login',
            userAgent: 'Mozilla/5.0 (test)',
            userIpAddress: '203.0.113.7',
          },
        },
      },
    ]);
    expect(assessment).toEqual({
      name: 'projects/123456789012/assessments/3a8f0e1b2c000000',
      event: { token: 'good-token', siteKey: SITE_KEY, expectedAction: 'login' },
      riskAnalysis: { score: 0.9, reasons: [] },
      tokenProperties: {
        valid: true,
        // Google leaves an action mismatch to the caller: the token stays valid.
        action: 'signup',
        hostname: 'www.example.com',
        createTime: new Date('2025-05-01T10:00:00.123Z'),
        invalidReason: 'INVALID_REASON_UNSPECIFIED',
      },
    });
  });

  it('leaves out userAgent and userIpAddress it does not know', async () => {
    received.length = 0;
    await createRecaptchaEnterpriseBotCheck(settings())(scope).assess({ token: 'good-token', expectedAction: 'pay' });
    expect(received[0]?.body).toEqual({ event: { token: 'good-token', siteKey: SITE_KEY, expectedAction: 'pay' } });
  });

  it('answers an invalid token as an assessment, filling the defaults proto3 JSON leaves out', async () => {
    const assessment = await assess('expired-token');
    expect(assessment.riskAnalysis).toEqual({ score: 0, reasons: [] });
    expect(assessment.tokenProperties).toEqual({
      valid: false,
      action: '',
      hostname: '',
      createTime: null,
      invalidReason: 'EXPIRED',
    });
  });

  it.each([
    ['a refused key', 'good-token', { apiKey: 'wrong-key' }, /HTTP 400 INVALID_ARGUMENT/],
    ['a permission error', 'service-disabled', {}, /HTTP 403 PERMISSION_DENIED/],
    ["Google's own failure", 'server-error', {}, /HTTP 500 INTERNAL/],
    ['an answer that is not JSON', 'not-json', {}, /unexpected form/],
    ['no answer in time', 'slow', { timeoutMs: 150 }, /no answer within 150 ms/],
    ['an unreachable service', 'good-token', { baseUrl: 'http://127.0.0.1:9' }, /could not be reached/],
  ])('answers %s with API_ERROR, without the key in the message or the log', async (_, token, overrides, message) => {
    warnings.length = 0;
    const error = await failure(assess(token, overrides));
    expect(error.code).toBe('API_ERROR');
    expect(error.httpStatus).toBe(200);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('key');
    expect(error.message).not.toContain(API_KEY);
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings)).not.toContain(API_KEY);
    expect(JSON.stringify(warnings)).not.toContain('wrong-key');
  });
});
