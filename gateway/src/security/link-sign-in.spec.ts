import { mayLinkSignIn } from './link-sign-in.js';

describe('mayLinkSignIn', () => {
  it.each([
    [undefined, true],
    ['none', true],
    ['same-origin', true],
    [' Same-Origin ', true],
    ['cross-site', false],
    ['same-site', false],
    ['', false],
    ['garbage', false],
    [['none', 'cross-site'], false],
  ])('Sec-Fetch-Site %j: %s', (header, expected) => {
    expect(mayLinkSignIn(header)).toBe(expected);
  });
});
