// Which sales records a caller may read (contract §3, §7.1): staff any of their tenant's; guests, the website key
// and customers the orders they placed (the session or the user that ordered), and a customer user also the orders
// of its customer record ("a customer's own documents are those of that record and of the orders it placed"), with
// those orders' invoices, payment references and order numbers. The kernel asks these readers for every declared
// invoice number, payment reference and order number.
import { loggedInUserId } from '../../platform/auth/session.js';
import { isEmployee } from '../../platform/auth/roles.js';
import type { CustomerRecordOf } from '../customers/index.js';
import type { TenantContext } from '../../platform/http/operation.js';
import type { RecordId, RecordReader, RecordReaders } from '../../platform/http/records.js';
import { storedSessionOf } from './checkout-order.js';
import { orderOfPaymentRef } from './checkout.service.js';
import type { OrderLinks } from './payment-link.js';
import * as repo from './sales.repository.js';

interface OrderOwners {
  session_id: string | null;
  user_id: number | null;
  customer_id: number | null;
}

export function salesRecords(
  customerRecordOf: CustomerRecordOf,
  links: Pick<OrderLinks, 'ownerOfGatewayOrder'>,
): RecordReaders {
  /** Staff, the session or user that placed the order, or the customer user the order names. */
  async function mayReadOrder(ctx: TenantContext, order: OrderOwners): Promise<boolean> {
    if (isEmployee(ctx.roles)) return true;
    const userId = loggedInUserId(ctx.session);
    if (order.session_id !== null && order.session_id === storedSessionOf(ctx)) return true;
    if (order.user_id !== null && order.user_id === userId) return true;
    return order.customer_id !== null && order.customer_id === (await customerRecordOf(ctx));
  }
  const invoices: RecordReader = {
    noun: 'Invoice',
    async mayRead(ctx: TenantContext, id: RecordId): Promise<boolean> {
      const invoice = await repo.findInvoice(ctx.db, String(id));
      if (!invoice) return false;
      const { order_session_id, order_user_id, customer_id } = invoice;
      return mayReadOrder(ctx, { session_id: order_session_id, user_id: order_user_id, customer_id });
    },
  };
  const payments: RecordReader = {
    noun: 'Payment',
    async mayRead(ctx: TenantContext, id: RecordId): Promise<boolean> {
      const order = await orderOfPaymentRef(links, ctx.db, String(id));
      return order !== undefined && mayReadOrder(ctx, order);
    },
  };
  const orders: RecordReader = {
    noun: 'Order',
    async mayRead(ctx: TenantContext, id: RecordId): Promise<boolean> {
      const order = await repo.findOrderByNumber(ctx.db, String(id));
      return order !== undefined && mayReadOrder(ctx, order);
    },
  };
  // Invoice numbers (`docnum`, `invoice`), payment references (`paymentRef`) and order numbers (`orderNum`).
  return { invoice: invoices, payment: payments, order: orders };
}
