// The labels the system gives snapshots, and how a page recognises them to show them in the reader's language.
// Browser-safe (app/components/history/snapshot-label.ts reads them).
import { COMPAT_LANGUAGE, type Language } from '../language.shared';

/** An automatic snapshot's label (`auto: before import`), stored for the API's clients. */
export const AUTO_LABEL = /^auto: before [a-z ]+$/;

const MCP_PREFIX: Record<Language, string> = { zh: 'MCP 快照', en: 'MCP snapshot' };
const MCP_LOCALE: Record<Language, string> = { zh: 'zh-CN', en: 'en-US' };

/**
 * The label of a snapshot an MCP client takes without one: the time, in the caller's language (Actor.lang;
 * `MCP 快照 <local time>` as the older service wrote it, compat §12.2, when the caller named none).
 */
export function mcpSnapshotLabel(at: Date, lang: Language = COMPAT_LANGUAGE): string {
  return `${MCP_PREFIX[lang]} ${at.toLocaleString(MCP_LOCALE[lang])}`;
}

const MCP_LABEL = new RegExp(`^(${Object.values(MCP_PREFIX).join('|')}) \\d`);

/** Whether a label is one `mcpSnapshotLabel` gave, in either language (its prefix, then the time). */
export function isMcpSnapshotLabel(label: string): boolean {
  return MCP_LABEL.test(label);
}
