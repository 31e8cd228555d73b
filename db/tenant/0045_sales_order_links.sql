-- Issue 28, item 1: sales orders become an owner kind of payment links (`sales-order`). Each order's link (its
-- gateway order, page and return-address token hash) moves from sales_orders to payment_links, named by the order
-- number (the `ref` of its return addresses, so links already sent keep working). The link's status follows the
-- order's: paid (completed or paid-not-fulfilled) PAID; open and pending, or open and paid but not recorded (a
-- failed processing the round retries) ACTIVE; a decline DECLINED; a cancelled payment CANCELLED; else EXPIRED. An
-- order made before return-address tokens gets a random hash nobody holds (its pages name the reference only, as
-- before). The order keeps payment_expires_at as its pay-by; processing_error goes (a paid link not recorded stays
-- ACTIVE and is retried).
INSERT INTO payment_links (owner_kind, owner_id, link_reference, gateway_order_ref, payment_url, amount, currency,
                           status, callback_token_hash, expires_at, created_at, created_by, settled_at)
SELECT 'sales-order', o.sales_order_id, o.order_num, o.payment_ref, COALESCE(o.payment_url, ''), o.total, o.currency,
       moved.status, COALESCE(o.callback_token_hash, sha256(convert_to(gen_random_uuid()::text, 'UTF8'))),
       COALESCE(o.payment_expires_at, o.created_at), o.created_at, o.user_id,
       CASE WHEN moved.status = 'ACTIVE' THEN NULL ELSE o.updated_at END
FROM sales_orders o
CROSS JOIN LATERAL (
  SELECT CASE
    WHEN o.status IN ('COMPLETED', 'PAID_NOT_FULFILLED') THEN 'PAID'
    WHEN o.status = 'OPEN' AND o.payment_status IN ('PENDING', 'PAID') THEN 'ACTIVE'
    WHEN o.payment_status = 'DECLINED' THEN 'DECLINED'
    WHEN o.payment_status = 'CANCELLED_PAYMENT' THEN 'CANCELLED'
    ELSE 'EXPIRED'
  END AS status
) moved
WHERE o.payment_ref IS NOT NULL AND o.total > 0
ORDER BY o.created_at, o.sales_order_id;

-- checkPaymentStatus and the payment records find a link by its gateway order
CREATE INDEX payment_links_gateway_order ON payment_links (owner_kind, gateway_order_ref);

ALTER TABLE sales_orders DROP COLUMN payment_ref;
ALTER TABLE sales_orders DROP COLUMN payment_url;
ALTER TABLE sales_orders DROP COLUMN callback_token_hash;
ALTER TABLE sales_orders DROP COLUMN processing_error;
