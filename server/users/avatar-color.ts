// The older service's palette, so avatars of migrated users keep their colours.
const PALETTE = [
  '#f87171',
  '#fb923c',
  '#fbbf24',
  '#a3e635',
  '#4ade80',
  '#34d399',
  '#2dd4bf',
  '#22d3ee',
  '#38bdf8',
  '#60a5fa',
  '#818cf8',
  '#a78bfa',
  '#c084fc',
  '#e879f9',
  '#f472b6',
];

export function randomAvatarColor(): string {
  return PALETTE[Math.floor(Math.random() * PALETTE.length)] ?? '#60a5fa';
}
