import { KEY_SET_MAX_AGE_MS, keySetStale } from './jwt-key-refresh.js';

const fetchedAt = 1_000_000;
const fresh = { fetchedAt, rotatesAt: null, newKeyAnnounced: false };

describe('keySetStale', () => {
  it('keeps a fresh set without news', () => {
    expect(keySetStale(fresh, fetchedAt + 30_000)).toBe(false);
  });

  it('fetches again once a new key was announced', () => {
    expect(keySetStale({ ...fresh, newKeyAnnounced: true }, fetchedAt + 2_000)).toBe(true);
  });

  it('fetches again once the current key is due, which makes identity rotate it', () => {
    const rotatesAt = fetchedAt + 10_000;
    expect(keySetStale({ ...fresh, rotatesAt }, rotatesAt - 1)).toBe(false);
    expect(keySetStale({ ...fresh, rotatesAt }, rotatesAt)).toBe(true);
  });

  it('fetches again after a minute, in case an announcement was missed', () => {
    expect(keySetStale(fresh, fetchedAt + KEY_SET_MAX_AGE_MS)).toBe(true);
  });

  it('never fetches twice within a second, whatever the news', () => {
    expect(keySetStale({ fetchedAt, rotatesAt: fetchedAt, newKeyAnnounced: true }, fetchedAt + 999)).toBe(false);
  });
});
