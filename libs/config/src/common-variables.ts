import { boolean, integer, oneOf, text, url } from './variable.js';

/** The development secret: accepted locally with a warning, refused when NODE_ENV=production. */
export const DEV_AUTH_SECRET = 'dev-only-secret-change-me-0123456789abcdef';

/**
 * Production unless said otherwise: a process started without NODE_ENV refuses the development secret. Local
 * runs (`npm start`) and tests set `development` or `test` explicitly.
 */
export const NodeEnvVariable = { NODE_ENV: oneOf(['development', 'test', 'production'], 'production') };

/** The development mailbox (every stored mail, links included, readable by anyone who reaches /dev): opt-in. */
export const DevMailboxVariable = { DEV_MAILBOX_ENABLED: boolean(false) };

export const LogVariables = {
  LOG_LEVEL: oneOf(['error', 'warn', 'log', 'debug', 'verbose'], 'log'),
};

export const DatabaseVariables = {
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'postgres://postgres@127.0.0.1:5432/authsvc'),
};

export const RedisVariables = {
  REDIS_URL: url(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
};

export const NatsVariables = {
  NATS_URL: url(['nats:', 'tls:'], 'nats://127.0.0.1:4222'),
  /** How long a gateway waits for a service's reply before answering 503. */
  RPC_TIMEOUT_MS: integer(5000, 100, 60000),
};

export const SecretVariables = {
  AUTH_SECRET: text(DEV_AUTH_SECRET),
};

export const PublicUrlVariables = {
  BASE_URL: url(['http:', 'https:'], 'http://localhost:3000'),
};

/** Each service answers its Kubernetes probes on its own small HTTP port. */
export function healthPortVariable(defaultPort: number) {
  return { HEALTH_PORT: integer(defaultPort, 1, 65535) };
}

export const EventRetentionVariables = {
  /** Bounds how long personal data published with events stays in JetStream (see docs/architecture.md). */
  EVENT_RETENTION_DAYS: integer(30, 1, 3650),
};
