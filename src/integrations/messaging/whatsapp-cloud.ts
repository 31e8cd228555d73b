// The real messaging adapter: Meta's WhatsApp Cloud API on the Graph API (research/external-systems.md §7).
// POST <graph>/<version>/<phone_number_id>/messages with the system user's bearer token; the answer names the
// message's wamid. Meta's errors ({ error: { message, type, code, error_subcode, fbtrace_id } }) are sorted by
// code into refused, rate limited and unavailable; neither the token nor Meta's free text reaches an answer or
// a log line (its codes and trace id do: they are what Meta support asks for).
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyBaseLogger } from 'fastify';
import { isE164, type MessageContent, MessagingError, type Messenger, type SendMessageRequest } from './port.js';
import type { WhatsAppSettings } from './settings.js';
import { causeOf, readJson } from '../supplier-http.js';

const GraphSuccess = Type.Object({
  messages: Type.Array(Type.Object({ id: Type.String({ minLength: 1 }) }), { minItems: 1 }),
});

const GraphError = Type.Object({
  error: Type.Object({
    message: Type.Optional(Type.String()),
    type: Type.Optional(Type.String()),
    code: Type.Optional(Type.Integer()),
    error_subcode: Type.Optional(Type.Integer()),
    fbtrace_id: Type.Optional(Type.String()),
  }),
});
type GraphError = Static<typeof GraphError>['error'];

/**
 * Meta's rate limits: 4 (application calls), 80007 (business account), 130429 (the number's throughput),
 * 131048 (spam rate limit), 131056 (pair rate: one recipient messaged too often).
 */
const RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131048, 131056]);
/**
 * The message itself cannot go, however often it is retried: 100 and 131008/131009 (invalid or missing
 * parameter), 131021 (recipient is the sender), 131026 (undeliverable: not on WhatsApp, old app), 131030 (not in
 * the test number's allowed list), 131047 (more than 24 h since the customer wrote: only templates), 131051
 * (unsupported type), 132000–132016 (template missing, paused, wrong parameter count…).
 */
const REFUSED_CODES = new Set([
  100, 131008, 131009, 131021, 131026, 131030, 131047, 131051, 132000, 132001, 132005, 132007, 132012, 132015, 132016,
]);

type Fetch = typeof fetch;

export interface WhatsAppCloudDeps {
  /** The tenant's sending number (Meta phone_number_id), from tenant_messaging_numbers. */
  senderOf(tenantId: string): Promise<string | undefined>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  fetchImpl?: Fetch;
}

/** The Graph API body of one message (recipient digits without the plus, as Meta writes wa_id). */
export function graphMessageBody(request: SendMessageRequest): Record<string, unknown> {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: request.to.replace(/^\+/, ''),
    ...contentBody(request.content),
    biz_opaque_callback_data: request.idempotencyKey,
  };
}

function contentBody(content: MessageContent): Record<string, unknown> {
  if (content.kind === 'text') return { type: 'text', text: { preview_url: false, body: content.body } };
  const parameters = content.bodyParameters.map((text) => ({ type: 'text', text }));
  return {
    type: 'template',
    template: {
      name: content.name,
      language: { code: content.language },
      ...(parameters.length > 0 ? { components: [{ type: 'body', parameters }] } : {}),
    },
  };
}

export function createWhatsAppCloudMessenger(settings: WhatsAppSettings, deps: WhatsAppCloudDeps): Messenger {
  const fetchImpl = deps.fetchImpl ?? fetch;
  const { log } = deps;

  async function post(phoneNumberId: string, body: Record<string, unknown>): Promise<Response> {
    const url = `${settings.graphUrl}/${settings.apiVersion}/${encodeURIComponent(phoneNumberId)}/messages`;
    try {
      return await fetchImpl(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${settings.token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const reason = timedOut ? `no answer within ${settings.timeoutMs} ms` : 'could not be reached';
      log.warn({ reason, cause: causeOf(error) }, 'WhatsApp Cloud API call failed');
      throw new MessagingError('unavailable', `The WhatsApp Cloud API ${reason}`);
    }
  }

  return {
    kind: 'whatsapp',
    async send(request) {
      if (!isE164(request.to)) throw new MessagingError('refused', 'The recipient is not an E.164 phone number');
      const phoneNumberId = await deps.senderOf(request.tenantId);
      if (!phoneNumberId) {
        // A set-up gap, not the message's fault: it waits in the outbox until the number is assigned.
        throw new MessagingError('unavailable', 'The tenant has no WhatsApp sending number (tenant_messaging_numbers)');
      }
      const response = await post(phoneNumberId, graphMessageBody(request));
      const body = await readJson(response);
      if (response.ok && Value.Check(GraphSuccess, body)) {
        const [first] = body.messages;
        if (first) return { providerMessageId: first.id };
      }
      throw graphFailure(response.status, body, log);
    },
  };
}

/** Sorts a Graph API failure by Meta's code first, its HTTP status second. */
export function graphFailure(httpStatus: number, body: unknown, log: Pick<FastifyBaseLogger, 'warn'>): MessagingError {
  const graph: GraphError | undefined = Value.Check(GraphError, body) ? body.error : undefined;
  log.warn(
    {
      httpStatus,
      graphCode: graph?.code,
      graphSubcode: graph?.error_subcode,
      graphType: graph?.type,
      fbtraceId: graph?.fbtrace_id,
    },
    'WhatsApp Cloud API did not send the message',
  );
  const code = graph?.code;
  const said = code === undefined ? `HTTP ${httpStatus}` : `HTTP ${httpStatus}, code ${code}`;
  if ((code !== undefined && RATE_LIMIT_CODES.has(code)) || httpStatus === 429) {
    return new MessagingError('rate-limited', `WhatsApp asked to slow down (${said})`, code);
  }
  if (code !== undefined && REFUSED_CODES.has(code) && httpStatus < 500) {
    return new MessagingError('refused', `WhatsApp refused the message (${said})`, code);
  }
  if (httpStatus >= 200 && httpStatus < 300) {
    return new MessagingError('unavailable', 'The WhatsApp Cloud API answered in an unexpected form');
  }
  // 5xx, and 4xx set-up problems (expired token 190, permissions 10/200, number not registered 133010):
  // retried, so the message goes out once Meta is back or the operator fixed the set-up.
  return new MessagingError('unavailable', `The WhatsApp Cloud API failed (${said})`, code);
}
