// Hotel operations of this part of the area (see index.ts).
import type { OperationDeclaration } from '../../platform/http/operation.js';

export function staticDataOperations(): OperationDeclaration[] {
  return [];
}
