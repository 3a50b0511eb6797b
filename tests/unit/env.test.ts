import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '#server/env';

const valid = {
  MONGODB_URI: 'mongodb://127.0.0.1:27017/x',
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_ACCESS_KEY: 'a',
  S3_SECRET_KEY: 'b',
};

describe('environment validation', () => {
  it('accepts a minimal valid environment and fills defaults', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'env-'));
    const env = parseEnv({ ...valid, DATA_DIR: dir });
    expect(env.PORT).toBe(3000);
    expect(env.S3_BUCKET).toBe('sakura-dash');
    expect(env.TRUST_PROXY).toBe(0);
    expect(env.S3_FORCE_PATH_STYLE).toBe(true);
  });

  it('generates SESSION_SECRET once and keeps it under DATA_DIR', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'env-'));
    const first = parseEnv({ ...valid, DATA_DIR: dir }).SESSION_SECRET;
    const second = parseEnv({ ...valid, DATA_DIR: dir }).SESSION_SECRET;
    expect(first).toHaveLength(64);
    expect(second).toBe(first);
    expect(readFileSync(path.join(dir, '.session-secret'), 'utf8').trim()).toBe(first);
  });

  it('uses a given SESSION_SECRET', () => {
    const secret = 's'.repeat(40);
    expect(parseEnv({ ...valid, SESSION_SECRET: secret, DATA_DIR: tmpdir() }).SESSION_SECRET).toBe(secret);
  });

  it.each([
    [{ MONGODB_URI: undefined }, /^MONGODB_URI: is required/],
    [{ MONGODB_URI: 'postgres://x' }, /^MONGODB_URI: must start with mongodb:\/\//],
    [{ S3_ENDPOINT: 'not a url' }, /^S3_ENDPOINT: must be a URL/],
    [{ PORT: 'abc' }, /^PORT: must be a port number between 1 and 65535$/],
    [{ PORT: '70000' }, /^PORT: must be a port number between 1 and 65535$/],
    [{ SESSION_SECRET: 'short' }, /^SESSION_SECRET: must be at least 32 characters/],
    [{ TRUST_PROXY: 'maybe' }, /^TRUST_PROXY: must be true, false or a number/],
    [{ S3_BUCKET: 'Bad_Bucket' }, /^S3_BUCKET: must be a valid bucket name/],
  ])('rejects %o with a one-line message naming the variable', (patch, message) => {
    let error: unknown;
    try {
      parseEnv({ ...valid, DATA_DIR: tmpdir(), ...patch });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it('reports every problem in the same line', () => {
    expect(() => parseEnv({ DATA_DIR: tmpdir() })).toThrow(/MONGODB_URI: .*; S3_ENDPOINT: .*; S3_ACCESS_KEY/);
  });

  it('treats empty variables as unset', () => {
    const env = parseEnv({
      ...valid,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'env-')),
      SESSION_SECRET: '',
      PUBLIC_URL: '',
    });
    expect(env.SESSION_SECRET).toHaveLength(64);
    expect(env.PUBLIC_URL).toBeUndefined();
  });

  it('parses TRUST_PROXY as a number of hops', () => {
    expect(parseEnv({ ...valid, DATA_DIR: tmpdir(), TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ ...valid, DATA_DIR: tmpdir(), TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
  });
});
