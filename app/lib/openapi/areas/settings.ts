import { z } from 'zod';
import { AppearancesDtoSchema } from '#server/appearance/appearance.dto';
import { AppSettingsDtoSchema, FloatingButtonDtoSchema } from '#server/settings/settings.dto';
import * as appearance from '~/routes/api/appearance';
import * as floating from '~/routes/api/floating-buttons';
import * as health from '~/routes/api/health';
import * as openapi from '~/routes/api/openapi';
import * as settings from '~/routes/api/settings';
import { describeArea, describeRoute } from '../describe';
import { APPEARANCES, SETTINGS, THEME } from '../examples';

const BUTTONS = [
  { id: 'scroll-top', label: '', enabled: true, editable: false },
  {
    id: 'feedback',
    label: 'Tell us',
    enabled: true,
    editable: true,
    customData: { url: 'https://example.com/issues' },
  },
];

export const settingsArea = describeArea(
  'Site and appearance',
  'Health, this description, the look of your dashboard and the site-wide settings.',
  [
    describeRoute('/api/health', health, {
      GET: {
        summary: 'Whether the database and storage answer',
        response: z.object({
          status: z.enum(['ok', 'error']),
          timestamp: z.string(),
          checks: z.object({ db: z.string(), storage: z.string() }),
        }),
        errors: [503],
        example: {
          response: {
            status: 'ok',
            timestamp: '2026-01-15T08:30:00.000Z',
            checks: { db: 'ok', storage: 'ok' },
          },
        },
      },
    }),
    describeRoute('/api/openapi.json', openapi, {
      GET: {
        summary: 'This API as an OpenAPI 3.1 document',
        response: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
        example: { response: { openapi: '3.1.0', paths: {} } },
      },
    }),
    describeRoute('/api/appearance', appearance, {
      GET: {
        summary: 'Your light and dark theme settings',
        response: AppearancesDtoSchema,
        example: { response: APPEARANCES },
      },
      PUT: {
        summary: 'Save both themes',
        response: AppearancesDtoSchema,
        example: { body: { light: THEME, dark: THEME }, response: APPEARANCES },
      },
    }),
    describeRoute('/api/settings', settings, {
      GET: {
        summary: 'Site settings (the AI key masked)',
        response: AppSettingsDtoSchema,
        example: { response: SETTINGS },
      },
      PUT: {
        summary: 'Change some site settings; what is left out stays',
        description:
          'An aiApiKey starting with **** keeps the stored key, but a new aiBaseUrl needs the key typed again ' +
          '(or cleared): else 400 secret_required.',
        response: AppSettingsDtoSchema,
        example: { body: { siteName: 'Home' }, response: { ...SETTINGS, siteName: 'Home' } },
      },
    }),
    describeRoute('/api/floating-buttons', floating, {
      GET: {
        summary: 'The floating buttons (a bare array)',
        response: z.array(FloatingButtonDtoSchema),
        example: { response: BUTTONS },
      },
      PUT: {
        summary: 'Save the floating buttons (administrators)',
        response: z.array(FloatingButtonDtoSchema),
        example: { body: { buttons: BUTTONS }, response: BUTTONS },
      },
    }),
  ],
);
