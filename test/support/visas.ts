// What the visa area's tests share: a customer, an application with applicants, a requirement and an uploaded file,
// each made through the API by an employee.
import { uniqueName } from './database.js';
import type { TestUser } from './factories.js';
import type { VisaDocument, Requirement, Applicant, Application } from '../../src/areas/visas/model/index.js';

export async function newCustomer(staff: TestUser): Promise<{ customerId: number; custName: string }> {
  const mark = uniqueName('c');
  return staff.api.ok<{ customerId: number; custName: string }>('/customer/create', {
    custName: `Customer ${mark}`,
    email: `${mark}@example.com`,
    mobilePhone: '+971500000001',
  });
}

export async function newApplication(staff: TestUser, extra: object = {}): Promise<Application> {
  const { customerId } = await newCustomer(staff);
  return staff.api.ok<Application>('/visa/writeapplication', {
    customerId,
    destinationCountry: 'FR',
    visaType: 'TOURIST',
    travelDate: '2030-06-01',
    returnDate: '2030-06-15',
    ...extra,
  });
}

let passportSequence = 0;
export async function newApplicant(staff: TestUser, applicationId: number, extra: object = {}): Promise<Applicant> {
  passportSequence += 1;
  return staff.api.ok<Applicant>('/visa/writeapplicant', {
    applicationId,
    firstName: 'Amira',
    lastName: `Haddad${passportSequence}`,
    passportNumber: `P${String(Date.now()).slice(-6)}${passportSequence}`,
    nationality: 'AE',
    dateOfBirth: '1990-03-04',
    passportExpiryDate: '2035-01-01',
    ...extra,
  });
}

/** A requirement for a destination none of the other tests use (FR applications stay on the default documents). */
export async function newRequirement(staff: TestUser, extra: object = {}): Promise<Requirement> {
  return staff.api.ok<Requirement>('/visa/writerequirement', {
    destinationCountry: 'JP',
    visaType: 'TOURIST',
    documentTypes: ['PASSPORT_COPY', 'PHOTO', 'BANK_STATEMENT'],
    visaFee: 150,
    serviceFee: 50,
    processingDays: 7,
    ...extra,
  });
}

/** A small PNG uploaded by the staff member: its saved name, what a document's fileUrl takes. */
export async function uploadedFile(staff: TestUser): Promise<string> {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const { savedFileName } = await staff.api.ok<{ savedFileName: string }>('/document/upload2', {
    fileToUpload: png.toString('base64'),
    fileName: 'passport.png',
  });
  return savedFileName;
}

export async function newDocument(
  staff: TestUser,
  applicantId: number,
  documentType: string,
  extra: object = {},
): Promise<VisaDocument> {
  return staff.api.ok<VisaDocument>('/visa/writedocument', {
    applicantId,
    documentType,
    fileName: `${documentType.toLowerCase()}.png`,
    fileUrl: await uploadedFile(staff),
    ...extra,
  });
}
