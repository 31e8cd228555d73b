// Mail with attachments through the outbox: the files are kept in the row (base64 in the JSON payload) and reach
// a real SMTP server as MIME attachments with their names, types and exact bytes; mail without any is queued and
// sent as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformToken, provisionTenant, startTestService, withTenantDb } from '../../../test/support/service.js';
import { type MailInbox, startMailInbox } from '../../../test/support/smtp.js';
import type { Service } from '../../service.js';
import type { Sql } from '../database/connections.js';
import type { TenantRecord } from '../tenancy/tenant.js';
import { enqueueMail } from './index.js';

let inbox: MailInbox;
let service: Service;
let tenant: TenantRecord;

const withSql = <T>(work: (sql: Sql) => Promise<T>) => withTenantDb(service, tenant, work);

beforeAll(async () => {
  inbox = await startMailInbox();
  service = await startTestService({ env: { TC_SMTP_URL: inbox.url } });
  const provisioned = await provisionTenant(service, await platformToken(service));
  const record = service.registry.byId(provisioned.tenantId);
  if (!record) throw new Error('the provisioned tenant is not in the registry');
  tenant = record;
});

afterAll(async () => {
  await service?.close();
  await inbox?.stop();
});

describe('mail attachments', () => {
  it('sends the files queued with a mail, byte for byte', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255])]);
    await withSql((sql) =>
      enqueueMail(sql, {
        to: 'attach@example.com',
        subject: 'Your quote',
        text: 'See the attached quote.',
        attachments: [
          { filename: 'QUO-2026-000001.pdf', contentType: 'application/pdf', content: pdf },
          { filename: 'notes.txt', contentType: 'text/plain', content: Buffer.from('Bring a hat') },
        ],
      }),
    );
    const [row] = await withSql(
      (sql) => sql<{ payload: { attachments: unknown[] } }[]>`
      SELECT payload FROM outbox WHERE payload->>'to' = 'attach@example.com'`,
    );
    expect(row?.payload.attachments).toEqual([
      { filename: 'QUO-2026-000001.pdf', contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
      {
        filename: 'notes.txt',
        contentType: 'text/plain',
        contentBase64: Buffer.from('Bring a hat').toString('base64'),
      },
    ]);
    service.outbox.kick(tenant.tenantId);
    await inbox.waitFor('attach@example.com', /Your quote/);
    const parsed = inbox.received.find((mail) => mail.subject === 'Your quote');
    expect(parsed?.text?.trim()).toBe('See the attached quote.');
    expect(parsed?.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['QUO-2026-000001.pdf', 'application/pdf'],
      ['notes.txt', 'text/plain'],
    ]);
    expect(parsed?.attachments[0]?.content.equals(pdf)).toBe(true);
    expect(parsed?.attachments[1]?.content.toString()).toBe('Bring a hat');
  });

  it('keeps mail without attachments as it was: no attachments key, none sent', async () => {
    await withSql((sql) => enqueueMail(sql, { to: 'plain@example.com', subject: 'Plain', text: 'Hello' }));
    const [row] = await withSql(
      (sql) => sql<{ payload: Record<string, unknown> }[]>`
      SELECT payload FROM outbox WHERE payload->>'to' = 'plain@example.com'`,
    );
    expect(row?.payload).toEqual({ to: 'plain@example.com', subject: 'Plain', text: 'Hello' });
    service.outbox.kick(tenant.tenantId);
    await inbox.waitFor('plain@example.com', /Plain/);
    expect(inbox.received.find((mail) => mail.subject === 'Plain')?.attachments).toEqual([]);
  });
});
