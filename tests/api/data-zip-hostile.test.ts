import { beforeAll, describe, expect, it } from 'vitest';
import { resetDatabase } from '../setup/db';
import { createUser, sessionClient } from '../factories';
import type { Client } from '../setup/client';
import type { UserDoc } from '#server/users/user.model';
import { PNG_HEAD } from './file-helpers';
import { download, everything, importZip, populate, rawZip, userArchive, type RawEntry } from './zip-helpers';

const MB = 1024 * 1024;
const png = Buffer.concat([PNG_HEAD, Buffer.alloc(100, 1)]);
const rows = {
  tags: [{ id: 't1', name: 'Hostile', sort_order: 0 }],
  cards: [
    {
      id: 'c1',
      name: 'Evil',
      site_url: 'https://evil.test',
      global_sort_order: 0,
      icon_url: '/api/assets/asset-ok/file',
    },
  ],
  card_tags: [{ card_id: 'c1', tag_id: 't1', sort_order: 0 }],
  card_relations: [],
};
/** A valid archive with one good file first, then `bad`: a refusal must also remove the good file it stored. */
const withFile = (bad: RawEntry) => userArchive(rows, [{ name: 'assets/asset-ok.png', data: png }, bad]);

let realExport: Buffer;

const cases: { name: string; zip: () => Buffer; status: number; reason: string }[] = [
  {
    name: 'path traversal',
    zip: () => withFile({ name: 'assets/../../../etc/evil.png', data: png }),
    status: 400,
    reason: 'unsafe_path',
  },
  {
    name: 'absolute name',
    zip: () => withFile({ name: '/etc/cron.d/evil', data: png }),
    status: 400,
    reason: 'unsafe_path',
  },
  {
    name: 'backslash traversal',
    zip: () => withFile({ name: '..\\..\\evil.png', data: png }),
    status: 400,
    reason: 'unsafe_path',
  },
  {
    name: 'symbolic link',
    zip: () =>
      withFile({ name: 'assets/asset-link.png', data: Buffer.from('/etc/passwd'), unixMode: 0o120777 }),
    status: 400,
    reason: 'symlink',
  },
  {
    name: 'zip bomb (compression ratio)',
    zip: () => withFile({ name: 'assets/asset-bomb.png', data: Buffer.alloc(40 * MB), deflate: true }),
    status: 413,
    reason: 'zip_bomb',
  },
  {
    name: 'zip bomb (entry inflates past its declared size)',
    zip: () =>
      withFile({
        name: 'assets/asset-lie.png',
        data: Buffer.concat([PNG_HEAD, Buffer.alloc(3 * MB)]),
        deflate: true,
        declaredSize: 2000,
      }),
    status: 0,
    reason: '',
  },
  {
    name: 'too many entries',
    zip: () =>
      userArchive(
        rows,
        Array.from({ length: 10_001 }, (_, i) => ({ name: `assets/asset-${i}.txt`, data: Buffer.from('x') })),
      ),
    status: 413,
    reason: 'too_many_entries',
  },
  {
    name: 'truncated archive',
    zip: () => realExport.subarray(0, Math.floor(realExport.length / 2)),
    status: 400,
    reason: 'corrupt',
  },
  {
    name: 'corrupt central directory',
    zip: () => {
      const z = Buffer.from(realExport);
      z.writeUInt32LE(0xdeadbeef, z.length - 6);
      return z;
    },
    status: 400,
    reason: 'corrupt',
  },
  {
    name: 'wrong signature',
    zip: () => userArchive(rows, [], { signature: '__evil__' }),
    status: 400,
    reason: 'bad_signature',
  },
  {
    name: 'missing signature',
    zip: () => userArchive(rows, [], { signature: undefined }),
    status: 400,
    reason: 'bad_signature',
  },
  {
    name: 'old format version',
    zip: () => userArchive(rows, [], { version: 4 }),
    status: 400,
    reason: 'unsupported_version',
  },
  {
    name: 'data signed for other data',
    zip: () => userArchive(rows, [], { dataSignature: 'a'.repeat(64) }),
    status: 400,
    reason: 'bad_data_signature',
  },
  {
    name: 'missing data signature',
    zip: () => userArchive(rows, [], { dataSignature: undefined }),
    status: 400,
    reason: 'bad_data_signature',
  },
  {
    name: 'missing manifest',
    zip: () => rawZip([{ name: 'data.json', data: Buffer.from('{}') }]),
    status: 400,
    reason: 'missing_manifest',
  },
  {
    name: 'missing data.json',
    zip: () =>
      rawZip([{ name: 'manifest.json', data: Buffer.from('{"signature":"__sakuranav__","version":5}') }]),
    status: 400,
    reason: 'missing_data',
  },
  { name: 'not a ZIP', zip: () => Buffer.from('<html>not a zip</html>'), status: 415, reason: 'not_zip' },
  { name: 'empty file', zip: () => Buffer.alloc(0), status: 415, reason: 'not_zip' },
];

describe('hostile archives are refused with a 4xx and change nothing', () => {
  let user: UserDoc;
  let c: Client;

  beforeAll(async () => {
    await resetDatabase();
    user = await createUser({ username: 'target' });
    c = await sessionClient(user);
    await populate(c);
    realExport = (await download(c, '/api/user/data/export')).body;
  });

  for (const k of cases) {
    it(k.name, async () => {
      const before = await everything(user._id);
      const zip = k.zip();
      for (const path of ['/api/user/data/import', '/api/user/data/detect']) {
        const res = await importZip(c, path, zip, { mode: 'clean' });
        if (k.name === 'not a ZIP' || k.name === 'empty file') {
          // detect answers "external" for text; import refuses it
          if (path.endsWith('detect')) {
            expect(res.status).toBe(200);
            expect(res.json.type).toBe('external');
            continue;
          }
        }
        if (k.name === 'missing manifest' && path.endsWith('detect')) {
          expect(res.json.type).toBe('external');
          continue;
        }
        if (!k.status && path.endsWith('detect')) {
          // detect reads only the manifest and data; the lie shows while a file inflates
          expect(res.json.type).toBe('sakuranav');
          continue;
        }
        if (k.status) {
          expect(res.status, `${path}: ${res.text}`).toBe(k.status);
          expect(res.json.details?.reason).toBe(k.reason);
        } else {
          expect(res.status, res.text).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
        }
        expect(typeof res.json.error).toBe('string');
        expect(typeof res.json.code).toBe('string');
      }
      expect(await everything(user._id)).toEqual(before);
    });
  }

  it('a valid archive still imports afterwards (the checks are not simply refusing everything)', async () => {
    const res = await importZip(
      c,
      '/api/user/data/import',
      withFile({ name: 'assets/asset-two.png', data: png }),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json.cards.map((x: { name: string }) => x.name)).toEqual(['Evil']);
    expect(res.json.cards[0].iconUrl).toMatch(/^\/api\/assets\/asset-[0-9a-f-]{36}\/file$/);
  });
});
