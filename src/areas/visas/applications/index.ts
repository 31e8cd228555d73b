// Applications and their applicants: the services, their operations (with forEmployees, the guard the other parts
// reuse) and the applicant status kept in step with the documents. Leans only on model/.
export { refreshApplicantStatus } from './applicant-documents.js';
export { createApplicantService } from './applicants.service.js';
export { createApplicationService, knownCountry, type VisaDeps } from './applications.service.js';
export { applicantOperations, applicationOperations, forEmployees } from './visas.operations.js';
