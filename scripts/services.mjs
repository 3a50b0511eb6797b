#!/usr/bin/env node
// Usage: node scripts/services.mjs <install|start|stop|status|env> [--profile=dev|test]
import { ensureTools } from './lib/tools.mjs';
import { hydratePostgres } from './lib/postgres.mjs';
import { appEnv, profileConfig, serviceStatus, startServices, stopServices } from './lib/services.mjs';

const [command = 'status', ...rest] = process.argv.slice(2);
const profile = rest.find((a) => a.startsWith('--profile='))?.split('=')[1] ?? 'dev';
const cfg = profileConfig(profile);

try {
  switch (command) {
    case 'install':
      await ensureTools(['ferretdb', 'minio']);
      hydratePostgres();
      break;
    case 'start':
      await startServices(cfg);
      break;
    case 'stop':
      await stopServices(cfg);
      break;
    case 'status':
      for (const s of await serviceStatus(cfg)) {
        console.log(
          `${s.name.padEnd(9)} ${s.running ? 'running' : 'stopped'}  port ${s.port}${s.pid ? `  pid ${s.pid}` : ''}`,
        );
      }
      break;
    case 'env':
      for (const [k, v] of Object.entries(appEnv(cfg))) console.log(`${k}=${v}`);
      break;
    default:
      console.error(`unknown command "${command}"; use install, start, stop, status or env`);
      process.exit(2);
  }
} catch (err) {
  console.error(`[services] ${err.message}`);
  process.exit(1);
}
