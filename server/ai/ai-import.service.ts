// AI-assisted bookmark import (compat §7, §9): the model reads the start of any text file (bookmark HTML,
// Markdown links, a URL list, CSV, JSON) and lists its sites with tags of the caller; nothing is written here, the
// items go to the same preview and batch import as the deterministic parser's.
import { z } from 'zod';
import type { Actor } from '../actor';
import { listTags } from '../tags/tag.service';
import { checkUrl } from '../urls/url-policy.shared';
import { resolveAiConfig } from './ai-config';
import { chatJson } from './ai-client';
import { AI_IMPORT_PROMPT_CHARS, type AiImportInput } from './ai.schema';

const ITEMS_MAX = 100;

const text = (max: number) =>
  z
    .string()
    .catch('')
    .transform((s) => s.trim().slice(0, max));

const ImportAnswer = z.object({
  items: z
    .array(
      z.object({
        name: text(80).default(''),
        url: text(2000).default(''),
        description: text(200).default(''),
        matchedTagIds: z.array(z.coerce.string()).catch([]).default([]),
        recommendedTags: z.array(text(40)).catch([]).default([]),
      }),
    )
    .default([]),
});

export interface AiImportItem {
  name: string;
  url: string;
  description: string;
  matchedTagIds: string[];
  recommendedTags: string[];
}

const PROMPT =
  'You extract websites from a bookmark file (HTML bookmarks, Markdown links, plain URL lists or similar). ' +
  'Answer only JSON: {"items": [{"name": string, "url": string, "description": string (one line), ' +
  '"matchedTagIds": [string] (ids of the given tags that fit), "recommendedTags": [string] (at most 3 new tag ' +
  'names)}]}. Skip links that are not http or https; at most 100 items.';

/** The sites the model finds in a file: http(s) only, each URL once, tag ids of the caller only, at most 100. */
export async function aiImportBookmarks(
  actor: Actor,
  input: AiImportInput,
): Promise<{ items: AiImportItem[] }> {
  const config = await resolveAiConfig(actor, input.draft);
  const tags = (await listTags(actor)).map((t) => ({ id: t.id, name: t.name }));
  const answer = await chatJson(
    config,
    PROMPT,
    [
      input.filename ? `File name: ${input.filename}` : '',
      `Tags: ${JSON.stringify(tags)}`,
      'File content:',
      input.content.slice(0, AI_IMPORT_PROMPT_CHARS),
    ]
      .filter(Boolean)
      .join('\n'),
    ImportAnswer,
  );
  const tagIds = new Set(tags.map((t) => t.id));
  const tagNames = new Set(tags.map((t) => t.name.toLowerCase()));
  const seen = new Set<string>();
  const items: AiImportItem[] = [];
  for (const raw of answer.items) {
    if (items.length >= ITEMS_MAX) break;
    const checked = /^https?:\/\//i.test(raw.url) ? checkUrl(raw.url, 'link') : null;
    if (!checked?.ok || seen.has(checked.value)) continue;
    seen.add(checked.value);
    items.push({
      name: raw.name || new URL(checked.value).hostname,
      url: checked.value,
      description: raw.description,
      matchedTagIds: [...new Set(raw.matchedTagIds.filter((id) => tagIds.has(id)))],
      recommendedTags: [
        ...new Set(raw.recommendedTags.filter((n) => n && !tagNames.has(n.toLowerCase()))),
      ].slice(0, 3),
    });
  }
  return { items };
}
