// GoGlobal's transport (research/external-systems.md §6.1): one SOAP 1.1 operation, MakeRequest(requestType,
// xmlRequest) → MakeRequestResult, where both the request and the result are XML documents carried as strings. This
// file builds and reads those documents; tolerant readers below treat a field of the wrong shape as absent.
import { XMLBuilder, XMLParser } from 'fast-xml-parser';

export const SOAP_NAMESPACE = 'http://www.goglobal.travel/';
export const SOAP_ACTION = `${SOAP_NAMESPACE}MakeRequest`;

/** The request types of GoGlobal's MakeRequest and the Operation each names in the inner header. */
export const OPERATIONS = {
  search: { requestType: 11, operation: 'HOTEL_SEARCH_REQUEST', version: '2.3' },
  insert: { requestType: 2, operation: 'BOOKING_INSERT_REQUEST', version: '2.3' },
  cancel: { requestType: 3, operation: 'BOOKING_CANCEL_REQUEST', version: '2.0' },
  status: { requestType: 5, operation: 'BOOKING_STATUS_REQUEST', version: '2.0' },
  voucher: { requestType: 8, operation: 'VOUCHER_DETAILS_REQUEST', version: '2.3' },
  valuation: { requestType: 9, operation: 'BOOKING_VALUATION_REQUEST', version: '2.0' },
  bookingSearch: { requestType: 10, operation: 'ADV_BOOKING_SEARCH_REQUEST', version: '2.0' },
  breakdown: { requestType: 14, operation: 'PRICE_BREAKDOWN_REQUEST', version: '2.0' },
} as const;

export type OperationName = keyof typeof OPERATIONS;

export type Json = Record<string, unknown>;

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: true });

// Values stay strings (a booking code "0012" keeps its zeros); namespaces are dropped (soap:Body → Body).
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  removeNSPrefix: true,
  trimValues: true,
  processEntities: true,
});

/** An XML document from its object form ('@_' prefixes attributes); text is escaped. */
export function buildXml(document: Json): string {
  return builder.build(document);
}

/** The object form of an XML document; throws on text that is not XML. */
export function parseXml(text: string): Json {
  return record(parser.parse(text, true)) ?? {};
}

export interface Credentials {
  agency: string;
  user: string;
  password: string;
}

/** The inner request: GoGlobal's header (credentials and the operation) and the operation's Main element. */
export function innerRequest(credentials: Credentials, name: OperationName, main: Json): string {
  const { operation, version } = OPERATIONS[name];
  return buildXml({
    Root: {
      Header: {
        Agency: credentials.agency,
        User: credentials.user,
        Password: credentials.password,
        Operation: operation,
        OperationType: 'Request',
      },
      Main: { '@_Version': version, '@_ResponseFormat': 'XML', ...main },
    },
  });
}

export function soapEnvelope(requestType: number, xmlRequest: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>${buildXml({
    'soap:Envelope': {
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      '@_xmlns:xsd': 'http://www.w3.org/2001/XMLSchema',
      '@_xmlns:soap': 'http://schemas.xmlsoap.org/soap/envelope/',
      'soap:Body': { MakeRequest: { '@_xmlns': SOAP_NAMESPACE, requestType, xmlRequest } },
    },
  })}`;
}

export function record(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

/** An element that may appear once or many times, as a list (absent: none). */
export function list(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

/** An element's text (also of an element with attributes), trimmed; undefined when empty or absent. */
export function text(value: unknown): string | undefined {
  const raw = record(value)?.['#text'] ?? value;
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  return typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : undefined;
}

export function attribute(value: unknown, name: string): string | undefined {
  return text(record(value)?.[`@_${name}`]);
}

/** A decimal amount ("342.20"; "1,342.20" loses its grouping commas); else undefined. */
export function decimal(value: unknown): string | undefined {
  const raw = text(value)?.replace(/,/g, '');
  return raw && /^\d+(\.\d+)?$/.test(raw) ? raw : undefined;
}

export function whole(value: unknown): number | undefined {
  const raw = text(value);
  return raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** yyyy-MM-dd from GoGlobal's dates: yyyy-MM-dd, d/MMM/yyyy (8/Dec/2026) or dd/MM/yyyy; undefined otherwise. */
export function supplierDate(value: unknown): string | undefined {
  const raw = text(value);
  if (!raw) return undefined;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const dmy = /^(\d{1,2})\/([A-Za-z]{3}|\d{1,2})\/(\d{4})$/.exec(raw);
  if (!dmy) return undefined;
  const [, day = '', month = '', year = ''] = dmy;
  const monthNumber = /^\d+$/.test(month) ? Number(month) : MONTHS.indexOf(month.toLowerCase()) + 1;
  if (monthNumber < 1 || monthNumber > 12) return undefined;
  return `${year}-${String(monthNumber).padStart(2, '0')}-${day.padStart(2, '0')}`;
}
