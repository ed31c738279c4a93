import {
  boolean,
  checkAuthSecret,
  DatabaseVariables,
  EventRetentionVariables,
  healthPortVariable,
  integer,
  loadConfig,
  LogVariables,
  natsVariables,
  NodeEnvVariable,
  PublicUrlVariables,
  SecretVariables,
  type ConfigOf,
} from '@authsvc/config';

const identitySchema = {
  ...NodeEnvVariable,
  ...LogVariables,
  ...DatabaseVariables,
  ...natsVariables('identity'),
  ...SecretVariables,
  ...PublicUrlVariables,
  ...EventRetentionVariables,
  ...healthPortVariable(3101),
  BCRYPT_COST: integer(10, 4, 15),
  /** bcrypt operations at once; 0: every core but one (the rest is refused with 503 when the queue is full). */
  BCRYPT_CONCURRENCY: integer(0, 0, 256),
  PASSWORD_MIN_LENGTH: integer(8, 1, 128),
  PASSWORD_MAX_LENGTH: integer(128, 8, 4096),
  USERNAME_MIN_LENGTH: integer(3, 1, 64),
  USERNAME_MAX_LENGTH: integer(30, 1, 256),
  SEND_VERIFICATION_ON_SIGN_UP: boolean(true),
  EMAIL_VERIFICATION_EXPIRES_IN: integer(3600, 60, 7 * 24 * 3600),
  RESET_PASSWORD_TOKEN_EXPIRES_IN: integer(3600, 60, 7 * 24 * 3600),
  /**
   * A password reset ends every session of the user. On by default: whoever signed up with someone else's address
   * before them must not keep a session through the owner's reset (pre-account takeover).
   */
  REVOKE_SESSIONS_ON_PASSWORD_RESET: boolean(true),
  DELETE_USER_SEND_VERIFICATION: boolean(false),
  DELETE_USER_TOKEN_EXPIRES_IN: integer(86400, 60, 30 * 24 * 3600),
};

export type IdentityConfig = ConfigOf<typeof identitySchema> & { readonly warnings: readonly string[] };

export const IDENTITY_CONFIG = Symbol('IdentityConfig');

export function loadIdentityConfig(env: NodeJS.ProcessEnv): IdentityConfig {
  const config = loadConfig(identitySchema, env);
  const warning = checkAuthSecret(config.AUTH_SECRET, config.NODE_ENV);
  return { ...config, warnings: warning ? [warning] : [] };
}

/** The configured password lengths, as the password policy takes them. */
export function passwordLengthRule(config: IdentityConfig): { min: number; max: number } {
  return { min: config.PASSWORD_MIN_LENGTH, max: config.PASSWORD_MAX_LENGTH };
}

/** The configured username lengths, as the username rules take them. */
export function usernameLengthRule(config: IdentityConfig): { min: number; max: number } {
  return { min: config.USERNAME_MIN_LENGTH, max: config.USERNAME_MAX_LENGTH };
}
