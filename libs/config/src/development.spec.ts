import { isDevelopment } from './common-variables.js';

describe('isDevelopment', () => {
  it('is NODE_ENV other than production, or a BASE_URL on plain http', () => {
    expect(isDevelopment({ NODE_ENV: 'test' })).toBe(true);
    expect(isDevelopment({ NODE_ENV: 'production' })).toBe(false);
    expect(isDevelopment({ NODE_ENV: 'production', BASE_URL: new URL('https://auth.example.com') })).toBe(false);
    expect(isDevelopment({ NODE_ENV: 'production', BASE_URL: new URL('http://localhost:3000') })).toBe(true);
  });
});
