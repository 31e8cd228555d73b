// The real adapter against a loopback Graph API: the request it sends (path, bearer, body of a template and of
// a text), the wamid it answers, and how Meta's refusals, rate limits, failures and silence are typed, without
// the token or Meta's text in a message or a log line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GraphApiFake, type GraphFailure, startGraphApiFake } from '../../../test/support/graph-api-fake.js';
import { rejectionOf } from '../../../test/support/errors.js';
import { MessagingError, type MessagingFailure, type SendMessageRequest } from './port.js';
import type { WhatsAppSettings } from './settings.js';
import { createWhatsAppCloudMessenger } from './whatsapp-cloud.js';

const PHONE_NUMBER_ID = '106540352242922';
const TENANT = '5f0c7a52-0a7e-4d55-9a39-1f3c7f1e2b10';

let graph: GraphApiFake;
const warnings: unknown[] = [];
const log = { warn: (...args: unknown[]) => void warnings.push(args) };

beforeAll(async () => {
  graph = await startGraphApiFake();
  graph.phoneNumberIds.add(PHONE_NUMBER_ID);
});

afterAll(async () => {
  await graph.stop();
});

function settings(overrides: Partial<WhatsAppSettings> = {}): WhatsAppSettings {
  return {
    graphUrl: graph.url,
    apiVersion: graph.apiVersion,
    token: graph.token,
    appSecret: 'app-secret',
    verifyToken: 'verify-token',
    timeoutMs: 10_000, // a net for loopback calls on a loaded machine; the timeout test sets its own
    ...overrides,
  };
}

/** `sender` null: the tenant has no sending number. */
function messenger(overrides: Partial<WhatsAppSettings> = {}, sender: string | null = PHONE_NUMBER_ID) {
  return createWhatsAppCloudMessenger(settings(overrides), { senderOf: async () => sender ?? undefined, log });
}

const confirmation: SendMessageRequest = {
  tenantId: TENANT,
  to: '+971501234567',
  content: { kind: 'template', name: 'booking_confirmation', language: 'en', bodyParameters: ['Ana', 'BK-1042'] },
  idempotencyKey: 'outbox-17',
};

describe('WhatsApp Cloud API adapter', () => {
  it('posts a template to /<version>/<phone_number_id>/messages with the bearer token and answers the wamid', async () => {
    graph.requests.length = 0;
    const sent = await messenger().send(confirmation);

    const [accepted] = graph.accepted.slice(-1);
    expect(sent.providerMessageId).toBe(accepted?.wamid);
    expect(sent.providerMessageId).toMatch(/^wamid\./);
    expect(graph.requests).toEqual([
      {
        path: `/${graph.apiVersion}/${PHONE_NUMBER_ID}/messages`,
        authorization: `Bearer ${graph.token}`,
        body: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: '971501234567',
          type: 'template',
          template: {
            name: 'booking_confirmation',
            language: { code: 'en' },
            components: [
              {
                type: 'body',
                parameters: [
                  { type: 'text', text: 'Ana' },
                  { type: 'text', text: 'BK-1042' },
                ],
              },
            ],
          },
          biz_opaque_callback_data: 'outbox-17',
        },
      },
    ]);
  });

  it('posts plain text without a link preview', async () => {
    await messenger().send({ ...confirmation, content: { kind: 'text', body: 'Your guide waits at gate 3.' } });
    expect(graph.accepted.at(-1)?.body).toMatchObject({
      type: 'text',
      text: { preview_url: false, body: 'Your guide waits at gate 3.' },
    });
  });

  it.each<[string, GraphFailure, MessagingFailure, number | undefined]>([
    ['a recipient Meta cannot deliver to (131026)', 'refused-recipient', 'refused', 131026],
    ['HTTP 429 with the throughput limit (130429)', 'rate-limited', 'rate-limited', 130429],
    ['the pair rate limit (131056) on HTTP 400', 'pair-rate-limited', 'rate-limited', 131056],
    ["Meta's own failure (500, 131000)", 'server-error', 'unavailable', 131000],
  ])('types %s', async (_, failure, expected, code) => {
    warnings.length = 0;
    graph.failNext(failure);
    const error = await rejectionOf(messenger().send(confirmation), MessagingError);
    expect(error.failure).toBe(expected);
    expect(error.providerCode).toBe(code);
    expect(error.message).toContain(String(code));
    expect(error.message).not.toMatch(/Undeliverable|Rate limit hit|Something went wrong/);
    expect(JSON.stringify(warnings)).toContain(String(code));
    expect(JSON.stringify(warnings)).not.toContain(graph.token);
  });

  it.each<[string, Partial<WhatsAppSettings>, string | null, MessagingFailure, RegExp]>([
    ['a refused token (190)', { token: 'EAAG-wrong-token' }, PHONE_NUMBER_ID, 'unavailable', /HTTP 401, code 190/],
    ['a number Meta does not know (100/33)', {}, '999999999999999', 'refused', /HTTP 400, code 100/],
    ['a tenant without a sending number', {}, null, 'unavailable', /no WhatsApp sending number/],
    [
      'an unreachable Graph API',
      { graphUrl: 'http://127.0.0.1:9' },
      PHONE_NUMBER_ID,
      'unavailable',
      /could not be reached/,
    ],
  ])('types %s', async (_, overrides, sender, expected, message) => {
    warnings.length = 0;
    const error = await rejectionOf(messenger(overrides, sender).send(confirmation), MessagingError);
    expect(error.failure).toBe(expected);
    expect(error.message).toMatch(message);
    expect(JSON.stringify(warnings)).not.toContain('EAAG');
  });

  it('gives up on a hung call after the timeout, as unavailable', async () => {
    graph.failNext('hang');
    // The message names the timeout that ended the call (the fake never answers); a hang is the test's timeout.
    const error = await rejectionOf(messenger({ timeoutMs: 200 }).send(confirmation), MessagingError);
    expect(error.failure).toBe('unavailable');
    expect(error.message).toMatch(/no answer within 200 ms/);
  });

  it('refuses a recipient that is not E.164 without calling Meta', async () => {
    graph.requests.length = 0;
    const error = await rejectionOf(messenger().send({ ...confirmation, to: '0501234567' }), MessagingError);
    expect(error.failure).toBe('refused');
    expect(graph.requests).toEqual([]);
  });
});
