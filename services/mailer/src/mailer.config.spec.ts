import { ConfigError } from '@authsvc/config';
import { loadMailerConfig } from './mailer.config.js';

describe('mailer configuration: SMTP_URL', () => {
  // Production secrets and a NATS credential of nobody's, so that only SMTP_URL decides.
  const production = {
    NODE_ENV: 'production',
    DATA_ENCRYPTION_KEY: 'k'.repeat(40),
    NATS_NKEY_SEED: `SU${'A'.repeat(56)}`,
  };

  it('refuses to start in production without SMTP_URL, naming it', () => {
    expect(() => loadMailerConfig(production)).toThrow(ConfigError);
    expect(() => loadMailerConfig({ ...production, SMTP_URL: '' })).toThrow(/SMTP_URL must be set in production/);
  });

  it('starts in production with SMTP_URL', () => {
    expect(loadMailerConfig({ ...production, SMTP_URL: 'smtp://mail.example.com:587' }).SMTP_URL?.host).toBe(
      'mail.example.com:587',
    );
  });

  it('stores mails in the development mailbox without SMTP_URL outside production', () => {
    expect(loadMailerConfig({ NODE_ENV: 'development' }).SMTP_URL).toBeUndefined();
    expect(loadMailerConfig({ NODE_ENV: 'test' }).SMTP_URL).toBeUndefined();
  });
});
