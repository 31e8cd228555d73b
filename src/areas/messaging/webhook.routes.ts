// Meta's webhook for WhatsApp: GET answers the subscription handshake, POST takes event deliveries. One Meta app
// has one callback URL for all its numbers, so these routes are served on any host (configure the base domain's
// https://<base domain>/messaging/webhook/whatsapp) and route each change by its phone_number_id. They are not
// operations: the signature is an HMAC of the raw bytes, so they live in a scope of their own whose JSON parser
// keeps the body as bytes, checked before anything is parsed. Without TC_WHATSAPP_APP_SECRET and
// TC_WHATSAPP_VERIFY_TOKEN nothing can be verified, and both answer 404.
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { isSignedBy, verifyHandshake, type WhatsAppWebhookSettings } from '../../integrations/messaging/index.js';
import { errorBody, ok } from '../../platform/http/envelope.js';
import { ErrorCode } from '../../platform/http/errors.js';
import { servedOn } from '../../platform/http/openapi.js';
import type { DeliveryReceipt } from './webhook.js';

export const WEBHOOK_PATH = '/messaging/webhook/whatsapp';
/** Meta batches at most a thousand updates; a megabyte leaves room. */
const BODY_LIMIT = 1024 * 1024;
/** Meta's challenges are numbers; anything else is not echoed. */
const CHALLENGE = /^[A-Za-z0-9._-]{1,128}$/;
const OPENAPI = { tags: ['messaging webhook'], security: [], ...servedOn('any host') };
const JSON_TYPE = 'application/json; charset=utf-8';

export interface WebhookRouteDeps {
  settings: WhatsAppWebhookSettings | undefined;
  receive(body: unknown, log: FastifyBaseLogger): Promise<DeliveryReceipt | undefined>;
}

function refuse(reply: FastifyReply, status: number, code: ErrorCode, message: string): FastifyReply {
  return reply.code(status).type(JSON_TYPE).send(errorBody(code, message));
}

function notConfigured(reply: FastifyReply): FastifyReply {
  return refuse(reply, 404, ErrorCode.NOTFOUND, 'The WhatsApp webhook is not configured');
}

function parsed(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

const Receipt = {
  type: 'object',
  properties: {
    apiStatus: { type: 'object' },
    apiData: {
      type: 'object',
      properties: { stored: { type: 'integer' }, statuses: { type: 'integer' }, ignored: { type: 'integer' } },
    },
  },
} as const;

export async function registerWebhookRoutes(app: FastifyInstance, deps: WebhookRouteDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    scope.get(
      WEBHOOK_PATH,
      {
        schema: {
          summary: "Meta's webhook verification handshake",
          description:
            'hub.mode=subscribe with the configured verify token (TC_WHATSAPP_VERIFY_TOKEN) answers 200 with ' +
            'hub.challenge as plain text; anything else 403; 404 when no webhook is configured.',
          ...OPENAPI,
          operationId: 'whatsappWebhookVerify',
          response: { 200: { type: 'string', description: 'The challenge, as sent' } },
        },
      },
      async (request, reply) => {
        if (!deps.settings) return notConfigured(reply);
        const query: Record<string, unknown> =
          typeof request.query === 'object' && request.query ? { ...request.query } : {};
        const challenge = verifyHandshake(deps.settings, {
          mode: query['hub.mode'],
          verifyToken: query['hub.verify_token'],
          challenge: query['hub.challenge'],
        });
        if (challenge === undefined || !CHALLENGE.test(challenge)) {
          return refuse(reply, 403, ErrorCode.FORBIDDEN, 'The verification request was not accepted');
        }
        return reply
          .code(200)
          .type('text/plain; charset=utf-8')
          .header('x-content-type-options', 'nosniff')
          .send(challenge);
      },
    );

    scope.post(
      WEBHOOK_PATH,
      {
        schema: {
          summary: "Meta's WhatsApp event deliveries (inbound messages, status notifications)",
          description:
            'Signed with X-Hub-Signature-256 (HMAC-SHA256 of the raw body under TC_WHATSAPP_APP_SECRET): a missing ' +
            'or wrong signature answers 403 and stores nothing. Each change is routed by ' +
            'metadata.phone_number_id to its tenant; an unknown number is acknowledged and ignored. Inbound ' +
            'messages are stored once per wamid; statuses move outbound messages on.',
          ...OPENAPI,
          operationId: 'whatsappWebhookDeliver',
          response: { 200: Receipt },
        },
      },
      async (request, reply) => {
        if (!deps.settings) return notConfigured(reply);
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        // Meta's signature header only; no session carrier is read here (the kernel alone reads those).
        const { 'x-hub-signature-256': signature } = request.headers;
        if (!isSignedBy(deps.settings.appSecret, raw, typeof signature === 'string' ? signature : undefined)) {
          request.log.warn('WhatsApp webhook delivery with a missing or wrong signature refused');
          return refuse(reply, 403, ErrorCode.FORBIDDEN, 'The signature does not match');
        }
        const receipt = await deps.receive(parsed(raw), request.log);
        if (!receipt) return refuse(reply, 400, ErrorCode.INVALID_FORMAT, 'Not a WhatsApp Business delivery');
        return reply.code(200).type(JSON_TYPE).send(ok(receipt));
      },
    );
  });
}
