import { RecentTokens } from './recent-tokens.js';

describe('RecentTokens', () => {
  it('hands a token out again within a tenth of its lifetime, then no more', () => {
    const tokens = new RecentTokens(100);
    tokens.keep('kid:user', 'token-1', 0);
    expect(tokens.find('kid:user', 9_999)).toBe('token-1');
    expect(tokens.find('kid:user', 10_000)).toBeUndefined();
  });

  it('reuses for at most 30 seconds however long tokens live', () => {
    const tokens = new RecentTokens(900);
    tokens.keep('kid:user', 'token-1', 0);
    expect(tokens.find('kid:user', 29_999)).toBe('token-1');
    expect(tokens.find('kid:user', 30_000)).toBeUndefined();
  });

  it('knows only the keys it was given (another signing key or user state signs anew)', () => {
    const tokens = new RecentTokens(900);
    tokens.keep('kid-1:user', 'token-1', 0);
    expect(tokens.find('kid-2:user', 1)).toBeUndefined();
    expect(tokens.find('kid-1:user changed', 1)).toBeUndefined();
  });

  it('forgets the oldest entries beyond ten thousand', () => {
    const tokens = new RecentTokens(900);
    for (let index = 0; index <= 10_000; index += 1) tokens.keep(`key-${index}`, `token-${index}`, 0);
    expect(tokens.find('key-0', 1)).toBeUndefined();
    expect(tokens.find('key-1', 1)).toBe('token-1');
    expect(tokens.find('key-10000', 1)).toBe('token-10000');
  });
});
