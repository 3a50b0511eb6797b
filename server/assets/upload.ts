import busboy from 'busboy';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { AppError, badRequest } from '../errors';
import { formatBytes } from '../storage';

/** One uploaded file, still streaming in. */
export interface IncomingFile {
  stream: Readable;
  filename: string | null;
  /** The type the client claimed; never trusted, the content is sniffed. */
  declaredType: string | null;
}

// Room for the multipart framing and a few small fields around the file.
const OVERHEAD = 256 * 1024;

export const tooLarge = (maxBytes: number) =>
  new AppError('payload_too_large', `File is larger than ${formatBytes(maxBytes)}`);

export interface MultipartOptions {
  /** Name of the file field (default `file`). */
  field?: string;
  maxBytes: number;
  /** Runs when the file starts, with the fields sent before it (e.g. an HTML form's CSRF token). */
  beforeFile?: (fields: Record<string, string>) => void;
}

/**
 * Streams the one file of a multipart/form-data request into `handle` without buffering it; the size limit is
 * enforced by whoever consumes the stream (putObject), busboy only stops just past it. Other parts are drained.
 */
export async function readMultipartFile<T>(
  request: Request,
  options: MultipartOptions,
  handle: (file: IncomingFile, fields: Record<string, string>) => Promise<T>,
): Promise<{ result: T; fields: Record<string, string> }> {
  const { work, fields } = await parseMultipart(request, options, handle, false);
  if (!work) throw badRequest('No file was sent (field "file")');
  return { result: await work, fields };
}

/**
 * A whole HTML form sent as multipart/form-data whose file is optional (a form with a file input among its other
 * fields): the file, if one was chosen, streams into `handle` as it arrives (with the fields sent before it); the
 * answer holds every field in order (`entries`) and what `handle` returned, or null when no file was chosen.
 */
export async function readMultipartForm<T>(
  request: Request,
  options: MultipartOptions,
  handle: (file: IncomingFile, fields: Record<string, string>) => Promise<T>,
): Promise<{ result: T | null; fields: Record<string, string>; entries: [string, string][] }> {
  const { work, fields, entries } = await parseMultipart(request, options, handle, true);
  return { result: work ? await work : null, fields, entries };
}

async function parseMultipart<T>(
  request: Request,
  options: MultipartOptions,
  handle: (file: IncomingFile, fields: Record<string, string>) => Promise<T>,
  optional: boolean,
): Promise<{ work: Promise<T> | undefined; fields: Record<string, string>; entries: [string, string][] }> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type)) {
    throw new AppError(
      'unsupported_media_type',
      'Send the file as multipart/form-data in a field named "file"',
    );
  }
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > options.maxBytes + OVERHEAD) {
    // Refused unread: the client may still be sending, so this connection must not be reused.
    const err = tooLarge(options.maxBytes);
    throw new AppError(err.code, err.message, undefined, { Connection: 'close' });
  }
  if (!request.body) throw badRequest('No file was sent (field "file")');
  const field = options.field ?? 'file';
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': type },
      defParamCharset: 'utf8',
      limits: { files: 1, fileSize: options.maxBytes + 1, fields: 20, fieldSize: 16 * 1024, parts: 30 },
    });
  } catch {
    throw badRequest('Malformed multipart body');
  }
  const fields: Record<string, string> = {};
  let work: Promise<T> | undefined;
  let failure: unknown;
  const entries: [string, string][] = [];
  parser.on('field', (name, value) => {
    if (!(name in fields)) fields[name] = value;
    entries.push([name, value]);
  });
  parser.on('file', (name, stream, info) => {
    // A file input left empty still sends a part, with no name and no bytes.
    const none = optional && !fileName(info.filename);
    if (name !== field || work || failure || none) {
      stream.resume();
      return;
    }
    try {
      options.beforeFile?.(fields);
    } catch (err) {
      failure = err;
      stream.resume();
      return;
    }
    work = handle({ stream, filename: fileName(info.filename), declaredType: info.mimeType || null }, fields);
    // Whatever the handler did not read (it refused the file) is drained so the request completes.
    work.catch(() => stream.resume());
  });
  const source = Readable.fromWeb(request.body as unknown as NodeWebStream<Uint8Array>);
  await new Promise<void>((resolve, reject) => {
    parser.on('close', resolve);
    parser.on('error', () => reject(badRequest('Malformed multipart body')));
    source.on('error', reject);
    source.pipe(parser);
  });
  if (failure) throw failure;
  return { work, fields, entries };
}

/** The file name as sent; browsers escape `"`, CR and LF in it as %22, %0D and %0A (WHATWG multipart). */
function fileName(raw: string | undefined): string | null {
  const name = (raw ?? '')
    .replace(/%22/g, '"')
    .replace(/%0[ad]/gi, ' ')
    .trim();
  return name || null;
}

/**
 * Reads the first `n` bytes of a stream (for content sniffing) and gives back a stream that still yields
 * everything from the start.
 */
export function peekStream(stream: Readable, n: number): Promise<{ head: Buffer; stream: Readable }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      stream.off('readable', onReadable);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    const onReadable = () => {
      let chunk: Buffer | null;
      while ((chunk = stream.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= n) {
          cleanup();
          const head = Buffer.concat(chunks);
          stream.unshift(head);
          resolve({ head, stream });
          return;
        }
      }
    };
    const onEnd = () => {
      cleanup();
      const head = Buffer.concat(chunks);
      resolve({ head, stream: Readable.from(head.length ? [head] : []) });
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    stream.on('readable', onReadable);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}
