import type { SocialProviderConfig } from '@authsvc/config';
import { configureProvider, overrideEndpoints } from './provider-overrides.js';
import { PROVIDER_FACTORIES } from './providers/index.js';

const settings = (id: string, overrides: Partial<SocialProviderConfig> = {}): SocialProviderConfig => ({
  id,
  kind: 'builtin',
  clientId: 'id',
  clientSecret: 'secret',
  endpoints: {},
  scopes: [],
  disableSignUp: false,
  disableImplicitSignUp: false,
  ...overrides,
});

describe('provider registry', () => {
  it('has a descriptor for each of the 19 providers, under its own id', () => {
    const ids = Object.keys(PROVIDER_FACTORIES);
    expect(ids).toHaveLength(19);
    for (const id of ids) expect(configureProvider(settings(id), 'common').descriptor.id).toBe(id);
  });

  it('puts each endpoint the operator set in place of the real one, keeping the others', () => {
    const { descriptor } = configureProvider(
      settings('github', {
        endpoints: { token: 'http://127.0.0.1:9000/token', emails: 'http://127.0.0.1:9000/emails' },
      }),
      'common',
    );
    expect(descriptor.endpoints).toEqual({
      authorization: 'https://github.com/login/oauth/authorize',
      token: 'http://127.0.0.1:9000/token',
      userinfo: 'https://api.github.com/user',
      extra: { emails: 'http://127.0.0.1:9000/emails' },
    });
  });

  it('derives a self-hosted GitLab from its issuer, explicit endpoints still winning', () => {
    const { descriptor } = configureProvider(
      settings('gitlab', { endpoints: { issuer: 'https://git.example.org', token: 'https://proxy.example/token' } }),
      'common',
    );
    expect(descriptor.endpoints).toMatchObject({
      authorization: 'https://git.example.org/oauth/authorize',
      token: 'https://proxy.example/token',
      issuer: 'https://git.example.org',
    });
  });

  it("puts the operator's prompt in place of the descriptor's (Discord's prompt=none)", () => {
    expect(configureProvider(settings('discord'), 'common').descriptor.authorizationParameters).toEqual({
      prompt: 'none',
    });
    expect(
      configureProvider(settings('discord', { prompt: 'consent' }), 'common').descriptor.authorizationParameters,
    ).toEqual({ prompt: 'consent' });
  });

  it('builds Microsoft for the configured tenant', () => {
    const tenant = '72f988bf-86f1-41af-91ab-2d7cd011db47';
    const { descriptor } = configureProvider(settings('microsoft'), tenant);
    expect(descriptor.endpoints.issuer).toBe(`https://login.microsoftonline.com/${tenant}/v2.0`);
  });

  it('leaves the extra endpoints alone when there is no override', () => {
    expect(overrideEndpoints({ authorization: 'a', token: 't' }, {})).toEqual({ authorization: 'a', token: 't' });
  });
});
