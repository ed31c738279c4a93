import { isSafeRelativePath, TrustedOrigins } from './trusted-origins.js';

describe('trusted origins', () => {
  const trusted = new TrustedOrigins(new URL('http://localhost:3000'), [
    'https://app.example.com',
    '*.example.org',
    'myapp://',
  ]);

  it("always trusts BASE_URL's origin", () => {
    expect(trusted.isTrustedOrigin('http://localhost:3000')).toBe(true);
    expect(trusted.isTrustedUrl('http://localhost:3000/dashboard?x=1')).toBe(true);
  });

  it('matches http(s) entries by exact origin, port included', () => {
    expect(trusted.isTrustedUrl('https://app.example.com/cb')).toBe(true);
    expect(trusted.isTrustedUrl('https://app.example.com:8443/cb')).toBe(false);
    expect(trusted.isTrustedUrl('http://app.example.com/cb')).toBe(false);
    expect(trusted.isTrustedOrigin('http://evil.com')).toBe(false);
  });

  it('matches wildcard entries against the host', () => {
    expect(trusted.isTrustedUrl('https://sub.example.org/x')).toBe(true);
    expect(trusted.isTrustedUrl('https://a.b.example.org/x')).toBe(true);
    expect(trusted.isTrustedUrl('https://example.org.evil.com/x')).toBe(false);
  });

  it('trusts only http(s) under a wildcard: https, or the scheme the entry or BASE_URL names', () => {
    expect(trusted.isTrustedUrl('javascript://sub.example.org/%0aalert(1)')).toBe(false);
    expect(trusted.isTrustedUrl('ftp://sub.example.org/x')).toBe(false);
    expect(trusted.isTrustedUrl('http://sub.example.org/x')).toBe(true); // BASE_URL here is http
    const secure = new TrustedOrigins(new URL('https://auth.example.net'), ['*.example.org', 'http://*.dev.test']);
    expect(secure.isTrustedUrl('http://sub.example.org/x')).toBe(false);
    expect(secure.isTrustedUrl('https://sub.example.org/x')).toBe(true);
    expect(secure.isTrustedUrl('http://app.dev.test/x')).toBe(true);
    expect(secure.isTrustedUrl('https://app.dev.test/x')).toBe(false);
    expect(secure.isTrustedOrigin('javascript://a.example.org')).toBe(false);
  });

  it('matches custom schemes by prefix', () => {
    expect(trusted.isTrustedUrl('myapp://callback')).toBe(true);
    expect(trusted.isTrustedUrl('otherapp://callback')).toBe(false);
  });

  it('refuses null and relative Origin headers', () => {
    expect(trusted.isTrustedOrigin('null')).toBe(false);
    expect(trusted.isTrustedOrigin('/relative')).toBe(false);
  });

  it('accepts safe relative paths and refuses protocol-relative tricks', () => {
    expect(isSafeRelativePath('/a/b?c=d&e=%20f')).toBe(true);
    expect(isSafeRelativePath('/foo?bar=1#x')).toBe(true);
    expect(isSafeRelativePath('//evil.com')).toBe(false);
    expect(isSafeRelativePath('/\\evil.com')).toBe(false);
    expect(isSafeRelativePath('/%2fevil.com')).toBe(false);
    expect(isSafeRelativePath('/%5Cevil.com')).toBe(false);
    expect(isSafeRelativePath('/a b')).toBe(false);
  });
});
