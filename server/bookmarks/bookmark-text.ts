import { StringDecoder } from 'node:string_decoder';
import { tooLarge } from '#server/assets/upload';
import { BOOKMARK_FILE_MAX_BYTES } from './bookmark-preview.service';

/**
 * The file's text in the pieces it arrived in, each decoded as it came: joining 20 MB into one buffer and one
 * string at the end held the event loop for up to half a second on a busy machine; the parser reads pieces.
 */
export async function readBookmarkText(stream: AsyncIterable<Buffer>): Promise<string[]> {
  const decoder = new StringDecoder('utf8');
  const pieces: string[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > BOOKMARK_FILE_MAX_BYTES) throw tooLarge(BOOKMARK_FILE_MAX_BYTES);
    pieces.push(decoder.write(chunk));
  }
  pieces.push(decoder.end());
  return pieces;
}
