// A session's device in plain words from its user agent, e.g. 'Chrome on Linux'. Deliberately
// small: the list of sessions needs a recognisable label, not a full user-agent database.
import type { Language } from '@tonieshelf/shared/languages';
import { useAuthTexts } from './auth-texts';

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\//, 'Chrome'],
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\bChrom(e|ium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function find(table: ReadonlyArray<readonly [RegExp, string]>, userAgent: string): string | null {
  for (const [pattern, name] of table) if (pattern.test(userAgent)) return name;
  return null;
}

/** 'Chrome on Linux' ('Chrome auf Linux' in German), or 'Unknown device'. */
export function deviceName(userAgent: string | null | undefined, language: Language = 'en'): string {
  const texts = useAuthTexts.get(language).device;
  if (!userAgent?.trim()) return texts.unknown;
  const browser = find(BROWSERS, userAgent);
  const system = find(SYSTEMS, userAgent);
  if (browser && system) return texts.on(browser, system);
  return browser ?? system ?? texts.unknown;
}
