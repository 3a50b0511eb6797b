// Loaded into the app by benchmarks (`node --import`): every 100 ms, one stdout line `[event-loop] <delay> <cpu>`,
// the longest event loop delay of that window and the CPU time the process used in it (ms). On a shared machine a
// delay can be the process waiting for a core; the lesser of the two is a bound on how long the app's own work
// kept a ready callback waiting.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
let cpu = process.cpuUsage();
setInterval(() => {
  const used = process.cpuUsage(cpu);
  cpu = process.cpuUsage();
  const delay = histogram.max / 1e6;
  process.stdout.write(`[event-loop] ${delay.toFixed(1)} ${((used.user + used.system) / 1000).toFixed(1)}\n`);
  histogram.reset();
}, 100).unref();
