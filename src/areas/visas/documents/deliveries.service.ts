// Deliveries of an application's passports back to the customer: picked up at the office or sent by courier (with
// its tracking number and company). A delivery with a date is SCHEDULED; its status moves as visas.rules.ts says.
import { withTransaction } from '../../../platform/database/transaction.js';
import { ApiError, ErrorCode, invalidFormat, missingParameter, notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import {
  applicationsRepository as applications,
  deliveriesRepository as repo,
  type Delivery,
  type SearchDeliveriesRequest,
  type WriteDeliveryRequest,
  toDelivery,
} from '../model/index.js';
import { deliveryStatusAfter, isClosedDelivery, LIMITS } from '../visas.rules.js';

const refused = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);

/** What the write leaves: given fields replace the stored ones, absent ones keep them. */
function valuesOf(input: WriteDeliveryRequest, current: repo.DeliveryRow | undefined, now: Date) {
  const address = input.address ?? current?.address ?? null;
  if (input.deliveryType === 'COURIER' && address === null) throw missingParameter('address');
  const state = {
    deliveryType: input.deliveryType,
    scheduledDate: input.scheduledDate ?? current?.scheduled_date ?? null,
    trackingNumber: input.trackingNumber ?? current?.tracking_number ?? null,
    courierCompany: input.courierCompany ?? current?.courier_company ?? null,
  };
  return {
    ...state,
    status: deliveryStatusAfter(current?.delivery_id ?? null, current?.status ?? null, input.status, state),
    address,
    city: input.city ?? current?.city ?? null,
    postalCode: input.postalCode ?? current?.postal_code ?? null,
    contactName: input.contactName ?? current?.contact_name ?? null,
    contactPhone: input.contactPhone ?? current?.contact_phone ?? null,
    notes: input.notes ?? current?.notes ?? null,
    now,
  };
}

export function createDeliveryService() {
  async function read(ctx: TenantContext, deliveryId: number): Promise<Delivery> {
    const row = await repo.selectDelivery(ctx.db, deliveryId);
    if (!row) throw notFound('Visa delivery');
    return toDelivery(row, ctx.tenant.timezone);
  }

  async function write(ctx: TenantContext, input: WriteDeliveryRequest): Promise<Delivery> {
    const deliveryId = await withTransaction(ctx, async (tx) => {
      const application = await applications.selectApplication(tx, input.applicationId);
      if (!application) throw notFound('Visa application');
      if (input.deliveryId === undefined) {
        if (application.status === 'CANCELLED') {
          throw refused(`Application ${application.application_number} is CANCELLED; it has nothing to deliver`);
        }
        return repo.insertDelivery(tx, application.application_id, valuesOf(input, undefined, ctx.now));
      }
      const current = await repo.lockDelivery(tx, input.deliveryId);
      if (!current) throw notFound('Visa delivery');
      if (current.application_id !== application.application_id) {
        throw refused(`Delivery ${current.delivery_id} belongs to application ${current.application_number}`);
      }
      if (isClosedDelivery(current.status)) {
        throw refused(`Delivery ${current.delivery_id} is ${current.status}; it is closed`);
      }
      await repo.updateDelivery(tx, current.delivery_id, valuesOf(input, current, ctx.now));
      return current.delivery_id;
    });
    return read(ctx, deliveryId);
  }

  async function search(ctx: TenantContext, input: SearchDeliveriesRequest): Promise<Delivery[]> {
    if (input.fromDate !== undefined && input.toDate !== undefined && input.toDate < input.fromDate) {
      throw invalidFormat('toDate', `must not be before fromDate (${input.fromDate})`);
    }
    const filter: repo.DeliveryFilter = {
      applicationId: input.applicationId ?? null,
      status: input.status ?? null,
      deliveryType: input.deliveryType ?? null,
      scheduledFrom: input.fromDate ?? null,
      scheduledTo: input.toDate ?? null,
    };
    const rows = await repo.searchDeliveries(ctx.db, filter, LIMITS.childRows);
    return rows.map((row) => toDelivery(row, ctx.tenant.timezone));
  }

  return { read, write, search };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
