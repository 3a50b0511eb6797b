/** The public URL of an asset's file. */
export function assetUrl(assetId: string): string {
  return `/api/assets/${assetId}/file`;
}
