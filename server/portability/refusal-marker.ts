// The entry that makes the older service refuse our whole-instance archive (decisions §70). Its `clean` import
// loads the upload with JSZip 3 and only then wipes its storage; JSZip's loader throws on an entry whose compression
// method it does not know, and puts the entry's name in the message the administrator sees. So the archive carries
// one empty entry stored with bzip2 (method 12), named to explain itself. Info-ZIP unzip, Python's zipfile, 7-Zip and
// libarchive list and extract it (an empty file); our own reader skips it by name and never opens it.

/** The marker's name: the older service shows it in its refusal ("... compression ... unknown (inner file : NAME)"). */
export const REFUSAL_MARKER = 'THIS-IS-A-SAKURA-DASH-ARCHIVE-SAKURANAV-CANNOT-IMPORT-IT.txt';

/** ZIP compression method 12: bzip2 (APPNOTE 4.4.5), which JSZip 3 does not implement. */
export const REFUSAL_MARKER_METHOD = 12;

/**
 * The bzip2 stream of no data, the marker's compressed bytes: header `BZh9`, the end-of-stream magic
 * `0x177245385090` and a combined CRC of 0 (what `bzip2 < /dev/null` writes).
 */
export const EMPTY_BZIP2 = Uint8Array.of(
  0x42,
  0x5a,
  0x68,
  0x39,
  0x17,
  0x72,
  0x45,
  0x38,
  0x50,
  0x90,
  0x00,
  0x00,
  0x00,
  0x00,
);
