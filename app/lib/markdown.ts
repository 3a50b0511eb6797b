// Safe Markdown for notes, the same on the server (card pages) and in the browser (editor preview): raw HTML is
// shown as text, and link and image targets pass the one URL policy (server/urls/url-policy.shared.ts).
import MarkdownIt from 'markdown-it';
import { safeHref, safeImageSrc } from '#server/urls/url-policy.shared';

export interface MarkdownOptions {
  /** Where a `sakura-site://<cardId>` link should go (the linked site's URL), or null to drop the link. */
  siteUrl?: (cardId: string) => string | null;
}

const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });

// markdown-it has normalised the target (percent-encoding) by now; the policy decides on what the browser would get.
md.validateLink = (url: string) => safeHref(url, 'note-link') !== null || safeImageSrc(url) !== null;

const defaultImage = md.renderer.rules.image!;
md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const src = safeImageSrc(String(tokens[idx]!.attrGet('src') ?? ''));
  if (!src) return '';
  tokens[idx]!.attrSet('src', src);
  tokens[idx]!.attrSet('loading', 'lazy');
  return defaultImage(tokens, idx, options, env, self);
};

const defaultLinkOpen =
  md.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, rawEnv, self) => {
  const env = (rawEnv ?? {}) as MarkdownOptions;
  const token = tokens[idx]!;
  const href = safeHref(String(token.attrGet('href') ?? ''), 'note-link');
  const site = href ? /^sakura-site:\/\/([A-Za-z0-9_-]+)$/.exec(href) : null;
  if (site) {
    // The linked site's stored URL is checked again: it becomes this link's href.
    const target = safeHref(env.siteUrl?.(site[1]!) ?? null);
    token.attrSet('href', target ?? '#');
    if (target) token.attrSet('data-site-card', site[1]!);
  } else {
    token.attrSet('href', href ?? '#');
  }
  if (/^https?:/i.test(String(token.attrGet('href') ?? ''))) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer nofollow');
  }
  return defaultLinkOpen(tokens, idx, options, rawEnv, self);
};

/** HTML for a note's Markdown; safe to inject. */
export function renderMarkdown(source: string, options: MarkdownOptions = {}): string {
  return md.render(source, { ...options });
}
