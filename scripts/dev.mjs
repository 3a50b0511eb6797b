#!/usr/bin/env node
// `npm run dev`: the embedded services plus React Router's dev server with hot reload.
import { spawn } from 'node:child_process';
import { ROOT } from './lib/tools.mjs';
import { appEnv, profileConfig, startServices } from './lib/services.mjs';

const cfg = profileConfig('dev');
await startServices(cfg);
const child = spawn('npx', ['react-router', 'dev', ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, ...appEnv(cfg), NODE_ENV: 'development' },
});
child.on('exit', (code) => process.exit(code ?? 0));
