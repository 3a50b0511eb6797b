import { describe, expect, it } from 'vitest';
import { checkUrl, isEmailAddress, safeHref, safeImageSrc, stripLikeBrowsers } from './url-policy.shared';

const ok = (raw: string, kind: Parameters<typeof checkUrl>[1] = 'link') => {
  const r = checkUrl(raw, kind);
  return r.ok ? r.value : `refused: ${r.message}`;
};

describe('the URL policy', () => {
  it('strips what browsers strip before parsing', () => {
    expect(stripLikeBrowsers('\u0001 https://ex.example/a\tb\n \u0000')).toBe('https://ex.example/ab');
  });

  it('refuses script-running schemes however they are disguised', () => {
    for (const bad of [
      'javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0001javascript:alert(1)',
      ' \u0000JavaScript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'file:///etc/passwd',
      'ftp://x.example/',
      '/\\evil.example',
      'http://',
    ]) {
      expect(checkUrl(bad, 'link').ok, JSON.stringify(bad)).toBe(false);
      expect(checkUrl(bad, 'note-link').ok, JSON.stringify(bad)).toBe(false);
      expect(checkUrl(bad, 'image').ok, JSON.stringify(bad)).toBe(false);
      expect(safeHref(bad)).toBeNull();
    }
  });

  it('keeps valid absolute addresses as sent and turns bare domains into https', () => {
    expect(ok('https://Example.com/a?b=1#c')).toBe('https://Example.com/a?b=1#c');
    expect(ok('  http://10.0.0.5:8080/x ')).toBe('http://10.0.0.5:8080/x');
    expect(ok('mailto:me@example.com')).toBe('mailto:me@example.com');
    expect(ok('tel:+4930123')).toBe('tel:+4930123');
    expect(ok('tel:12345')).toBe('tel:12345');
    expect(ok('example.com')).toBe('https://example.com');
    expect(ok('docs.example.com/path?q=1')).toBe('https://docs.example.com/path?q=1');
    expect(ok('localhost:3000/app')).toBe('https://localhost:3000/app');
    expect(ok('10.0.0.5:8080')).toBe('https://10.0.0.5:8080');
    expect(ok('//cdn.example.com/x.png', 'image')).toBe('https://cdn.example.com/x.png');
    expect(ok('/api/assets/asset-1/file', 'image')).toBe('/api/assets/asset-1/file');
  });

  it('refuses text that is no address', () => {
    for (const bad of [
      'not a url',
      'foo',
      '',
      '   ',
      'http//x',
      'example',
      'a b.com',
      'https://exa mple.com',
    ])
      expect(checkUrl(bad, 'link').ok, JSON.stringify(bad)).toBe(false);
  });

  it('allows note links to site cards and fragments only in notes, and raster data images only as pictures', () => {
    expect(ok('sakura-site://card-1', 'note-link')).toBe('sakura-site://card-1');
    expect(ok('#section', 'note-link')).toBe('#section');
    expect(checkUrl('sakura-site://card-1', 'link').ok).toBe(false);
    expect(safeImageSrc('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(safeImageSrc('data:image/svg+xml,<svg onload=alert(1)>')).toBeNull();
    expect(safeImageSrc('mailto:x@example.com')).toBeNull();
  });

  it('checks e-mail addresses', () => {
    expect(isEmailAddress('me@example.com')).toBe(true);
    for (const bad of [
      'me',
      'me@',
      '@example.com',
      'me@example',
      'a@b@c.com',
      'me @example.com',
      'me@ex..com',
    ])
      expect(isEmailAddress(bad), bad).toBe(false);
  });
});
