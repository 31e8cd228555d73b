-- Tenant registry. Secrets (kc_admin_client_secret, db_pass) are stored sealed: 'encrypted:<base64>'.
CREATE TABLE tenants (
  tenant_id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_code            text NOT NULL UNIQUE,
  tenant_name            text NOT NULL,
  db_name                text NOT NULL UNIQUE,
  kc_realm               text NOT NULL UNIQUE,
  kc_admin_client_secret text NOT NULL,
  status                 text NOT NULL CHECK (status IN ('ACTIVE', 'SUSPENDED')),
  db_user                text NOT NULL UNIQUE,
  db_pass                text NOT NULL,
  timezone               text NOT NULL DEFAULT 'Asia/Dubai',
  currency               text NOT NULL DEFAULT 'AED',
  market                 text NOT NULL DEFAULT 'UAE',
  admin_email            text NOT NULL,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now()
);

-- A messaging phone-number identifier routes inbound messaging webhooks to a tenant.
CREATE TABLE tenant_messaging_numbers (
  phone_number_id text PRIMARY KEY,
  tenant_id       uuid NOT NULL REFERENCES tenants ON DELETE CASCADE
);

-- Every change of a tenant row, made by the service or by hand, is announced to every node.
CREATE FUNCTION tenants_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tc_tenant_changed', COALESCE(NEW.tenant_id, OLD.tenant_id)::text);
  RETURN NULL;
END $$;

CREATE TRIGGER tenants_changed AFTER INSERT OR UPDATE OR DELETE ON tenants
  FOR EACH ROW EXECUTE FUNCTION tenants_notify_change();

-- Cluster members write a heartbeat; /system/health counts the members seen recently.
CREATE TABLE cluster_nodes (
  node_id      text PRIMARY KEY,
  started_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
