// Durable e-mail: queue a mail in the transaction of the change that causes it; the worker wakes once it commits.
//   await withTransaction(ctx, (tx, afterCommit) => mail.queue(tx, afterCommit, tenantId, { to, subject, text }));
export type { MailMessage } from './mail-message.js';
export {
  createFileMailTransport,
  createMailTransport,
  createSmtpMailTransport,
  type MailTransport,
  type SmtpMailTransportOptions,
} from './mail-transport.js';
export { createOutboxWorker, type OutboxBacklog, type OutboxWorker, type OutboxWorkerDeps } from './outbox-worker.js';
export { createOutboxRetention } from './outbox-retention.js';
export { createMailQueue, type MailQueue } from './mail-queue.js';
export { enqueueMail, type OutgoingMail } from './outbox.repository.js';
// Rows of other kinds (messages): queued with enqueueTask, run by a worker whose handler says what a task does.
export {
  createOutboxTaskWorker,
  type OutboxTaskHandler,
  type OutboxTaskWorker,
  type TaskOutcome,
  type WithTenantDb,
} from './outbox-task-worker.js';
export { type ClaimedTask, enqueueTask, type OutboxTaskKind } from './outbox-tasks.repository.js';
