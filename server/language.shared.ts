// The languages the app writes in: its interface's, and the one a stored default name is written in. Browser-safe.

export type Language = 'en' | 'zh';

/**
 * What a default stored by the JSON API or MCP is written in when the caller names no language of ours (no saved
 * choice, no English or Chinese in Accept-Language): the older service wrote Chinese, and its clients read it back.
 */
export const COMPAT_LANGUAGE: Language = 'zh';
