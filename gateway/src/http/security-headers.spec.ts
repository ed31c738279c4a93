import { createHash } from 'node:crypto';
import { inlineStylePagePolicy, securityHeaders, WEB_CLIENT_POLICY } from './security-headers.js';

describe('security headers', () => {
  it('locks JSON answers down: nothing loads, runs or frames them, and no Referer leaves', () => {
    const headers = securityHeaders(false);
    expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' });
  });

  it("lets the web client use its own origin's scripts and styles, but not plugins, <base> or framing", () => {
    const policy = WEB_CLIENT_POLICY;
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
  });

  it('asks for HSTS, subdomains included, only behind https', () => {
    expect(securityHeaders(true)['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(securityHeaders(false)).not.toHaveProperty('strict-transport-security');
  });

  it('allows an inline style sheet by its SHA-256 and nothing else', () => {
    const sheet = 'body{margin:0}';
    const hash = createHash('sha256').update(sheet).digest('base64');
    expect(inlineStylePagePolicy(sheet)).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
    );
  });
});
