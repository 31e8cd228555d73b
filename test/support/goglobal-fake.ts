// A loopback stand-in for GoGlobal's XML web service (research/external-systems.md §6) for the GoGlobal hotel
// adapter's tests: a real HTTP server on 127.0.0.1 answering SOAP 1.1 MakeRequest envelopes (SOAPAction checked),
// parsing the inner request's header (agency, user, password; the Operation must match the requestType) and
// answering MakeRequestResult documents from goglobal-fake-answers.ts, with GoGlobal's Error element for what it
// refuses. `failNext` scripts the next answers (an Error element, a SOAP fault, HTTP 500, a body that is not XML, a
// hang, or a booking made whose answer never comes), `failNextOn` those of one operation; `delayMs` makes every
// answer slow.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import {
  bookingAnswer,
  breakdownAnswer,
  type FakeBooking,
  type Main,
  parseSearchCode,
  searchAnswer,
  totalOf,
  voucherAnswer,
} from './goglobal-fake-answers.js';

export type GoGlobalFailure = 'error-element' | 'soap-fault' | 'http-500' | 'not-xml' | 'hang' | 'book-then-hang';

export interface GoGlobalFakeRequest {
  requestType: number;
  operation: string;
  soapAction: string | undefined;
  /** The inner request's Main element, parsed. */
  main: Main;
  /** The raw inner request (what carried the password). */
  xmlRequest: string;
}

export interface GoGlobalFake {
  url: string;
  agency: string;
  user: string;
  password: string;
  currency: string;
  requests: GoGlobalFakeRequest[];
  /** Bookings made, by GoBookingCode. */
  bookings: Map<string, FakeBooking>;
  delayMs: number;
  failNext(...failures: GoGlobalFailure[]): void;
  /** Fails the next requests of one operation (BOOKING_INSERT_REQUEST, …), whatever comes between them. */
  failNextOn(operation: string, ...failures: GoGlobalFailure[]): void;
  /** Requests of one operation (HOTEL_SEARCH_REQUEST, BOOKING_INSERT_REQUEST, …). */
  count(operation: string): number;
  stop(): Promise<void>;
}

const REQUEST_TYPES: Record<number, string> = {
  1: 'HOTEL_SEARCH_REQUEST',
  11: 'HOTEL_SEARCH_REQUEST',
  2: 'BOOKING_INSERT_REQUEST',
  3: 'BOOKING_CANCEL_REQUEST',
  4: 'BOOKING_SEARCH_REQUEST',
  5: 'BOOKING_STATUS_REQUEST',
  8: 'VOUCHER_DETAILS_REQUEST',
  9: 'BOOKING_VALUATION_REQUEST',
  10: 'ADV_BOOKING_SEARCH_REQUEST',
  14: 'PRICE_BREAKDOWN_REQUEST',
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  removeNSPrefix: true,
});
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_' });

function obj(value: unknown): Main {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value))
    : {};
}

/** An element that came once or many times: its first occurrence. */
function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

function str(value: unknown): string {
  if (typeof value === 'string') return value;
  const inner = obj(value)['#text'];
  return typeof inner === 'string' ? inner : '';
}

function envelope(inner: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>${builder.build({
    'soap:Envelope': {
      '@_xmlns:soap': 'http://schemas.xmlsoap.org/soap/envelope/',
      'soap:Body': {
        MakeRequestResponse: { '@_xmlns': 'http://www.goglobal.travel/', MakeRequestResult: inner },
      },
    },
  })}`;
}

function answerDocument(operation: string, main: Main): string {
  const response = operation.replace(/_REQUEST$/, '_RESPONSE');
  return builder.build({
    Root: { Header: { Operation: response, OperationType: 'Response' }, Main: main },
  });
}

const errorMain = (code: string, message: string): Main => ({ Error: { '@_code': code, '#text': message } });

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

export async function startGoGlobalFake(): Promise<GoGlobalFake> {
  const failures: GoGlobalFailure[] = [];
  const failuresOf = new Map<string, GoGlobalFailure[]>();
  const hanging = new Set<ServerResponse>();
  let nextCode = 500_001;
  const fake: GoGlobalFake = {
    url: '',
    agency: '1521',
    user: 'TRAVELQ',
    password: 'pa$$<word>&"x"',
    currency: 'USD',
    requests: [],
    bookings: new Map(),
    delayMs: 0,
    failNext: (...next) => void failures.push(...next),
    failNextOn: (operation, ...next) => void failuresOf.set(operation, [...(failuresOf.get(operation) ?? []), ...next]),
    count: (operation) => fake.requests.filter((r) => r.operation === operation).length,
    stop: async () => {},
  };

  function book(main: Main): { booking: FakeBooking } | { refusal: Main } {
    const reference = str(main.AgentReference);
    if ([...fake.bookings.values()].some((b) => b.agentReference === reference)) {
      return { refusal: errorMain('DUPLICATE', `Agent reference ${reference} was already used`) };
    }
    const offer = parseSearchCode(str(main.HotelSearchCode));
    if (!offer) return { refusal: errorMain('INVALID_SEARCH_CODE', 'Hotel search code expired or invalid') };
    const person = obj(first(obj(first(obj(first(obj(main.Rooms).RoomType)).Room)).PersonName));
    const booking: FakeBooking = {
      goBookingCode: String(nextCode++),
      agentReference: reference,
      hotelSearchCode: str(main.HotelSearchCode),
      hotelName: offer.hotel.name,
      arrivalDate: offer.arrivalDate,
      nights: offer.nights,
      totalPrice: totalOf(offer),
      status: offer.hotel.availability === '1' ? 'C' : 'RQ',
      leader: `${str(person['@_FirstName'])} ${str(person['@_LastName'])}`.trim(),
    };
    fake.bookings.set(booking.goBookingCode, booking);
    return { booking };
  }

  function answer(operation: string, main: Main): Main {
    const known = (code: string) => fake.bookings.get(code);
    switch (operation) {
      case 'HOTEL_SEARCH_REQUEST': {
        const room = obj(obj(main.Rooms).Room);
        const rooms = Number(str(room['@_RoomCount']) || '1');
        return searchAnswer(str(main.ArrivalDate), Number(str(main.Nights)), rooms, fake.currency);
      }
      case 'BOOKING_VALUATION_REQUEST': {
        const offer = parseSearchCode(str(main.HotelSearchCode));
        if (!offer) return errorMain('INVALID_SEARCH_CODE', 'Hotel search code expired or invalid');
        return {
          HotelSearchCode: str(main.HotelSearchCode),
          ArrivalDate: offer.arrivalDate,
          CancellationDeadline: offer.arrivalDate,
          Remarks: 'Valuation remarks',
          Rates: { '@_currency': fake.currency, '#text': totalOf(offer) },
        };
      }
      case 'PRICE_BREAKDOWN_REQUEST': {
        const offer = parseSearchCode(str(main.HotelSearchCode));
        return offer ? breakdownAnswer(offer, fake.currency) : errorMain('INVALID_SEARCH_CODE', 'expired');
      }
      case 'BOOKING_INSERT_REQUEST': {
        const made = book(main);
        return 'booking' in made ? bookingAnswer(made.booking, fake.currency) : made.refusal;
      }
      case 'BOOKING_STATUS_REQUEST': {
        const booking = known(str(main.GoBookingCode));
        if (!booking) return errorMain('NOT_FOUND', 'Booking not found');
        return {
          GoBookingCode: {
            '@_Status': booking.status,
            '@_TotalPrice': booking.totalPrice,
            '@_Currency': fake.currency,
            '#text': booking.goBookingCode,
          },
        };
      }
      case 'ADV_BOOKING_SEARCH_REQUEST': {
        const found = [...fake.bookings.values()].filter((b) => b.agentReference === str(main.AgentReference));
        return { Bookings: { Booking: found.map((b) => bookingAnswer(b, fake.currency)) } };
      }
      case 'BOOKING_CANCEL_REQUEST': {
        const booking = known(str(main.GoBookingCode));
        if (!booking) return errorMain('NOT_FOUND', 'Booking not found');
        booking.status = 'X';
        return { GoBookingCode: booking.goBookingCode, BookingStatus: 'X' };
      }
      case 'VOUCHER_DETAILS_REQUEST': {
        const booking = known(str(main.GoBookingCode));
        if (booking?.status !== 'C') return errorMain('NO_VOUCHER', 'Voucher not available for this booking');
        return voucherAnswer(booking);
      }
      default:
        return errorMain('UNSUPPORTED', `Operation ${operation} not supported`);
    }
  }

  async function handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(incoming);
    const call = obj(obj(obj(parser.parse(body)).Envelope).Body).MakeRequest;
    const requestType = Number(str(obj(call).requestType));
    const xmlRequest = str(obj(call).xmlRequest);
    const root = obj(obj(parser.parse(xmlRequest)).Root);
    const header = obj(root.Header);
    const main = obj(root.Main);
    const operation = str(header.Operation);
    fake.requests.push({
      requestType,
      operation,
      soapAction: incoming.headers.soapaction?.toString(),
      main,
      xmlRequest,
    });
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    const failure = failuresOf.get(operation)?.shift() ?? failures.shift();
    if (failure === 'hang') return void hanging.add(response);
    if (failure === 'book-then-hang') {
      answer(operation, main);
      return void hanging.add(response);
    }
    if (failure === 'http-500')
      return void response.writeHead(500, { 'content-type': 'text/html' }).end('<h1>500</h1>');
    if (failure === 'not-xml') return void response.writeHead(200, { 'content-type': 'text/xml' }).end('{"no": "xml"}');
    if (failure === 'soap-fault') {
      const fault = builder.build({
        'soap:Envelope': {
          '@_xmlns:soap': 'http://schemas.xmlsoap.org/soap/envelope/',
          'soap:Body': {
            'soap:Fault': {
              faultcode: 'soap:Server',
              faultstring: 'Server was unable to process request. internal detail',
            },
          },
        },
      });
      return void response.writeHead(500, { 'content-type': 'text/xml' }).end(fault);
    }
    let main2: Main;
    if (failure === 'error-element') main2 = errorMain('GEN', 'Supplier internal failure: secret internal words');
    else if (
      str(header.Agency) !== fake.agency ||
      str(header.User) !== fake.user ||
      str(header.Password) !== fake.password
    ) {
      main2 = errorMain('AUTH', 'Invalid agency, user or password');
    } else if (
      REQUEST_TYPES[requestType] !== operation ||
      incoming.headers.soapaction !== '"http://www.goglobal.travel/MakeRequest"'
    ) {
      main2 = errorMain('OPERATION', `requestType ${requestType} does not match ${operation}`);
    } else main2 = answer(operation, main);
    response
      .writeHead(200, { 'content-type': 'text/xml; charset=utf-8' })
      .end(envelope(answerDocument(operation, main2)));
  }

  const server: Server = createServer((incoming, response) => {
    handle(incoming, response).catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === 'string') throw new Error('the GoGlobal fake did not bind');
  fake.url = `http://127.0.0.1:${address.port}/XMLWebService.asmx`;
  fake.stop = async () => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
