/**
 * A session's device as people recognise it ("Chrome on Android") from its User-Agent. Only
 * the common browsers and systems are named; anything else is "Unknown browser" / "unknown
 * system" rather than a guess. Order matters: Edge, Opera and Samsung Internet also say
 * Chrome, Chrome also says Safari, iPadOS and Android also say Linux or Mac OS X.
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrom(e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export type DeviceName = { browser: string; system: string; label: string };

export function deviceName(userAgent: string | null | undefined): DeviceName {
  const agent = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1] ?? 'Unknown browser';
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1] ?? 'unknown system';
  return { browser, system, label: `${browser} on ${system}` };
}
