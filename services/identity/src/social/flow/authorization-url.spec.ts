import { calculatePKCECodeChallenge } from 'oauth4webapi';
import { github } from '../providers/github.js';
import { google } from '../providers/google.js';
import { tiktok } from '../providers/tiktok.js';
import { apple } from '../providers/apple.js';
import { discord } from '../providers/discord.js';
import { authorizationUrl, expectsIdToken } from './authorization-url.js';
import { newCodeVerifier, newNonce, newState } from './social-flow.js';

const request = {
  clientId: 'client',
  redirectUri: 'http://localhost:3000/api/auth/callback/google',
  state: 'S'.repeat(32),
  scopes: [],
};

describe('authorization URL', () => {
  it("asks in the reference's order, the provider's parameters last", () => {
    const url = authorizationUrl(google({}), {
      ...request,
      scopes: ['https://www.googleapis.com/auth/drive.file', 'email'],
      codeChallenge: 'challenge',
      nonce: 'nonce',
      loginHint: 'ada@example.com',
    });
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect([...url.searchParams]).toEqual([
      ['response_type', 'code'],
      ['client_id', 'client'],
      ['state', request.state],
      ['scope', 'email profile openid https://www.googleapis.com/auth/drive.file'],
      ['redirect_uri', request.redirectUri],
      ['login_hint', 'ada@example.com'],
      ['code_challenge_method', 'S256'],
      ['code_challenge', 'challenge'],
      ['nonce', 'nonce'],
      ['include_granted_scopes', 'true'],
    ]);
  });

  it("never lets the client's extra parameters replace the flow's own or the provider's", () => {
    const url = authorizationUrl(apple({}), {
      ...request,
      nonce: 'server-nonce',
      additionalParams: { nonce: 'mine', state: 'mine', response_mode: 'query', hd: 'example.com' },
    });
    expect(url.searchParams.get('nonce')).toBe('server-nonce');
    expect(url.searchParams.get('state')).toBe(request.state);
    expect(url.searchParams.get('response_mode')).toBe('form_post');
    expect(url.searchParams.get('hd')).toBe('example.com');
  });

  it("names the client id and joins scopes as the provider wants (TikTok's client_key and commas)", () => {
    const url = authorizationUrl(tiktok({}), { ...request, scopes: ['video.list'] });
    expect(url.searchParams.get('client_key')).toBe('client');
    expect(url.searchParams.get('scope')).toBe('user.info.profile,video.list');
  });

  it('sends no PKCE without a challenge, and keeps a query of the endpoint', () => {
    const descriptor = github({});
    const url = authorizationUrl(
      { ...descriptor, endpoints: { ...descriptor.endpoints, authorization: 'http://127.0.0.1:9/authorize?tenant=x' } },
      request,
    );
    expect(url.searchParams.get('tenant')).toBe('x');
    expect(url.searchParams.has('code_challenge')).toBe(false);
  });

  it('expects an id token from OpenID providers and Apple only', () => {
    expect(expectsIdToken(google({}))).toBe(true);
    expect(expectsIdToken(apple({}))).toBe(true);
    expect(expectsIdToken(github({}))).toBe(false);
    expect(expectsIdToken(discord({}))).toBe(false);
  });
});

describe('flow secrets', () => {
  it('are a 32-character state, a 128-character verifier with its S256 challenge, and a nonce, all URL-safe', async () => {
    const state = newState();
    const verifier = newCodeVerifier();
    expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{128}$/);
    expect(await calculatePKCECodeChallenge(verifier)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newNonce()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newState()).not.toBe(state);
  });
});
