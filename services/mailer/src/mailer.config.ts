import {
  DatabaseVariables,
  healthPortVariable,
  loadConfig,
  LogVariables,
  natsVariables,
  NodeEnvVariable,
  DevMailboxVariable,
  optionalUrl,
  text,
  type ConfigOf,
} from '@authsvc/config';

const mailerSchema = {
  ...NodeEnvVariable,
  ...DevMailboxVariable,
  ...LogVariables,
  ...DatabaseVariables,
  ...natsVariables('mailer'),
  ...healthPortVariable(3104),
  /** Unset: mails go to the development mailbox (GET /dev/mailbox) instead of an SMTP server. */
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: text('authsvc <no-reply@localhost>'),
};

export type MailerConfig = ConfigOf<typeof mailerSchema>;

export const MAILER_CONFIG = Symbol('MailerConfig');

export function loadMailerConfig(env: NodeJS.ProcessEnv): MailerConfig {
  return loadConfig(mailerSchema, env);
}
