// What a zip package unpacks to is measured by unpacking it under a ceiling, never taken
// from the sizes it declares (server/files/zip-package.ts).
import { describe, expect, it } from 'vitest';
import PizZip from 'pizzip';
import { unpackedSize, zipEntries } from '../../server/files/zip-package';

const MB = 1024 * 1024;

function deflated(files: Record<string, Buffer>): Buffer {
  const zip = new PizZip();
  for (const [name, data] of Object.entries(files)) zip.file(name, data);
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The offset of the central directory's first entry. */
const directoryStart = (data: Buffer) => data.readUInt32LE(data.length - 22 + 16);

describe('zip packages', () => {
  it('lists the entries and measures each by inflating it', () => {
    const data = deflated({ 'a.xml': Buffer.alloc(5 * MB, ' '), 'b.bin': Buffer.from('کوچک') });
    const entries = zipEntries(data)!;
    expect(entries.map((e) => [e.name, e.method])).toEqual([
      ['a.xml', 8],
      ['b.bin', 8],
    ]);
    expect(unpackedSize(data, entries[0], 10 * MB)).toBe(5 * MB);
    expect(unpackedSize(data, entries[1], 10 * MB)).toBe(Buffer.byteLength('کوچک'));
  });

  it('stops at the ceiling, whatever the package declares', () => {
    const data = deflated({ 'a.xml': Buffer.alloc(5 * MB, ' ') });
    // The directory says the part unpacks to 10 bytes.
    data.writeUInt32LE(10, directoryStart(data) + 24);
    const [entry] = zipEntries(data)!;
    expect(unpackedSize(data, entry, 5 * MB)).toBe(5 * MB);
    expect(unpackedSize(data, entry, 5 * MB - 1)).toBeNull();
    expect(unpackedSize(data, entry, 0)).toBeNull();
  });

  it('reads no method but stored and deflated, no zip64, and nothing that is not a zip', () => {
    const data = deflated({ 'a.xml': Buffer.from('<a/>') });
    const [entry] = zipEntries(data)!;
    expect(unpackedSize(data, { ...entry, method: 12 }, MB)).toBeNull();
    expect(unpackedSize(data, { ...entry, localOffset: 3 }, MB)).toBeNull();
    expect(unpackedSize(data, { ...entry, compressedSize: data.length }, MB)).toBeNull();
    const zip64 = Buffer.from(data);
    zip64.writeUInt32LE(0xffffffff, directoryStart(zip64) + 20);
    expect(zipEntries(zip64)).toBeNull();
    expect(zipEntries(Buffer.from('نامه اداری، نه زیپ'))).toBeNull();
  });
});
