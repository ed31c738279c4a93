import { describe, expect, it } from '@jest/globals';
import { describeUserAgent } from './user-agent';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const EDGE_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

describe('describeUserAgent', () => {
  it.each([
    [FIREFOX_WINDOWS, 'Firefox on Windows'],
    [CHROME_MAC, 'Chrome on macOS'],
    [SAFARI_IPHONE, 'Safari on iOS'],
  ])('names browser and system', (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toBe(expected);
  });

  it('names Edge, although its header also says Chrome and Safari', () => {
    expect(describeUserAgent(EDGE_WINDOWS)).toBe('Edge on Windows');
  });

  it('names Android, although its header also says Linux', () => {
    expect(describeUserAgent(CHROME_ANDROID)).toBe('Chrome on Android');
  });

  it('names the browser alone when the system is not said', () => {
    expect(describeUserAgent('curl/8.5.0')).toBe('curl');
  });

  it('says what it does not know', () => {
    expect(describeUserAgent('SomeBot/1.0')).toBe('Unknown browser');
    expect(describeUserAgent('')).toBe('Unknown device');
    expect(describeUserAgent(null)).toBe('Unknown device');
    expect(describeUserAgent(undefined)).toBe('Unknown device');
  });
});
