import { retryDelayMs } from './retry-delay.js';

describe('SMTP retry delay', () => {
  it('doubles from one second', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000]);
  });

  it('is capped at five minutes', () => {
    expect(retryDelayMs(30)).toBe(300000);
  });
});
