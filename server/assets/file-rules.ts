import { AppError } from '../errors';
import type { AssetKind } from './asset.model';
import type { IncomingFile } from './upload';

const MB = 1024 * 1024;

/** Raster image types accepted for pictures. SVG is refused everywhere: it can carry scripts. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif'] as const;
const IMAGES_AND_BMP = [...IMAGE_TYPES, 'image/bmp'];

/** Any file that is not a program: note files and attachments. */
export const ANY_FILE = 'any' as const;

export interface StoreRules {
  maxBytes: number;
  /** Types accepted, judged by the file's content (magic bytes), never by its name or declared type. */
  types: readonly string[] | typeof ANY_FILE;
}

/** Size and type rules of every kind of upload (compat §10, with interface.md §8 for the note limits). */
export const KIND_RULES: Record<AssetKind, StoreRules> = {
  avatar: { maxBytes: 5 * MB, types: IMAGE_TYPES },
  wallpaper: { maxBytes: 20 * MB, types: [...IMAGES_AND_BMP, 'video/mp4', 'video/webm'] },
  logo: { maxBytes: 5 * MB, types: IMAGE_TYPES },
  favicon: { maxBytes: 1 * MB, types: ['image/x-icon', 'image/png'] },
  icon: { maxBytes: 5 * MB, types: IMAGES_AND_BMP },
  'note-image': { maxBytes: 5 * MB, types: IMAGES_AND_BMP },
  'note-file': { maxBytes: 10 * MB, types: ANY_FILE },
  'note-attachment': { maxBytes: 100 * MB, types: ANY_FILE },
  'site-icon': {
    maxBytes: MB / 4,
    types: ['image/png', 'image/x-icon', 'image/jpeg', 'image/gif', 'image/webp'],
  },
};

/** Types a browser shows without running anything: served inline; everything else is a download. */
export const INLINE_TYPES: ReadonlySet<string> = new Set([
  ...IMAGES_AND_BMP,
  'image/x-icon',
  'video/mp4',
  'video/webm',
]);

// Programs and scripts (compat §10), by name and by content.
const DANGEROUS_EXT =
  /\.(exe|bat|cmd|com|scr|msi|msp|cpl|sh|bash|ps1|vbs|vbe|wsf|wsh|jar|class|app|dll|sys|pif|lnk|hta|js|mjs|cjs|jse|apk)$/i;

/**
 * The name a file is saved under: Windows drops trailing dots and spaces (`x.js.` is saved as `x.js`), so they are
 * dropped before the extension is judged (by hand: a `[. ]+$` pattern backtracks on long runs).
 */
function savedName(filename: string): string {
  let end = filename.length;
  while (end > 0 && (filename[end - 1] === '.' || /\s/.test(filename[end - 1]!))) end--;
  return filename.slice(0, end);
}
const DANGEROUS_TYPES = new Set([
  'application/x-msdownload',
  'application/x-elf',
  'application/x-mach-binary',
  'application/java-archive',
  'application/java-vm',
  'application/x-shockwave-flash',
  'application/vnd.ms-htmlhelp',
  'application/vnd.android.package-archive',
]);

function looksLikeSvg(file: IncomingFile, head: Buffer): boolean {
  if (file.declaredType === 'image/svg+xml' || /\.svgz?$/i.test(file.filename ?? '')) return true;
  return /<svg[\s>]/i.test(head.toString('utf8', 0, Math.min(head.length, 1024)));
}

/** Text with no NUL bytes (the head of it): stored as text/plain, other unknown content as octet-stream. */
function looksLikeText(head: Buffer): boolean {
  return !head.includes(0) && Buffer.from(head.toString('utf8'), 'utf8').length >= head.length - 3;
}

/** The type a file's first bytes say it is (file-type, loaded with the first file rather than at start). */
export async function detectedMime(head: Buffer): Promise<string | undefined> {
  const { fileTypeFromBuffer } = await import('file-type');
  return (await fileTypeFromBuffer(head))?.mime;
}

/**
 * The type of an upload judged from its first bytes (and, for refusing programs, its name too). Throws 415 when
 * the kind does not accept it.
 */
export async function sniffType(file: IncomingFile, head: Buffer, rules: StoreRules): Promise<string> {
  const detected = await detectedMime(head);
  if (rules.types === ANY_FILE) {
    const script = head.subarray(0, 2).toString('latin1') === '#!';
    const dangerousName = DANGEROUS_EXT.test(savedName(file.filename ?? ''));
    if (dangerousName || (detected && DANGEROUS_TYPES.has(detected)) || script) {
      throw new AppError('unsupported_media_type', 'Programs and scripts are not accepted');
    }
    return detected ?? (looksLikeText(head) ? 'text/plain' : 'application/octet-stream');
  }
  if (detected && rules.types.includes(detected)) return detected;
  if (looksLikeSvg(file, head)) {
    throw new AppError(
      'unsupported_media_type',
      'SVG images are not accepted; use PNG, JPEG, GIF, WebP or AVIF',
    );
  }
  throw new AppError(
    'unsupported_media_type',
    `Unsupported file type; accepted: ${rules.types.map((t) => t.replace(/^\w+\//, '')).join(', ')}`,
  );
}
