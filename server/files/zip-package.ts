// A zip package (a Word .docx) read only as far as is needed to judge it before a library
// unpacks it whole: its entries, from the central directory, and what they really unpack
// to, inflated under a ceiling. The sizes a package declares can lie; the inflater cannot.
// (A 460 KB package whose one XML part unpacked to 150 MB took the server, and every
// tenant on it, down — out of memory — when docxtemplater filled it.)
import zlib from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (the only two a .docx uses). */
  method: number;
  compressedSize: number;
  /** Where the entry's local header starts. */
  localOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** A 32-bit field saying "see the zip64 record": packages that large are not read. */
const ZIP64 = 0xffffffff;

/** The package's entries from its central directory; null if it is not a zip read here. */
export function zipEntries(data: Buffer): ZipEntry[] | null {
  const lowest = Math.max(0, data.length - 22 - 0xffff);
  for (let end = data.length - 22; end >= lowest; end--) {
    if (data.readUInt32LE(end) !== END_OF_DIRECTORY) continue;
    const count = data.readUInt16LE(end + 10);
    let at = data.readUInt32LE(end + 16);
    const entries: ZipEntry[] = [];
    for (let i = 0; i < count; i++) {
      if (at + 46 > end || data.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
      const nameLength = data.readUInt16LE(at + 28);
      const entry = {
        name: data.toString('utf8', at + 46, at + 46 + nameLength),
        method: data.readUInt16LE(at + 10),
        compressedSize: data.readUInt32LE(at + 20),
        localOffset: data.readUInt32LE(at + 42),
      };
      if (entry.compressedSize === ZIP64 || entry.localOffset === ZIP64) return null;
      entries.push(entry);
      at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    }
    return entries;
  }
  return null;
}

/** The bytes one entry unpacks to, or null when it unpacks to more than `ceiling` or cannot be read. */
export function unpackedSize(data: Buffer, entry: ZipEntry, ceiling: number): number | null {
  const at = entry.localOffset;
  if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL_HEADER) return null;
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  const packed = data.subarray(start, start + entry.compressedSize);
  if (packed.length !== entry.compressedSize) return null;
  if (entry.method === 0) return packed.length <= ceiling ? packed.length : null;
  if (entry.method !== 8) return null;
  try {
    // Past the ceiling the inflater stops with an error: the bytes are never all made.
    const size = zlib.inflateRawSync(packed, { maxOutputLength: Math.max(ceiling, 1) }).length;
    return size <= ceiling ? size : null;
  } catch {
    return null;
  }
}
