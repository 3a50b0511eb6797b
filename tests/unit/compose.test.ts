// No Docker engine runs here, so the production wiring is checked by reading the files.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORE_SCHEMA, defineSequenceTag, load } from 'js-yaml';
import { EnvSchema } from '#server/env';

const root = path.resolve(import.meta.dirname, '../..');
// Compose files are read as plain YAML; `!reset` (Compose's own tag) is read as the list it tags.
const reset = defineSequenceTag<unknown[]>('!reset', {
  create: () => [],
  addItem: (list, item) => void list.push(item),
  identify: () => false,
});
const parse = (text: string): any => load(text, { schema: CORE_SCHEMA.withTags(reset) });
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'));
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const appEnvNames = Object.keys(EnvSchema.shape);

describe('docker-compose.scale.yml', () => {
  const scale = parse(readFileSync(path.join(root, 'docker-compose.scale.yml'), 'utf8'));
  it('runs a second app instance like the first, behind a proxy that reaches both', () => {
    expect(scale.services.app2.extends).toEqual({ file: 'docker-compose.yml', service: 'app' });
    const to = scale.services.proxy.command.join(' ');
    expect(to).toContain('--to app:3000');
    expect(to).toContain('--to app2:3000');
    expect(readme).toContain('docker compose -f docker-compose.yml -f docker-compose.scale.yml up');
  });
});

describe('docker-compose.yml', () => {
  it('has MongoDB, MinIO with a bucket step, and the app', () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['mongo', 'minio', 'minio-setup', 'app']),
    );
    expect(compose.services.mongo.image).toMatch(/^mongo:\d/);
    expect(compose.services.minio.image).toMatch(/^minio\/minio:/);
    expect(compose.services['minio-setup'].entrypoint.join(' ')).toMatch(/mc mb --ignore-existing/);
    expect(compose.services.app.build).toBe('.');
  });

  it('points the app at the services by name, with only variables the app reads', () => {
    const env = compose.services.app.environment;
    expect(env.MONGODB_URI).toMatch(/^mongodb:\/\/mongo:27017\//);
    expect(env.S3_ENDPOINT).toBe('http://minio:9000');
    for (const name of Object.keys(env))
      expect(appEnvNames, `${name} is read by server/env.ts`).toContain(name);
    for (const required of ['MONGODB_URI', 'S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY']) {
      expect(env).toHaveProperty(required);
    }
    // The bucket the setup step creates is the one the app uses, with the same credentials as MinIO's root.
    expect(compose.services['minio-setup'].environment.S3_BUCKET).toBe(env.S3_BUCKET);
    expect(compose.services.minio.environment.MINIO_ROOT_USER).toBe(env.S3_ACCESS_KEY);
    expect(compose.services.minio.environment.MINIO_ROOT_PASSWORD).toBe(env.S3_SECRET_KEY);
  });

  it('starts the app after healthy dependencies and the bucket step', () => {
    const deps = compose.services.app.depends_on;
    expect(deps.mongo.condition).toBe('service_healthy');
    expect(deps.minio.condition).toBe('service_healthy');
    expect(deps['minio-setup'].condition).toBe('service_completed_successfully');
    for (const name of ['mongo', 'minio', 'app'])
      expect(compose.services[name].healthcheck?.test).toBeTruthy();
    expect(compose.services.app.healthcheck.test.join(' ')).toContain('/api/health');
  });

  it('publishes only the app port and keeps data in named volumes', () => {
    expect(compose.services.app.ports).toEqual(['${APP_PORT:-3000}:3000']);
    expect(compose.services.mongo.ports).toBeUndefined();
    expect(compose.services.minio.ports).toBeUndefined();
    const declared = Object.keys(compose.volumes);
    for (const [service, target] of [
      ['mongo', '/data/db'],
      ['minio', '/data'],
      ['app', '/data'],
    ] as const) {
      const mount = compose.services[service].volumes.find((v: string) => v.endsWith(`:${target}`));
      expect(mount, `${service} mounts ${target}`).toBeTruthy();
      expect(declared).toContain(mount.split(':')[0]);
    }
    expect(compose.services.app.environment.DATA_DIR).toBe('/data');
  });
});

describe('Dockerfile', () => {
  it('is a multi-stage build on Node 22 LTS running as a non-root user', async () => {
    const froms = dockerfile.match(/^FROM .*/gm) ?? [];
    expect(froms.length).toBeGreaterThanOrEqual(2);
    const stages = froms.map((f) => / AS (\S+)/i.exec(f)?.[1]).filter(Boolean);
    // Every stage starts from Node 22 or from an earlier stage.
    for (const f of froms) {
      const image = f.split(/\s+/)[1]!;
      if (!stages.includes(image)) expect(image).toMatch(/^node:22/);
    }
    const users = dockerfile.match(/^USER (\S+)/gm) ?? [];
    expect(users.at(-1)).not.toMatch(/root/);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n?.*\/api\/health/m);
    expect(dockerfile).toMatch(/^EXPOSE 3000/m);
    // Started with the same Node flags as scripts/start.mjs (APP_NODE_FLAGS).
    const { APP_NODE_FLAGS } = await import('../../scripts/lib/http-app.mjs');
    const flags = APP_NODE_FLAGS.map((f: string) => `"${f}", `).join('');
    expect(dockerfile).toContain(`\nCMD ["node", ${flags}"scripts/serve.mjs"]`);
  });

  it('copies everything the server needs at runtime', () => {
    expect(dockerfile).toContain('scripts/serve.mjs');
    expect(dockerfile).toContain('scripts/lib/http-app.mjs');
    // Everything http-app.mjs imports from beside it.
    const httpApp = readFileSync(path.join(root, 'scripts/lib/http-app.mjs'), 'utf8');
    for (const [, local] of httpApp.matchAll(/import\(?\s*'\.\/([\w.-]+\.mjs)'/g))
      expect(dockerfile, `the image lacks scripts/lib/${local}`).toContain(local);
    expect(dockerfile).toMatch(/COPY --from=build .*\/app\/build/);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
  });
});

describe('README', () => {
  it('documents every environment variable the app reads', () => {
    for (const name of appEnvNames) expect(readme, `README mentions ${name}`).toContain(`\`${name}\``);
  });
});
