import { isSessionFresh } from './session-freshness.js';

describe('session freshness', () => {
  const createdAt = '2026-01-01T00:00:00.000Z';
  const after = (seconds: number) => new Date(Date.parse(createdAt) + seconds * 1000);

  it('is fresh within the fresh age and stale from then on', () => {
    expect(isSessionFresh(createdAt, after(86399), 86400)).toBe(true);
    expect(isSessionFresh(createdAt, after(86400), 86400)).toBe(false);
  });

  it('is always fresh when the fresh age is 0', () => {
    expect(isSessionFresh(createdAt, after(10 * 86400), 0)).toBe(true);
  });
});
