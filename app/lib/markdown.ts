// Safe Markdown for notes, the same on the server (card pages) and in the browser (editor preview): raw HTML is
// shown as text, and only harmless link and image targets survive.
import MarkdownIt from 'markdown-it';

const SAFE_LINK = /^(https?:|mailto:|\/(?!\/)|#|sakura-site:\/\/)/i;
const SAFE_IMAGE = /^(https?:|\/(?!\/))/i;

export interface MarkdownOptions {
  /** Where a `sakura-site://<cardId>` link should go (the linked site's URL), or null to drop the link. */
  siteUrl?: (cardId: string) => string | null;
}

const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });

md.validateLink = (url: string) => SAFE_LINK.test(url.trim());

const defaultImage = md.renderer.rules.image!;
md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const src = String(tokens[idx]!.attrGet('src') ?? '');
  if (!SAFE_IMAGE.test(src)) return '';
  tokens[idx]!.attrSet('loading', 'lazy');
  return defaultImage(tokens, idx, options, env, self);
};

const defaultLinkOpen =
  md.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, rawEnv, self) => {
  const env = (rawEnv ?? {}) as MarkdownOptions;
  const token = tokens[idx]!;
  const href = String(token.attrGet('href') ?? '');
  const site = /^sakura-site:\/\/([A-Za-z0-9_-]+)$/.exec(href);
  if (site) {
    const target = env.siteUrl?.(site[1]!) ?? null;
    token.attrSet('href', target ?? '#');
    if (target) token.attrSet('data-site-card', site[1]!);
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
