import { z } from 'zod';
import { AppearancesDtoSchema } from '../appearance/appearance.dto';
import { CardDtoSchema } from '../cards/card.dto';
import { AppSettingsDtoSchema } from '../settings/settings.dto';
import { TagDtoSchema } from '../tags/tag.dto';

/** The editor's data: what GET /api/admin/bootstrap answers and the data ZIP routes answer after a change (with
 * `ok`). The schema is the type and the OpenAPI description's source (docs/decisions.md §39). */
export const BootstrapDtoSchema = z.strictObject({
  tags: z.array(TagDtoSchema).describe('virtual tags (social, note) included'),
  cards: z.array(CardDtoSchema),
  sites: z.array(CardDtoSchema).describe('the same list as cards (the older docs named it sites)'),
  appearances: AppearancesDtoSchema.describe("the themes' defaults (GET /api/appearance has your own)"),
  settings: AppSettingsDtoSchema,
});
export type BootstrapDto = z.infer<typeof BootstrapDtoSchema>;
