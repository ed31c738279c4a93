import { locationOf } from './location.js';

describe('locationOf', () => {
  it('leaves a URL of URI characters and valid escapes as it is', () => {
    const url = "https://app.example/a-b_c.d~e/f?g=h&i=%C3%A9;j:k@l!$'()*+,#frag[0]";
    expect(locationOf(url)).toBe(url);
  });

  it('percent-encodes characters outside ASCII as UTF-8, whole code points included', () => {
    expect(locationOf('/日本?x=é&e=😀')).toBe('/%E6%97%A5%E6%9C%AC?x=%C3%A9&e=%F0%9F%98%80');
  });

  it('encodes spaces, quotes, angle brackets and a % that starts no escape', () => {
    expect(locationOf('/a b"<c>?p=100%&q=%zz')).toBe('/a%20b%22%3Cc%3E?p=100%25&q=%25zz');
  });
});
