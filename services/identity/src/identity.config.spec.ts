import { loadIdentityConfig, mailRequestRetentionSeconds } from './identity.config.js';

describe('identity configuration: mail-request retention', () => {
  const env = { NODE_ENV: 'test' };

  it('defaults to the longest link lifetime', () => {
    expect(mailRequestRetentionSeconds(loadIdentityConfig(env))).toBe(86400);
    const longReset = loadIdentityConfig({ ...env, RESET_PASSWORD_TOKEN_EXPIRES_IN: '172800' });
    expect(mailRequestRetentionSeconds(longReset)).toBe(172800);
  });

  it('takes MAIL_REQUEST_RETENTION_SECONDS, warning when it is shorter than a link lives', () => {
    const longer = loadIdentityConfig({ ...env, MAIL_REQUEST_RETENTION_SECONDS: '90000' });
    expect(mailRequestRetentionSeconds(longer)).toBe(90000);
    expect(longer.warnings).not.toContainEqual(expect.stringContaining('MAIL_REQUEST_RETENTION_SECONDS'));
    const shorter = loadIdentityConfig({ ...env, MAIL_REQUEST_RETENTION_SECONDS: '3600' });
    expect(mailRequestRetentionSeconds(shorter)).toBe(3600);
    expect(shorter.warnings).toContainEqual(expect.stringContaining('MAIL_REQUEST_RETENTION_SECONDS (3600)'));
  });

  it('refuses a retention outside one minute to 30 days, naming the variable', () => {
    expect(() => loadIdentityConfig({ ...env, MAIL_REQUEST_RETENTION_SECONDS: '10' })).toThrow(
      /MAIL_REQUEST_RETENTION_SECONDS must be an integer from 60 to 2592000/,
    );
  });
});
