-- Issue 28. A paid order whose seats were sold to another order meanwhile is not fulfilled: it ends as
-- PAID_NOT_FULFILLED (payment PAID, no booking, no tickets) and staff refund it. And the tickets page of an order's
-- booking is recorded on the order by the bookings area once it made the booking (after the payment, through the
-- order.paid event), so the old download links of sales redirect there without sales asking bookings.
ALTER TABLE sales_orders DROP CONSTRAINT sales_orders_status_check;
ALTER TABLE sales_orders ADD CONSTRAINT sales_orders_status_check
  CHECK (status IN ('OPEN', 'COMPLETED', 'CANCELLED', 'PAID_NOT_FULFILLED'));

-- the booking's tickets page, relative to the tenant's address (/booking/tickets/<id>?code=<access code>)
ALTER TABLE sales_orders ADD COLUMN tickets_page text;
UPDATE sales_orders o
SET tickets_page = '/booking/tickets/' || r.booking_request_id || '?code=' || r.access_code
FROM booking_requests r
WHERE r.sales_order_id = o.sales_order_id;
