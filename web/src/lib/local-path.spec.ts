import { describe, expect, it } from '@jest/globals';
import { localPath } from './local-path';

const ORIGIN = 'https://auth.example.com';

describe('localPath', () => {
  it('keeps a relative path as given', () => {
    expect(localPath('/organizations?tab=teams', ORIGIN)).toBe('/organizations?tab=teams');
  });

  it('reads the path, query and fragment of an absolute URL on this origin', () => {
    expect(localPath('https://auth.example.com/account/security?x=1#passkeys', ORIGIN)).toBe(
      '/account/security?x=1#passkeys',
    );
  });

  it.each([
    ['another origin', 'https://evil.example/account'],
    ['another port', 'https://auth.example.com:8443/account'],
    ['another scheme', 'http://auth.example.com/account'],
    ['not a URL', 'account'],
    ['nothing', null],
    ['an empty value', ''],
  ])('gives nothing for %s', (_what, url) => {
    expect(localPath(url, ORIGIN)).toBeNull();
  });
});
