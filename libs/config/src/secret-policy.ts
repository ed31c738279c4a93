import { DEV_AUTH_SECRET } from './common-variables.js';
import { ConfigError } from './load-config.js';

const MIN_PRODUCTION_SECRET_LENGTH = 32;

/**
 * Production must not sign cookies and tokens with the published development secret, nor with a short one.
 * Returns a warning for local use of the development secret.
 */
export function checkAuthSecret(secret: string, nodeEnv: string): string | undefined {
  if (nodeEnv === 'production') {
    if (secret === DEV_AUTH_SECRET) {
      throw new ConfigError(['AUTH_SECRET must be set in production (the development default is refused)']);
    }
    if (secret.length < MIN_PRODUCTION_SECRET_LENGTH) {
      throw new ConfigError([`AUTH_SECRET must be at least ${MIN_PRODUCTION_SECRET_LENGTH} characters in production`]);
    }
    return undefined;
  }
  return secret === DEV_AUTH_SECRET
    ? 'AUTH_SECRET is not set: using the development secret. Never do this in production.'
    : undefined;
}
