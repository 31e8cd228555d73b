// Sent mail is kept for a while (who was mailed what, for support questions), then deleted by a periodic job over
// every active tenant. Mail still to deliver and mail parked as FAILED stay whatever their age.
import type { FastifyBaseLogger } from 'fastify';
import type { PeriodicJob } from '../periodic/periodic-work.js';
import { retentionJob } from '../periodic/retention-job.js';
import { deleteSentMailBefore } from './outbox.repository.js';

export function createOutboxRetention(deps: {
  log: FastifyBaseLogger;
  clock: () => Date;
  /** Sent mail older than this many days is deleted (TC_OUTBOX_RETENTION_DAYS). */
  retentionDays: number;
}): PeriodicJob {
  return retentionJob({ ...deps, name: 'sent mail retention', deleteBatch: deleteSentMailBefore });
}
