// The OpenAPI 3.1 document served at /openapi.json: where each operation is served, the tags (the areas declare theirs), and
// the finishing touches fastify-swagger leaves out. test/api-docs.test.ts runs `redocly lint` on the result.
import { Type } from '@sinclair/typebox';
import { Envelope } from './envelope.js';

/** Where an operation is served: tenant hosts (`<tenantCode>.<base domain>`), the bare base domain, or both. */
export type ServedOn = 'tenant hosts' | 'base domain' | 'any host';

const SERVED_ON = 'x-served-on';

/** '/product/getCategories' → 'productGetCategories'; a GET form gets the suffix Get (POST is the default). */
export function operationId(path: string, method: 'GET' | 'POST'): string {
  const base = path
    .replace(/^\//, '')
    .replace(/[{}:]/g, '')
    .replace(/[/.-](\w)/g, (_, c: string) => c.toUpperCase());
  return method === 'GET' ? `${base}Get` : base;
}

/** The operation's tags: those it declares, else the first segment of its path. */
export function tagsOf(definition: { path: string; tags?: readonly string[] }): string[] {
  return definition.tags ? [...definition.tags] : [definition.path.split('/')[1] ?? 'api'];
}

/**
 * Marks a route served elsewhere than on tenant hosts (the document's default servers). A route declares only
 * where it is served; the served document turns the mark into `servers` from the configured public URL.
 */
export function servedOn(where: Exclude<ServedOn, 'tenant hosts'>): { [SERVED_ON]: ServedOn } {
  return { [SERVED_ON]: where };
}

function isServedOn(value: unknown): value is ServedOn {
  return value === 'tenant hosts' || value === 'base domain' || value === 'any host';
}

export interface ApiServer {
  url: string;
  description: string;
  variables?: Record<string, { default: string; description: string }>;
}

/** The example tenant of the server template (the one `npm start` creates). */
const EXAMPLE_TENANT = 'demo';

/**
 * The servers of an operation, derived from the public URL as tenant addresses are (`tenantUrl`):
 * `http://{tenant}.localhost:8080` for tenant hosts, `http://localhost:8080` for the base domain.
 */
export function apiServers(publicUrl: string, where: ServedOn): ApiServer[] {
  const url = new URL(publicUrl);
  const path = url.pathname.replace(/\/+$/, '');
  const base: ApiServer = { url: `${url.protocol}//${url.host}${path}`, description: 'The base domain (platform)' };
  const tenant: ApiServer = {
    url: `${url.protocol}//{tenant}.${url.host}${path}`,
    description: "A tenant's host",
    variables: { tenant: { default: EXAMPLE_TENANT, description: 'The tenant code' } },
  };
  if (where === 'tenant hosts') return [tenant];
  if (where === 'base domain') return [base];
  return [base, tenant];
}

/** A tag of the OpenAPI document and of docs/api.md's sections: an area declares the tags its operations use. */
export interface ApiTag {
  name: string;
  description: string;
}

/** The kernel's own routes' tag (the builtin identity provider); every other tag is declared by the area it names. */
export const KERNEL_TAGS: readonly ApiTag[] = [
  {
    name: 'identity provider',
    description: 'The builtin, Keycloak-compatible identity provider: tokens, signing keys, discovery (base domain)',
  },
];

/** What a refused request answers when the operation declares nothing else for 4xx (see docs/api.md). */
const REFUSED = {
  description:
    'Refused before the operation ran: malformed JSON (400), platform token missing or invalid (401), tenant ' +
    'unavailable (403), unknown route (404), body too large (413), rate limit (429); the envelope with apiData null',
  content: { 'application/json': { schema: Envelope(Type.Null()) } },
};

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The document as served: each operation's servers, tuples in 3.1 form, and a 4XX answer on operations that
 * declare none.
 */
export function finishDocument<D extends object>(generated: D, publicUrl: string): D {
  // A copy: the generated document shares schema objects with the routes' validators and serialisers.
  const document = structuredClone(generated);
  tuplesAsPrefixItems(document);
  placeholdersAsCode(document);
  if (isRecord(document)) {
    for (const operation of operationsOf(document)) {
      const where = operation[SERVED_ON];
      delete operation[SERVED_ON];
      if (isServedOn(where)) operation.servers = apiServers(publicUrl, where);
    }
    addRefusals(document);
    for (const operation of operationsOf(document)) pathParametersFromInput(operation);
  }
  return document;
}

/**
 * A GET's path parameter (`/booking/voucher/{id}`) is declared with its input (route-input.ts), so the generated
 * document lists it twice: as the path's (a bare string) and as a query parameter. It keeps the path one, with the
 * declared schema and description.
 */
function pathParametersFromInput(operation: Json): void {
  if (!Array.isArray(operation.parameters)) return;
  const parameters = operation.parameters.filter(isRecord);
  const inPath = parameters.filter((parameter) => parameter.in === 'path');
  if (inPath.length === 0) return;
  const declared = (name: unknown) =>
    parameters.find((parameter) => parameter.in === 'query' && parameter.name === name);
  for (const parameter of inPath) {
    const input = declared(parameter.name);
    if (input) Object.assign(parameter, { schema: input.schema, description: input.description, required: true });
  }
  const names = new Set(inPath.map((parameter) => parameter.name));
  operation.parameters = parameters.filter((parameter) => parameter.in !== 'query' || !names.has(parameter.name));
}

function operationsOf(document: Json): Json[] {
  const pathItems = isRecord(document.paths) ? Object.values(document.paths).filter(isRecord) : [];
  return pathItems.flatMap((pathItem) => Object.values(pathItem).filter(isRecord));
}

/** Values of these keywords are data, not schemas: a default or an example may well hold an `items` array. */
const DATA_KEYWORDS = new Set(['default', 'example', 'examples', 'enum', 'const']);

/**
 * TypeBox writes a tuple in draft-07 form (`items: [...]`, `additionalItems: false`), which Ajv validates;
 * OpenAPI 3.1 (JSON Schema 2020-12) says the same with `prefixItems` and `items: false`.
 */
function tuplesAsPrefixItems(node: unknown): void {
  if (Array.isArray(node)) {
    for (const element of node) tuplesAsPrefixItems(element);
    return;
  }
  if (!isRecord(node)) return;
  if (Array.isArray(node.items)) {
    const { items, additionalItems } = node;
    node.prefixItems = items;
    delete node.items;
    delete node.additionalItems;
    if (additionalItems === false || isRecord(additionalItems)) node.items = additionalItems;
  }
  for (const [key, value] of Object.entries(node)) if (!DATA_KEYWORDS.has(key)) tuplesAsPrefixItems(value);
}

/**
 * A placeholder of the descriptions' prose (`<tenantCode>.<base domain>`, `QUO-<year>-<nnnnnn>`, `token=<value>`)
 * with what is joined to it, as a code span: Swagger UI and Redoc render descriptions as Markdown, where a bare
 * `<tenantCode>` is an HTML tag and vanishes. Code spans already written are left as they are.
 */
const PLACEHOLDER_RUN = /(?:[\w.:/=+-]*<[^\s<>`][^<>`\n]*>)+(?:[\w:/=+-]|\.(?=\w))*/g;

export function placeholdersAsCodeSpans(text: string): string {
  if (!text.includes('<')) return text;
  return text
    .split(/(`[^`]*`)/)
    .map((part) => (part.startsWith('`') ? part : part.replace(PLACEHOLDER_RUN, (run) => `\`${run}\``)))
    .join('');
}

function placeholdersAsCode(node: unknown): void {
  if (Array.isArray(node)) {
    for (const element of node) placeholdersAsCode(element);
    return;
  }
  if (!isRecord(node)) return;
  if (typeof node.description === 'string') node.description = placeholdersAsCodeSpans(node.description);
  for (const [key, value] of Object.entries(node)) if (!DATA_KEYWORDS.has(key)) placeholdersAsCode(value);
}

function addRefusals(document: Json): void {
  const components = isRecord(document.components) ? document.components : {};
  const responses = isRecord(components.responses) ? components.responses : {};
  responses.Refused = REFUSED;
  components.responses = responses;
  document.components = components;
  for (const operation of operationsOf(document)) {
    const answers = operation.responses;
    if (!isRecord(answers) || Object.keys(answers).some((status) => status.startsWith('4'))) continue;
    answers['4XX'] = { $ref: '#/components/responses/Refused' };
  }
}
