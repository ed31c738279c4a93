import { acceptPlainHttpImageUrls, isImageUrl } from './image-url.js';

describe('isImageUrl', () => {
  afterEach(() => acceptPlainHttpImageUrls(false));

  it.each(['javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://example.com/a.png', '/a.png', 'a.png', '', 42])(
    'refuses %j',
    (value) => {
      acceptPlainHttpImageUrls(true);
      expect(isImageUrl(value)).toBe(false);
    },
  );

  it('takes https URLs, and http URLs only where plain http is accepted (development)', () => {
    expect(isImageUrl('https://cdn.example.com/logo.png')).toBe(true);
    expect(isImageUrl('http://localhost:5173/logo.png')).toBe(false);
    acceptPlainHttpImageUrls(true);
    expect(isImageUrl('http://localhost:5173/logo.png')).toBe(true);
  });
});
