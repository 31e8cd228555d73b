// The only reader of process.env. Every setting is declared once here with its default;
// start-up fails with a clear message when a value is malformed.
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import { ConfigError } from './config-error.js';
import { baseUrl, type Env, flag, integer, optionalText, requiredText, text } from './config-readers.js';
import { type BotCheckSettings, loadBotCheckSettings } from './integrations/bot-check/settings.js';
import { type FlightSettings, loadFlightSettings } from './integrations/flights/settings.js';
import { type HotelSupplierSettings, loadHotelSupplierSettings } from './integrations/hotels/settings.js';
import { loadMessagingSettings, type MessagingSettings } from './integrations/messaging/settings.js';
import { loadPaymentGatewaySettings, type PaymentGatewaySettings } from './integrations/payment-gateway/settings.js';
import { loadTicketSupplierSettings, type TicketSupplierSettings } from './integrations/ticket-supplier/settings.js';

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
    /** A tenant pool's connection unused this long is closed (its slot goes back to the node's cap). */
    idleTimeoutMs: number;
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
    /** Set when kind is keycloak: where Keycloak is and the master realm's client that creates realms. */
    keycloak: KeycloakConnectionSettings | undefined;
    platformClientId: string;
    /** Unset means: generated on first start and kept in the data folder. */
    platformClientSecret: string | undefined;
    authClients: string[];
    tokenLifespanSeconds: number;
    /** Allowed clock skew when checking `exp` and `nbf` of platform tokens. */
    clockSkewSeconds: number;
  };
  smtpUrl: string | undefined;
  /** Addresses and CIDRs of the proxies whose X-Forwarded-For names the client (empty: none is trusted). */
  trustedProxies: string[];
  /**
   * Per minute and client address unless said otherwise (fixed window, shared by every node through the
   * database); contract §7.1 sets the floors.
   */
  rateLimits: {
    /** Failed logins (30 to 60): successes never count, so an office behind one address is never refused. */
    loginFailures: number;
    register: number;
    check: number;
    resetRequest: number;
    /** Reset requests per target e-mail address, whatever client sends them. */
    resetTarget: number;
    guest: number;
    /** /common/wact: a page sends a handful per view; a script flooding the table is stopped. */
    webAction: number;
    /** /common/gcas: each real assessment is billed by Google. */
    botCheck: number;
    /** /customer/createTripRequest by callers not logged in: each one e-mails the agency. */
    tripRequest: number;
    /** Look-ups by a secret pair (booking read and verifyAccess by e-mail + refnum, tickets by id + access code). */
    secretPairLookup: number;
  };
  botCheck: BotCheckSettings;
  paymentGateway: PaymentGatewaySettings;
  /** TC_MESSAGING: the simulator (default) or the WhatsApp Cloud API, and the inbound webhook's secrets. */
  messaging: MessagingSettings;
  /** The ticket supplier of hasVendorBooking products: the simulator, its failure rate, latency and timeout. */
  ticketSupplier: TicketSupplierSettings;
  /** The ticket supplier's catalog as each tenant keeps it (areas/ticket-supplier). */
  ticketCatalog: {
    /** TC_TICKET_CATALOG_SYNC_HOURS: a tenant's copy is synced again once its last full sync is older (0: never). */
    syncHours: number;
    /** TC_TICKET_CATALOG_LIVE_TIMEOUT_MS: availability and timeslots wait this long for the supplier (API_ERROR). */
    liveTimeoutMs: number;
  };
  /** TC_FLIGHTS: the flight simulator (default) or Amadeus Self-Service with its credentials, URL and timeout. */
  flights: FlightSettings;
  /** TC_HOTELS: the online hotel simulator (default) or GoGlobal's XML API with its agency, user, password, URL. */
  hotels: HotelSupplierSettings;
  lockout: {
    /** Consecutive failed logins that lock an account. */
    threshold: number;
    minutes: number;
  };
  /** Unset: GET /metrics is open; set: it needs `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** This node's spreadsheet imports (platform/spreadsheets), each in a worker thread: how many at once, and caps. */
  spreadsheetImports: {
    concurrency: number;
    deadlineMs: number;
    /** The worker's heap. */
    memoryMb: number;
  };
  /** How long rows the service no longer needs are kept before the retention jobs delete them. */
  retention: {
    /** Sent mail in each tenant's outbox. */
    outboxDays: number;
    /** Web actions (/common/wact) of each tenant. */
    webActionDays: number;
  };
}

/** TC_IDP=keycloak (research/external-systems.md §4). */
export interface KeycloakConnectionSettings {
  /** Keycloak's public base URL: the realms' token issuers are derived from it. */
  url: string;
  adminClientId: string;
  adminClientSecret: string;
  /** How long one call to Keycloak may take. */
  timeoutMs: number;
}

export { ConfigError };

function identifier(env: Env, name: string, fallback: string): string {
  const value = text(env, name, fallback);
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(value)) throw new ConfigError(`${name} must be a lowercase SQL identifier`);
  return value;
}

/** TC_TRUSTED_PROXIES: comma-separated IPv4/IPv6 addresses or CIDRs. */
function trustedProxies(env: Env): string[] {
  const entries = text(env, 'TC_TRUSTED_PROXIES', '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const bits = family === 6 ? 128 : 32;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || !prefixOk || rest.length > 0) {
      throw new ConfigError(`TC_TRUSTED_PROXIES must list IP addresses or CIDRs, got "${entry}"`);
    }
  }
  return entries;
}

function keycloakSettings(env: Env, idpKind: string): KeycloakConnectionSettings | undefined {
  if (idpKind !== 'keycloak') return undefined;
  const choice = 'TC_IDP=keycloak';
  return {
    url: baseUrl(env, 'TC_KEYCLOAK_URL', requiredText(env, 'TC_KEYCLOAK_URL', choice)),
    adminClientId: requiredText(env, 'TC_KEYCLOAK_CLIENT_ID', choice),
    adminClientSecret: requiredText(env, 'TC_KEYCLOAK_CLIENT_SECRET', choice),
    timeoutMs: integer(env, 'TC_KEYCLOAK_TIMEOUT_MS', 10_000, 100, 120_000),
  };
}

/** The metrics endpoint's token, the retention of rows the service no longer needs, the spreadsheet imports. */
function housekeeping(env: Env): Pick<Config, 'metricsToken' | 'retention' | 'spreadsheetImports'> {
  return {
    metricsToken: optionalText(env, 'TC_METRICS_TOKEN'),
    spreadsheetImports: {
      concurrency: integer(env, 'TC_IMPORT_CONCURRENCY', 2, 1, 64),
      deadlineMs: integer(env, 'TC_IMPORT_DEADLINE_S', 30, 1, 600) * 1000,
      memoryMb: integer(env, 'TC_IMPORT_MEMORY_MB', 128, 32, 4096),
    },
    retention: {
      outboxDays: integer(env, 'TC_OUTBOX_RETENTION_DAYS', 14, 1, 36_500),
      webActionDays: integer(env, 'TC_WEB_ACTION_RETENTION_DAYS', 90, 1, 36_500),
    },
  };
}

/** The minimums are contract §7.1's floors. TC_RATE_LIMIT_AUTHENTICATE (every login counted) is gone. */
function rateLimits(env: Env): Config['rateLimits'] {
  return {
    loginFailures: integer(env, 'TC_RATE_LIMIT_LOGIN_FAILURES', 30, 30, 60),
    register: integer(env, 'TC_RATE_LIMIT_REGISTER', 60, 60, 1_000_000),
    check: integer(env, 'TC_RATE_LIMIT_CHECK', 30, 1, 1_000_000),
    resetRequest: integer(env, 'TC_RATE_LIMIT_RESET_REQUEST', 60, 60, 1_000_000),
    resetTarget: integer(env, 'TC_RATE_LIMIT_RESET_TARGET', 5, 5, 1_000_000),
    guest: integer(env, 'TC_RATE_LIMIT_GUEST', 600, 600, 1_000_000),
    webAction: integer(env, 'TC_RATE_LIMIT_WEB_ACTION', 600, 1, 1_000_000),
    botCheck: integer(env, 'TC_RATE_LIMIT_BOT_CHECK', 60, 1, 1_000_000),
    tripRequest: integer(env, 'TC_RATE_LIMIT_TRIP_REQUEST', 60, 1, 1_000_000),
    secretPairLookup: integer(env, 'TC_RATE_LIMIT_SECRET_PAIR', 60, 60, 1_000_000),
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
      idleTimeoutMs: integer(env, 'TC_DB_IDLE_TIMEOUT_MS', 30_000, 100, 3_600_000),
      connectTimeoutSeconds: integer(env, 'TC_DB_CONNECT_TIMEOUT_S', 2, 1, 60),
      platformPoolSize: integer(env, 'TC_DB_PLATFORM_POOL_SIZE', 5, 1, 100),
    },
    cluster: {
      reconcileIntervalMs: integer(env, 'TC_RECONCILE_INTERVAL_MS', 10_000, 100, 30_000),
      heartbeatIntervalMs: integer(env, 'TC_HEARTBEAT_INTERVAL_MS', 5_000, 100, 60_000),
    },
    idp: {
      kind: idpKind,
      keycloak: keycloakSettings(env, idpKind),
      platformClientId: text(env, 'TC_PLATFORM_CLIENT_ID', 'tc-platform'),
      platformClientSecret: optionalText(env, 'TC_PLATFORM_CLIENT_SECRET'),
      authClients,
      tokenLifespanSeconds: integer(env, 'TC_TOKEN_LIFESPAN_S', 300, 10, 86_400),
      clockSkewSeconds: integer(env, 'TC_TOKEN_CLOCK_SKEW_S', 30, 0, 300),
    },
    smtpUrl: optionalText(env, 'TC_SMTP_URL'),
    trustedProxies: trustedProxies(env),
    rateLimits: rateLimits(env),
    botCheck: loadBotCheckSettings(env),
    paymentGateway: loadPaymentGatewaySettings(env),
    messaging: loadMessagingSettings(env),
    ticketSupplier: loadTicketSupplierSettings(env),
    ticketCatalog: {
      syncHours: integer(env, 'TC_TICKET_CATALOG_SYNC_HOURS', 24, 0, 24 * 366),
      liveTimeoutMs: integer(env, 'TC_TICKET_CATALOG_LIVE_TIMEOUT_MS', 10_000, 100, 120_000),
    },
    flights: loadFlightSettings(env),
    hotels: loadHotelSupplierSettings(env),
    lockout: {
      threshold: integer(env, 'TC_LOCKOUT_THRESHOLD', 5, 1, 100),
      minutes: integer(env, 'TC_LOCKOUT_MINUTES', 15, 1, 24 * 60),
    },
    ...housekeeping(env),
  };
  return config;
}
