// Dashboard configurations users upload (YAML, or JSON a few MB long) are parsed in a worker thread, not on the event
// loop: a YAML parser builds its value in one synchronous step (js-yaml read 4 MB of Dashy configuration in ~0.2 s
// here, the `yaml` package's document model in 1-10 s with 120 MB of heap), which time slices cannot split, and
// JSON.parse is one step too. The worker is bounded: a time limit, a heap limit, js-yaml's own alias and depth limits
// against alias expansion ("billion laughs"), and a depth and node count (an alias's collection counted each time it
// is reached) checked before the value is handed back, so the copy the main thread receives is bounded too
// (docs/decisions.md §68).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { AppError, badRequest } from '../errors';
import { TimeSlicer } from './time-slice';

export interface StructuredLimits {
  /** Aliases one document may hold, and times an aliased collection may be reached again when the value is walked. */
  maxAliasCount: number;
  /** Collections inside each other. */
  maxDepth: number;
  /** Scalars and collections in all. */
  maxNodes: number;
  /** Wall time the worker may take (a 4 MB Dashy file of 20,000 entries takes ~0.2 s on a quiet 2-core machine). */
  timeoutMs: number;
  /**
   * The worker's old-generation heap: js-yaml's value of a 4 MB Dashy configuration of 20,000 entries fits in 48 MB
   * (measured: +28 MB when limited to it, +49 MB unlimited); a hostile file is stopped there, and the process grows by
   * about as much.
   */
  maxHeapMb: number;
}

export const STRUCTURED_LIMITS: StructuredLimits = {
  maxAliasCount: 100,
  maxDepth: 64,
  maxNodes: 500_000,
  timeoutMs: 20_000,
  maxHeapMb: 64,
};

// Plain CommonJS run by the worker (`eval`), so it needs no build step; it loads the same js-yaml the app depends on.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// On Linux a thread has its own nice value: the worker gives way to the event loop and the databases.
try {
  require('node:os').setPriority(workerData.nice);
} catch {}
const YAML = require(workerData.yamlPath);
const { text, syntax, maxAliasCount, maxDepth, maxNodes } = workerData;
// The value is walked as the main thread will walk it: a collection reached through an alias counts every time.
function measure(root) {
  let nodes = 0;
  let again = 0;
  const seen = new Set();
  const stack = [[root, 1]];
  while (stack.length) {
    const [value, depth] = stack.pop();
    if (++nodes > maxNodes) return 'nodes';
    if (value === null || typeof value !== 'object') continue;
    if (depth > maxDepth) return 'depth';
    if (seen.has(value)) {
      if (++again > maxAliasCount) return 'aliases';
    } else seen.add(value);
    for (const child of Array.isArray(value) ? value : Object.values(value)) stack.push([child, depth + 1]);
  }
  return null;
}
const EMPTY = 'expected a document, but the input is empty';
function parse() {
  if (syntax === 'json') return JSON.parse(text);
  try {
    // CORE_SCHEMA: plain data only (no custom types); merge keys as Dashy and Homepage files use them; a repeated
    // key keeps its last value, as JSON.parse does.
    return YAML.load(text, {
      schema: YAML.CORE_SCHEMA.withTags(YAML.mergeTag),
      json: true,
      maxAliases: maxAliasCount,
      maxDepth,
    });
  } catch (err) {
    if (err && err.reason === EMPTY) return null; // an empty file or one of comments only
    throw err;
  }
}
function describe(err) {
  const mark = err && err.mark;
  if (err && err.reason && mark) return err.reason + ' at line ' + (mark.line + 1) + ', column ' + (mark.column + 1);
  return String((err && (err.reason || err.message)) || err);
}
let answer;
try {
  const value = parse();
  const over = measure(value);
  answer = over ? { error: over } : { value };
} catch (err) {
  const message = describe(err);
  const kind = /alias/i.test(message) ? 'aliases' : /maxDepth|call stack/i.test(message) ? 'depth' : 'syntax';
  answer = { error: kind, message };
}
parentPort.postMessage(answer);
`;

const yamlPath = createRequire(import.meta.url).resolve('js-yaml');
/** The worker thread's nice value (0 is the app's own): parsing an upload waits for requests, not the reverse. */
const WORKER_NICE = 10;

type WorkerAnswer =
  { value: unknown } | { error: 'syntax' | 'aliases' | 'depth' | 'nodes'; message?: string };

/** How often `char` occurs in the pieces of a text, counted up to `stopAt`, yielding to the event loop between slices. */
async function countChar(pieces: readonly string[], char: string, stopAt: number): Promise<number> {
  const slicer = new TimeSlicer();
  let count = 0;
  for (const text of pieces)
    for (let at = text.indexOf(char); at !== -1 && count < stopAt; at = text.indexOf(char, at + 1)) {
      count++;
      if ((count & 0xfff) === 0) await slicer.maybeYield();
    }
  return count;
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
  /** The text, or the pieces it arrived in (joined only once the counts below allow it). */
  source: string | readonly string[],
  syntax: 'yaml' | 'json',
  what: string,
  limits: StructuredLimits = STRUCTURED_LIMITS,
): Promise<unknown> {
  // A file of more lines than the values it may hold is refused before a worker spends seconds on it (20 MB of
  // `- x` took 15 s to be stopped by the time limit); counted in slices. So is one whose commas (which separate the
  // values of flow lists and maps, and of JSON) and lines together are more than twice that many: 20 MB of `a, ` on
  // one line grew the worker to its heap limit before it was stopped.
  const pieces = typeof source === 'string' ? [source] : source;
  const lines = await countChar(pieces, '\n', limits.maxNodes + 1);
  if (lines > limits.maxNodes) {
    throw new AppError('bad_request', `${what} holds more than ${limits.maxNodes} lines`, {
      limit: limits.maxNodes,
    });
  }
  if (lines + (await countChar(pieces, ',', 2 * limits.maxNodes + 1)) > 2 * limits.maxNodes) {
    throw new AppError('bad_request', `${what} holds more than ${limits.maxNodes} values`, {
      limit: limits.maxNodes,
    });
  }
  const text = pieces.join('');
  const answer = await new Promise<WorkerAnswer | 'timeout' | 'crashed'>((resolve) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { text, syntax, yamlPath, nice: WORKER_NICE, ...limits },
      // A small young generation too: by default it may take another ~48 MB before a collection.
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxHeapMb,
        maxYoungGenerationSizeMb: 8,
        stackSizeMb: 4,
      },
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
