import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

describe('server boot with a bad environment', () => {
  it('prints one human line and exits with code 1, no stack trace', () => {
    const res = spawnSync(process.execPath, ['scripts/serve.mjs'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        MONGODB_URI: 'http://wrong',
        S3_ENDPOINT: 'http://127.0.0.1:1',
        S3_ACCESS_KEY: 'a',
        S3_SECRET_KEY: 'b',
        DATA_DIR: path.join(root, '.tmp/boot-test'),
        PORT: '3999',
      },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(res.status).toBe(1);
    const lines = res.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe('Configuration error: MONGODB_URI: must start with mongodb:// or mongodb+srv://');
    expect(res.stderr).not.toMatch(/\bat .*\(.*:\d+:\d+\)/);
  });
});
