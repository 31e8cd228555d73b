// A loopback stand-in for Meta's Graph API, the part the WhatsApp Cloud API adapter speaks: POST
// /<version>/<phone_number_id>/messages with a bearer token. It checks the token, the sending number and the
// body's shape as Meta documents them, keeps what it accepted, and answers as Meta does: the message's wamid, or
// an error body { error: { message, type, code, error_subcode, fbtrace_id } }. `failNext` scripts the next
// answers: a refusal, a rate limit (429), Meta's own failure (500), a hang, or an accepted message whose answer
// never arrives (a lost answer).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type GraphFailure =
  | 'refused-recipient'
  | 'rate-limited'
  | 'pair-rate-limited'
  | 'server-error'
  | 'hang'
  | 'lost-answer';

export interface AcceptedMessage {
  phoneNumberId: string;
  wamid: string;
  body: Record<string, unknown>;
}

export interface GraphApiFake {
  url: string;
  token: string;
  apiVersion: string;
  /** Messages the fake accepted, in order (a lost answer's message too: Meta sent it). */
  accepted: AcceptedMessage[];
  /** Every request's path and the bodies it carried, accepted or not. */
  requests: Array<{ path: string; authorization: string | undefined; body: unknown }>;
  /** Sending numbers the fake knows (others answer Meta's "object does not exist"). */
  phoneNumberIds: Set<string>;
  failNext(...failures: GraphFailure[]): void;
  stop(): Promise<void>;
}

const ERRORS = {
  token: {
    status: 401,
    code: 190,
    type: 'OAuthException',
    message: 'Invalid OAuth access token - Cannot parse access token',
  },
  unknownNumber: {
    status: 400,
    code: 100,
    subcode: 33,
    type: 'GraphMethodException',
    message: 'Unsupported post request. Object with ID does not exist',
  },
  badBody: { status: 400, code: 100, type: 'OAuthException', message: '(#100) Invalid parameter' },
  'refused-recipient': {
    status: 400,
    code: 131026,
    type: 'OAuthException',
    message: '(#131026) Message Undeliverable.',
  },
  'rate-limited': { status: 429, code: 130429, type: 'OAuthException', message: '(#130429) Rate limit hit' },
  'pair-rate-limited': {
    status: 400,
    code: 131056,
    type: 'OAuthException',
    message: '(#131056) (Business Account, Consumer Account) pair rate limit hit',
  },
  'server-error': { status: 500, code: 131000, type: 'OAuthException', message: '(#131000) Something went wrong' },
} as const;

type ErrorName = keyof typeof ERRORS;

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Meta's required fields of a text or template message. */
function wellFormed(body: unknown): body is Record<string, unknown> {
  if (!isRecord(body) || body.messaging_product !== 'whatsapp') return false;
  if (typeof body.to !== 'string' || !/^[1-9]\d{6,14}$/.test(body.to)) return false;
  if (body.type === 'text') return isRecord(body.text) && typeof body.text.body === 'string' && body.text.body !== '';
  if (body.type !== 'template' || !isRecord(body.template)) return false;
  const { name, language, components } = body.template;
  if (typeof name !== 'string' || !isRecord(language) || typeof language.code !== 'string') return false;
  return components === undefined || Array.isArray(components);
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  response.end(JSON.stringify(body));
}

function sendError(response: ServerResponse, name: ErrorName): void {
  const error = ERRORS[name];
  const subcode = 'subcode' in error ? { error_subcode: error.subcode } : {};
  const fbtrace_id = randomBytes(9).toString('base64url');
  send(response, error.status, {
    error: { message: error.message, type: error.type, code: error.code, ...subcode, fbtrace_id },
  });
}

function newWamid(to: string): string {
  return `wamid.HBgM${Buffer.from(to).toString('base64')}FQIAERgS${randomBytes(9).toString('hex').toUpperCase()}AA==`;
}

export async function startGraphApiFake(options: { apiVersion?: string } = {}): Promise<GraphApiFake> {
  const apiVersion = options.apiVersion ?? 'v23.0';
  const token = `EAAG${randomBytes(24).toString('base64url')}`;
  const script: GraphFailure[] = [];
  const hanging = new Set<ServerResponse>();
  const fake: Omit<GraphApiFake, 'url' | 'stop'> = {
    token,
    apiVersion,
    accepted: [],
    requests: [],
    phoneNumberIds: new Set(),
    failNext: (...failures) => void script.push(...failures),
  };

  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    fake.requests.push({ path, authorization: request.headers.authorization, body });
    const match = new RegExp(`^/${apiVersion.replace('.', '\\.')}/([^/]+)/messages$`).exec(path);
    const phoneNumberId = match?.[1];
    if (request.method !== 'POST' || !phoneNumberId) return sendError(response, 'unknownNumber');
    if (request.headers.authorization !== `Bearer ${token}`) return sendError(response, 'token');
    if (!fake.phoneNumberIds.has(phoneNumberId)) return sendError(response, 'unknownNumber');
    if (!wellFormed(body)) return sendError(response, 'badBody');
    const failure = script.shift();
    if (failure === 'hang') return void hanging.add(response);
    if (failure && failure !== 'lost-answer') return sendError(response, failure);
    const wamid = newWamid(String(body.to));
    fake.accepted.push({ phoneNumberId, wamid, body });
    if (failure === 'lost-answer') return void hanging.add(response);
    send(response, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id: wamid, ...(body.type === 'template' ? { message_status: 'accepted' } : {}) }],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === 'string') throw new Error('the Graph API fake did not bind');
  return {
    ...fake,
    url: `http://127.0.0.1:${address.port}`,
    async stop() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
