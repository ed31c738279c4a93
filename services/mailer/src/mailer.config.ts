import {
  ConsumerVariables,
  checkSecrets,
  ConfigError,
  DataEncryptionVariables,
  DatabaseVariables,
  healthPortVariable,
  tracingVariables,
  loadConfig,
  LogVariables,
  natsVariables,
  NodeEnvVariable,
  DevMailboxVariable,
  optionalUrl,
  PublicUrlVariables,
  text,
  ShutdownVariables,
  type ConfigOf,
} from '@authsvc/config';

const mailerSchema = {
  ...NodeEnvVariable,
  ...DevMailboxVariable,
  ...LogVariables,
  ...DatabaseVariables,
  ...DataEncryptionVariables,
  ...natsVariables('mailer'),
  ...healthPortVariable(3104),
  ...ShutdownVariables,
  ...ConsumerVariables,
  ...tracingVariables('mailer'),
  /** The web client is served there: invitation mails link to its `/accept-invitation/{id}` page. */
  ...PublicUrlVariables,
  /** Unset: mails go to the development mailbox (GET /dev/mailbox) instead of an SMTP server; required in production. */
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: text('authsvc <no-reply@localhost>'),
};

export type MailerConfig = ConfigOf<typeof mailerSchema> & { readonly warnings: readonly string[] };

export const MAILER_CONFIG = Symbol('MailerConfig');

export function loadMailerConfig(env: NodeJS.ProcessEnv): MailerConfig {
  const config = loadConfig(mailerSchema, env);
  // Without SMTP, production would store every mail and deliver none, with a log line as the only sign.
  if (config.NODE_ENV === 'production' && !config.SMTP_URL) {
    throw new ConfigError(['SMTP_URL must be set in production (without it no mail is ever delivered)']);
  }
  return { ...config, warnings: checkSecrets(config) };
}
