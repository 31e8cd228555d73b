// Durable e-mail: queue a mail in the transaction of the change that causes it, then kick the worker.
//   await lease.sql.begin((tx) => enqueueMail(tx, { to, subject, text, dedupeKey }));
//   outbox.kick(tenant.tenantId);
export type { MailMessage } from './mail-message.js';
export {
  createFileMailTransport,
  createMailTransport,
  createSmtpMailTransport,
  type MailTransport,
  type SmtpMailTransportOptions,
} from './mail-transport.js';
export { createOutboxWorker, type OutboxWorker, type OutboxWorkerDeps } from './outbox-worker.js';
export { enqueueMail, type OutgoingMail } from './outbox.repository.js';
