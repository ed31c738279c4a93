import { checkWebhookUrl, isInternalAddress } from './webhook-url.js';

const refusal = expect.objectContaining({ code: 'INVALID_WEBHOOK_URL' });

describe('webhook URLs', () => {
  it('takes https everywhere, and http only in development', () => {
    expect(checkWebhookUrl('https://hooks.example.com/in', false)).toBe('https://hooks.example.com/in');
    expect(checkWebhookUrl('http://127.0.0.1:8080/in', true)).toBe('http://127.0.0.1:8080/in');
    expect(() => checkWebhookUrl('http://hooks.example.com/in', false)).toThrow(refusal);
  });

  it('refuses other schemes, credentials in the URL and what is no URL', () => {
    for (const url of ['ftp://example.com/', 'javascript:alert(1)', 'https://u:p@example.com/', 'not a url']) {
      expect(() => checkWebhookUrl(url, true)).toThrow(refusal);
    }
  });

  it('refuses loopback, private and link-local addresses in production only (SSRF)', () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://localhost/',
      'https://api.localhost/',
      'https://10.1.2.3/',
      'https://172.16.0.1/',
      'https://192.168.1.1/',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/',
      'https://[fd00::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://0.0.0.0/',
    ]) {
      expect(() => checkWebhookUrl(url, false)).toThrow(refusal);
      expect(checkWebhookUrl(url, true)).toBe(new URL(url).toString());
    }
  });

  it('tells internal addresses from public ones', () => {
    expect(isInternalAddress('127.0.0.1')).toBe(true);
    expect(isInternalAddress('::ffff:10.0.0.1')).toBe(true);
    expect(isInternalAddress('fe80::1')).toBe(true);
    expect(isInternalAddress('93.184.216.34')).toBe(false);
    expect(isInternalAddress('2606:2800:220:1::1')).toBe(false);
    expect(isInternalAddress('example.com')).toBe(false);
  });
});
