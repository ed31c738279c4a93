import { DomainError, retryAfterSecondsOf } from './domain-error.js';
import { RequestErrors } from './catalogue/request.errors.js';

describe('DomainError', () => {
  it('carries a wait across processes only when it has one', () => {
    const throttled = new DomainError(RequestErrors.TOO_MANY_REQUESTS, { retryAfterSeconds: 4 });
    const serialized = JSON.parse(JSON.stringify(throttled)) as unknown;
    expect(serialized).toEqual({ ...RequestErrors.TOO_MANY_REQUESTS, retryAfterSeconds: 4 });
    expect(retryAfterSecondsOf(serialized)).toBe(4);
    expect(JSON.parse(JSON.stringify(new DomainError(RequestErrors.NOT_FOUND)))).toEqual(RequestErrors.NOT_FOUND);
  });

  it('reads no wait from a reply that has none or a malformed one', () => {
    for (const reply of [
      null,
      'text',
      {},
      { retryAfterSeconds: 0 },
      { retryAfterSeconds: 1.5 },
      { retryAfterSeconds: '3' },
    ]) {
      expect(retryAfterSecondsOf(reply)).toBeUndefined();
    }
  });
});
