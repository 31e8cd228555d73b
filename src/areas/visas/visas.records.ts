// Which visa records a caller may name (contract §7.1): /visa/* is for employees, who may name every record of their
// tenant that exists; anyone else none. A file (fileUrl) may be attached by an employee who uploaded it (an admin:
// any upload), and once a visa document holds it by every employee (who then works on that document).
import { isEmployee } from '../../platform/auth/roles.js';
import type { Queryable } from '../../platform/database/connections.js';
import type { TenantContext } from '../../platform/http/operation.js';
import type { RecordId, RecordReader, RecordReaders } from '../../platform/http/records.js';
import type { DocumentsApi } from '../documents/index.js';
import {
  applicantExists,
  applicationExists,
  deliveryExists,
  documentExists,
  fileIsAttached,
  invoiceExists,
  selectRequirement,
} from './model/index.js';

const staffReader = (noun: string, exists: (db: Queryable, id: number) => Promise<boolean>): RecordReader => ({
  noun,
  mayRead: async (ctx: TenantContext, id: RecordId) => isEmployee(ctx.roles) && exists(ctx.db, Number(id)),
});

function fileReader(documents: Pick<DocumentsApi, 'findUpload'>): RecordReader {
  return {
    noun: 'Upload',
    async mayRead(ctx, id) {
      if (!isEmployee(ctx.roles)) return false;
      const upload = await documents.findUpload(ctx.db, String(id));
      if (!upload) return false;
      const own = upload.uploadedBy !== null && upload.uploadedBy === ctx.session?.userId;
      return own || ctx.roles.includes('admin') || fileIsAttached(ctx.db, upload.savedFileName);
    },
  };
}

export function visaRecords(documents: Pick<DocumentsApi, 'findUpload'>): RecordReaders {
  return {
    visaApplication: staffReader('Visa application', applicationExists),
    visaApplicant: staffReader('Visa applicant', applicantExists),
    visaDocument: staffReader('Visa document', documentExists),
    visaDelivery: staffReader('Visa delivery', deliveryExists),
    visaInvoice: staffReader('Visa invoice', invoiceExists),
    visaRequirement: staffReader('Visa requirement', async (db, id) => (await selectRequirement(db, id)) !== undefined),
    visaFile: fileReader(documents),
  };
}
