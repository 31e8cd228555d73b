-- Customer users made before customer records came with them (contract §7.1) get one now: the oldest active
-- customer record of their e-mail (any case) when there is one, else a new record with their name, e-mail and
-- mobile, and their contact_id names it. Employees and the provisioned admin keep none. What the users area does
-- at registration, once, for the users already there.
UPDATE users u
SET contact_id = (SELECT c.customer_id FROM customers c
                  WHERE lower(c.email) = lower(u.user_email) AND c.active
                  ORDER BY c.customer_id LIMIT 1),
    updated_at = now()
WHERE 'customer' = ANY (u.roles) AND u.contact_id IS NULL
  AND EXISTS (SELECT 1 FROM customers c WHERE lower(c.email) = lower(u.user_email) AND c.active);

WITH created AS (
  INSERT INTO customers (cust_name, email, mobile_phone, user_id)
  SELECT coalesce(u.user_name, u.user_login), u.user_email, u.mobile, u.user_id
  FROM users u
  WHERE 'customer' = ANY (u.roles) AND u.contact_id IS NULL
  ORDER BY u.user_id
  RETURNING customer_id, user_id
)
UPDATE users u SET contact_id = created.customer_id, updated_at = now()
FROM created WHERE u.user_id = created.user_id;
