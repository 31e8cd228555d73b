// The requirements-provider port: what a visa needs for a destination, visa type and nationality (documents, fees,
// processing days). The default is the table staff keep (/visa/writerequirement); an external provider (a visa
// information service) plugs in by implementing the same port in the composition root.
import type { Queryable } from '../../../platform/database/connections.js';
import type { TenantRecord } from '../../../platform/tenancy/tenant.js';
import { selectMatchingRequirement } from './requirements.repository.js';
import { DEFAULT_REQUIRED_DOCUMENTS, type DocumentType, type VisaType } from '../visas.rules.js';

export interface RequirementKey {
  destinationCountry: string;
  visaType: VisaType;
  nationality: string;
}

export interface VisaRequirement {
  /** The table row it came from; null for a requirement of an external provider. */
  requirementId: number | null;
  documentTypes: readonly DocumentType[];
  /** Exact decimal text in `currency`. */
  visaFee: string;
  serviceFee: string;
  currency: string;
  processingDays: number;
}

export interface RequirementsProvider {
  readonly kind: string;
  /** The requirement for that key, if the provider knows one. */
  find(scope: { db: Queryable; tenant: TenantRecord }, key: RequirementKey): Promise<VisaRequirement | undefined>;
}

/** The default provider: the tenant's visa_requirements, the nationality's own row before the any-nationality one. */
export const tableRequirements: RequirementsProvider = {
  kind: 'table',
  async find(scope, key) {
    const row = await selectMatchingRequirement(scope.db, key);
    return (
      row && {
        requirementId: row.requirement_id,
        documentTypes: row.document_types,
        visaFee: row.visa_fee,
        serviceFee: row.service_fee,
        currency: row.currency,
        processingDays: row.processing_days,
      }
    );
  },
};

/** The documents an applicant must have VERIFIED: the requirement's, or passport copy and photo when none is known. */
export async function requiredDocuments(
  provider: RequirementsProvider,
  scope: { db: Queryable; tenant: TenantRecord },
  key: RequirementKey,
): Promise<readonly DocumentType[]> {
  return (await provider.find(scope, key))?.documentTypes ?? DEFAULT_REQUIRED_DOCUMENTS;
}
