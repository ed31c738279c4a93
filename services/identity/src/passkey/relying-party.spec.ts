import { originServes, relyingPartyOf } from './relying-party.js';

describe('relyingPartyOf', () => {
  it('is BASE_URL’s host name, without scheme, port or path', () => {
    expect(relyingPartyOf(new URL('https://auth.example.com:8443/base'))).toEqual({
      id: 'auth.example.com',
      name: 'auth.example.com',
    });
    expect(relyingPartyOf(new URL('http://localhost:3000')).id).toBe('localhost');
  });
});

describe('originServes', () => {
  const rp = relyingPartyOf(new URL('https://example.com'));

  it('admits the RP’s own host and its subdomains, on any port', () => {
    expect(originServes('https://example.com', rp)).toBe(true);
    expect(originServes('https://app.example.com:5173', rp)).toBe(true);
  });

  it('refuses other hosts, look-alikes and what is no URL', () => {
    expect(originServes('https://evil.com', rp)).toBe(false);
    expect(originServes('https://notexample.com', rp)).toBe(false);
    expect(originServes('https://example.com.evil.com', rp)).toBe(false);
    expect(originServes('null', rp)).toBe(false);
  });
});
