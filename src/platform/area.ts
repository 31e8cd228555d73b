// The shape every business area returns to the composition root: its operations (values the kernel
// registers), the typed surface other areas may use, and the background jobs it runs.
import type { FastifyInstance } from 'fastify';
import type { OperationDeclaration } from './http/operation.js';
import type { ApiTag } from './http/openapi.js';
import type { RecordReaders } from './http/records.js';

/** Something that runs in the background while the service is up (a sweep, a cache listener). */
export interface Job {
  readonly name: string;
  start(): void | Promise<void>;
  stop(): Promise<void>;
  /** One round of the work now, for jobs that work in rounds (tests and operators use it). */
  runOnce?(): Promise<void>;
}

export interface Area<Api = undefined> {
  readonly operations: readonly OperationDeclaration[];
  /** What other areas may use: camelCase, typed; no row types, no SQL pieces. */
  readonly api: Api;
  readonly jobs?: readonly Job[];
  /** Readers of the record kinds the area owns: may this caller read that record (contract §7.1). */
  readonly records?: RecordReaders;
  /** The OpenAPI tags its operations use, with their descriptions (docs/api.md's sections, in the areas' order). */
  readonly tags?: readonly ApiTag[];
  /** Routes outside the operation kernel (a webhook that needs the raw body), added once the operations are. */
  registerRoutes?(app: FastifyInstance): Promise<void>;
}
