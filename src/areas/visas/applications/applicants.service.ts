// Applicants of a visa application: the travellers, each with a passport and a nationality whose requirement says
// which documents they need. A new applicant is DOCUMENTS_PENDING; its status follows its documents from then on.
import { withTransaction } from '../../../platform/database/transaction.js';
import { ApiError, ErrorCode, invalidFormat, notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { formatDate } from '../../../platform/time.js';
import { applicantsWithDocuments, refreshApplicantStatus } from './applicant-documents.js';
import {
  applicantsRepository as repo,
  applicationsRepository as applications,
  type Applicant,
  type ApplicantSummary,
  type SearchApplicantsRequest,
  type WriteApplicantRequest,
  toApplicantSummary,
} from '../model/index.js';
import { knownCountry, type VisaDeps } from './applications.service.js';
import { isClosedApplication, LIMITS, likeEscaped } from '../visas.rules.js';

const refused = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);

/** Dates that cannot be: a birth not in the past, a passport expiring before it was issued. */
function checkDates(input: WriteApplicantRequest, today: string): void {
  if (!/^[A-Za-z0-9]{5,20}$/.test(input.passportNumber)) {
    throw invalidFormat('passportNumber', 'must be 5 to 20 letters and digits');
  }
  if (input.dateOfBirth >= today) throw invalidFormat('dateOfBirth', `must be before today (${today})`);
  const { passportIssueDate: issued, passportExpiryDate: expires } = input;
  if (issued !== undefined && expires !== undefined && expires <= issued) {
    throw invalidFormat('passportExpiryDate', `must be after passportIssueDate (${issued})`);
  }
}

export function createApplicantService(deps: VisaDeps) {
  async function read(ctx: TenantContext, applicantId: number): Promise<Applicant> {
    const row = await repo.selectApplicant(ctx.db, applicantId);
    if (!row) throw notFound('Visa applicant');
    const [applicant] = await applicantsWithDocuments(deps.requirements, ctx, [row]);
    if (!applicant) throw notFound('Visa applicant');
    return applicant;
  }

  async function write(ctx: TenantContext, input: WriteApplicantRequest): Promise<Applicant> {
    checkDates(input, formatDate(ctx.now, ctx.tenant.timezone));
    const nationality = await knownCountry(deps, ctx.db, input.nationality, 'nationality');
    const applicantId = await withTransaction(ctx, async (tx) => {
      const application = await applications.lockApplication(tx, input.applicationId);
      if (!application) throw notFound('Visa application');
      if (isClosedApplication(application.status)) {
        throw refused(
          `Application ${application.application_number} is ${application.status}; its applicants are kept as they are`,
        );
      }
      const current = input.applicantId === undefined ? undefined : await repo.lockApplicant(tx, input.applicantId);
      if (input.applicantId !== undefined && !current) throw notFound('Visa applicant');
      if (current && current.application_id !== application.application_id) {
        throw refused(
          `Applicant ${current.applicant_id} belongs to application ${current.application_id}, not ${application.application_id}`,
        );
      }
      const values: repo.ApplicantValues = {
        firstName: input.firstName,
        lastName: input.lastName,
        passportNumber: input.passportNumber.toUpperCase(),
        passportIssueDate: input.passportIssueDate ?? current?.passport_issue_date ?? null,
        passportExpiryDate: input.passportExpiryDate ?? current?.passport_expiry_date ?? null,
        nationality: nationality.code,
        nationalityName: nationality.name,
        dateOfBirth: input.dateOfBirth,
        placeOfBirth: input.placeOfBirth ?? current?.place_of_birth ?? null,
        gender: input.gender ?? current?.gender ?? null,
        email: input.email ?? current?.email ?? null,
        phone: input.phone ?? current?.phone ?? null,
        occupation: input.occupation ?? current?.occupation ?? null,
        employer: input.employer ?? current?.employer ?? null,
        address: input.address ?? current?.address ?? null,
        now: ctx.now,
      };
      if (!current) return repo.insertApplicant(tx, application.application_id, values);
      await repo.updateApplicant(tx, current.applicant_id, values);
      if (current.nationality !== values.nationality) {
        const changed = await repo.selectApplicant(tx, current.applicant_id);
        if (changed) await refreshApplicantStatus(deps.requirements, { db: tx, tenant: ctx.tenant }, changed, ctx.now);
      }
      return current.applicant_id;
    });
    return read(ctx, applicantId);
  }

  async function search(ctx: TenantContext, input: SearchApplicantsRequest): Promise<ApplicantSummary[]> {
    const filter: repo.ApplicantFilter = {
      applicationId: input.applicationId ?? null,
      passportNumber: input.passportNumber === undefined ? null : input.passportNumber.toUpperCase(),
      lastName: input.lastName === undefined ? null : likeEscaped(input.lastName),
    };
    const rows = await repo.searchApplicants(ctx.db, filter, LIMITS.childRows);
    return rows.map((row) => toApplicantSummary(row, ctx.tenant.timezone));
  }

  return { read, write, search };
}

export type ApplicantService = ReturnType<typeof createApplicantService>;
