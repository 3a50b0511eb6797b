// Dashboard configurations users upload (YAML, or JSON a few MB long) are parsed in a worker thread, not on the event
// loop: the `yaml` package composes a document in one synchronous step (3.4 MB of Dashy configuration took ~460 ms of
// composing and ~1.5 s in all here), which time slices cannot split, and JSON.parse is one step too. The worker is bounded: a time limit,
// a heap limit, `maxAliasCount` against alias expansion ("billion laughs"), and a depth and node count checked before
// the value is handed back, so the copy the main thread receives is bounded too (docs/decisions.md §68).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { AppError, badRequest } from '../errors';
import { TimeSlicer } from './time-slice';

export interface StructuredLimits {
  /** Aliases one document may expand (the yaml package's own default is 100). */
  maxAliasCount: number;
  /** Collections inside each other. */
  maxDepth: number;
  /** Scalars and collections in all. */
  maxNodes: number;
  /** Wall time the worker may take (a 3.6 MB Dashy file of 20,000 entries took 3.5 s on a loaded 2-core machine). */
  timeoutMs: number;
  /**
   * The worker's heap: the yaml package's document of a 3.6 MB Dashy configuration of 20,000 entries needs more than
   * 96 MB and less than 128 MB (measured); a hostile file is stopped there, and the process grows by about as much.
   */
  maxHeapMb: number;
}

export const STRUCTURED_LIMITS: StructuredLimits = {
  maxAliasCount: 100,
  maxDepth: 64,
  maxNodes: 500_000,
  timeoutMs: 20_000,
  maxHeapMb: 128,
};

// Plain CommonJS run by the worker (`eval`), so it needs no build step; it loads the same `yaml` the app depends on.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// On Linux a thread has its own nice value: the worker gives way to the event loop and the databases.
try {
  require('node:os').setPriority(workerData.nice);
} catch {}
const YAML = require(workerData.yamlPath);
const { text, syntax, maxAliasCount, maxDepth, maxNodes } = workerData;
function measure(root) {
  let nodes = 0;
  const stack = [[root, 1]];
  while (stack.length) {
    const [value, depth] = stack.pop();
    if (++nodes > maxNodes) return 'nodes';
    if (value === null || typeof value !== 'object') continue;
    if (depth > maxDepth) return 'depth';
    for (const child of Array.isArray(value) ? value : Object.values(value)) stack.push([child, depth + 1]);
  }
  return null;
}
function parse() {
  if (syntax === 'json') return JSON.parse(text);
  const doc = YAML.parseDocument(text, { maxAliasCount, prettyErrors: true, uniqueKeys: false, merge: true });
  if (doc.errors.length) throw doc.errors[0];
  return doc.toJS({ maxAliasCount });
}
let answer;
try {
  const value = parse();
  const over = measure(value);
  answer = over ? { error: over } : { value };
} catch (err) {
  const message = String((err && err.message) || err);
  const kind = /alias/i.test(message) ? 'aliases' : /call stack/i.test(message) ? 'depth' : 'syntax';
  answer = { error: kind, message };
}
parentPort.postMessage(answer);
`;

const yamlPath = createRequire(import.meta.url).resolve('yaml');
/** The worker thread's nice value (0 is the app's own): parsing an upload waits for requests, not the reverse. */
const WORKER_NICE = 10;

type WorkerAnswer =
  { value: unknown } | { error: 'syntax' | 'aliases' | 'depth' | 'nodes'; message?: string };

/** The newlines in `text`, counted up to `stopAt`, yielding to the event loop between slices. */
async function countLines(text: string, stopAt: number): Promise<number> {
  const slicer = new TimeSlicer();
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1 && lines < stopAt; at = text.indexOf('\n', at + 1)) {
    lines++;
    if ((lines & 0xfff) === 0) await slicer.maybeYield();
  }
  return lines;
}

/** The first line of a parser message (the rest is a picture of the source around it). */
function firstLine(message: string | undefined): string {
  return (message ?? '').split('\n')[0]!.replace(/:\s*$/, '').slice(0, 300);
}

/**
 * Parses YAML or JSON text off the event loop. Refused with a 400 naming the problem: a syntax error (with its line), too
 * many aliases, too deep, too many values, too slow or too large to read.
 */
export async function readStructured(
  text: string,
  syntax: 'yaml' | 'json',
  what: string,
  limits: StructuredLimits = STRUCTURED_LIMITS,
): Promise<unknown> {
  // A file of more lines than the values it may hold is refused before a worker spends seconds on it (20 MB of
  // `- x` took 15 s to be stopped by the time limit); counted in slices.
  if ((await countLines(text, limits.maxNodes + 1)) > limits.maxNodes) {
    throw new AppError('bad_request', `${what} holds more than ${limits.maxNodes} lines`, {
      limit: limits.maxNodes,
    });
  }
  const answer = await new Promise<WorkerAnswer | 'timeout' | 'crashed'>((resolve) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { text, syntax, yamlPath, nice: WORKER_NICE, ...limits },
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, stackSizeMb: 4 },
    });
    const timer = setTimeout(() => {
      resolve('timeout');
      void worker.terminate();
    }, limits.timeoutMs);
    worker.once('message', (m: WorkerAnswer) => {
      clearTimeout(timer);
      resolve(m);
      void worker.terminate();
    });
    // Out of heap (ERR_WORKER_OUT_OF_MEMORY) or a stack overflow the worker could not report.
    worker.once('error', () => {
      clearTimeout(timer);
      resolve('crashed');
    });
    worker.once('exit', () => {
      clearTimeout(timer);
      resolve('crashed');
    });
  });
  if (answer === 'timeout' || answer === 'crashed') {
    throw new AppError('bad_request', `${what} is too large or too complex to read`, {
      limit: answer === 'timeout' ? { ms: limits.timeoutMs } : { heapMb: limits.maxHeapMb },
    });
  }
  if ('value' in answer) return answer.value;
  switch (answer.error) {
    case 'aliases':
      throw badRequest(`${what} uses too many YAML aliases (more than ${limits.maxAliasCount})`);
    case 'depth':
      throw new AppError('nesting_too_deep', `${what} is nested more than ${limits.maxDepth} levels deep`, {
        limit: limits.maxDepth,
      });
    case 'nodes':
      throw new AppError('bad_request', `${what} holds more than ${limits.maxNodes} values`, {
        limit: limits.maxNodes,
      });
    default:
      throw badRequest(
        `${what} is not valid ${syntax === 'json' ? 'JSON' : 'YAML'}: ${firstLine(answer.message)}`,
      );
  }
}
