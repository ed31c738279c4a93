import { DEV_AUTH_SECRET, DEV_DATA_ENCRYPTION_KEY } from './common-variables.js';
import { ConfigError } from './config-error.js';

const MIN_PRODUCTION_SECRET_LENGTH = 32;

/** The secrets a process may hold: its signing secrets, its key-encryption secrets, or both. */
export interface SecretsConfig {
  readonly NODE_ENV: string;
  readonly AUTH_SECRET?: string;
  readonly AUTH_SECRETS_PREVIOUS?: readonly string[];
  readonly DATA_ENCRYPTION_KEY?: string;
  readonly DATA_ENCRYPTION_KEYS_PREVIOUS?: readonly string[];
}

interface SecretSetting {
  readonly name: string;
  readonly previousName: string;
  readonly current?: string;
  readonly previous?: readonly string[];
  readonly developmentDefault: string;
}

/**
 * Production must not sign or encrypt with a published development secret, nor with a short one (a previous
 * secret included: it still verifies). Every problem at once, naming its variable; locally, a warning for each
 * development default in use.
 */
export function checkSecrets(config: SecretsConfig): string[] {
  const settings: SecretSetting[] = [
    {
      name: 'AUTH_SECRET',
      previousName: 'AUTH_SECRETS_PREVIOUS',
      current: config.AUTH_SECRET,
      previous: config.AUTH_SECRETS_PREVIOUS,
      developmentDefault: DEV_AUTH_SECRET,
    },
    {
      name: 'DATA_ENCRYPTION_KEY',
      previousName: 'DATA_ENCRYPTION_KEYS_PREVIOUS',
      current: config.DATA_ENCRYPTION_KEY,
      previous: config.DATA_ENCRYPTION_KEYS_PREVIOUS,
      developmentDefault: DEV_DATA_ENCRYPTION_KEY,
    },
  ];
  const present = settings.filter((setting) => setting.current !== undefined);
  if (config.NODE_ENV !== 'production') {
    return present
      .filter((setting) => setting.current === setting.developmentDefault)
      .map((setting) => `${setting.name} is not set: using the development secret. Never do this in production.`);
  }
  const problems = present.flatMap(productionProblems);
  if (problems.length > 0) throw new ConfigError(problems);
  return [];
}

function productionProblems({ name, previousName, current, previous, developmentDefault }: SecretSetting): string[] {
  if (current === developmentDefault) return [`${name} must be set in production (the development default is refused)`];
  const problems: string[] = [];
  if ((current ?? '').length < MIN_PRODUCTION_SECRET_LENGTH) {
    problems.push(`${name} must be at least ${MIN_PRODUCTION_SECRET_LENGTH} characters in production`);
  }
  if (
    (previous ?? []).some((secret) => secret === developmentDefault || secret.length < MIN_PRODUCTION_SECRET_LENGTH)
  ) {
    problems.push(
      `${previousName} entries must each be at least ${MIN_PRODUCTION_SECRET_LENGTH} characters (no development default)`,
    );
  }
  return problems;
}
