import {
  AccountLinkingVariables,
  AdminGrantVariables,
  boolean,
  checkSecrets,
  ConfigError,
  DataEncryptionVariables,
  DatabaseVariables,
  EventStreamVariables,
  healthPortVariable,
  tracingVariables,
  integer,
  list,
  loadConfig,
  loadSocialConfig,
  LogVariables,
  optionalInteger,
  natsVariables,
  NodeEnvVariable,
  PublicUrlVariables,
  RedisVariables,
  SecretVariables,
  ShutdownVariables,
  type ConfigOf,
  type SocialConfig,
  text,
} from '@authsvc/config';
import type { ThrottleSettings } from './security/throttle-backoff.js';

const identitySchema = {
  ...NodeEnvVariable,
  ...LogVariables,
  ...DatabaseVariables,
  ...natsVariables('identity'),
  ...RedisVariables,
  ...SecretVariables,
  ...DataEncryptionVariables,
  ...PublicUrlVariables,
  ...EventStreamVariables,
  ...healthPortVariable(3101),
  ...ShutdownVariables,
  ...tracingVariables('identity'),
  BCRYPT_COST: integer(10, 4, 15),
  /** bcrypt operations at once; 0: every core but one (the rest is refused with 503 when the queue is full). */
  BCRYPT_CONCURRENCY: integer(0, 0, 256),
  PASSWORD_MIN_LENGTH: integer(8, 1, 128),
  PASSWORD_MAX_LENGTH: integer(128, 8, 4096),
  /** How many of the most common leaked passwords (that the lengths allow) a new password may not be; 0: none. */
  COMMON_PASSWORDS_REFUSED: integer(10_000, 0, 40_000),
  /** Words a new password may not contain in any letter case: the product's, the company's, its projects' names. */
  PASSWORD_CONTEXT_WORDS: list('', 3),
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
  /**
   * A magic link or an emailed sign-in code for an address without an account registers it (verified), as
   * better-auth's plugins do by default; false: such an address is refused (its link fails, its code never comes).
   */
  EMAIL_SIGN_IN_SIGN_UP: boolean(true),
  /** Seconds a magic link works (once). */
  MAGIC_LINK_EXPIRES_IN: integer(300, 60, 3600),
  /** Seconds a mailed one-time code works. */
  EMAIL_OTP_EXPIRES_IN: integer(300, 60, 3600),
  /**
   * Wrong codes an address may be sent in PASSWORDLESS_ADDRESS_WINDOW seconds, whatever the codes (a new send does
   * not restore it), after which its codes are refused until the window ends: bounds guessing when sends are many.
   */
  EMAIL_OTP_ADDRESS_BUDGET: integer(10, 3, 1000),
  /** Links and codes mailed to one address in PASSWORDLESS_ADDRESS_WINDOW seconds; past it, none (same answer). */
  PASSWORDLESS_ADDRESS_SENDS: integer(10, 1, 1000),
  PASSWORDLESS_ADDRESS_WINDOW: integer(900, 60, 86400),
  DELETE_USER_SEND_VERIFICATION: boolean(false),
  DELETE_USER_TOKEN_EXPIRES_IN: integer(86400, 60, 30 * 24 * 3600),
  /**
   * Consecutive failed password checks of one account from one client (IPv4 address, IPv6 /64) after which each
   * further one locks the account for that client.
   */
  ACCOUNT_THROTTLE_THRESHOLD: integer(10, 1, 1000),
  /**
   * Failed password checks of one account from all clients together (a day's, unless a reset clears them) after
   * which each further one locks it for every client without a right password in the last 30 days.
   */
  ACCOUNT_THROTTLE_GLOBAL_THRESHOLD: integer(100, 1, 100_000),
  /** Seconds the account is locked after a threshold-th failure; each further failure doubles it. */
  ACCOUNT_THROTTLE_BASE_DELAY: integer(1, 1, 86400),
  /** The longest lock in seconds, so that no attacker can lock an account for good. */
  ACCOUNT_THROTTLE_MAX_DELAY: integer(900, 1, 86400),
  /**
   * How long JetStream keeps a mail request (and its live link) for the mailer. Empty: the longest link lifetime,
   * past which a request that never reached the mailer could not help anyway.
   */
  MAIL_REQUEST_RETENTION_SECONDS: optionalInteger(60, 30 * 24 * 3600),
  /** Seconds a JWT signing key signs before a new one replaces it; 0 (the reference's default): only on request. */
  JWT_KEY_ROTATION_INTERVAL: integer(0, 0, 10 * 365 * 24 * 3600),
  ...AdminGrantVariables,
  ...AccountLinkingVariables,
  /**
   * An id token a client brings to sign-in/social must carry a nonce (and the request the same one). Off by default:
   * better-auth's clients may send none; a token signs in once either way.
   */
  ID_TOKEN_REQUIRE_NONCE: boolean(false),
  /** The issuer an authenticator app shows for our TOTP secrets (a body's `issuer` wins), as the reference's appName. */
  TWO_FACTOR_ISSUER: text('Better Auth'),
};

type IdentitySettings = ConfigOf<typeof identitySchema>;

export type IdentityConfig = IdentitySettings & { readonly social: SocialConfig; readonly warnings: readonly string[] };

export const IDENTITY_CONFIG = Symbol('IdentityConfig');

export function loadIdentityConfig(env: NodeJS.ProcessEnv): IdentityConfig {
  const config = loadConfig(identitySchema, env);
  const social = loadSocialConfig(env);
  if (config.ACCOUNT_THROTTLE_MAX_DELAY < config.ACCOUNT_THROTTLE_BASE_DELAY) {
    throw new ConfigError(['ACCOUNT_THROTTLE_MAX_DELAY must be at least ACCOUNT_THROTTLE_BASE_DELAY']);
  }
  const warning = checkMailRequestRetention(config);
  return { ...config, social, warnings: [...checkSecrets(config), ...(warning ? [warning] : [])] };
}

/** The lifetime of the longest-lived link a mail carries, in seconds. */
export function longestLinkLifetimeSeconds(config: IdentitySettings): number {
  return Math.max(
    config.EMAIL_VERIFICATION_EXPIRES_IN,
    config.RESET_PASSWORD_TOKEN_EXPIRES_IN,
    config.DELETE_USER_TOKEN_EXPIRES_IN,
  );
}

/** How long the mail-request stream keeps a request, in seconds. */
export function mailRequestRetentionSeconds(config: IdentitySettings): number {
  return config.MAIL_REQUEST_RETENTION_SECONDS ?? longestLinkLifetimeSeconds(config);
}

function checkMailRequestRetention(config: IdentitySettings): string | undefined {
  const retention = mailRequestRetentionSeconds(config);
  const longest = longestLinkLifetimeSeconds(config);
  if (retention >= longest) return undefined;
  return (
    `MAIL_REQUEST_RETENTION_SECONDS (${retention}) is shorter than the longest link lifetime (${longest} s): ` +
    'a mail request that waits longer for the mailer is dropped while its link would still work'
  );
}

/** The configured password lengths, as the password policy takes them. */
export function passwordLengthRule(config: IdentityConfig): { min: number; max: number } {
  return { min: config.PASSWORD_MIN_LENGTH, max: config.PASSWORD_MAX_LENGTH };
}

/** The configured username lengths, as the username rules take them. */
export function usernameLengthRule(config: IdentityConfig): { min: number; max: number } {
  return { min: config.USERNAME_MIN_LENGTH, max: config.USERNAME_MAX_LENGTH };
}

/** The configured per-account throttle of password checks. */
export function throttleSettings(config: IdentityConfig): ThrottleSettings {
  return {
    threshold: config.ACCOUNT_THROTTLE_THRESHOLD,
    accountThreshold: config.ACCOUNT_THROTTLE_GLOBAL_THRESHOLD,
    baseDelayMs: config.ACCOUNT_THROTTLE_BASE_DELAY * 1000,
    maxDelayMs: config.ACCOUNT_THROTTLE_MAX_DELAY * 1000,
  };
}
