// A picture's kind and size (in pixels) read from its header, without decoding it: what a
// signature is printed at (letters/print-fill.ts), and the check that a signature picture
// uploaded can be printed at all (account/routes.ts).

export interface Picture {
  data: Buffer;
  ext: 'png' | 'jpeg' | 'gif' | 'webp';
  width: number;
  height: number;
}

/** Width and height of a WebP (lossy, lossless or extended) from its header. */
function webpOf(data: Buffer): Picture | null {
  const chunk = data.toString('latin1', 12, 16);
  if (chunk === 'VP8 ' && data.length > 30)
    return {
      data,
      ext: 'webp',
      width: data.readUInt16LE(26) & 0x3fff,
      height: data.readUInt16LE(28) & 0x3fff,
    };
  if (chunk === 'VP8L' && data.length > 25) {
    const bits = data.readUInt32LE(21);
    return { data, ext: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && data.length > 30)
    return { data, ext: 'webp', width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1 };
  return null;
}

/** Width and height of a png, jpeg, gif or webp, from its header; null for anything else. */
export function pictureOf(data: Buffer): Picture | null {
  if (data.length > 24 && data.readUInt32BE(0) === 0x89504e47)
    return { data, ext: 'png', width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  if (data.length > 10 && data.toString('latin1', 0, 3) === 'GIF')
    return { data, ext: 'gif', width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
  if (
    data.length > 16 &&
    data.toString('latin1', 0, 4) === 'RIFF' &&
    data.toString('latin1', 8, 12) === 'WEBP'
  )
    return webpOf(data);
  if (data.length > 4 && data[0] === 0xff && data[1] === 0xd8) return jpegOf(data);
  return null;
}

/** A JPEG's size from its start-of-frame segment, found by walking the segments before it.
 *  A marker may be preceded by any number of 0xFF fill bytes (ITU T.81 B.1.1.2: `FF D8 FF
 *  FF E0…` is a valid file, which browsers and file-type read); markers without a length
 *  (TEM, RST0–7) are stepped over. */
function jpegOf(data: Buffer): Picture | null {
  let at = 2;
  while (at + 1 < data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // The image's data or its end, and still no frame: a size cannot be told.
    if (marker === 0xd9 || marker === 0xda || at + 9 > data.length) return null;
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { data, ext: 'jpeg', height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    at += 2 + data.readUInt16BE(at + 2);
  }
  return null;
}
