import { z } from 'zod';
import { CardDtoSchema } from '#server/cards/card.dto';
import * as batch from '~/routes/api/site-cards.batch';
import * as checkAll from '~/routes/api/site-cards.check-online';
import * as checkOne from '~/routes/api/site-cards.check-online-single';
import * as exportHtml from '~/routes/api/site-cards.export';
import * as importPreview from '~/routes/api/site-cards.import-preview';
import * as memo from '~/routes/api/site-cards.memo';
import * as preview from '~/routes/api/site-cards.preview';
import { SitePreviewDto } from '#server/site-preview/site-preview.schema';
import { BOOKMARK_FORMATS, ImportPreviewQuerySchema } from '#server/bookmarks/bookmark.schema';
import * as reorderGlobal from '~/routes/api/site-cards.reorder-global';
import * as sites from '~/routes/api/site-cards';
import * as siteIcon from '~/routes/api/site-icons.$host';
import { describeArea, describeRoute, type OperationDoc } from '../describe';
import { CARD, SNAPSHOT, TAG, UNDO_TOKEN } from '../examples';
import { Ok, Success, itemOf, itemsOf } from '../shapes';

const reorderDoc: OperationDoc = {
  summary: 'Put all your cards in this order',
  response: Ok,
  example: { body: { ids: [CARD.id, 'card-0a9f'] }, response: { ok: true } },
};

export const siteCardsArea = describeArea(
  'Site cards',
  'Website cards: create, change, delete, notes and todos, bookmark import and export, online checks, icons.',
  [
    describeRoute('/api/site-cards', sites, {
      GET: {
        summary: 'All your cards, every kind, pinned first',
        response: itemsOf(CardDtoSchema),
        example: { response: { items: [CARD] } },
      },
      POST: {
        summary: 'Create a site card (siteUrl or its alias url)',
        response: itemOf(CardDtoSchema),
        example: {
          body: { name: 'MDN Web Docs', siteUrl: 'https://developer.mozilla.org/', tagIds: [TAG.id] },
          response: { item: CARD },
        },
      },
      PUT: {
        summary: 'Change a card (fields left out keep their values)',
        response: itemOf(CardDtoSchema),
        errors: [404],
        example: {
          body: { id: CARD.id, siteIsPinned: true },
          response: { item: { ...CARD, siteIsPinned: true } },
        },
      },
      DELETE: {
        summary: 'Delete a card of any kind',
        response: Ok.extend({
          undoToken: z.string(),
          iconAssetId: z.string().nullable(),
          affectedCardIds: z.array(z.string()),
        }).loose(),
        errors: [404],
        example: {
          query: { id: CARD.id },
          response: { ok: true, undoToken: UNDO_TOKEN, iconAssetId: null, affectedCardIds: [] },
        },
      },
    }),
    describeRoute('/api/site-cards/memo', memo, {
      PATCH: {
        summary: 'Change a card’s notes and todos',
        response: Success,
        errors: [404],
        example: { body: { id: CARD.id, siteNotes: 'Use the search box' }, response: { success: true } },
      },
    }),
    describeRoute('/api/site-cards/reorder-global', reorderGlobal, {
      POST: reorderDoc,
      PUT: { ...reorderDoc, summary: `${reorderDoc.summary} (PUT)` },
    }),
    describeRoute('/api/site-cards/batch', batch, {
      POST: {
        summary: 'Import bookmarks (up to 20,000 at once)',
        description:
          'importMode: incremental (default), overwrite or clean. One bad item is reported, not fatal. ' +
          'An import that adds or replaces cards first takes an automatic snapshot and answers its snapshotId ' +
          '(restore it with POST /api/snapshots?action=restore&id= to undo the import); a chunked import sends ' +
          'the first answer’s snapshotId with every later chunk, so one snapshot undoes them all.',
        response: Ok.extend({
          total: z.number(),
          created: z.number(),
          skipped: z.number(),
          updated: z.number(),
          invalid: z.number(),
          errors: z.array(z.object({ index: z.number(), message: z.string() })),
          createdCardIds: z.array(z.string()),
          namedTags: z
            .array(z.object({ id: z.string(), name: z.string() }))
            .describe('the tags the items named in newTags, found or created'),
          snapshotId: z.string().nullable().describe('the automatic snapshot taken before; null if none'),
        }).loose(),
        errors: [404, 413],
        example: {
          body: {
            items: [{ name: 'MDN', url: 'https://developer.mozilla.org/' }],
            importMode: 'incremental',
          },
          response: {
            ok: true,
            total: 1,
            created: 1,
            skipped: 0,
            updated: 0,
            invalid: 0,
            errors: [],
            createdCardIds: [CARD.id],
            createdSiteIds: [CARD.id],
            namedTags: [],
            undoToken: UNDO_TOKEN,
            snapshotId: SNAPSHOT.id,
          },
        },
      },
    }),
    describeRoute('/api/site-cards/import-preview', importPreview, {
      POST: {
        summary:
          'Read a bookmark file or another dashboard’s configuration into items to import (nothing is saved)',
        description:
          'file: a Netscape bookmark file (browsers, linkding), Markdown links or a URL list, Homepage’s ' +
          'services.yaml or bookmarks.yaml, Dashy’s conf.yml, a Homarr 1.x backup’s data.json or a 0.x ' +
          'configuration; up to 20 MiB. The name’s extension (.html, .yml/.yaml, .json) and the first lines say ' +
          'which. Folders, groups and sections become newTags: the whole path ("Dev / Frontend") with ' +
          'folderPath=true (default), the innermost folder alone with false, none with folderTags=false. Only ' +
          'http(s) sites and http(s) icons are kept. duplicate marks pages you already have; send the items you ' +
          'want to POST /api/site-cards/batch. A malformed or unknown configuration, YAML aliases past 100, ' +
          'nesting past 64 levels, more than 20,000 bookmarks: 400 naming the problem.',
        multipart: { file: 'the bookmark file or configuration' },
        query: ImportPreviewQuerySchema,
        response: z.object({
          format: z.enum(BOOKMARK_FORMATS),
          ignored: z.number().describe('entries that are not http(s) sites, left out'),
          duplicates: z.number(),
          items: z.array(
            z.looseObject({
              name: z.string(),
              siteUrl: z.string(),
              siteDescription: z.string(),
              iconUrl: z.string().nullable(),
              createdAt: z.string().optional(),
              newTags: z.array(z.string()),
              duplicate: z.boolean(),
            }),
          ),
        }),
        errors: [413],
        example: {
          query: { folderPath: 'true' },
          file: 'services.yaml',
          response: {
            format: 'homepage',
            ignored: 0,
            duplicates: 0,
            items: [
              {
                name: 'Sonarr',
                siteUrl: 'https://sonarr.example.net',
                siteDescription: 'Series management',
                iconUrl: null,
                tagIds: [],
                newTags: ['Media / Downloads'],
                duplicate: false,
              },
            ],
          },
        },
      },
    }),
    describeRoute('/api/site-cards/export', exportHtml, {
      GET: {
        summary: 'Your site cards as a Netscape bookmark file',
        produces: { type: 'text/html', description: 'A bookmark file download (bookmarks-YYYYMMDD.html)' },
        example: {},
      },
    }),
    describeRoute('/api/site-cards/check-online', checkAll, {
      POST: {
        summary: 'Check whether each of your sites answers',
        response: z.object({ checked: z.number(), online: z.number(), offline: z.number() }),
        errors: [429],
        example: { response: { checked: 12, online: 11, offline: 1 } },
      },
    }),
    describeRoute('/api/site-cards/check-online-single', checkOne, {
      POST: {
        summary: 'Check one site now',
        response: z.looseObject({ id: z.string(), online: z.boolean(), cached: z.boolean() }),
        errors: [404, 429],
        example: {
          body: { cardId: CARD.id },
          response: { id: CARD.id, online: true, cached: false, siteIsOnline: true },
        },
      },
    }),
    describeRoute('/api/site-cards/preview', preview, {
      POST: {
        summary: 'Read a page for a new card: its title, description and icon (nothing is saved)',
        description:
          'url (or siteUrl): an http(s) address. The server fetches it under the outbound policy (private ' +
          'addresses refused unless allowed, every redirect checked), reads at most 512 KB within 8 s and takes ' +
          'og:title or <title>, the meta description or og:description, og:image and the declared icons. ' +
          'iconUrl is this server’s own address for the site’s icon. A page that cannot be read is 422 ' +
          'fetch_failed with details.reason: refused, timeout, network, redirects, status (details.status), ' +
          'not_html or no_details. At most 30 pages a minute per user.',
        response: SitePreviewDto,
        errors: [422, 429],
        example: {
          body: { url: 'https://developer.mozilla.org/' },
          response: {
            url: 'https://developer.mozilla.org/',
            finalUrl: 'https://developer.mozilla.org/en-US/',
            title: 'MDN Web Docs',
            description: 'Resources for developers, by developers.',
            siteName: 'MDN Web Docs',
            iconUrl: '/api/site-icons/developer.mozilla.org',
            icons: ['https://developer.mozilla.org/favicon-48x48.png'],
            image: 'https://developer.mozilla.org/mdn-social-share.png',
          },
        },
      },
    }),
    describeRoute('/api/site-icons/:host', siteIcon, {
      GET: {
        summary: 'A site’s icon, fetched once by the server and served from our origin',
        description:
          'host: a host name with an optional port. When the site has no icon (or none yet) the answer is a ' +
          'transparent 1×1 PNG with X-Site-Icon: none. Only a signed-in user’s request makes the server fetch a ' +
          'host it has never fetched (in the background); visitors get the blank for those.',
        produces: {
          type: 'image/*',
          description: 'The icon (PNG, ICO, JPEG, GIF or WebP), cacheable for a week, with an ETag',
        },
        errors: [404],
        example: { params: { host: 'developer.mozilla.org' } },
      },
    }),
  ],
);
