// /groups/*: groups, passengers, group hotels, transport, rooms and room assignments (employees only).
import type { OperationDeclaration } from '../../platform/http/operation.js';

export function groupOperations(): OperationDeclaration[] {
  return [];
}
