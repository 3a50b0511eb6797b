import { defineModel } from '../db';
import { docSchema, nullable, required } from '../db-schema';

/** The owner of every site-icon asset (they belong to no user; the orphan sweep leaves them alone). */
export const SITE_ICON_OWNER = '__site_icons__';

/**
 * A site's icon as the server last fetched it, shared by every card pointing at that site: `_id` is the host
 * (`github.com`, `127.0.0.1:8080`); the bytes are an asset (kind `site-icon`) or, when the site has no usable icon,
 * `assetId` is null and the page shows the letter tile.
 */
export interface SiteIconDoc {
  _id: string;
  assetId: string | null;
  fetchedAt: Date;
}

const SiteIconSchema = docSchema<SiteIconDoc>(
  {
    ...nullable({ assetId: String }),
    ...required({ fetchedAt: Date }),
  },
  { collection: 'site_icons' },
);

export const SiteIconModel = defineModel<SiteIconDoc>('SiteIcon', SiteIconSchema);
