/** Public URL of a user's avatar image, or null. */
export function avatarUrlOf(user: { avatarAssetId?: string | null } | null | undefined): string | null {
  return user?.avatarAssetId ? `/api/assets/${user.avatarAssetId}/file` : null;
}

/** Initial shown in a letter avatar. */
export function initialOf(name: string | null | undefined): string {
  const first = (name ?? '').trim().codePointAt(0);
  return first ? String.fromCodePoint(first).toUpperCase() : '?';
}
