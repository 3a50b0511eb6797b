// Reading an uploaded ZIP without trusting it. The upload is streamed to a temporary file (yauzl needs random
// access to find the central directory) with the size limit enforced while it arrives; then every entry of the
// central directory is checked before any byte is inflated (names, types, declared sizes, ratio), and the
// inflated bytes are counted again while they stream, so a lying header cannot get past the limits either.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open as openFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { readMultipartFile, tooLarge } from '../assets/upload';
import { AppError } from '../errors';
import { byteLimit, formatBytes } from '../storage';
import { REFUSAL_MARKER } from './refusal-marker';

const MB = 1024 * 1024;

export interface ZipLimits {
  /** Size of the uploaded archive. */
  maxUploadBytes: number;
  maxEntries: number;
  /** Inflated size of one entry. */
  maxEntryBytes: number;
  /** Inflated size of all entries together. */
  maxTotalBytes: number;
  /** Inflated / compressed size of an entry larger than 1 MB. */
  maxRatio: number;
  /** Inflated size of a JSON entry (data.json is read row by row; the manifest and settings are smaller). */
  maxJsonBytes: number;
}

/** Per-user archives (`/api/user/data/import`). */
export const USER_ZIP_LIMITS: ZipLimits = {
  maxUploadBytes: 1024 * MB,
  maxEntries: 10_000,
  maxEntryBytes: 110 * MB,
  maxTotalBytes: 2048 * MB,
  maxRatio: 200,
  maxJsonBytes: 128 * MB,
};

/** Whole-instance archives (`/api/config/import`). */
export const CONFIG_ZIP_LIMITS: ZipLimits = {
  ...USER_ZIP_LIMITS,
  maxUploadBytes: 4096 * MB,
  maxEntries: 200_000,
};

/** Why an archive was refused: `details.reason` of the 400/413/415 answer. */
export type ZipRefusal =
  | 'not_zip'
  | 'corrupt'
  | 'unsafe_path'
  | 'symlink'
  | 'special_entry'
  | 'encrypted'
  | 'duplicate_entry'
  | 'too_many_entries'
  | 'zip_bomb'
  | 'missing_manifest'
  | 'bad_signature'
  | 'unsupported_version'
  | 'missing_data'
  | 'bad_data_signature'
  | 'bad_data'
  | 'too_many_rows'
  | 'invalid_row';

/**
 * The answer for a refused archive. A row that the rules of the other write paths refuse is a 400
 * `validation_failed`, as the same value sent to those paths is; `details` then says where it is.
 */
export function refuse(reason: ZipRefusal, message: string, details: Record<string, unknown> = {}): AppError {
  if (reason === 'not_zip') return new AppError('unsupported_media_type', message, { reason, ...details });
  if (reason === 'zip_bomb' || reason === 'too_many_entries' || reason === 'too_many_rows')
    return new AppError('payload_too_large', message, { reason, ...details });
  if (reason === 'invalid_row') return new AppError('validation_failed', message, { reason, ...details });
  return new AppError('bad_request', message, { reason, ...details });
}

/** An uploaded archive held in a temporary file until `dispose()`. */
export interface Spooled {
  path: string;
  size: number;
  filename: string | null;
  dispose: () => Promise<void>;
}

/**
 * Streams the `file` field of a multipart request to a temporary file, refusing it as soon as it passes
 * `maxBytes`. Returns the file and the form fields sent with it.
 */
export async function receiveUpload(
  request: Request,
  maxBytes: number,
  beforeFile?: (fields: Record<string, string>) => void,
): Promise<{ file: Spooled; fields: Record<string, string> }> {
  const tmp = path.join(tmpdir(), `sakura-upload-${randomUUID()}`);
  const dispose = () => rm(tmp, { force: true });
  try {
    const { result, fields } = await readMultipartFile(request, { maxBytes, beforeFile }, async (file) => {
      const counter = byteLimit(maxBytes, () => tooLarge(maxBytes));
      // Piped, not in the pipeline: on a refusal the multipart parser's file stream must stay alive to be drained.
      file.stream.pipe(counter);
      file.stream.on('error', (err) => counter.destroy(err));
      await pipeline(counter, createWriteStream(tmp, { mode: 0o600 }));
      return { path: tmp, size: counter.bytes(), filename: file.filename, dispose };
    });
    return { file: result, fields };
  } catch (err) {
    await dispose();
    throw err;
  }
}

/** Whether a file starts like a ZIP archive (a local header, or the end record of an empty archive). */
export async function looksLikeZip(file: string): Promise<boolean> {
  const fd = await openFile(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await fd.read(head, 0, 4, 0);
    const magic = head.subarray(0, bytesRead).toString('latin1');
    return magic === 'PK\x03\x04' || magic === 'PK\x05\x06';
  } finally {
    await fd.close();
  }
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

function classifyYauzlError(err: unknown): AppError {
  const message = err instanceof Error ? err.message : String(err);
  if (/absolute path|invalid relative path|invalid characters/i.test(message))
    return refuse('unsafe_path', `The archive holds an unsafe file name (${message})`);
  return refuse('corrupt', 'The archive is damaged or incomplete');
}

/** A checked archive: every entry passed the name, type and size checks; open entries with `stream`. */
export class SafeZip {
  private inflated = 0;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly limits: ZipLimits,
    readonly entries: Map<string, yauzl.Entry>,
  ) {}

  /** Opens and checks an archive; throws a 4xx AppError (with `details.reason`) when it is not acceptable. */
  static async open(file: string, limits: ZipLimits): Promise<SafeZip> {
    if (!(await looksLikeZip(file))) throw refuse('not_zip', 'The file is not a ZIP archive');
    let zip: yauzl.ZipFile;
    try {
      zip = await yauzl.openPromise(file, {
        lazyEntries: true,
        autoClose: false,
        validateEntrySizes: true,
        strictFileNames: true,
      });
    } catch (err) {
      throw classifyYauzlError(err);
    }
    try {
      if (zip.entryCount > limits.maxEntries)
        throw refuse('too_many_entries', `The archive holds more than ${limits.maxEntries} entries`);
      const entries = await readCentralDirectory(zip, limits);
      return new SafeZip(zip, limits, entries);
    } catch (err) {
      zip.close();
      throw err;
    }
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Names of the regular files under a folder prefix (e.g. `assets/`). */
  filesUnder(prefix: string): string[] {
    return [...this.entries.keys()].filter((n) => n.startsWith(prefix) && !n.endsWith('/'));
  }

  /**
   * Inflates one entry as a stream, failing it the moment it passes its declared size or the limits (`max`: a
   * lower limit for this entry, e.g. JSON).
   */
  async stream(name: string, max = this.limits.maxEntryBytes): Promise<Readable> {
    const entry = this.entries.get(name);
    if (!entry) throw refuse('bad_data', `The archive has no ${name}`);
    if (entry.uncompressedSize > max) throw refuse('zip_bomb', `${name} is larger than ${formatBytes(max)}`);
    let source: Readable;
    try {
      source = await this.zip.openReadStreamPromise(entry);
    } catch (err) {
      throw classifyYauzlError(err);
    }
    const cap = Math.min(entry.uncompressedSize, max);
    let seen = 0;
    const guard = new Transform({
      transform: (chunk: Buffer, _enc, cb) => {
        seen += chunk.length;
        this.inflated += chunk.length;
        if (seen > cap || this.inflated > this.limits.maxTotalBytes) {
          cb(refuse('zip_bomb', `${name} inflates past its limits`));
        } else cb(null, chunk);
      },
    });
    source.on('error', (err) => guard.destroy(isZipError(err) ? err : classifyYauzlError(err)));
    // A reader that stops early (a refused row) stops the inflating too.
    guard.once('close', () => source.destroy());
    return source.pipe(guard);
  }

  /** Reads a small entry whole (the manifest, the settings), at most `max` bytes. */
  async read(name: string, max: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.stream(name, max)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** The most a JSON entry read row by row may inflate to. */
  get maxJsonBytes(): number {
    return this.limits.maxJsonBytes;
  }

  close(): void {
    this.zip.close();
  }
}

function isZipError(err: unknown): boolean {
  return err instanceof AppError;
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (e: yauzl.Entry) => (cleanup(), resolve(e));
    const onEnd = () => (cleanup(), resolve(null));
    const onError = (err: unknown) => (cleanup(), reject(err));
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

async function readCentralDirectory(
  zip: yauzl.ZipFile,
  limits: ZipLimits,
): Promise<Map<string, yauzl.Entry>> {
  const entries = new Map<string, yauzl.Entry>();
  let total = 0;
  for (;;) {
    let entry: yauzl.Entry | null;
    try {
      entry = await nextEntry(zip);
    } catch (err) {
      throw classifyYauzlError(err);
    }
    if (!entry) break;
    const name = entry.fileName;
    // The marker that makes the older service refuse our configuration archive (bzip2, empty): never opened.
    if (name === REFUSAL_MARKER) continue;
    // yauzl already refuses absolute names, `..` segments and backslashes; this also refuses odd characters.
    if (
      name.split('/').some((seg) => seg === '..' || seg === '.') ||
      /[\0:]/.test(name) ||
      name.startsWith('/')
    )
      throw refuse('unsafe_path', `The archive holds an unsafe file name (${name.slice(0, 80)})`);
    // Unix file type in the high bits of the external attributes (zero when the archiver did not set one).
    const type = (entry.externalFileAttributes >>> 16) & S_IFMT;
    if (type === S_IFLNK) throw refuse('symlink', `The archive holds a symbolic link (${name.slice(0, 80)})`);
    if (type !== 0 && type !== S_IFREG && type !== S_IFDIR)
      throw refuse('special_entry', `The archive holds a special file (${name.slice(0, 80)})`);
    if (entry.isEncrypted()) throw refuse('encrypted', 'Encrypted archives are not accepted');
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
      throw refuse('corrupt', `Unsupported compression in ${name.slice(0, 80)}`);
    if (entries.has(name)) throw refuse('duplicate_entry', `The archive holds ${name.slice(0, 80)} twice`);
    if (entry.uncompressedSize > limits.maxEntryBytes)
      throw refuse('zip_bomb', `${name.slice(0, 80)} is larger than ${formatBytes(limits.maxEntryBytes)}`);
    total += entry.uncompressedSize;
    if (total > limits.maxTotalBytes)
      throw refuse('zip_bomb', `The archive inflates to more than ${formatBytes(limits.maxTotalBytes)}`);
    if (
      entry.uncompressedSize > MB &&
      entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.maxRatio
    )
      throw refuse('zip_bomb', `${name.slice(0, 80)} is compressed suspiciously well`);
    entries.set(name, entry);
  }
  return entries;
}
