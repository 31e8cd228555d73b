// Record ids in requests (contract §7.1): usable only by a caller who may read the record. Walks every registered
// operation: (a) each parameter named like a personal record id (top level or one level nested) is declared with
// its kind, so a new area cannot forget it, and each declaration names a real parameter and a kind some area
// reads; (b) with a record owned by someone else, a guest, a customer and another tenant's employee get NOTFOUND
// (or their role refusal, where the role table keeps them out), while the tenant's own admin gets past the check.
import { randomUUID } from 'node:crypto';
import type { TSchema } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../src/platform/auth/roles.js';
import type { OperationDeclaration } from '../src/platform/http/operation.js';
import type { RecordId } from '../src/platform/http/records.js';
import { addDays, formatDate } from '../src/platform/time.js';
import {
  type Caller,
  cartWithItems,
  guest,
  product,
  type TestTenant,
  type TestUser,
  tenant,
  user,
  variantWithInventory,
} from './support/factories.js';
import { sailing } from './support/cruise-sailing.js';
import { startTestService } from './support/service.js';

/** Parameter names that hold the id of someone's record (orders, invoices, customers, users, bookings, quotes …). */
const PERSONAL_RECORD_ID =
  /^(docnum|invoice|(customer|contact|cart|quote|request|booking|invoice|order|payment|user|passenger|pax|application|project)(Id|Ids|Ref|Num|Number))$/;

/** Record ids left undeclared on purpose (docs/decisions.md, "Record ids in requests"). */
const UNDECLARED: Readonly<Record<string, readonly string[]>> = {
  // A label the website back end writes on its own analytics row: nothing of that user is read or answered.
  '/common/wact': ['userId'],
  // An invoice's payment page: its number with its pay key is the key, as a booking's refnum with its access code;
  // a pair that does not match answers a page naming nothing (docs/decisions.md, issue 30).
  '/document/invoicePayment': ['invoice'],
  // A part of quote numbers to search for (employees only), not one quote's number.
  '/document/searchQuotes': ['quoteNumber'],
  // The caller's own labels of the travellers an offer is priced for (contract §7.5), not ids of stored records.
  '/flight/price': ['passengers[].passengerId'],
  // The caller's labels of the travellers a flight offer is priced for (contract §7.5), not ids of stored records.
  '/cart/addFlightOffer': ['passengers[].passengerId'],
  // The multiple form's passengers: each element's paxId (and groupId) is checked by the groups area as it writes
  // them (NOTFOUND naming the element); employees only, who may name every passenger of their tenant.
  '/groups/pax/write': ['paxList[].paxId'],
};

/**
 * Record kinds every caller of the tenant may name (docs/decisions.md, Hotels: the contracted inventory is what the
 * tenant sells, searched by guests too): only another tenant's caller is refused them.
 */
const TENANT_PUBLIC_KINDS: readonly string[] = ['hotel', 'hotelRoom'];

/** Operations stricter than "may read": the record's reader lets staff through, the operation does not. */
const OWNER_ONLY: readonly string[] = [
  // Only one's own password, knowing the current one; an admin uses /user/create or a reset instead.
  '/user/updatepwd',
];

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  minLength?: number;
  minItems?: number;
  pattern?: string;
}

/** Values tried, in order, for a string with a pattern (dd/MM/yyyy dates, markets, city codes, times). */
const PATTERNED = ['15/01/2030', '2030-01-15', 'UAE', 'DXB', '12:00', 'a1'];

const asSchema = (schema: TSchema | undefined): Schema => (schema ?? {}) as Schema;

/** Top-level parameters and those one level down (`customer.customerId`, `items[].productId`). */
function parameterPaths(schema: Schema): string[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const nested = property.type === 'array' ? property.items : property;
    const inner = Object.keys(nested?.properties ?? {});
    return [name, ...inner.map((key) => (property.type === 'array' ? `${name}[].${key}` : `${name}.${key}`))];
  });
}

/** A valid value of the schema: required properties only, the smallest of each kind. */
function sample(schema: Schema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sample(schema.anyOf.find((option) => option.type !== 'null') ?? {});
  if (schema.type === 'object') {
    return Object.fromEntries((schema.required ?? []).map((key) => [key, sample(schema.properties?.[key] ?? {})]));
  }
  if (schema.type === 'array')
    return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items ?? {}));
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  if (schema.type === 'boolean') return false;
  if (schema.format === 'email') return 'someone@example.com';
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date') return '2030-01-15';
  const { pattern } = schema;
  if (pattern !== undefined) return PATTERNED.find((value) => new RegExp(pattern).test(value)) ?? 'a1';
  return 'a sample value 42'.padEnd(schema.minLength ?? 0, 'x');
}

/** The operation's sample input with `id` at the dotted `parameter`. */
function inputWith(declared: OperationDeclaration, parameter: string, id: RecordId): Record<string, unknown> {
  const input = sample({ ...asSchema(declared.input), type: 'object' }) as Record<string, unknown>;
  const [first, second] = parameter.split('.') as [string, string | undefined];
  if (second === undefined) return { ...input, [first]: id };
  return { ...input, [first]: { ...((input[first] as object | undefined) ?? {}), [second]: id } };
}

interface Outcome {
  errorCode: string;
  errorMessage: string;
  apiData: unknown;
}

/** The caller's answer: its status and data; a document (PDF) counts as OK. */
async function send(
  caller: Caller,
  method: string,
  path: string,
  parameters: Record<string, unknown>,
): Promise<Outcome> {
  const { api } = caller;
  const input = { ...parameters, session: caller.session };
  const query = new URLSearchParams(Object.entries(input).map(([key, value]) => [key, String(value)]));
  const answer =
    method === 'GET'
      ? await api.inject({ method: 'GET', url: `${path}?${query}` })
      : await api.inject({ method: 'POST', url: path, payload: input });
  if (!String(answer.headers['content-type']).startsWith('application/json')) {
    return { errorCode: 'OK', errorMessage: 'a document', apiData: answer.statusCode };
  }
  const { apiStatus, apiData } = answer.json<{ apiStatus: Outcome; apiData: unknown }>();
  return { ...apiStatus, apiData };
}

const label = (declared: OperationDeclaration) => `${declared.methods.join(',')} ${declared.path}`;

let t: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  const service = await startTestService({ env: { TC_RATE_LIMIT_GUEST: '1000' } });
  [t, other] = [await tenant(service), await tenant(service)];
});

afterAll(() => t?.service.close());

describe('record ids in requests', () => {
  it('every operation declares the personal record ids it takes, each a real parameter of a kind an area reads', () => {
    const wrong = t.service.operations.flatMap((declared) => {
      const paths = parameterPaths(asSchema(declared.input));
      const undeclared = paths.filter(
        (path) =>
          PERSONAL_RECORD_ID.test(path.split('.').at(-1) ?? '') &&
          declared.records[path] === undefined &&
          !UNDECLARED[declared.path]?.includes(path),
      );
      const unknown = Object.entries(declared.records).filter(
        ([path, kind]) => !paths.includes(path) || t.service.records[kind] === undefined,
      );
      return [
        ...undeclared.map((path) => `${label(declared)}: ${path} is not declared in records`),
        ...unknown.map(([path, kind]) => `${label(declared)}: ${path} (${kind}) is no parameter or has no reader`),
      ];
    });
    expect(wrong).toEqual([]);
    expect(t.service.operations.filter((declared) => Object.keys(declared.records).length > 0).length).toBeGreaterThan(
      5,
    );
  });

  it("someone else's record id answers NOTFOUND to a guest, a customer and another tenant's employee", async () => {
    const { owner, owned } = await recordsOfSomeoneElse(t);
    const callers: Array<Caller & { who: string; roles: readonly Role[] }> = [
      { who: 'a guest', roles: ['guest'], ...(await guest(t)) },
      { who: 'another customer', roles: ['customer'], ...(await user(t, 'customer')) },
      { who: "another tenant's admin", roles: ['admin'], session: other.admin, api: other.adminApi },
    ];
    const cases = t.service.operations.flatMap((declared) =>
      Object.entries(declared.records).flatMap(([parameter, kind]) => {
        const id = owned[kind];
        if (id === undefined) throw new Error(`no record of kind ${kind} made for ${label(declared)}`);
        const noun = t.service.records[kind]?.noun ?? kind;
        const input = inputWith(declared, parameter, id);
        // An operation taking two required record ids (a quote for a trip request and a customer) checks both:
        // the other one's sample id may be refused first, as not found too.
        const refusals = Object.values(declared.records).map(
          (other) => `${t.service.records[other]?.noun ?? other} not found`,
        );
        return declared.methods.map((method) => ({
          declared,
          parameter,
          method,
          input,
          refusal: `${noun} not found`,
          refusals,
          publicInTenant: TENANT_PUBLIC_KINDS.includes(kind),
        }));
      }),
    );
    const wrong: string[] = [];
    for (const { declared, parameter, method, input, refusals, publicInTenant } of cases) {
      for (const caller of callers.filter((c) => !publicInTenant || c.session === other.admin)) {
        const got = await send(caller, method, declared.path, input);
        const allowed = declared.policy.kind === 'tenant' && allows(declared.policy.allow, caller.roles);
        const refused = allowed
          ? got.errorCode === 'NOTFOUND' && refusals.includes(got.errorMessage) && got.apiData === null
          : ['NOT_LOGGED_IN', 'FORBIDDEN'].includes(got.errorCode);
        if (!refused) wrong.push(`${method} ${declared.path} ${parameter} by ${caller.who}: ${got.errorMessage}`);
      }
    }
    // The owner, then the tenant's staff (whose calls may change the owner's records), get past the check.
    for (const { declared, method, input, refusal } of cases) {
      const got = await send(owner, method, declared.path, input);
      if (got.errorMessage === refusal) wrong.push(`${method} ${declared.path}: refused to the owner`);
    }
    for (const { declared, method, input, refusal } of cases.filter((c) => !OWNER_ONLY.includes(c.declared.path))) {
      const got = await send({ session: t.admin, api: t.adminApi }, method, declared.path, input);
      if (got.errorMessage === refusal) wrong.push(`${method} ${declared.path}: refused to the admin`);
    }
    expect(wrong).toEqual([]);
  }, 180_000);
});

function allows(allow: 'anyone' | readonly Role[], roles: readonly Role[]): boolean {
  return allow === 'anyone' || roles.some((role) => allow.includes(role));
}

/**
 * One record of each kind, all of one customer user: its customer record, its user, its invoice and payment link, its
 * paid order and that order's booking request.
 */
async function recordsOfSomeoneElse(t: TestTenant): Promise<{ owner: TestUser; owned: Record<string, RecordId> }> {
  const owner = await user(t, 'customer');
  const bookDate = addDays(formatDate(new Date(), t.record.timezone), 3);
  const ofProduct = await product(t);
  const variant = await variantWithInventory(t, ofProduct, { dateFrom: bookDate, capacity: 50 });
  const item = {
    productId: ofProduct.productId,
    extVariantId: variant.servid,
    unitId: ofProduct.unitId,
    unitPrice: variant.cprice,
    quantity: 1,
    bookDate,
  };
  await cartWithItems(t, owner.session, [item]);
  const { invoices } = await owner.api.ok<{ invoices: string[] }>('/cart/createInvoice');
  await cartWithItems(t, owner.session, [item]);
  const { paymentRef } = await owner.api.ok<{ paymentRef: string }>('/cart/createPaymentLink');
  if (owner.contactId === null || invoices[0] === undefined)
    throw new Error('the owner has no customer record or invoice');
  const quote = await t.adminApi.ok<{ quoteId: number; quoteNumber: string }>('/document/createQuote', {
    customerId: owner.contactId,
  });
  const { requestId } = await owner.api.ok<{ requestId: number }>('/customer/createTripRequest', {
    tripRequest: { destination: 'Petra', contactName: 'The owner', contactEmail: owner.userEmail },
  });
  // Uploads are for employees: the customer owner is kept out by its role; an employee's upload stands in for it.
  // Back-office bookings are for agents and admins: a booking of the owner's customer record, its cart's number.
  const blmBooking = await t.adminApi.ok<{ bookingId: number }>('/blm/booking/create', { customerId: owner.contactId });
  const { cartNumber } = await owner.api.ok<{ cartNumber: number }>('/cart/load');
  const { savedFileName } = await t.adminApi.ok<{ savedFileName: string }>('/document/upload2', {
    fileToUpload: Buffer.from('name,passport\n').toString('base64'),
  });
  const groupRecords = await groupRecordsOf(t);
  const visaRecords = await visaRecordsOf(t, owner.contactId, savedFileName);
  const hotelRecords = await hotelRecordsOf(t, owner.contactId);
  const cruiseBooking = await cruiseBookingOf(t, owner.contactId);
  const tripProject = await tripProjectOf(t, owner.contactId);
  // A paid order of the owner's customer record (staff record it paid) and its booking request.
  await cartWithItems(t, t.admin, [item]);
  const paid = await t.adminApi.ok<{ invoices: string[] }>('/cart/createInvoice', {
    paid: true,
    customer: { customerId: owner.contactId },
  });
  const [order] = await t.db(
    (sql) => sql<{ order_num: string }[]>`
      SELECT o.order_num FROM invoices i JOIN sales_orders o USING (sales_order_id)
      WHERE i.invoice_number = ${paid.invoices[0] ?? ''}`,
  );
  if (!order) throw new Error('the paid order is missing');
  const booking = await owner.api.ok<{ bookingrequestid: number }>('/booking/create', { orderNum: order.order_num });
  return {
    owner,
    owned: {
      upload: savedFileName,
      customer: owner.contactId,
      user: owner.userId,
      invoice: invoices[0],
      payment: paymentRef,
      tripRequest: requestId,
      quote: quote.quoteId,
      quoteNumber: quote.quoteNumber,
      blmBooking: blmBooking.bookingId,
      cartNumber,
      order: order.order_num,
      bookingRequest: booking.bookingrequestid,
      ...groupRecords,
      ...visaRecords,
      ...hotelRecords,
      cruiseBooking,
      tripProject,
    },
  };
}

/**
 * Trip projects are for employees: one of the owner's customer record, CANCELLED so that the admin's pass over
 * every operation (project/delete among them) leaves it in place for the operations after it.
 */
async function tripProjectOf(t: TestTenant, customerId: number): Promise<number> {
  const { projectId } = await t.adminApi.ok<{ projectId: number }>('/tripmaker/project/create', {
    projectName: 'Record trip',
    customerId,
  });
  await t.adminApi.ok('/tripmaker/project/update', { projectId, status: 'CANCELLED' });
  return projectId;
}

/** Cruise bookings are for agents and admins: a cabin of a priced sailing booked by the admin for the owner. */
async function cruiseBookingOf(t: TestTenant, customerId: number): Promise<number> {
  const { cruiseId, cabinIds } = await sailing(t);
  const { bookingId } = await t.adminApi.ok<{ bookingId: number }>('/cruise/booking/create', {
    cruiseId,
    shipCabinId: cabinIds[0],
    customerId,
    passengers: [{ firstName: 'Rami', lastName: 'Owner' }],
  });
  return bookingId;
}

/** Hotels are for employees: a contracted hotel and room of the admin's, and a booking of that room for the owner. */
async function hotelRecordsOf(t: TestTenant, customerId: number): Promise<Record<string, RecordId>> {
  const { hotelId } = await t.adminApi.ok<{ hotelId: number }>('/hotel/saveHotel', { hotel: { name: 'Record Hotel' } });
  const { roomId } = await t.adminApi.ok<{ roomId: number }>('/hotel/saveRoom', { room: { hotelId, name: 'Double' } });
  const [from, to] = [10, 12].map((days) => addDays(formatDate(new Date(), t.record.timezone), days));
  await t.adminApi.ok('/hotel/createRoomCalendar', {
    template: { roomId, stayDate: from, baseRate: 200, allotment: 5 },
    stayTo: to,
    specDays: 'NONE',
  });
  const dmy = (iso = '') => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  const { bookingId } = await t.adminApi.ok<{ bookingId: number }>('/hotel/online/book', {
    searchMode: 'contracted',
    roomId,
    checkin: dmy(from),
    checkout: dmy(to),
    rooms: [{ adults: [{ title: 'MR', firstName: 'Rami', lastName: 'Owner' }] }],
    customerId,
  });
  return { hotel: hotelId, hotelRoom: roomId, hotelBooking: bookingId };
}

/** Group travel is for employees: a group made by the admin, with a passenger, hotel, transport, room and assignment. */
async function groupRecordsOf(t: TestTenant): Promise<Record<string, RecordId>> {
  const { groupId } = await t.adminApi.ok<{ groupId: number }>('/groups/group/write', {
    groupName: 'Record ids',
    arrivalDate: '2030-01-15',
    departureDate: '2030-01-20',
  });
  const { paxId } = await t.adminApi.ok<{ paxId: number }>('/groups/pax/write', {
    groupId,
    firstName: 'Rana',
    lastName: 'Haddad',
  });
  const { hotelId } = await t.adminApi.ok<{ hotelId: number }>('/groups/hotel/write', {
    groupId,
    hotelName: 'Record Inn',
    checkIn: '2030-01-15',
    checkOut: '2030-01-20',
  });
  const { transportId } = await t.adminApi.ok<{ transportId: number }>('/groups/transport/write', {
    groupId,
    type: 'COACH',
    departure: '2030-01-15T09:00:00',
    arrival: '2030-01-15T10:00:00',
    from: 'Airport',
    to: 'Record Inn',
  });
  const { roomId } = await t.adminApi.ok<{ roomId: number }>('/groups/room/write', { hotelId, roomType: 'SUITE' });
  const { roomPaxId } = await t.adminApi.ok<{ roomPaxId: number }>('/groups/room/assign', { roomId, paxId });
  return {
    group: groupId,
    pax: paxId,
    groupHotel: hotelId,
    groupTransport: transportId,
    groupRoom: roomId,
    groupRoomAssignment: roomPaxId,
  };
}

/** Visas are for employees: an application of the owner's customer record with an applicant, its document (the
 * admin's upload), a delivery and a paid-for requirement's invoice. */
async function visaRecordsOf(t: TestTenant, customerId: number, fileUrl: string): Promise<Record<string, RecordId>> {
  const { requirementId } = await t.adminApi.ok<{ requirementId: number }>('/visa/writerequirement', {
    destinationCountry: 'FR',
    visaType: 'TOURIST',
    documentTypes: ['PASSPORT_COPY'],
    visaFee: 80,
    serviceFee: 20,
    processingDays: 15,
  });
  const { applicationId } = await t.adminApi.ok<{ applicationId: number }>('/visa/writeapplication', {
    customerId,
    destinationCountry: 'FR',
    visaType: 'TOURIST',
  });
  const { applicantId } = await t.adminApi.ok<{ applicantId: number }>('/visa/writeapplicant', {
    applicationId,
    firstName: 'Rana',
    lastName: 'Haddad',
    passportNumber: 'RH1234567',
    nationality: 'JO',
    dateOfBirth: '1991-02-03',
  });
  const { documentId } = await t.adminApi.ok<{ documentId: number }>('/visa/writedocument', {
    applicantId,
    documentType: 'PASSPORT_COPY',
    fileName: 'passport.csv',
    fileUrl,
  });
  const { deliveryId } = await t.adminApi.ok<{ deliveryId: number }>('/visa/writedelivery', {
    applicationId,
    deliveryType: 'PICKUP',
  });
  const { invoiceId } = await t.adminApi.ok<{ invoiceId: number }>('/visa/writeinvoice', { applicationId });
  return {
    visaApplication: applicationId,
    visaApplicant: applicantId,
    visaDocument: documentId,
    visaDelivery: deliveryId,
    visaInvoice: invoiceId,
    visaRequirement: requirementId,
    visaFile: fileUrl,
  };
}
