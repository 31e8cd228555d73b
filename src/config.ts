// The only reader of process.env. Every setting is declared once here with its default;
// start-up fails with a clear message when a value is malformed.
import { hostname } from 'node:os';
import path from 'node:path';
import { ConfigError } from './config-error.js';
import { type Env, flag, integer, optionalText, text } from './config-readers.js';
import { type BotCheckSettings, loadBotCheckSettings } from './integrations/bot-check/settings.js';
import { loadPaymentGatewaySettings, type PaymentGatewaySettings } from './integrations/payment-gateway/settings.js';

export interface Config {
  host: string;
  port: number;
  /** PostgreSQL server URL; unset means: start the embedded server. */
  databaseUrl: string | undefined;
  dataDir: string;
  baseDomain: string;
  /** Public base URL of the service; the identity provider's issuers are derived from it. */
  publicUrl: string;
  /** 32-byte key for secrets at rest; unset means: generated into the data folder on first start. */
  secretKey: Buffer | undefined;
  demo: boolean;
  logLevel: string;
  nodeId: string;
  db: {
    /** Name of the platform database (registry, identity provider, heartbeats). */
    platformDatabase: string;
    /** Name of the template every tenant database is cloned from. */
    templateDatabase: string;
    /** Cap on the connections all tenant pools of this node may hold together. */
    maxConnections: number;
    /** Connections one tenant pool may open. */
    poolSize: number;
    /** How long a request may wait for a tenant pool before it is answered 503. */
    acquireTimeoutMs: number;
    /** How long opening one connection may take before the query fails. */
    connectTimeoutSeconds: number;
    /** Connections of the platform database pool (not counted in maxConnections). */
    platformPoolSize: number;
  };
  cluster: {
    reconcileIntervalMs: number;
    heartbeatIntervalMs: number;
  };
  idp: {
    kind: 'builtin' | 'keycloak';
    keycloakUrl: string | undefined;
    keycloakClientId: string | undefined;
    keycloakClientSecret: string | undefined;
    platformClientId: string;
    /** Unset means: generated on first start and kept in the data folder. */
    platformClientSecret: string | undefined;
    authClients: string[];
    tokenLifespanSeconds: number;
    /** Allowed clock skew when checking `exp` and `nbf` of platform tokens. */
    clockSkewSeconds: number;
  };
  smtpUrl: string | undefined;
  /** Requests per minute and client address (fixed window, shared by every node through the database). */
  rateLimits: {
    authenticate: number;
    register: number;
    check: number;
    resetRequest: number;
    guest: number;
    /** /common/wact: a page sends a handful per view; a script flooding the table is stopped. */
    webAction: number;
    /** /common/gcas: each real assessment is billed by Google. */
    botCheck: number;
  };
  botCheck: BotCheckSettings;
  paymentGateway: PaymentGatewaySettings;
  lockout: {
    /** Consecutive failed logins that lock an account. */
    threshold: number;
    minutes: number;
  };
  /** Unset: GET /metrics is open; set: it needs `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** How long rows the service no longer needs are kept before the retention jobs delete them. */
  retention: {
    /** Sent mail in each tenant's outbox. */
    outboxDays: number;
    /** Web actions (/common/wact) of each tenant. */
    webActionDays: number;
  };
}

export { ConfigError };

function identifier(env: Env, name: string, fallback: string): string {
  const value = text(env, name, fallback);
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(value)) throw new ConfigError(`${name} must be a lowercase SQL identifier`);
  return value;
}

/** The metrics endpoint's token and the retention of rows the service no longer needs. */
function housekeeping(env: Env): Pick<Config, 'metricsToken' | 'retention'> {
  return {
    metricsToken: optionalText(env, 'TC_METRICS_TOKEN'),
    retention: {
      outboxDays: integer(env, 'TC_OUTBOX_RETENTION_DAYS', 14, 1, 36_500),
      webActionDays: integer(env, 'TC_WEB_ACTION_RETENTION_DAYS', 90, 1, 36_500),
    },
  };
}

function secretKey(env: Env): Buffer | undefined {
  const raw = env.TC_SECRET_KEY?.trim();
  if (!raw) return undefined;
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new ConfigError('TC_SECRET_KEY must be 32 bytes, as 64 hex digits or base64');
  return key;
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const baseDomain = text(env, 'TC_BASE_DOMAIN', 'localhost').toLowerCase();
  const idpKind = text(env, 'TC_IDP', 'builtin');
  if (idpKind !== 'builtin' && idpKind !== 'keycloak') {
    throw new ConfigError(`TC_IDP must be builtin or keycloak, got "${idpKind}"`);
  }
  const authClients = text(env, 'TC_AUTH_CLIENTS', 'tc-web,tc-api,tc-platform')
    .split(',')
    .map((client) => client.trim())
    .filter(Boolean);
  if (authClients.length === 0) throw new ConfigError('TC_AUTH_CLIENTS must name at least one client');
  const config: Config = {
    host: text(env, 'HOST', '127.0.0.1'),
    port,
    databaseUrl: optionalText(env, 'DATABASE_URL'),
    dataDir: path.resolve(text(env, 'TC_DATA_DIR', './.data')),
    baseDomain,
    publicUrl: text(env, 'TC_PUBLIC_URL', `http://${baseDomain}:${port}`).replace(/\/+$/, ''),
    secretKey: secretKey(env),
    demo: flag(env, 'TC_DEMO', true),
    logLevel: text(env, 'TC_LOG_LEVEL', 'info'),
    nodeId: text(env, 'TC_NODE_ID', `${hostname()}-${process.pid}`),
    db: {
      platformDatabase: identifier(env, 'TC_PLATFORM_DB', 'tc_platform'),
      templateDatabase: identifier(env, 'TC_TEMPLATE_DB', 'tc_tenant_template'),
      maxConnections: integer(env, 'TC_DB_MAX_CONNECTIONS', 50, 1, 10_000),
      poolSize: integer(env, 'TC_DB_POOL_SIZE', 5, 1, 1_000),
      acquireTimeoutMs: integer(env, 'TC_DB_ACQUIRE_TIMEOUT_MS', 2_000, 10, 60_000),
      connectTimeoutSeconds: integer(env, 'TC_DB_CONNECT_TIMEOUT_S', 2, 1, 60),
      platformPoolSize: integer(env, 'TC_DB_PLATFORM_POOL_SIZE', 5, 1, 100),
    },
    cluster: {
      reconcileIntervalMs: integer(env, 'TC_RECONCILE_INTERVAL_MS', 10_000, 100, 30_000),
      heartbeatIntervalMs: integer(env, 'TC_HEARTBEAT_INTERVAL_MS', 5_000, 100, 60_000),
    },
    idp: {
      kind: idpKind,
      keycloakUrl: optionalText(env, 'TC_KEYCLOAK_URL'),
      keycloakClientId: optionalText(env, 'TC_KEYCLOAK_CLIENT_ID'),
      keycloakClientSecret: optionalText(env, 'TC_KEYCLOAK_CLIENT_SECRET'),
      platformClientId: text(env, 'TC_PLATFORM_CLIENT_ID', 'tc-platform'),
      platformClientSecret: optionalText(env, 'TC_PLATFORM_CLIENT_SECRET'),
      authClients,
      tokenLifespanSeconds: integer(env, 'TC_TOKEN_LIFESPAN_S', 300, 10, 86_400),
      clockSkewSeconds: integer(env, 'TC_TOKEN_CLOCK_SKEW_S', 30, 0, 300),
    },
    smtpUrl: optionalText(env, 'TC_SMTP_URL'),
    rateLimits: {
      authenticate: integer(env, 'TC_RATE_LIMIT_AUTHENTICATE', 20, 1, 1_000_000),
      register: integer(env, 'TC_RATE_LIMIT_REGISTER', 10, 1, 1_000_000),
      check: integer(env, 'TC_RATE_LIMIT_CHECK', 30, 1, 1_000_000),
      resetRequest: integer(env, 'TC_RATE_LIMIT_RESET_REQUEST', 5, 1, 1_000_000),
      guest: integer(env, 'TC_RATE_LIMIT_GUEST', 60, 1, 1_000_000),
      webAction: integer(env, 'TC_RATE_LIMIT_WEB_ACTION', 600, 1, 1_000_000),
      botCheck: integer(env, 'TC_RATE_LIMIT_BOT_CHECK', 60, 1, 1_000_000),
    },
    botCheck: loadBotCheckSettings(env),
    paymentGateway: loadPaymentGatewaySettings(env),
    lockout: {
      threshold: integer(env, 'TC_LOCKOUT_THRESHOLD', 5, 1, 100),
      minutes: integer(env, 'TC_LOCKOUT_MINUTES', 15, 1, 24 * 60),
    },
    ...housekeeping(env),
  };
  if (config.idp.kind === 'keycloak' && !config.idp.keycloakUrl) {
    throw new ConfigError('TC_IDP=keycloak needs TC_KEYCLOAK_URL');
  }
  return config;
}
