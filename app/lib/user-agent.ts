/** A short "browser · system" label for a session's User-Agent, or null when nothing is recognised. */
export function describeUserAgent(ua: string | null | undefined): string | null {
  if (!ua) return null;
  const browser = /\bEdg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /\bOPR\//.test(ua)
      ? 'Opera'
      : /\bFirefox\//.test(ua)
        ? 'Firefox'
        : /\b(HeadlessChrome|Chrome|CriOS|Chromium)\//.test(ua)
          ? 'Chrome'
          : /\bVersion\/[\d.]+.*Safari\//.test(ua)
            ? 'Safari'
            : /^curl\//.test(ua)
              ? 'curl'
              : /^node|undici/i.test(ua)
                ? 'Node.js'
                : null;
  const os = /\b(iPhone|iPad|iPod)\b/.test(ua)
    ? 'iOS'
    : /\bAndroid\b/.test(ua)
      ? 'Android'
      : /\bWindows\b/.test(ua)
        ? 'Windows'
        : /\bMac OS X\b|\bMacintosh\b/.test(ua)
          ? 'macOS'
          : /\bCrOS\b/.test(ua)
            ? 'ChromeOS'
            : /\bLinux\b/.test(ua)
              ? 'Linux'
              : null;
  if (!browser && !os) return null;
  return [browser, os].filter(Boolean).join(' · ');
}
