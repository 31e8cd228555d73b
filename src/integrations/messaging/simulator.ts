// The messaging simulator, the default: nothing leaves the machine. It answers as the WhatsApp Cloud API would,
// deterministically: the same message (tenant and idempotency key) always gets the same wamid, in Meta's format,
// and its later statuses follow a fixed timeline from the moment it was sent, so a list of messages shows them
// move from sent to delivered to read. The messages themselves are kept by the messaging area's table, for real
// and simulated sends alike.
import { createHash } from 'node:crypto';
import { isE164, MessagingError, type Messenger } from './port.js';

/** A simulated recipient whose number ends in these digits is refused, as Meta refuses a number not on WhatsApp. */
export const SIMULATOR_REFUSED_SUFFIX = '0000';
/** Meta's code for a message it cannot deliver (131026), which the simulator answers for such recipients. */
export const UNDELIVERABLE_CODE = 131026;
/** After sending: delivered this much later, read this much later (a simulated recipient always reads). */
export const SIMULATED_DELIVERY_MS = 2_000;
export const SIMULATED_READ_MS = 10_000;

/**
 * A wamid as Meta makes them: base64 of a small binary record holding the recipient's digits and an 18-digit
 * hexadecimal message number. Here the number is derived from the tenant and our key, hence deterministic.
 */
export function simulatedWamid(tenantId: string, idempotencyKey: string, to: string): string {
  const digits = Buffer.from(to.replace(/^\+/, ''), 'ascii');
  const serial = createHash('sha256').update(`${tenantId}\n${idempotencyKey}`).digest('hex').slice(0, 18).toUpperCase();
  const record = Buffer.concat([
    Buffer.from([0x1c, 0x18, digits.length]),
    digits,
    Buffer.from([0x15, 0x02, 0x00, 0x11, 0x18, serial.length]),
    Buffer.from(serial, 'ascii'),
    Buffer.from([0x00]),
  ]);
  return `wamid.${record.toString('base64')}`;
}

export type SimulatedStatus = 'delivered' | 'read';

/** The status notifications a simulated message sent at `sentAt` has had by `now`, oldest first. */
export function simulatedStatusesBy(sentAt: Date, now: Date): Array<{ status: SimulatedStatus; at: Date }> {
  const delivered = new Date(sentAt.getTime() + SIMULATED_DELIVERY_MS);
  const read = new Date(sentAt.getTime() + SIMULATED_READ_MS);
  return [
    { status: 'delivered' as const, at: delivered },
    { status: 'read' as const, at: read },
  ].filter((event) => event.at.getTime() <= now.getTime());
}

export function createMessagingSimulator(): Messenger {
  return {
    kind: 'simulator',
    async send(request) {
      if (!isE164(request.to)) throw new MessagingError('refused', 'The recipient is not an E.164 phone number');
      if (request.to.endsWith(SIMULATOR_REFUSED_SUFFIX)) {
        throw new MessagingError(
          'refused',
          `WhatsApp refused the message (simulated, code ${UNDELIVERABLE_CODE})`,
          UNDELIVERABLE_CODE,
        );
      }
      return { providerMessageId: simulatedWamid(request.tenantId, request.idempotencyKey, request.to) };
    },
  };
}
