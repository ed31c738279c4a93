import { withErrorParameter } from './callback-redirect.js';

describe('error redirects to a callbackURL', () => {
  it('starts the query when there is none', () => {
    expect(withErrorParameter('/welcome', 'INVALID_TOKEN')).toBe('/welcome?error=INVALID_TOKEN');
  });

  it('adds to an existing query', () => {
    expect(withErrorParameter('https://app.example.com/x?a=1', 'TOKEN_EXPIRED')).toBe(
      'https://app.example.com/x?a=1&error=TOKEN_EXPIRED',
    );
  });
});
