import { z } from 'zod';
import * as configDetect from '~/routes/api/config.detect';
import * as configExport from '~/routes/api/config.export';
import * as configImport from '~/routes/api/config.import';
import * as configMigrate from '~/routes/api/config.migrate';
import * as configProgress from '~/routes/api/config.progress';
import * as configReset from '~/routes/api/config.reset';
import * as userClear from '~/routes/api/user.data.clear';
import * as userDetect from '~/routes/api/user.data.detect';
import * as userExport from '~/routes/api/user.data.export';
import * as userImport from '~/routes/api/user.data.import';
import * as userProgress from '~/routes/api/user.data.progress';
import * as userReset from '~/routes/api/user.data.reset';
import { BootstrapDtoSchema } from '#server/navigation/bootstrap.dto';
import { describeArea, describeRoute, type OperationDoc } from '../describe';
import { BOOTSTRAP } from '../examples';

// The data ZIPs (docs/api.md "Data ZIP", "Global configuration ZIP"). The routes read their few query and form
// values themselves, so those are described here.

const iso = z.string().describe('ISO 8601 date-time');
const Mode = z
  .enum(['clean', 'incremental', 'overwrite'])
  .optional()
  .describe('clean (default) replaces, incremental adds what is new, overwrite updates matches');
const PROGRESS_NOTE =
  'Name the job with the header X-Progress-Id (or a progressId query parameter or form field, 8-64 of ' +
  '[A-Za-z0-9_-]) and poll the progress route while it runs.';
const REFUSALS =
  'A refused archive changes nothing: 4xx {error, code, details: {reason}} with reason not_zip (415), corrupt, ' +
  'unsafe_path, zip_bomb (413), missing_manifest, bad_signature, bad_data_signature, too_many_rows (413), …; ' +
  'a row the other write paths would refuse (a javascript: URL, CSS as a colour) is 400 validation_failed with ' +
  'details {reason: invalid_row, entry, table, row, id, field}; more cards, tags or card bytes than the quotas ' +
  'allow is 403 quota_exceeded, found while the archive is read.';
const IMPORT_FIELDS = {
  file: 'the archive',
  mode: 'clean (default), incremental or overwrite (or ?mode=)',
};
const ZIP = (what: string) => ({
  type: 'application/zip',
  description: `${what}, streamed as a download (Content-Disposition: attachment)`,
});

const Counts = z.object({ tags: z.number(), cards: z.number(), files: z.number() });
const UserDetected = z.object({
  type: z.literal('sakuranav'),
  filename: z.string().nullable(),
  scope: z.string().describe('user'),
  sitesOnly: z.boolean(),
  exportedAt: iso.nullable(),
  counts: Counts,
});
const External = z.object({
  type: z.literal('external'),
  filename: z.string().nullable(),
  content: z.string().describe('the first 100,000 characters of a file that is not a ZIP; "" for a ZIP'),
});
const ConfigDetected = z.object({
  type: z.literal('sakuranav'),
  filename: z.string().nullable(),
  scope: z.literal('config'),
  exportedAt: iso.nullable(),
  users: z.number(),
});
const DataAnswer = BootstrapDtoSchema.extend({ ok: z.literal(true) });
const Imported = z.object({
  tags: z.number(),
  cards: z.number(),
  updated: z.number(),
  skipped: z.number(),
  relations: z.number(),
});
const Progress = z.object({
  id: z.string(),
  kind: z.string().describe('user-export, user-import, config-export or config-import'),
  phase: z.string().describe('start, files (per user) or users (configuration), done'),
  done: z.number(),
  total: z.number(),
  state: z.enum(['running', 'done', 'failed']),
  error: z.string().nullable(),
  updatedAt: iso,
});

/** The job tests/api/openapi.test.ts starts before it calls the progress routes live. */
export const PROGRESS_EXAMPLE_ID = 'export-7c1d2e4f';
const progressDoc = (summary: string): OperationDoc => ({
  summary,
  description: 'Records are kept for a day.',
  query: z.object({ id: z.string().describe('the id the job was started with') }),
  response: Progress,
  errors: [404],
  example: {
    query: { id: PROGRESS_EXAMPLE_ID },
    response: {
      id: PROGRESS_EXAMPLE_ID,
      kind: 'user-export',
      phase: 'files',
      done: 12,
      total: 40,
      state: 'running',
      error: null,
      updatedAt: '2026-01-15T08:30:02.000Z',
    },
  },
});
const DETECTED = {
  type: 'sakuranav',
  filename: 'sakura-alice-20260115-083000.zip',
  scope: 'user',
  sitesOnly: false,
  exportedAt: '2026-01-15T08:30:00.000Z',
  counts: { tags: 4, cards: 12, files: 3 },
};

export const dataArea = describeArea(
  'Data',
  'Your own data as a ZIP (readable by the older service): export, check, import, reset to the starter data, ' +
    'clear. Imports, resets and clears take an automatic snapshot first.',
  [
    describeRoute('/api/user/data/export', userExport, {
      POST: {
        summary: 'Download your data as a ZIP (?scope=sites-only: website cards and their tags)',
        description: `scope may also come as a form field. ${PROGRESS_NOTE}`,
        query: z.object({ scope: z.enum(['full', 'sites-only']).optional().describe('full (default)') }),
        produces: ZIP('sakura-<username>[-sites]-YYYYMMDD-HHMMSS.zip'),
        example: { query: { scope: 'full' } },
      },
    }),
    describeRoute('/api/user/data/detect', userDetect, {
      POST: {
        summary: 'What an uploaded file is: one of our archives (checked) or something else',
        multipart: { file: 'the file' },
        response: z.union([UserDetected, External]),
        example: { file: 'sakura-alice-20260115-083000.zip', response: DETECTED },
      },
    }),
    describeRoute('/api/user/data/import', userImport, {
      POST: {
        summary: 'Import a data ZIP into your space; answers your data afterwards',
        description: `${REFUSALS} A configuration archive is refused (400). ${PROGRESS_NOTE}`,
        multipart: IMPORT_FIELDS,
        query: z.object({ mode: Mode }),
        response: DataAnswer.extend({ mode: z.string(), imported: Imported }),
        example: {
          query: { mode: 'incremental' },
          file: 'sakura-alice-20260115-083000.zip',
          response: {
            ok: true,
            ...BOOTSTRAP,
            mode: 'incremental',
            imported: { tags: 1, cards: 5, updated: 0, skipped: 7, relations: 2 },
          },
        },
      },
    }),
    describeRoute('/api/user/data/reset', userReset, {
      POST: {
        summary: 'Replace your tags and cards with the starter data; answers your data afterwards',
        response: DataAnswer,
        example: { response: { ok: true, ...BOOTSTRAP } },
      },
    }),
    describeRoute('/api/user/data/clear', userClear, {
      POST: {
        summary:
          'Remove all your tags and cards (appearance and settings stay); answers your data afterwards',
        response: DataAnswer,
        example: { response: { ok: true, ...BOOTSTRAP, tags: [], cards: [], sites: [] } },
      },
    }),
    describeRoute('/api/user/data/progress', userProgress, {
      GET: progressDoc('How far one of your exports or imports is'),
    }),
  ],
);

export const configArea = describeArea(
  'Configuration',
  'The whole instance as one ZIP (administrators): every user’s data and files and the global settings, ' +
    'without passwords, keys, tokens or secrets.',
  [
    describeRoute('/api/config/export', configExport, {
      POST: {
        summary: 'Download the configuration ZIP',
        description: PROGRESS_NOTE,
        produces: ZIP('sakura-config-YYYYMMDD-HHMMSS.zip'),
        example: {},
      },
    }),
    describeRoute('/api/config/detect', configDetect, {
      POST: {
        summary: 'What an uploaded file is: a configuration archive (checked), a per-user archive, or else',
        multipart: { file: 'the file' },
        response: z.union([ConfigDetected, UserDetected, External]),
        example: {
          file: 'sakura-config-20260115-083000.zip',
          response: {
            type: 'sakuranav',
            filename: 'sakura-config-20260115-083000.zip',
            scope: 'config',
            exportedAt: '2026-01-15T08:30:00.000Z',
            users: 3,
          },
        },
      },
    }),
    describeRoute('/api/config/import', configImport, {
      POST: {
        summary: 'Import a configuration ZIP: each archived user’s data into the matching or a new account',
        description:
          'Users match by id, else username, else a new account without a password is created. Settings are ' +
          'replaced in clean and overwrite (the AI key stays). Avatars and notification channels come back with ' +
          `each user (clean and overwrite replace them, incremental only adds). ${REFUSALS} ${PROGRESS_NOTE}`,
        multipart: IMPORT_FIELDS,
        query: z.object({ mode: Mode }),
        response: z.object({
          ok: z.literal(true),
          users: z.number(),
          accountsCreated: z.number(),
          tags: z.number(),
          cards: z.number(),
          sites: z.number(),
          avatars: z.number().describe('accounts whose avatar picture the archive set'),
          settings: z.boolean().describe('whether the settings were applied'),
        }),
        example: {
          query: { mode: 'clean' },
          file: 'sakura-config-20260115-083000.zip',
          response: {
            ok: true,
            users: 3,
            accountsCreated: 1,
            tags: 11,
            cards: 40,
            sites: 40,
            avatars: 2,
            settings: true,
          },
        },
      },
    }),
    describeRoute('/api/config/migrate', configMigrate, {
      POST: {
        summary: 'Move a whole SakuraNav 1.x instance here: every user, with a dry run first',
        description:
          'The older service’s configuration archive (its SQLite database and uploads). Every user and row is read ' +
          'and checked by the rules of the other write paths before anything is written; dryRun=true answers the ' +
          'plan and changes nothing. The old administrator’s data goes into this administrator’s space (in mode, ' +
          'after a snapshot); everyone else becomes a new account with the same id, a taken username gets _2; ' +
          'passwords the older hash format allows are kept, the others are listed in passwordResets. ' +
          `${REFUSALS} ${PROGRESS_NOTE}`,
        multipart: {
          file: 'the SakuraNav 1.x instance archive',
          dryRun: 'true: the plan only, nothing changes',
          mode: 'for the administrator’s own space: incremental (default), overwrite or clean (or ?mode=)',
        },
        query: z.object({ mode: Mode, dryRun: z.enum(['true', 'false']).optional() }),
        response: z.object({
          ok: z.literal(true),
          dryRun: z.boolean(),
          type: z.literal('sakuranav-instance'),
          filename: z.string().nullable(),
          exportedAt: z.string().nullable(),
          users: z.array(
            z.object({
              id: z.string(),
              username: z.string(),
              usernameHere: z.string(),
              action: z.enum(['admin', 'create', 'skip']),
              reason: z.enum(['renamed', 'already_migrated', 'was_admin']).nullable(),
              password: z.enum(['kept', 'reset', 'none', 'unchanged']),
              tags: z.number(),
              cards: z.number(),
              files: z.number(),
              appearance: z.boolean(),
              oauthBindings: z.number(),
              oauthSkipped: z.number(),
              tokensNotMigrated: z.number(),
            }),
          ),
          settings: z.array(z.string()).describe('the settings carried over'),
          notCarried: z
            .array(z.string())
            .describe('what is not carried (tokens, ai_key, oauth_providers, …)'),
          totals: z.object({ users: z.number(), tags: z.number(), cards: z.number(), files: z.number() }),
          accountsCreated: z.number(),
          passwordResets: z.array(z.string()).describe('usernames here that need a temporary password'),
        }),
        example: {
          query: { mode: 'incremental', dryRun: 'true' },
          file: 'sakuranav-config-2026-01-15.zip',
          response: {
            ok: true,
            dryRun: true,
            type: 'sakuranav-instance',
            filename: 'sakuranav-config-2026-01-15.zip',
            exportedAt: '2026-01-15T08:30:00.000Z',
            users: [
              {
                id: 'user-7f3a',
                username: 'alice',
                usernameHere: 'alice',
                action: 'create',
                reason: null,
                password: 'kept',
                tags: 6,
                cards: 120,
                files: 3,
                appearance: true,
                oauthBindings: 1,
                oauthSkipped: 0,
                tokensNotMigrated: 2,
              },
            ],
            settings: ['siteName', 'registrationEnabled'],
            notCarried: ['tokens', 'ai_key', 'oauth_providers', 'session_key'],
            totals: { users: 1, tags: 6, cards: 120, files: 3 },
            accountsCreated: 0,
            passwordResets: [],
          },
        },
      },
    }),
    describeRoute('/api/config/reset', configReset, {
      POST: {
        summary: 'Reset every user’s data and the settings (with your password)',
        description:
          'Every user’s tags and cards go back to the starter data, appearances and settings to their ' +
          'defaults; accounts, sessions and tokens stay. A wrong password is 403 (details.reason wrong_password).',
        response: z.object({
          ok: z.literal(true),
          users: z.number(),
          tags: z.number(),
          cards: z.number(),
          sites: z.number(),
          appearances: z.number(),
          settings: z.literal(true),
        }),
        example: {
          body: { password: 'admin-pass-1' },
          response: { ok: true, users: 3, tags: 15, cards: 54, sites: 54, appearances: 0, settings: true },
        },
      },
    }),
    describeRoute('/api/config/progress', configProgress, {
      GET: progressDoc('How far one of your configuration exports or imports is'),
    }),
  ],
);
