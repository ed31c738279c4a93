import {
  ConsumerVariables,
  checkSecrets,
  DataEncryptionVariables,
  DatabaseVariables,
  EventStreamVariables,
  healthPortVariable,
  tracingVariables,
  integer,
  loadConfig,
  LogVariables,
  natsVariables,
  RpcClientVariables,
  NodeEnvVariable,
  RedisVariables,
  ShutdownVariables,
  rpcRetryBudget,
  type ConfigOf,
  type RetryBudget,
} from '@authsvc/config';

const sessionSchema = {
  ...NodeEnvVariable,
  ...LogVariables,
  ...DatabaseVariables,
  ...DataEncryptionVariables,
  ...RedisVariables,
  ...natsVariables('session'),
  ...RpcClientVariables,
  ...EventStreamVariables,
  ...healthPortVariable(3102),
  ...ShutdownVariables,
  ...ConsumerVariables,
  ...tracingVariables('session'),
  /** Lifetime of a remembered session in seconds (cookie Max-Age); at most 400 days. */
  SESSION_EXPIRES_IN: integer(604800, 60, 34_560_000),
  /** A session older than this (seconds since issue or last refresh) is extended when used; 0: on every use. */
  SESSION_UPDATE_AGE: integer(86400, 0, 34_560_000),
  /**
   * Seconds after sign-in at which a session ends however it is used: 30 days by default (ASVS 7.3.2); 0: none,
   * as the reference, whose sessions slide on for as long as they are used.
   */
  SESSION_ABSOLUTE_LIFETIME: integer(30 * 24 * 60 * 60, 0, 34_560_000),
  /** Seconds an admin's impersonation session lasts; it is never extended (reference default: one hour). */
  IMPERSONATION_SESSION_DURATION: integer(3600, 60, 604800),
};

export type SessionConfig = ConfigOf<typeof sessionSchema> & {
  readonly warnings: readonly string[];
  readonly rpcBudget: RetryBudget;
};

export const SESSION_CONFIG = Symbol('SessionConfig');

export function loadSessionConfig(env: NodeJS.ProcessEnv): SessionConfig {
  const config = loadConfig(sessionSchema, env);
  return { ...config, warnings: checkSecrets(config), rpcBudget: rpcRetryBudget(config) };
}
