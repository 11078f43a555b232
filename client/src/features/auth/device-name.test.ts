import { describe, expect, it } from 'vitest';
import { deviceName } from './device-name';

describe('deviceName', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36 Edg/138.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox on macOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari on iPhone'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/138.0 Mobile/15E148 Safari/604.1', 'Chrome on iPad'],
    ['curl/8.5.0', 'curl'],
  ])('%s -> %s', (userAgent, expected) => {
    expect(deviceName(userAgent)).toBe(expected);
  });

  it('missing or unrecognised -> a plain fallback', () => {
    expect(deviceName(null)).toBe('Unknown device');
    expect(deviceName('  ')).toBe('Unknown device');
    expect(deviceName('SomethingElse/1.0')).toBe('Unknown device');
  });
});

describe('deviceName in German', () => {
  it("'Chrome auf Linux', 'Unbekanntes Gerät'", () => {
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36', 'de')).toBe('Chrome auf Linux');
    expect(deviceName(null, 'de')).toBe('Unbekanntes Gerät');
  });
});
