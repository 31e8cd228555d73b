// The visa area (contract §3: employees only; §7.5): applications, applicants, documents, deliveries,
// requirements and invoices.
import type { Area } from '../../platform/area.js';
import type { OperationDeclaration } from '../../platform/http/operation.js';

export function createVisasArea(): Area {
  const operations: OperationDeclaration[] = [];
  return { operations, api: undefined };
}
