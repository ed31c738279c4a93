import { ConfigError } from './config-error.js';
import { loadSocialConfig } from './social-variables.js';

const env = (values: Record<string, string>): NodeJS.ProcessEnv => ({ NODE_ENV: 'test', ...values });

const problemsOf = (values: Record<string, string>): readonly string[] => {
  try {
    loadSocialConfig(env(values));
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a configuration error');
};

describe('social configuration', () => {
  it('enables no provider by default, Microsoft on the common tenant', () => {
    expect(loadSocialConfig(env({}))).toEqual({ providers: [], microsoftTenantId: 'common' });
  });

  it('enables a provider with its client id and secret, with its overrides, scopes, prompt and switches', () => {
    const { providers } = loadSocialConfig(
      env({
        GITHUB_CLIENT_ID: 'id',
        GITHUB_CLIENT_SECRET: 'secret',
        GITHUB_TOKEN_ENDPOINT: 'http://127.0.0.1:9000/token',
        GITHUB_EMAILS_ENDPOINT: 'http://127.0.0.1:9000/user/emails',
        GITHUB_SCOPES: 'repo, gist',
        GITHUB_PROMPT: 'consent',
        GITHUB_DISABLE_SIGN_UP: 'true',
      }),
    );
    expect(providers).toEqual([
      {
        id: 'github',
        kind: 'builtin',
        clientId: 'id',
        clientSecret: 'secret',
        endpoints: {
          authorization: undefined,
          token: 'http://127.0.0.1:9000/token',
          userinfo: undefined,
          jwks: undefined,
          issuer: undefined,
          emails: 'http://127.0.0.1:9000/user/emails',
        },
        scopes: ['repo', 'gist'],
        prompt: 'consent',
        disableSignUp: true,
        disableImplicitSignUp: false,
      },
    ]);
  });

  it('refuses a half-configured provider, naming the missing variable', () => {
    expect(problemsOf({ GOOGLE_CLIENT_ID: 'id' })).toEqual([
      'GOOGLE_CLIENT_SECRET is required to enable the provider "google"',
    ]);
  });

  it('refuses a malformed endpoint or switch, naming the variable', () => {
    expect(problemsOf({ GOOGLE_TOKEN_ENDPOINT: 'not a url', ZOOM_DISABLE_SIGN_UP: 'maybe' })).toEqual([
      expect.stringMatching(/^GOOGLE_TOKEN_ENDPOINT must be a URL/),
      expect.stringMatching(/^ZOOM_DISABLE_SIGN_UP must be true or false/),
    ]);
  });

  it('refuses plain-http endpoints in production only', () => {
    const local = { GITLAB_ISSUER: 'http://gitlab.internal' };
    expect(() => loadSocialConfig(env(local))).not.toThrow();
    expect(() => loadSocialConfig({ ...local, NODE_ENV: 'production' })).toThrow(
      /GITLAB_ISSUER must use https: in production/,
    );
  });

  it('reads generic OpenID providers of OIDC_PROVIDERS, which need an issuer', () => {
    const { providers } = loadSocialConfig(
      env({
        OIDC_PROVIDERS: 'acme-corp',
        ACME_CORP_ISSUER: 'https://idp.acme.example',
        ACME_CORP_CLIENT_ID: 'id',
        ACME_CORP_CLIENT_SECRET: 'secret',
      }),
    );
    expect(providers).toEqual([
      expect.objectContaining({
        id: 'acme-corp',
        kind: 'oidc',
        endpoints: expect.objectContaining({ issuer: 'https://idp.acme.example' }),
      }),
    ]);
    expect(problemsOf({ OIDC_PROVIDERS: 'acme' })).toEqual([
      'ACME_CLIENT_ID is required to enable the provider "acme"',
      'ACME_CLIENT_SECRET is required to enable the provider "acme"',
      'ACME_ISSUER is required to enable the provider "acme"',
    ]);
  });

  it('refuses generic ids that are malformed, repeated or taken by a provider of the spec', () => {
    expect(problemsOf({ OIDC_PROVIDERS: 'Acme!,google,x,x' })).toEqual([
      'OIDC_PROVIDERS has "Acme!": ids are lower-case letters, digits and -',
      'OIDC_PROVIDERS has "google", the id of a provider of its own (use GOOGLE_* instead)',
      'OIDC_PROVIDERS names a provider twice',
    ]);
  });

  it('refuses a malformed Microsoft tenant', () => {
    expect(problemsOf({ MICROSOFT_TENANT_ID: '../x' })).toEqual([
      expect.stringMatching(/^MICROSOFT_TENANT_ID must be/),
    ]);
    expect(loadSocialConfig(env({ MICROSOFT_TENANT_ID: 'contoso.onmicrosoft.com' })).microsoftTenantId).toBe(
      'contoso.onmicrosoft.com',
    );
  });
});
