// Queuing mail the one way that cannot go wrong: the row is written in the transaction of the change that causes
// it, and the worker is woken by an after-commit effect of that same transaction (never for a rollback, never
// forgotten by a write path; the worker's sweep would deliver it later anyway).
import type { Queryable } from '../database/connections.js';
import type { AfterCommit } from '../database/transaction.js';
import { enqueueMail, type OutgoingMail } from './outbox.repository.js';

export interface MailQueue {
  queue(tx: Queryable, afterCommit: AfterCommit, tenantId: string, mail: OutgoingMail): Promise<void>;
}

export function createMailQueue(outbox: { kick(tenantId: string): void }): MailQueue {
  return {
    async queue(tx, afterCommit, tenantId, mail) {
      await enqueueMail(tx, mail);
      afterCommit(() => outbox.kick(tenantId));
    },
  };
}
