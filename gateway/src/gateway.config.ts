import {
  AdminGrantVariables,
  boolean,
  checkSecrets,
  ConfigError,
  healthPortVariable,
  tracingVariables,
  integer,
  list,
  loadConfig,
  LogVariables,
  natsVariables,
  RpcClientVariables,
  NodeEnvVariable,
  DevMailboxVariable,
  PublicUrlVariables,
  RedisVariables,
  SecretVariables,
  text,
  ShutdownVariables,
  rpcRetryBudget,
  type ConfigOf,
  type RetryBudget,
} from '@authsvc/config';
import { MAX_TOKEN_LIFETIME_SECONDS } from '@authsvc/contracts';
import { CaptchaVariables, captchaSettingsOf, type CaptchaSettings } from './captcha/captcha-settings.js';
import { trustedProxiesVariable } from './http/client-address.js';

const gatewaySchema = {
  ...NodeEnvVariable,
  ...DevMailboxVariable,
  ...LogVariables,
  ...natsVariables('gateway'),
  ...RpcClientVariables,
  ...RedisVariables,
  ...SecretVariables,
  ...PublicUrlVariables,
  PORT: integer(3000, 1, 65535),
  /** Probes and metrics, apart from the public port: `/health/live`, `/health/ready`, `/metrics`. */
  ...healthPortVariable(3100),
  ...ShutdownVariables,
  ...tracingVariables('gateway'),
  /** Extra origins allowed to call the API and to appear in callback URLs; BASE_URL's origin always is. */
  TRUSTED_ORIGINS: list(''),
  RATE_LIMIT_ENABLED: boolean(true),
  /**
   * The proxies in front of the gateway that may name the client: empty (none: the socket's peer is the client,
   * and forwarded headers are ignored, so a client cannot pick its own address), a hop count, or IP addresses and
   * CIDR blocks.
   */
  TRUSTED_PROXIES: trustedProxiesVariable,
  /** The header trusted proxies put the client address in, read right to left past the trusted ones. */
  IP_ADDRESS_HEADER: text('x-forwarded-for'),
  /** The click that verifies an address signs its user in (a later click on the same link never does). */
  AUTO_SIGN_IN_AFTER_VERIFICATION: boolean(true),
  /**
   * Where a social sign-in of a two-factor user sends the browser for its second factor (with the challenge cookie
   * and `?callbackURL=` where to go after): a path on BASE_URL (the web client's screen) or an absolute URL.
   */
  TWO_FACTOR_PAGE: text('/two-factor'),
  /** Seconds after sign-in during which a session may do sensitive things without the password; 0: always. */
  SESSION_FRESH_AGE: integer(86400, 0, 34_560_000),
  DELETE_USER_ENABLED: boolean(true),
  CHANGE_EMAIL_ENABLED: boolean(true),
  /** get-session may answer from the signed session_data cookie for this long, without asking the services. */
  COOKIE_CACHE_ENABLED: boolean(false),
  COOKIE_CACHE_MAX_AGE: integer(60, 1, 34_560_000),
  /** Seconds a JWT from /token or get-session's set-auth-jwt is valid (the reference's 15 minutes). */
  JWT_EXPIRATION_TIME: integer(900, 1, MAX_TOKEN_LIFETIME_SECONDS),
  /** The tokens' `iss` and `aud`; empty: BASE_URL. */
  JWT_ISSUER: text(''),
  JWT_AUDIENCE: text(''),
  ...CaptchaVariables,
  ...AdminGrantVariables,
  /** Admins may impersonate other admins (and so act with their rights); off, they get YOU_CANNOT_IMPERSONATE_ADMINS. */
  ALLOW_IMPERSONATING_ADMINS: boolean(false),
};

export type GatewayConfig = ConfigOf<typeof gatewaySchema> & {
  readonly warnings: readonly string[];
  readonly rpcBudget: RetryBudget;
  /** Undefined when no captcha provider is set. */
  readonly captcha: CaptchaSettings | undefined;
};

export const GATEWAY_CONFIG = Symbol('GatewayConfig');

export function loadGatewayConfig(env: NodeJS.ProcessEnv): GatewayConfig {
  const config = loadConfig(gatewaySchema, env);
  // Metrics and probes must never be served on the public port.
  if (config.HEALTH_PORT === config.PORT) throw new ConfigError(['HEALTH_PORT must differ from PORT']);
  return {
    ...config,
    IP_ADDRESS_HEADER: config.IP_ADDRESS_HEADER.toLowerCase(),
    warnings: checkSecrets(config),
    rpcBudget: rpcRetryBudget(config),
    captcha: captchaSettingsOf(config),
    ADMIN_EMAILS: config.ADMIN_EMAILS.map((email) => email.toLowerCase()),
  };
}
