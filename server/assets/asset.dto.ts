import type { AssetDoc } from './asset.model';

/** The public URL of an asset's file. */
export function assetUrl(assetId: string): string {
  return `/api/assets/${assetId}/file`;
}

export interface AssetDto {
  id: string;
  kind: string;
  url: string;
  mimeType: string;
  size: number;
  createdAt: string;
}

export function toAsset(doc: AssetDoc): AssetDto {
  return {
    id: doc._id,
    kind: doc.kind,
    url: assetUrl(doc._id),
    mimeType: doc.mimeType,
    size: doc.size,
    createdAt: doc.createdAt.toISOString(),
  };
}
