import type { S3Client } from '@aws-sdk/client-s3';
import { Readable, Transform } from 'node:stream';
import { env } from './env';
import { AppError } from './errors';
import { transferGcHint } from './gc-hint';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

let client: Promise<S3Client> | undefined;
type S3Sdk = typeof import('@aws-sdk/client-s3'); // eslint-disable-line @typescript-eslint/consistent-type-imports
let sdk: Promise<S3Sdk> | undefined;

// The AWS SDK is heavy; it is imported on first use so the server boots fast and idles small.
function s3sdk() {
  sdk ??= import('@aws-sdk/client-s3');
  return sdk;
}

export function s3(): Promise<S3Client> {
  client ??= s3sdk().then(({ S3Client }) => {
    const e = env();
    return new S3Client({
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      credentials: { accessKeyId: e.S3_ACCESS_KEY, secretAccessKey: e.S3_SECRET_KEY },
      maxAttempts: 2,
      // Checksums only where S3 requires them: a validated download is wrapped in a checksum stream, and the
      // CRC of every uploaded part costs CPU on the request path (S3 already checks Content-MD5/signatures).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  });
  return client;
}

export function bucket(): string {
  return env().S3_BUCKET;
}

/** Object keys come only from here, so every stored file has a predictable, owner-scoped place. */
export const storageKeys = {
  avatar: (userId: string, assetId: string) => `users/${userId}/avatar/${assetId}`,
  /** Every other upload (wallpapers, logos, icons, note images, files and attachments). */
  asset: (ownerId: string, assetId: string) => `users/${ownerId}/assets/${assetId}`,
  userPrefix: (userId: string) => `users/${userId}/`,
  /** A data archive uploaded on the data page, waiting for the user's confirmation (swept like stray uploads). */
  pendingImport: (userId: string, token: string) => `users/${userId}/pending-import/${token}`,
  /** The rows of a bookmark file's preview, waiting for the confirmation (swept like stray uploads). */
  pendingPreview: (userId: string, token: string) => `users/${userId}/pending-preview/${token}`,
  /** A scheduled or manual backup of the whole instance (outside `users/`, so the stray-object sweep never sees it). */
  backup: (name: string) => `backups/${name}`,
  backupsPrefix: 'backups/',
};

export async function pingStorage(signal?: AbortSignal): Promise<void> {
  const [{ HeadBucketCommand }, c] = await Promise.all([s3sdk(), s3()]);
  await c.send(new HeadBucketCommand({ Bucket: bucket() }), { abortSignal: signal });
}

export async function ensureBucket(): Promise<void> {
  const [{ HeadBucketCommand, CreateBucketCommand }, c] = await Promise.all([s3sdk(), s3()]);
  try {
    await c.send(new HeadBucketCommand({ Bucket: bucket() }));
  } catch {
    await c.send(new CreateBucketCommand({ Bucket: bucket() }));
  }
}

/** Counts bytes as they pass and fails the stream as soon as the limit is crossed. */
export function byteLimit(maxBytes: number, onTooLarge: () => Error): Transform & { bytes: () => number } {
  let seen = 0;
  const hint = transferGcHint();
  const t = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      seen += chunk.length;
      hint(chunk.length);
      if (seen > maxBytes) cb(onTooLarge());
      else cb(null, chunk);
    },
  }) as Transform & { bytes: () => number };
  t.bytes = () => seen;
  return t;
}

/** Streams a body to S3 without buffering it whole; returns the stored size. */
export async function putObject(
  key: string,
  body: Readable | Buffer,
  options: { contentType: string; maxBytes?: number; metadata?: Record<string, string> },
): Promise<{ size: number }> {
  const [{ Upload }, c] = await Promise.all([import('@aws-sdk/lib-storage'), s3()]);
  let source: Readable | Buffer = body;
  let counter: ReturnType<typeof byteLimit> | undefined;
  if (body instanceof Readable) {
    counter = byteLimit(
      options.maxBytes ?? Number.MAX_SAFE_INTEGER,
      () => new AppError('payload_too_large', `File is larger than ${formatBytes(options.maxBytes ?? 0)}`),
    );
    source = body.pipe(counter);
    body.on('error', (err) => counter?.destroy(err));
  } else if (options.maxBytes !== undefined && body.length > options.maxBytes) {
    throw new AppError('payload_too_large', `File is larger than ${formatBytes(options.maxBytes)}`);
  }
  const upload = new Upload({
    client: c,
    params: {
      Bucket: bucket(),
      Key: key,
      Body: source,
      ContentType: options.contentType,
      Metadata: options.metadata,
    },
    queueSize: 1,
    partSize: 5 * 1024 * 1024,
    leavePartsOnError: false,
  });
  let failure: unknown;
  counter?.on('error', (err) => {
    failure = err;
    void upload.abort();
  });
  try {
    await upload.done();
  } catch (err) {
    throw failure ?? err;
  }
  if (failure) throw failure;
  return { size: counter ? counter.bytes() : (body as Buffer).length };
}

export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  contentType: string | undefined;
  contentLength: number | undefined;
  etag: string | undefined;
}

/**
 * A web stream over a Node stream that reads only when the consumer asks (highWaterMark 0), so a slow client holds
 * at most one chunk of a download in memory, whatever the conversion helpers of the Node version do.
 */
export function pullStream(source: Readable): ReadableStream<Uint8Array> {
  const it = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const hint = transferGcHint();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { value, done } = await it.next();
        if (done) return controller.close();
        hint(value.length);
        controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      },
      async cancel() {
        await it.return?.();
        source.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}

/** Opens an object (or the byte range `[start, end]` of it) for streaming; null when it does not exist. */
export async function getObject(
  key: string,
  range?: { start: number; end: number },
): Promise<StoredObject | null> {
  const [{ GetObjectCommand }, c] = await Promise.all([s3sdk(), s3()]);
  try {
    const res = await c.send(
      new GetObjectCommand({
        Bucket: bucket(),
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    if (!res.Body) return null;
    return {
      body: pullStream(res.Body as Readable),
      contentType: res.ContentType,
      contentLength: res.ContentLength,
      etag: res.ETag,
    };
  } catch (err) {
    if ((err as { name?: string }).name === 'NoSuchKey') return null;
    throw err;
  }
}

export async function deleteObjects(keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const [{ DeleteObjectsCommand }, c] = await Promise.all([s3sdk(), s3()]);
  for (let i = 0; i < keys.length; i += 1000) {
    await c.send(
      new DeleteObjectsCommand({
        Bucket: bucket(),
        Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
      }),
    );
  }
}

/** Every object under a prefix, with its size and age. */
export async function listObjects(prefix: string): Promise<{ key: string; size: number; modified: Date }[]> {
  const [{ ListObjectsV2Command }, c] = await Promise.all([s3sdk(), s3()]);
  const out: { key: string; size: number; modified: Date }[] = [];
  let token: string | undefined;
  do {
    const page = await c.send(
      new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix, ContinuationToken: token }),
    );
    for (const o of page.Contents ?? []) {
      if (o.Key) out.push({ key: o.Key, size: o.Size ?? 0, modified: o.LastModified ?? new Date(0) });
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return out;
}

/** Deletes every object under a prefix (a user's files on account deletion). */
export async function deletePrefix(prefix: string): Promise<number> {
  const keys = (await listObjects(prefix)).map((o) => o.key);
  await deleteObjects(keys);
  return keys.length;
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}
