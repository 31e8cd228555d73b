// SQL of visa deliveries: passports handed back to the customer, picked up or sent by courier. Plain rows out.
import type { Queryable } from '../../../platform/database/connections.js';
import type { DeliveryStatus, DeliveryType } from '../visas.rules.js';

export interface DeliveryRow {
  delivery_id: number;
  application_id: number;
  application_number: string;
  delivery_type: DeliveryType;
  address: string | null;
  city: string | null;
  postal_code: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  scheduled_date: string | null;
  status: DeliveryStatus;
  tracking_number: string | null;
  courier_company: string | null;
  notes: string | null;
  created_at: Date;
}

const columns = (db: Queryable) => db`
  v.delivery_id, v.application_id, a.application_number, v.delivery_type, v.address, v.city, v.postal_code,
  v.contact_name, v.contact_phone, v.scheduled_date::text AS scheduled_date, v.status, v.tracking_number,
  v.courier_company, v.notes, v.created_at`;

export interface DeliveryValues {
  deliveryType: DeliveryType;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  contactName: string | null;
  contactPhone: string | null;
  scheduledDate: string | null;
  status: DeliveryStatus;
  trackingNumber: string | null;
  courierCompany: string | null;
  notes: string | null;
  now: Date;
}

export async function insertDelivery(db: Queryable, applicationId: number, values: DeliveryValues): Promise<number> {
  const [row] = await db<{ delivery_id: number }[]>`
    INSERT INTO visa_deliveries (application_id, delivery_type, address, city, postal_code, contact_name,
                                 contact_phone, scheduled_date, status, tracking_number, courier_company, notes,
                                 created_at, updated_at)
    VALUES (${applicationId}, ${values.deliveryType}, ${values.address}, ${values.city}, ${values.postalCode},
            ${values.contactName}, ${values.contactPhone}, ${values.scheduledDate}::date, ${values.status},
            ${values.trackingNumber}, ${values.courierCompany}, ${values.notes}, ${values.now}, ${values.now})
    RETURNING delivery_id`;
  if (!row) throw new Error('delivery insert returned no row');
  return row.delivery_id;
}

export async function updateDelivery(db: Queryable, deliveryId: number, values: DeliveryValues): Promise<void> {
  await db`
    UPDATE visa_deliveries
    SET delivery_type = ${values.deliveryType}, address = ${values.address}, city = ${values.city},
        postal_code = ${values.postalCode}, contact_name = ${values.contactName}, contact_phone = ${values.contactPhone},
        scheduled_date = ${values.scheduledDate}::date, status = ${values.status},
        tracking_number = ${values.trackingNumber}, courier_company = ${values.courierCompany}, notes = ${values.notes},
        updated_at = ${values.now}
    WHERE delivery_id = ${deliveryId}`;
}

export async function selectDelivery(db: Queryable, deliveryId: number): Promise<DeliveryRow | undefined> {
  const [row] = await db<DeliveryRow[]>`
    SELECT ${columns(db)} FROM visa_deliveries v JOIN visa_applications a USING (application_id)
    WHERE v.delivery_id = ${deliveryId}`;
  return row;
}

export async function lockDelivery(db: Queryable, deliveryId: number): Promise<DeliveryRow | undefined> {
  const [row] = await db<DeliveryRow[]>`
    SELECT ${columns(db)} FROM visa_deliveries v JOIN visa_applications a USING (application_id)
    WHERE v.delivery_id = ${deliveryId}
    FOR UPDATE OF v`;
  return row;
}

export async function deliveryExists(db: Queryable, deliveryId: number): Promise<boolean> {
  const rows = await db`SELECT 1 FROM visa_deliveries WHERE delivery_id = ${deliveryId}`;
  return rows.length === 1;
}

export interface DeliveryFilter {
  applicationId: number | null;
  status: DeliveryStatus | null;
  deliveryType: DeliveryType | null;
  scheduledFrom: string | null;
  scheduledTo: string | null;
}

export function searchDeliveries(db: Queryable, filter: DeliveryFilter, limit: number): Promise<DeliveryRow[]> {
  return db<DeliveryRow[]>`
    SELECT ${columns(db)} FROM visa_deliveries v JOIN visa_applications a USING (application_id)
    WHERE (${filter.applicationId}::int IS NULL OR v.application_id = ${filter.applicationId})
      AND (${filter.status}::text IS NULL OR v.status = ${filter.status})
      AND (${filter.deliveryType}::text IS NULL OR v.delivery_type = ${filter.deliveryType})
      AND (${filter.scheduledFrom}::date IS NULL OR v.scheduled_date >= ${filter.scheduledFrom}::date)
      AND (${filter.scheduledTo}::date IS NULL OR v.scheduled_date <= ${filter.scheduledTo}::date)
    ORDER BY v.delivery_id DESC
    LIMIT ${limit}`;
}
