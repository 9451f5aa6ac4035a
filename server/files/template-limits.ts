// What a Word template may unpack to, judged at upload and again before each print (a
// template stored before the limits existed). Kept apart from the template resource so
// that the print worker (letters/print-fill.ts) loads only this.
import { MEGABYTE } from '../../src/shared/uploads';
import { unpackedSize, zipEntries } from './zip-package';

/**
 * docxtemplater fills a template's XML parts in one go — measured, about 1 s and 170 MB
 * for every megabyte of tags — where a real letterhead's parts are tens of kilobytes;
 * pictures are not filled, only carried.
 */
export const TEMPLATE_LIMITS = { entries: 1000, xmlBytes: 2 * MEGABYTE, allBytes: 20 * MEGABYTE };

/** Whether the package unpacks within TEMPLATE_LIMITS, each part measured by inflating it. */
export function templateWithinLimits(data: Uint8Array): boolean {
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const entries = zipEntries(buffer);
  if (!entries || entries.length > TEMPLATE_LIMITS.entries) return false;
  let xml = 0;
  let all = 0;
  for (const entry of entries) {
    const isXml = /\.(xml|rels)$/i.test(entry.name);
    const room = Math.min(TEMPLATE_LIMITS.allBytes - all, isXml ? TEMPLATE_LIMITS.xmlBytes - xml : Infinity);
    const size = unpackedSize(buffer, entry, room);
    if (size === null) return false;
    all += size;
    if (isXml) xml += size;
  }
  return true;
}
