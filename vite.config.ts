import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  plugins: [reactRouter()],
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
    // The server bundle keeps node_modules external; the client bundle stays small (see docs/decisions.md).
    sourcemap: false,
  },
});
