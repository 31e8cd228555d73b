// Visa applicants and their documents: DOCUMENTS_PENDING on creation, DOCUMENTS_COMPLETE once every required document
// (the requirement's, or passport copy and photo) is VERIFIED, back to pending when one is added or rejected; the
// passport warning; documents on uploads (UPLOADED → VERIFIED by whom and when, or REJECTED; a new file is UPLOADED);
// the file served to employees only; searches; every refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import {
  newApplicant,
  newApplication,
  newDocument,
  newRequirement,
  uploadedFile,
} from '../../../../test/support/visas.js';
import type { VisaDocument, Applicant, ApplicantSummary, Application } from '../model/index.js';

let t: TestTenant;
let agent: TestUser;
let employee: TestUser;

beforeAll(async () => {
  t = await tenant(await startTestService());
  agent = await user(t, 'agent');
  employee = await user(t, 'employee');
});
afterAll(() => t?.service.close());

const readApplicant = (applicantId: number) => agent.api.ok<Applicant>('/visa/readapplicant', { applicantId });
const writeDocument = (document: VisaDocument, extra: object) =>
  agent.api.ok<VisaDocument>('/visa/writedocument', {
    documentId: document.documentId,
    applicantId: document.applicantId,
    documentType: document.documentType,
    fileName: document.fileName,
    fileUrl: document.fileUrl,
    ...extra,
  });

describe('/visa/writeapplicant, readapplicant and searchapplicant', () => {
  it('adds a DOCUMENTS_PENDING applicant that needs a passport copy and a photo when no requirement is kept', async () => {
    const { applicationId } = await newApplication(agent);
    const made = await newApplicant(agent, applicationId, {
      firstName: 'Omar',
      lastName: 'Khalil',
      passportNumber: 'ab1234567',
      nationality: 'jo',
      gender: 'M',
      email: 'omar@example.com',
      occupation: 'Engineer',
      passportIssueDate: '2025-01-01',
    });
    expect(made).toEqual({
      applicantId: expect.any(Number),
      applicationId,
      firstName: 'Omar',
      lastName: 'Khalil',
      fullName: 'Omar Khalil',
      passportNumber: 'AB1234567',
      passportIssueDate: '2025-01-01',
      passportExpiryDate: '2035-01-01',
      nationality: 'JO',
      nationalityName: 'Jordan',
      dateOfBirth: '1990-03-04',
      placeOfBirth: null,
      gender: 'M',
      email: 'omar@example.com',
      phone: null,
      occupation: 'Engineer',
      employer: null,
      address: null,
      status: 'DOCUMENTS_PENDING',
      passportWarning: null,
      createDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      requiredDocuments: ['PASSPORT_COPY', 'PHOTO'],
      missingDocuments: ['PASSPORT_COPY', 'PHOTO'],
      documents: [],
    });
    expect(await readApplicant(made.applicantId)).toEqual(made);
    const changed = await newApplicant(agent, applicationId, {
      applicantId: made.applicantId,
      firstName: 'Omar',
      lastName: 'Khalil',
      passportNumber: 'AB1234567',
      nationality: 'JO',
      phone: '+962700000000',
    });
    expect(changed).toMatchObject({ email: 'omar@example.com', occupation: 'Engineer', phone: '+962700000000' });
    const application = await agent.api.ok<Application>('/visa/readapplication', { applicationId });
    expect(application.applicants.map((a) => a.applicantId)).toEqual([made.applicantId]);
    expect(application.missingDocuments).toEqual([
      { applicantId: made.applicantId, fullName: 'Omar Khalil', documentTypes: ['PASSPORT_COPY', 'PHOTO'] },
    ]);
  });

  it('warns when the passport expires before the trip or within six months after the return', async () => {
    const { applicationId } = await newApplication(agent, { travelDate: '2030-06-01', returnDate: '2030-06-15' });
    const close = await newApplicant(agent, applicationId, { passportExpiryDate: '2030-12-14' });
    expect(close.passportWarning).toMatch(/2030-12-14, less than 6 months after 2030-06-15/);
    const enough = await newApplicant(agent, applicationId, { passportExpiryDate: '2030-12-15' });
    expect(enough.passportWarning).toBeNull();
    const expired = await newApplicant(agent, applicationId, { passportExpiryDate: '2030-05-31' });
    expect(expired.passportWarning).toMatch(/before the travel date/);
  });

  it('searches by application, passport number (exactly, any case) and last name (a substring)', async () => {
    const { applicationId } = await newApplication(agent);
    const one = await newApplicant(agent, applicationId, { lastName: 'Fontaine-Dubois', passportNumber: 'FD0001234' });
    const two = await newApplicant(agent, applicationId, { lastName: 'Rossi' });
    const search = (body: object) => agent.api.ok<ApplicantSummary[]>('/visa/searchapplicant', body);
    expect((await search({ applicationId })).map((a) => a.applicantId)).toEqual([two.applicantId, one.applicantId]);
    expect((await search({ passportNumber: 'fd0001234' })).map((a) => a.applicantId)).toEqual([one.applicantId]);
    expect(await search({ passportNumber: 'FD000123' })).toEqual([]);
    expect((await search({ applicationId, lastName: 'DUBOIS', method: 'partial' })).map((a) => a.applicantId)).toEqual([
      one.applicantId,
    ]);
    expect((await search({ applicationId }))[0]).not.toHaveProperty('documents');
  });

  it('refuses missing, malformed and impossible values, unknown records and closed applications', async () => {
    const application = await newApplication(agent);
    const { applicationId } = application;
    const path = '/visa/writeapplicant';
    const good = {
      applicationId,
      firstName: 'A',
      lastName: 'B',
      passportNumber: 'X1234567',
      nationality: 'AE',
      dateOfBirth: '1990-01-01',
    };
    await agent.api.expectError(path, { ...good, firstName: undefined }, 'MISSING_PARAMETER', 'firstName');
    await agent.api.expectError(path, { ...good, passportNumber: ' ' }, 'MISSING_PARAMETER', 'passportNumber');
    await agent.api.expectError(path, { ...good, passportNumber: 'AB-12' }, 'INVALID_FORMAT', 'passportNumber');
    await agent.api.expectError(path, { ...good, dateOfBirth: undefined }, 'MISSING_PARAMETER', 'dateOfBirth');
    await agent.api.expectError(path, { ...good, nationality: 'XX' }, 'INVALID_FORMAT', 'nationality');
    await agent.api.expectError(path, { ...good, gender: 'X' }, 'INVALID_FORMAT', 'gender');
    await agent.api.expectError(path, { ...good, email: 'not-mail' }, 'INVALID_FORMAT', 'email');
    await agent.api.expectError(path, { ...good, dateOfBirth: '2999-01-01' }, 'INVALID_FORMAT', 'dateOfBirth');
    await agent.api.expectError(
      path,
      { ...good, passportIssueDate: '2030-01-01', passportExpiryDate: '2029-01-01' },
      'INVALID_FORMAT',
      'passportExpiryDate',
    );
    await agent.api.expectError(path, { ...good, applicationId: 2_000_000 }, 'NOTFOUND', 'Visa application');
    await agent.api.expectError(path, { ...good, applicantId: 2_000_000 }, 'NOTFOUND', 'Visa applicant');
    const elsewhere = await newApplicant(agent, (await newApplication(agent)).applicationId);
    await agent.api.expectError(path, { ...good, applicantId: elsewhere.applicantId }, 'INVALID_STATE', 'belongs to');
    await agent.api.ok('/visa/writeapplication', { ...application, status: 'CANCELLED' });
    await agent.api.expectError(path, good, 'INVALID_STATE', 'is CANCELLED');
    await agent.api.expectError('/visa/readapplicant', { applicantId: 2_000_000 }, 'NOTFOUND', 'Visa applicant');
  });
});

describe('/visa/writedocument, readdocument, searchdocument and documentFile', () => {
  it('completes an applicant once its required documents are VERIFIED, and reopens it on a new or rejected one', async () => {
    const { applicationId } = await newApplication(agent);
    const { applicantId } = await newApplicant(agent, applicationId);
    const passport = await newDocument(agent, applicantId, 'PASSPORT_COPY', {
      expiryDate: '2035-01-01',
      notes: 'p. 1-2',
    });
    expect(passport).toEqual({
      documentId: expect.any(Number),
      applicantId,
      applicantName: expect.stringMatching(/^Amira Haddad/),
      documentType: 'PASSPORT_COPY',
      documentTypeName: 'Passport copy',
      fileName: 'passport_copy.png',
      fileUrl: expect.any(String),
      fileSize: 70,
      status: 'UPLOADED',
      expiryDate: '2035-01-01',
      uploadedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      verifiedAt: null,
      verifiedBy: null,
      notes: 'p. 1-2',
    });
    const photo = await newDocument(agent, applicantId, 'PHOTO');
    // a colleague checks both (the file is attached, so any employee may name it)
    const checked = await employee.api.ok<VisaDocument>('/visa/writedocument', { ...passport, status: 'VERIFIED' });
    expect(checked).toMatchObject({ status: 'VERIFIED', verifiedBy: employee.userId, notes: 'p. 1-2' });
    expect(checked.verifiedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await readApplicant(applicantId)).status).toBe('DOCUMENTS_PENDING');
    await writeDocument(photo, { status: 'VERIFIED' });
    const complete = await readApplicant(applicantId);
    expect(complete).toMatchObject({ status: 'DOCUMENTS_COMPLETE', missingDocuments: [] });
    expect(complete.documents.map((d) => d.status)).toEqual(['VERIFIED', 'VERIFIED']);

    const statement = await newDocument(agent, applicantId, 'BANK_STATEMENT');
    expect((await readApplicant(applicantId)).status).toBe('DOCUMENTS_PENDING');
    await writeDocument(statement, { status: 'VERIFIED' });
    expect((await readApplicant(applicantId)).status).toBe('DOCUMENTS_COMPLETE');

    const rejected = await writeDocument(photo, { status: 'REJECTED', notes: 'Blurred' });
    expect(rejected).toMatchObject({ status: 'REJECTED', verifiedAt: null, verifiedBy: null, notes: 'Blurred' });
    expect(await readApplicant(applicantId)).toMatchObject({
      status: 'DOCUMENTS_PENDING',
      missingDocuments: ['PHOTO'],
    });
    await agent.api.expectError(
      '/visa/writedocument',
      { ...photo, status: 'VERIFIED' },
      'INVALID_STATE',
      'is REJECTED; it cannot move to VERIFIED',
    );
    const replaced = await writeDocument(photo, { fileUrl: await uploadedFile(agent) });
    expect(replaced).toMatchObject({ status: 'UPLOADED', notes: 'Blurred' });
    expect(replaced.fileUrl).not.toBe(photo.fileUrl);
    await writeDocument(replaced, { status: 'VERIFIED' });
    expect((await readApplicant(applicantId)).status).toBe('DOCUMENTS_COMPLETE');
  });

  it("follows the requirement of the applicant's destination, visa type and nationality", async () => {
    await newRequirement(agent, { destinationCountry: 'JP', documentTypes: ['PASSPORT_COPY', 'BANK_STATEMENT'] });
    await newRequirement(agent, { destinationCountry: 'JP', nationality: 'IN', documentTypes: ['PASSPORT_COPY'] });
    const { applicationId } = await newApplication(agent, { destinationCountry: 'JP' });
    const anyone = await newApplicant(agent, applicationId, { nationality: 'AE' });
    const indian = await newApplicant(agent, applicationId, { nationality: 'IN' });
    expect(anyone.requiredDocuments).toEqual(['PASSPORT_COPY', 'BANK_STATEMENT']);
    expect(indian.requiredDocuments).toEqual(['PASSPORT_COPY']);
    const passport = await newDocument(agent, indian.applicantId, 'PASSPORT_COPY');
    await writeDocument(passport, { status: 'VERIFIED' });
    expect((await readApplicant(indian.applicantId)).status).toBe('DOCUMENTS_COMPLETE');
    // another nationality asks for more: the applicant is pending again
    await newApplicant(agent, applicationId, { ...indian, nationality: 'AE' });
    expect(await readApplicant(indian.applicantId)).toMatchObject({
      status: 'DOCUMENTS_PENDING',
      missingDocuments: ['BANK_STATEMENT'],
    });
  });

  it('serves the file to employees only, as an attachment with the type recognised at upload', async () => {
    const { applicationId } = await newApplication(agent);
    const { applicantId } = await newApplicant(agent, applicationId);
    const document = await newDocument(agent, applicantId, 'PHOTO', { fileName: 'Photo of Amira.png' });
    const answer = await employee.api.inject({
      method: 'POST',
      url: '/visa/documentFile',
      payload: { documentId: document.documentId, session: employee.session },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="Photo_of_Amira.png"/);
    expect(answer.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const customer = await user(t, 'customer');
    await customer.api.expectError('/visa/documentFile', { documentId: document.documentId }, 'FORBIDDEN');
    await agent.api.expectError('/visa/documentFile', { documentId: 2_000_000 }, 'NOTFOUND', 'Visa document');
  });

  it('searches documents by applicant, type and status', async () => {
    const { applicationId } = await newApplication(agent);
    const { applicantId } = await newApplicant(agent, applicationId);
    const passport = await newDocument(agent, applicantId, 'PASSPORT_COPY');
    const photo = await newDocument(agent, applicantId, 'PHOTO');
    await writeDocument(photo, { status: 'VERIFIED' });
    const search = (body: object) => agent.api.ok<VisaDocument[]>('/visa/searchdocument', { applicantId, ...body });
    expect((await search({})).map((d) => d.documentId)).toEqual([photo.documentId, passport.documentId]);
    expect((await search({ status: 'UPLOADED' })).map((d) => d.documentId)).toEqual([passport.documentId]);
    expect((await search({ documentType: 'PHOTO' })).map((d) => d.documentId)).toEqual([photo.documentId]);
    expect(await agent.api.ok('/visa/readdocument', { documentId: photo.documentId })).toMatchObject({
      status: 'VERIFIED',
    });
    await agent.api.expectError('/visa/searchdocument', { status: 'LOST' }, 'INVALID_FORMAT', 'status');
    await agent.api.expectError('/visa/searchdocument', { documentType: 'VISA' }, 'INVALID_FORMAT', 'documentType');
  });

  it("refuses another employee's upload, a checked status on creation, bad values and unknown records", async () => {
    const { applicationId } = await newApplication(agent);
    const { applicantId } = await newApplicant(agent, applicationId);
    const path = '/visa/writedocument';
    const good = { applicantId, documentType: 'PHOTO', fileName: 'p.png', fileUrl: await uploadedFile(agent) };
    const colleagues = { ...good, fileUrl: await uploadedFile(employee) };
    await agent.api.expectError(path, colleagues, 'NOTFOUND', 'Upload');
    await agent.api.expectError(path, { ...good, fileUrl: 'no-such-file.png' }, 'NOTFOUND', 'Upload');
    await agent.api.expectError(path, { ...good, status: 'VERIFIED' }, 'INVALID_STATE', 'A new document is UPLOADED');
    await agent.api.expectError(path, { ...good, documentType: 'VISA' }, 'INVALID_FORMAT', 'documentType');
    await agent.api.expectError(path, { ...good, status: 'LOST' }, 'INVALID_FORMAT', 'status');
    await agent.api.expectError(path, { ...good, fileUrl: undefined }, 'MISSING_PARAMETER', 'fileUrl');
    await agent.api.expectError(path, { ...good, fileName: '' }, 'MISSING_PARAMETER', 'fileName');
    await agent.api.expectError(path, { ...good, expiryDate: '2030-02-30' }, 'INVALID_FORMAT', 'expiryDate');
    await agent.api.expectError(path, { ...good, applicantId: 2_000_000 }, 'NOTFOUND', 'Visa applicant');
    await agent.api.expectError(path, { ...good, documentId: 2_000_000 }, 'NOTFOUND', 'Visa document');
    const mine = await agent.api.ok<VisaDocument>(path, good);
    const otherApplicant = await newApplicant(agent, applicationId);
    await agent.api.expectError(
      path,
      { ...good, documentId: mine.documentId, applicantId: otherApplicant.applicantId },
      'INVALID_STATE',
      'belongs to applicant',
    );
    await agent.api.expectError('/visa/readdocument', { documentId: 2_000_000 }, 'NOTFOUND', 'Visa document');
  });
});
