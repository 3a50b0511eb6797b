import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('./server/', import.meta.url));

/**
 * server/ is server-only by location (docs/decisions.md): the browser bundle may import only the zod schemas
 * (`server/**\/*.schema.ts`) and pure, dependency-free rule tables meant for both sides (`server/**\/*.shared.ts`).
 * Anything else reaching the client build is an error, not a silent leak.
 */
const BROWSER_SAFE = /\.(schema|shared)\.ts$/;

function serverBoundary(): Plugin {
  return {
    name: 'sakura:server-boundary',
    applyToEnvironment: (env) => env.name === 'client',
    load(id) {
      const file = id.split('?')[0]!;
      if (file.startsWith(serverDir) && !BROWSER_SAFE.test(file)) {
        this.error(
          `${file.slice(serverDir.length - 7)} is server-only; browser code may import only server/**/*.schema.ts or *.shared.ts`,
        );
      }
      return null;
    },
  };
}

export default defineConfig({
  plugins: [serverBoundary(), reactRouter()],
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./app', import.meta.url)),
      '#server': fileURLToPath(new URL('./server', import.meta.url)),
    },
  },
  worker: {
    // The enhancement script for pages rendered without React is built as a worker-style bundle (see root.tsx).
    format: 'es',
  },
  build: {
    sourcemap: false,
  },
});
