// The visa area (contract §3: employees only; §7.5): applications of customers with their applicants, documents (files
// kept by the documents area's uploads), deliveries, requirements (behind a provider port, the table staff keep by
// default) and invoices paid through payment links (tables visa_*). A sweep settles the links whose payer never
// came back.
import type { FastifyBaseLogger } from 'fastify';
import type { Area } from '../../platform/area.js';
import type { PeriodicJob, PeriodicWork } from '../../platform/periodic/periodic-work.js';
import { createLinkSweep } from '../../integrations/payment-gateway/links/index.js';
import type { PaymentGateway } from '../../integrations/payment-gateway/index.js';
import type { CommonApi } from '../common/index.js';
import type { CustomersApi } from '../customers/index.js';
import type { DocumentsApi } from '../documents/index.js';
import { createApplicantService } from './applicants.service.js';
import { createApplicationService } from './applications.service.js';
import { createDeliveryService } from './deliveries.service.js';
import { createDocumentService } from './documents.service.js';
import { reconcileLinks } from './invoice-link-settlement.js';
import { createInvoicePaymentLinks, type PaymentLinkDeps } from './invoice-payment-link.js';
import { createInvoiceService } from './invoices.service.js';
import { type RequirementsProvider, tableRequirements } from './requirements.js';
import { createRequirementService } from './requirements.service.js';
import { deliveryOperations, documentOperations } from './visa-documents.operations.js';
import { invoiceOperations, requirementOperations } from './visa-invoices.operations.js';
import { applicantOperations, applicationOperations } from './visas.operations.js';
import { visaRecords } from './visas.records.js';

export type { RequirementKey, RequirementsProvider, VisaRequirement } from './requirements.js';

export interface VisasAreaDeps extends PaymentLinkDeps {
  customers: Pick<CustomersApi, 'findById'>;
  countries: Pick<CommonApi, 'countryByCode'>;
  documents: Pick<DocumentsApi, 'findUpload' | 'openUpload'>;
  /** Where requirements come from: the table staff keep unless an external provider is given. */
  requirements?: RequirementsProvider;
  periodic: Pick<PeriodicWork, 'register'>;
  logger: FastifyBaseLogger;
  clock: () => Date;
}

export function createVisasArea(deps: VisasAreaDeps): Area {
  const visaDeps = { ...deps, requirements: deps.requirements ?? tableRequirements };
  return {
    operations: [
      ...applicationOperations(createApplicationService(visaDeps)),
      ...applicantOperations(createApplicantService(visaDeps)),
      ...documentOperations(createDocumentService(visaDeps)),
      ...deliveryOperations(createDeliveryService()),
      ...requirementOperations(createRequirementService(visaDeps)),
      ...invoiceOperations(createInvoiceService(visaDeps), createInvoicePaymentLinks(deps)),
    ],
    api: undefined,
    records: visaRecords(deps.documents),
    jobs: [deps.periodic.register(createVisaLinkReconciler({ ...deps, log: deps.logger }))],
  };
}

/** Payment links of visa invoices whose payer never came back are settled from the gateway's answer every minute. */
export function createVisaLinkReconciler(deps: {
  paymentGateway: PaymentGateway;
  log: FastifyBaseLogger;
  clock: () => Date;
}): PeriodicJob {
  return createLinkSweep('visa invoice payment links', deps, (scope) => reconcileLinks(deps.paymentGateway, scope));
}
