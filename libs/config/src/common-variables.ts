import { ConfigError } from './config-error.js';
import { developmentSwitch, integer, list, nkeySeed, oneOf, text, url, urlList } from './variable.js';

/** The development secret: accepted locally with a warning, refused when NODE_ENV=production. */
export const DEV_AUTH_SECRET = 'dev-only-secret-change-me-0123456789abcdef';

/** The development key-encryption secret: accepted locally with a warning, refused when NODE_ENV=production. */
export const DEV_DATA_ENCRYPTION_KEY = 'dev-only-data-encryption-key-change-me-0123456789';

/**
 * Production unless said otherwise: a process started without NODE_ENV refuses the development secret. Local
 * runs (`npm start`) and tests set `development` or `test` explicitly.
 */
export const NodeEnvVariable = { NODE_ENV: oneOf(['development', 'test', 'production'], 'production') };

/**
 * The development mailbox (every stored mail, links included, readable by anyone who reaches /dev): opt-in, and
 * refused in production.
 */
export const DevMailboxVariable = { DEV_MAILBOX_ENABLED: developmentSwitch() };

export const LogVariables = {
  LOG_LEVEL: oneOf(['error', 'warn', 'log', 'debug', 'verbose'], 'log'),
};

export const DatabaseVariables = {
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'postgres://postgres@127.0.0.1:5432/authsvc'),
  /**
   * Connections each process keeps open at most: replicas × this, across the apps, must stay below the server's
   * max_connections (or PgBouncer's pool; see docs/operations.md).
   */
  DATABASE_POOL_SIZE: integer(10, 1, 1000),
};

export const RedisVariables = {
  REDIS_URL: url(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
};

/** The apps and your back end: each connects to NATS as a user of its own, allowed only its own subjects. */
export type NatsUserName = 'gateway' | 'identity' | 'session' | 'organization' | 'mailer' | 'backend';

/**
 * Published development credentials (their public keys are in nats/nats-server.dev.conf): harmless against the
 * open NATS of a development machine, refused when NODE_ENV=production.
 */
export const DEV_NATS_NKEY_SEEDS: Readonly<Record<NatsUserName, string>> = {
  gateway: 'SUAPR6G7Y6AAIX5G7WQQR4ZJDALLAIK6BJLTHGP2D4L2MQ3QIM3RRTLOYI',
  identity: 'SUAG23UYN3JDPAEGCYJGM36NP7IWVPKO2XO6IMCJP3AEXXUG5THMNEVBPQ',
  session: 'SUAIEPQFRQNVQUOUXFMHV7U4Y3OFJ6VZC72JSSROL7VOWW7IEBGGCNI2YQ',
  organization: 'SUANSLS5RQENOUBESUBOTBQE4WNDIDEMCTEOJ7KBGLDTGEGMGWCRNZGGWE',
  mailer: 'SUABC5XW5WVRBOKX53NET2IIFCVH2DFFA7C3KQEEMCO4USHECUBGYEZDBM',
  backend: 'SUADJXZBEN2WJ2TT65ZXDTNQEC36ZJXX2OUMEUTSQ2H2YITFSO5GGFAIKA',
};

export function natsVariables(user: NatsUserName) {
  return {
    /** One server, or every server of a cluster separated by commas: the connection moves to another when one goes. */
    NATS_URL: urlList(['nats:', 'tls:'], 'nats://127.0.0.1:4222'),
    /** The app's NATS credential: the seed of the nkey that nats-server's authorization lists for `user`. */
    NATS_NKEY_SEED: nkeySeed(DEV_NATS_NKEY_SEEDS[user]),
  };
}

/** Only the apps that call another over NATS read it (identity and the mailer only answer and consume). */
export const RpcClientVariables = {
  /** How long a caller waits for a service's reply in all, its attempts together, before answering 503. */
  RPC_TIMEOUT_MS: integer(5000, 100, 60000),
  /**
   * How long one attempt waits before another is sent beside it (to any replica; the first answer counts): a
   * replica killed with requests in hand costs this delay instead of an error. At most RPC_TIMEOUT_MS.
   */
  RPC_ATTEMPT_TIMEOUT_MS: integer(1500, 50, 60000),
};

/** How long one request/reply call may take in all, and how long one attempt of it waits before another is sent. */
export interface RetryBudget {
  readonly totalMs: number;
  readonly attemptMs: number;
}

/** The budget of one request/reply call, checked at start (an attempt cannot outlast the call). */
export function rpcRetryBudget(config: {
  readonly RPC_TIMEOUT_MS: number;
  readonly RPC_ATTEMPT_TIMEOUT_MS: number;
}): RetryBudget {
  if (config.RPC_ATTEMPT_TIMEOUT_MS > config.RPC_TIMEOUT_MS) {
    throw new ConfigError(['RPC_ATTEMPT_TIMEOUT_MS must be at most RPC_TIMEOUT_MS']);
  }
  return { totalMs: config.RPC_TIMEOUT_MS, attemptMs: config.RPC_ATTEMPT_TIMEOUT_MS };
}

/**
 * How long a process given SIGTERM may take to finish the work it holds (requests in flight, messages in hand)
 * after it stopped taking new work; then it exits anyway. Kubernetes' terminationGracePeriodSeconds covers it.
 */
export const ShutdownVariables = { SHUTDOWN_TIMEOUT_MS: integer(10_000, 100, 300_000) };

/**
 * AUTH_SECRET signs (cookies, mailed tokens) and pre-hashes passwords; the previous secrets, comma-separated, are
 * still accepted when checking, so that a rotation signs nobody out and locks no password out.
 */
export const SecretVariables = {
  AUTH_SECRET: text(DEV_AUTH_SECRET),
  AUTH_SECRETS_PREVIOUS: list(),
};

/**
 * DATA_ENCRYPTION_KEY wraps the per-user data keys stored in each service's database; the previous ones still
 * unwrap keys until a restart has rewrapped them under the current one. Separate from AUTH_SECRET: rotating the
 * signing secret does not touch data at rest.
 */
export const DataEncryptionVariables = {
  DATA_ENCRYPTION_KEY: text(DEV_DATA_ENCRYPTION_KEY),
  DATA_ENCRYPTION_KEYS_PREVIOUS: list(),
};

export const PublicUrlVariables = {
  BASE_URL: url(['http:', 'https:'], 'http://localhost:3000'),
};

/** Each service answers its Kubernetes probes on its own small HTTP port. */
export function healthPortVariable(defaultPort: number) {
  return { HEALTH_PORT: integer(defaultPort, 1, 65535) };
}

/**
 * How long a durable consumer waits before it looks again for a stream that its owner, starting at the same time,
 * has not created yet (one JetStream API request per look). The service is not ready until its consumers are bound.
 */
export const ConsumerVariables = { CONSUMER_STREAM_WAIT_MS: integer(1000, 10, 60_000) };

/** The JetStream streams a service creates or updates at start. */
export const EventStreamVariables = {
  /** Bounds how long personal data published with events stays in JetStream (see docs/architecture.md). */
  EVENT_RETENTION_DAYS: integer(30, 1, 3650),
  /**
   * Copies of each stream a NATS cluster keeps (consumers follow their stream): 1 on a single server, which
   * refuses more; 3 on a three-node cluster survives the loss of a node. JetStream allows at most 5.
   */
  JETSTREAM_REPLICAS: integer(1, 1, 5),
};

/**
 * Whether the app runs for development: NODE_ENV other than production, or a `BASE_URL` on plain http (served
 * without a certificate). An app without `BASE_URL` goes by NODE_ENV alone.
 */
export function isDevelopment(config: { readonly NODE_ENV: string; readonly BASE_URL?: URL }): boolean {
  return config.NODE_ENV !== 'production' || config.BASE_URL?.protocol === 'http:';
}

/**
 * Users granted every admin action whatever their role (the first admin): user ids, and verified emails. The
 * gateway decides each admin request by them, and identity checks each admin request's actor by them again.
 */
export const AdminGrantVariables = { ADMIN_USER_IDS: list(''), ADMIN_EMAILS: list('') };
