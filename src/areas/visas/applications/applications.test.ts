// Visa applications (/visa/writeapplication, readapplication, searchapplication, overridepayment): numbers per
// tenant, customers and country names, the status moves of contract §7.5 with SUBMITTED gated by a paid invoice or an
// override, the search filters and applicantCount, every refusal, and who may call them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guest, type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import { newApplicant, newApplication, newCustomer } from '../../../../test/support/visas.js';
import { formatDate } from '../../../platform/time.js';
import type { Application, ApplicationSummary } from '../model/index.js';

let t: TestTenant;
let other: TestTenant;
let agent: TestUser;
let employee: TestUser;

beforeAll(async () => {
  const service = await startTestService();
  [t, other] = [await tenant(service), await tenant(service)];
  agent = await user(t, 'agent');
  employee = await user(t, 'employee');
});
afterAll(() => t?.service.close());

const write = (body: object) => agent.api.ok<Application>('/visa/writeapplication', body);
const move = (application: Application, status: string) =>
  write({
    applicationId: application.applicationId,
    customerId: application.customerId,
    destinationCountry: application.destinationCountry,
    visaType: application.visaType,
    status,
  });

describe('/visa/writeapplication and readapplication', () => {
  it('creates a NEW application numbered VA-<yyyy>-<nnnnn> with the customer and country names, and reads it', async () => {
    const { customerId, custName } = await newCustomer(agent);
    const made = await write({
      customerId,
      destinationCountry: ' gb ',
      visaType: 'BUSINESS',
      travelDate: '2030-05-01',
      returnDate: '2030-05-09',
      notes: 'Conference in London',
    });
    expect(made).toEqual({
      applicationId: expect.any(Number),
      applicationNumber: expect.stringMatching(/^VA-\d{4}-\d{5}$/),
      customerId,
      customerName: custName,
      destinationCountry: 'GB',
      destinationCountryName: expect.stringContaining('United Kingdom'),
      visaType: 'BUSINESS',
      travelDate: '2030-05-01',
      returnDate: '2030-05-09',
      status: 'NEW',
      notes: 'Conference in London',
      createDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
      updateDate: made.createDate,
      applicants: [],
      missingDocuments: [],
      invoice: null,
      paymentOverride: null,
    });
    expect(made.applicationNumber.slice(3, 7)).toBe(formatDate(new Date(), t.record.timezone).slice(0, 4));
    expect(await employee.api.ok('/visa/readapplication', { applicationId: made.applicationId })).toEqual(made);
    const next = await newApplication(agent);
    expect(Number(next.applicationNumber.slice(-5))).toBe(Number(made.applicationNumber.slice(-5)) + 1);
  });

  it('changes an application: given fields replace, absent optional ones keep their values', async () => {
    const made = await newApplication(agent, { notes: 'first' });
    const { customerId, custName } = await newCustomer(agent);
    const changed = await write({
      applicationId: made.applicationId,
      customerId,
      destinationCountry: 'DE',
      visaType: 'STUDENT',
      returnDate: '2030-07-01',
    });
    expect(changed).toMatchObject({
      applicationNumber: made.applicationNumber,
      customerId,
      customerName: custName,
      destinationCountry: 'DE',
      destinationCountryName: 'Germany',
      visaType: 'STUDENT',
      travelDate: '2030-06-01',
      returnDate: '2030-07-01',
      notes: 'first',
      status: 'NEW',
    });
  });

  it('moves NEW → IN_PROGRESS → SUBMITTED (with an override) → APPROVED, and refuses every other move', async () => {
    const made = await newApplication(agent);
    await agent.api.expectError(
      '/visa/writeapplication',
      { ...made, status: 'SUBMITTED' },
      'INVALID_STATE',
      'is NEW; it cannot move to SUBMITTED',
    );
    const working = await move(made, 'IN_PROGRESS');
    expect(working.status).toBe('IN_PROGRESS');
    expect(working.updateDate >= made.updateDate).toBe(true);
    await agent.api.expectError(
      '/visa/writeapplication',
      { ...working, status: 'NEW' },
      'INVALID_STATE',
      'IN_PROGRESS',
    );
    // no invoice, no override: SUBMITTED is refused
    await agent.api.expectError(
      '/visa/writeapplication',
      { ...working, status: 'SUBMITTED' },
      'INVALID_STATE',
      'it has no invoice',
    );
    const overridden = await employee.api.ok<Application>('/visa/overridepayment', {
      applicationId: made.applicationId,
      reason: 'Corporate account, billed monthly',
    });
    expect(overridden.paymentOverride).toEqual({
      overriddenBy: employee.userId,
      reason: 'Corporate account, billed monthly',
      overriddenAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect((await move(made, 'SUBMITTED')).status).toBe('SUBMITTED');
    await agent.api.expectError(
      '/visa/overridepayment',
      { applicationId: made.applicationId, reason: 'again' },
      'INVALID_STATE',
      'is SUBMITTED',
    );
    expect((await move(made, 'APPROVED')).status).toBe('APPROVED');
    await agent.api.expectError(
      '/visa/writeapplication',
      { ...made, status: 'CANCELLED' },
      'INVALID_STATE',
      'is APPROVED',
    );
    await agent.api.expectError('/visa/writeapplication', { ...made, notes: 'late' }, 'INVALID_STATE', 'is APPROVED');
  });

  it('cancels from any open status and keeps a cancelled one closed; a new one is NEW only', async () => {
    const made = await newApplication(agent);
    expect((await move(made, 'CANCELLED')).status).toBe('CANCELLED');
    await agent.api.expectError(
      '/visa/writeapplication',
      { ...made, status: 'IN_PROGRESS' },
      'INVALID_STATE',
      'CANCELLED',
    );
    const submitted = await newApplication(agent);
    await move(submitted, 'IN_PROGRESS');
    await agent.api.ok('/visa/overridepayment', { applicationId: submitted.applicationId, reason: 'VIP' });
    await move(submitted, 'SUBMITTED');
    expect((await move(submitted, 'REJECTED')).status).toBe('REJECTED');
    const { customerId } = await newCustomer(agent);
    await agent.api.expectError(
      '/visa/writeapplication',
      { customerId, destinationCountry: 'FR', visaType: 'TOURIST', status: 'IN_PROGRESS' },
      'INVALID_STATE',
      'A new application is NEW',
    );
  });

  it('refuses missing and malformed parameters, unknown codes and values, and unknown records', async () => {
    const { customerId } = await newCustomer(agent);
    const path = '/visa/writeapplication';
    const good = { customerId, destinationCountry: 'FR', visaType: 'TOURIST' };
    await agent.api.expectError(
      path,
      { destinationCountry: 'FR', visaType: 'TOURIST' },
      'MISSING_PARAMETER',
      'customerId',
    );
    await agent.api.expectError(path, { customerId, visaType: 'TOURIST' }, 'MISSING_PARAMETER', 'destinationCountry');
    await agent.api.expectError(path, { ...good, visaType: '' }, 'MISSING_PARAMETER', 'visaType');
    await agent.api.expectError(path, { ...good, visaType: 'HOLIDAY' }, 'INVALID_FORMAT', 'visaType');
    await agent.api.expectError(path, { ...good, destinationCountry: 'XX' }, 'INVALID_FORMAT', 'destinationCountry');
    await agent.api.expectError(path, { ...good, destinationCountry: 'FRA' }, 'INVALID_FORMAT', 'destinationCountry');
    await agent.api.expectError(path, { ...good, status: 'DONE' }, 'INVALID_FORMAT', 'status');
    await agent.api.expectError(path, { ...good, travelDate: '01/06/2030' }, 'INVALID_FORMAT', 'travelDate');
    await agent.api.expectError(
      path,
      { ...good, travelDate: '2030-06-10', returnDate: '2030-06-01' },
      'INVALID_FORMAT',
      'returnDate',
    );
    await agent.api.expectError(path, { ...good, customerId: 2_000_000 }, 'NOTFOUND', 'Customer');
    await agent.api.expectError(path, { ...good, applicationId: 2_000_000 }, 'NOTFOUND', 'Visa application');
    await agent.api.expectError('/visa/readapplication', {}, 'MISSING_PARAMETER', 'applicationId');
    await agent.api.expectError('/visa/readapplication', { applicationId: 'one' }, 'INVALID_FORMAT', 'applicationId');
    await agent.api.expectError('/visa/readapplication', { applicationId: 2_000_000 }, 'NOTFOUND', 'Visa application');
    await agent.api.expectError('/visa/overridepayment', { applicationId: 1 }, 'MISSING_PARAMETER', 'reason');
  });

  it("answers NOTFOUND for another tenant's application and customer, and keeps non-employees out", async () => {
    const made = await newApplication(agent);
    const otherAdmin = other.adminApi;
    await otherAdmin.expectError(
      '/visa/readapplication',
      { applicationId: made.applicationId },
      'NOTFOUND',
      'Visa application',
    );
    await otherAdmin.expectError(
      '/visa/writeapplication',
      { customerId: made.customerId, destinationCountry: 'FR', visaType: 'TOURIST' },
      'NOTFOUND',
      'Customer',
    );
    const customer = await user(t, 'customer');
    await customer.api.expectError('/visa/readapplication', { applicationId: made.applicationId }, 'FORBIDDEN');
    const visitor = await guest(t);
    await visitor.api.expectError('/visa/searchapplication', {}, 'NOT_LOGGED_IN');
  });
});

describe('/visa/searchapplication', () => {
  it('filters by customer, status, destination and travel dates, newest first, with applicantCount', async () => {
    const first = await newApplication(agent, {
      destinationCountry: 'IT',
      travelDate: '2031-01-10',
      returnDate: '2031-01-20',
    });
    const second = await write({
      customerId: first.customerId,
      destinationCountry: 'it',
      visaType: 'WORK',
      travelDate: '2031-02-10',
    });
    await newApplicant(agent, first.applicationId);
    await newApplicant(agent, first.applicationId);
    await move(second, 'IN_PROGRESS');
    const search = (body: object) => agent.api.ok<ApplicationSummary[]>('/visa/searchapplication', body);

    const both = await search({ customerId: first.customerId });
    expect(both.map((row) => row.applicationId)).toEqual([second.applicationId, first.applicationId]);
    const {
      applicants: _left,
      missingDocuments: _missing,
      invoice: _invoice,
      paymentOverride: _override,
      ...fields
    } = first;
    expect(both[1]).toEqual({ ...fields, applicantCount: 2, updateDate: expect.any(String) });
    expect(both[0]).toMatchObject({ applicantCount: 0, status: 'IN_PROGRESS', visaType: 'WORK' });

    expect(await search({ customerId: first.customerId, status: 'IN_PROGRESS' })).toHaveLength(1);
    expect((await search({ customerId: first.customerId, destinationCountry: 'IT' })).length).toBe(2);
    expect(await search({ customerId: first.customerId, destinationCountry: 'FR' })).toEqual([]);
    const january = await search({ customerId: first.customerId, fromDate: '2031-01-10', toDate: '2031-01-31' });
    expect(january.map((row) => row.applicationId)).toEqual([first.applicationId]);
    expect(await search({ keyword: first.applicationNumber.toLowerCase(), method: 'partial' })).toHaveLength(1);
    expect(await search({ customerId: first.customerId, limit: 1 })).toHaveLength(1);

    await agent.api.expectError(
      '/visa/searchapplication',
      { destinationCountry: 'ZZ' },
      'INVALID_FORMAT',
      'destinationCountry',
    );
    await agent.api.expectError('/visa/searchapplication', { status: 'OPEN' }, 'INVALID_FORMAT', 'status');
    await agent.api.expectError(
      '/visa/searchapplication',
      { fromDate: '2031-02-01', toDate: '2031-01-01' },
      'INVALID_FORMAT',
      'toDate',
    );
    await agent.api.expectError('/visa/searchapplication', { fromDate: '2031-13-01' }, 'INVALID_FORMAT', 'fromDate');
    await agent.api.expectError('/visa/searchapplication', { customerId: 2_000_000 }, 'NOTFOUND', 'Customer');
  });
});

describe('concurrent writes and what follows a change of destination', () => {
  it('numbers applications made at once without gaps or repeats, and lets racing moves pass one at a time', async () => {
    const { customerId } = await newCustomer(agent);
    const made = await Promise.all(
      Array.from({ length: 6 }, () =>
        write({ customerId, destinationCountry: 'ES', visaType: 'TOURIST', travelDate: '2030-09-01' }),
      ),
    );
    const numbers = made.map((application) => Number(application.applicationNumber.slice(-5))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 6 }, (_, i) => (numbers[0] ?? 0) + i));

    const [application] = made;
    if (!application) throw new Error('no application');
    await move(application, 'IN_PROGRESS');
    const body = { ...application, applicants: undefined, status: 'CANCELLED' };
    const answers = await Promise.all([
      agent.api.call('/visa/writeapplication', body),
      employee.api.call('/visa/writeapplication', body),
    ]);
    // the same cancellation twice at once: one cancels, the other then finds the application closed
    const codes = answers.map((answer) => answer.apiStatus.errorCode).sort();
    expect(codes).toEqual(['INVALID_STATE', 'OK']);
    expect(answers.find((answer) => answer.apiStatus.errorCode !== 'OK')?.apiStatus.errorMessage).toContain(
      'is CANCELLED',
    );
    // NEW → IN_PROGRESS and NEW → CANCELLED at once: under the row lock the cancellation is never overwritten
    for (let round = 0; round < 3; round += 1) {
      const racing = await newApplication(agent);
      const codes = await Promise.all([moveOrError(racing, 'IN_PROGRESS'), moveOrError(racing, 'CANCELLED')]);
      expect(codes[1]).toBe('OK');
      expect(['OK', 'INVALID_STATE']).toContain(codes[0]);
      const final = await agent.api.ok<Application>('/visa/readapplication', { applicationId: racing.applicationId });
      expect(final.status).toBe('CANCELLED');
    }
  });

  it("moves its applicants' statuses with the documents another destination requires", async () => {
    await agent.api.ok('/visa/writerequirement', {
      destinationCountry: 'SG',
      visaType: 'TOURIST',
      documentTypes: ['PASSPORT_COPY'],
      visaFee: 30,
      serviceFee: 10,
      processingDays: 3,
    });
    const application = await newApplication(agent, { destinationCountry: 'SG' });
    const applicant = await newApplicant(agent, application.applicationId);
    const fileUrl = (
      await agent.api.ok<{ savedFileName: string }>('/document/upload2', {
        fileToUpload: Buffer.from('passport scan').toString('base64'),
      })
    ).savedFileName;
    const document = await agent.api.ok<{ documentId: number }>('/visa/writedocument', {
      applicantId: applicant.applicantId,
      documentType: 'PASSPORT_COPY',
      fileName: 'passport.txt',
      fileUrl,
    });
    await agent.api.ok('/visa/writedocument', {
      documentId: document.documentId,
      applicantId: applicant.applicantId,
      documentType: 'PASSPORT_COPY',
      fileName: 'passport.txt',
      fileUrl,
      status: 'VERIFIED',
    });
    const read = () => agent.api.ok<Application>('/visa/readapplication', { applicationId: application.applicationId });
    expect((await read()).applicants[0]?.status).toBe('DOCUMENTS_COMPLETE');
    // France keeps no requirement here: passport copy and photo, so the applicant waits for a photo
    await write({ ...application, applicants: undefined, destinationCountry: 'FR' });
    const moved = await read();
    expect(moved.applicants[0]).toMatchObject({ status: 'DOCUMENTS_PENDING', missingDocuments: ['PHOTO'] });
    expect(moved.missingDocuments).toEqual([
      { applicantId: applicant.applicantId, fullName: applicant.fullName, documentTypes: ['PHOTO'] },
    ]);
  });
});

async function moveOrError(application: Application, status: string): Promise<string> {
  const answer = await agent.api.call<Application>('/visa/writeapplication', {
    applicationId: application.applicationId,
    customerId: application.customerId,
    destinationCountry: application.destinationCountry,
    visaType: application.visaType,
    status,
  });
  return answer.apiStatus.errorCode;
}
