import { isPrefetchableNavigation, MAGIC_LINK_PAGE_POLICY, magicLinkLandingPage } from './magic-link-landing.js';

describe('the magic link landing page', () => {
  it('is for navigations and HTML-wanting clients without Fetch Metadata, never for a client library fetch', () => {
    expect(isPrefetchableNavigation({ 'sec-fetch-mode': 'navigate', accept: 'text/html' })).toBe(true);
    expect(isPrefetchableNavigation({ accept: 'text/html,application/xhtml+xml,*/*;q=0.8' })).toBe(true);
    expect(isPrefetchableNavigation({ 'sec-fetch-mode': 'cors', accept: 'text/html' })).toBe(false);
    expect(isPrefetchableNavigation({ accept: '*/*' })).toBe(false);
    expect(isPrefetchableNavigation({})).toBe(false);
  });

  it('posts the escaped link back to itself, and loads nothing else', () => {
    const page = magicLinkLandingPage('/api/auth/magic-link/verify?token=abc&callbackURL=%2F"><script>');
    expect(page).toContain(
      'method="post" action="/api/auth/magic-link/verify?token=abc&amp;callbackURL=%2F&quot;&gt;&lt;script&gt;"',
    );
    expect(page).not.toContain('<script>');
    expect(MAGIC_LINK_PAGE_POLICY).toMatch(
      /^default-src 'none'; style-src 'sha256-[^']+'; frame-ancestors 'none'; base-uri 'none'$/,
    );
  });
});
