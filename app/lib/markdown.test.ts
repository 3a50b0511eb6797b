import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('renders Markdown', () => {
    expect(renderMarkdown('# Title\n\n**bold** and [link](https://example.com)')).toBe(
      '<h1>Title</h1>\n<p><strong>bold</strong> and <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">link</a></p>\n',
    );
  });

  it('shows raw HTML as text', () => {
    const html = renderMarkdown('<script>alert(1)</script><img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('drops script-running link and image targets', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:x',
      'data:text/html,<b>x',
      'vbscript:x',
    ]) {
      const html = renderMarkdown(`[x](${bad}) ![i](${bad})`);
      expect(html, bad).not.toMatch(/href="\s*(javascript|data|vbscript)/i);
      expect(html, bad).not.toMatch(/src="\s*(javascript|data|vbscript)/i);
    }
  });

  it('points sakura-site links at the linked site', () => {
    const html = renderMarkdown('[GitHub](sakura-site://card-1)', {
      siteUrl: (id) => (id === 'card-1' ? 'https://github.com' : null),
    });
    expect(html).toContain('href="https://github.com"');
    expect(renderMarkdown('[gone](sakura-site://card-2)', { siteUrl: () => null })).toContain('href="#"');
  });

  it('checks a linked site’s stored URL again before it becomes the href (the review’s bypass)', () => {
    for (const stored of [
      'java\tscript:alert(1)',
      '\u0001javascript:alert(1)',
      'data:text/html,x',
      'not a url',
    ]) {
      const html = renderMarkdown('[x](sakura-site://card-1)', { siteUrl: () => stored });
      expect(html, JSON.stringify(stored)).toContain('href="#"');
      expect(html).not.toContain('data-site-card');
    }
  });

  it('drops disguised script targets written in the note itself', () => {
    for (const bad of [
      '<java\tscript:alert(1)>',
      '[a](<\u0001javascript:alert(1)>)',
      '[b](&#x6A;avascript:alert(1))',
    ]) {
      expect(renderMarkdown(bad), JSON.stringify(bad)).not.toMatch(/href="[^"]*script/i);
    }
  });
});
