-- The gateway's return addresses of a payment link carry a random token `t` beside the order number, which is
-- sequential and guessable (contract §6): only its SHA-256 is kept. Orders made before this column have none, so
-- their redirect pages name the reference only; the reconciliation job still settles them with the gateway.
ALTER TABLE sales_orders ADD COLUMN callback_token_hash bytea;
