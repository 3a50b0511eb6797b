// Appearance values the browser code needs too (the settings page's choices).
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const FONT_PRESETS = ['grotesk', 'serif', 'balanced'] as const;
