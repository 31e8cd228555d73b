// A loopback stand-in for the Tiqets Distributor API v2 (research/external-systems.md §5) for the Tiqets adapter's
// tests: a real HTTP server on 127.0.0.1 (a random port) answering `{"success": true, …}` in Tiqets' shapes from
// tiqets-fake-data.ts: 401 without `Authorization: Token <key>`, lists paginated by `page`/`page_size` (at most
// 100) with `pagination.total`, 404 for unknown ids, availability for a range of at most 31 days (400 beyond),
// sold-out days omitted, `whole_day` for a product without timeslots; orders reserved (POST /orders), confirmed
// (PUT /orders/{id} with the payment confirmation token), their tickets read and cancelled (DELETE).
// `failNext` scripts the next answers: an HTTP status (429 with an optional Retry-After, 500, 503), a body that
// is not JSON, or a hang; `failNextOn` those of one HTTP method (PUT, DELETE…), whatever comes between them.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  cities,
  countries,
  dayOf,
  experiences,
  products,
  soldOut,
  tags,
  tagTypes,
  variantsOf,
  type Wire,
} from './tiqets-fake-data.js';

export type TiqetsFailure = { status: number; retryAfter?: string } | 'garbage' | 'hang';

export interface TiqetsFakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: Wire | undefined;
}

export interface TiqetsFakeOrder {
  id: string;
  token: string;
  body: Wire;
  status: 'new' | 'done' | 'cancelled';
}

export interface TiqetsFake {
  url: string;
  token: string;
  requests: TiqetsFakeRequest[];
  orders: Map<string, TiqetsFakeOrder>;
  /** Products added by the test (whole-day ones), e.g. our product's id for a booking through the service. */
  addedProducts: Wire[];
  addProduct(id: number): void;
  failNext(...failures: TiqetsFailure[]): void;
  failNextOn(method: string, ...failures: TiqetsFailure[]): void;
  /** Requests to a path (exact, without the query). */
  count(path: string): number;
  stop(): Promise<void>;
}

const DAY_MS = 86_400_000;
const MAX_DAYS = 31;

type Answer = { status: number; body: Wire };
const ok = (body: Wire): Answer => ({ status: 200, body: { success: true, ...body } });
const failure = (status: number, message: string): Answer => ({ status, body: { success: false, message } });

function page(items: Wire[], key: string, query: Record<string, string>): Answer {
  const size = Number(query.page_size ?? 10);
  const number = Number(query.page ?? 1);
  if (!Number.isInteger(size) || size < 1 || size > 100 || !Number.isInteger(number) || number < 1) {
    return failure(400, 'Invalid pagination');
  }
  const slice = items.slice((number - 1) * size, number * size);
  return ok({ [key]: slice, pagination: { page: number, page_size: size, total: items.length } });
}

function availability(productId: number, query: Record<string, string>): Answer {
  const start = Date.parse(`${query.start_date}T00:00:00Z`);
  const end = Date.parse(`${query.end_date}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) return failure(400, 'Invalid dates');
  if ((end - start) / DAY_MS + 1 > MAX_DAYS) return failure(400, 'The period may not exceed 31 days');
  const dates: Wire[] = [];
  for (let time = start; time <= end; time += DAY_MS) {
    const date = new Date(time).toISOString().slice(0, 10);
    if (!soldOut(date)) dates.push(dayOf(productId, date));
  }
  return ok({
    sales_enabled: true,
    dynamic_pricing: productId !== 1002,
    max_tickets_per_order: 10,
    variants: variantsOf(productId),
    groups: [],
    dates,
  });
}

const byId = (items: Wire[], id: string) => items.find((item) => String(item.id) === id);
const productOf = (fake: TiqetsFake, id: string) => byId(products, id) ?? byId(fake.addedProducts, id);

function orderAnswer(fake: TiqetsFake, method: string, id: string, tail: string | undefined, body: Wire | undefined) {
  const order = fake.orders.get(id);
  if (!order) return failure(404, 'Order not found');
  if (method === 'PUT' && !tail) {
    if (body?.payment_confirmation_token !== order.token) return failure(400, 'Wrong payment confirmation token');
    order.status = 'done';
    return ok({ order_reference_id: id, status: 'done' });
  }
  if (method === 'DELETE' && !tail) {
    order.status = 'cancelled';
    return ok({ order_reference_id: id, status: 'cancelled' });
  }
  if (method === 'GET' && tail === 'tickets') {
    if (order.status !== 'done') return failure(400, 'Order not confirmed');
    const count = (order.body.variants as Array<{ count: number }>).reduce((sum, item) => sum + item.count, 0);
    const tickets = Array.from({ length: count }, (_, index) => ({
      barcode: `${id}-${index + 1}`,
      variant_id: (order.body.variants as Array<{ variant_id: string }>)[0]?.variant_id,
      ticket_url: `https://tickets.example/${id}/${index + 1}.pdf`,
    }));
    return ok({ tickets_pdf_url: `https://tickets.example/${id}.pdf`, tickets });
  }
  return failure(405, 'Method not allowed');
}

function reserve(fake: TiqetsFake, body: Wire | undefined): Answer {
  const product = productOf(fake, String(body?.product_id));
  const variants = body?.variants;
  if (!product || !Array.isArray(variants) || typeof body?.day !== 'string') return failure(400, 'Invalid order');
  if (soldOut(body.day)) return failure(400, 'Sold out');
  const id = `TQ${String(fake.orders.size + 1).padStart(6, '0')}`;
  const token = `pct-${id}`;
  fake.orders.set(id, { id, token, body, status: 'new' });
  return ok({ order_reference_id: id, payment_confirmation_token: token, status: 'new' });
}

function route(fake: TiqetsFake, request: TiqetsFakeRequest): Answer {
  const { method, query } = request;
  const parts = request.path.replace(/^\/v2/, '').split('/').filter(Boolean);
  const [resource, id, tail] = parts;
  if (resource === 'orders') {
    if (method === 'POST' && !id) return reserve(fake, request.body);
    return id ? orderAnswer(fake, method, id, tail, request.body) : failure(405, 'Method not allowed');
  }
  if (method !== 'GET') return failure(405, 'Method not allowed');
  const lists: Record<string, Wire[]> = { countries, experiences, products, tags, tag_types: tagTypes };
  if (resource === 'cities') {
    const inCountry = query.country_id ? cities.filter((city) => String(city.country_id) === query.country_id) : cities;
    return page(inCountry, 'cities', query);
  }
  if (resource && !id && lists[resource]) return page(lists[resource] ?? [], resource, query);
  if (resource === 'experiences' && id) {
    const experience = byId(experiences, id);
    return experience ? ok({ experience }) : failure(404, 'Experience not found');
  }
  const product = resource === 'products' && id ? productOf(fake, id) : undefined;
  if (!product) return failure(404, 'Not found');
  if (!tail) return ok({ product });
  if (tail === 'variants') return ok({ max_tickets_per_order: 10, variants: variantsOf(Number(id)) });
  if (tail === 'availability') return availability(Number(id), query);
  return failure(404, 'Not found');
}

async function readBody(request: IncomingMessage): Promise<Wire | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return undefined;
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Wire;
}

export async function startTiqetsFake(): Promise<TiqetsFake> {
  const scripted: TiqetsFailure[] = [];
  const scriptedOn = new Map<string, TiqetsFailure[]>();
  const hanging = new Set<ServerResponse>();
  const fake: TiqetsFake = {
    url: '',
    token: 'tiqets-test-key-5f3a',
    requests: [],
    orders: new Map(),
    addedProducts: [],
    addProduct: (id) => void fake.addedProducts.push({ id, title: `Product ${id}`, price: 20.1, currency: 'EUR' }),
    failNext: (...failures) => void scripted.push(...failures),
    failNextOn: (method, ...failures) => void scriptedOn.set(method, [...(scriptedOn.get(method) ?? []), ...failures]),
    count: (path) => fake.requests.filter((request) => request.path === path).length,
    stop: () =>
      new Promise((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer(async (incoming, response) => {
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
    const request: TiqetsFakeRequest = {
      method: incoming.method ?? 'GET',
      path: url.pathname.replace(/^\/v2/, ''),
      query: Object.fromEntries(url.searchParams),
      authorization: incoming.headers.authorization,
      body: await readBody(incoming),
    };
    fake.requests.push(request);
    const next = scriptedOn.get(request.method)?.shift() ?? scripted.shift();
    if (next === 'hang') return void hanging.add(response);
    if (next === 'garbage') return void response.writeHead(200, { 'content-type': 'application/json' }).end('{"succ');
    let answer: Answer;
    if (next) {
      answer = failure(next.status, 'Scripted failure');
      if (next.retryAfter) response.setHeader('retry-after', next.retryAfter);
    } else if (request.authorization !== `Token ${fake.token}`) {
      answer = failure(401, 'Invalid token');
    } else {
      answer = route(fake, request);
    }
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
  return fake;
}
