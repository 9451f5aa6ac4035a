// Pure helpers for a letter's new pictures: whether a file's first bytes are a jpg/png
// (the drop zone refuses a renamed PDF as the server would, before its bytes travel) and
// its size as a Persian reader expects it under its thumbnail.
import { groupDigits, toPersianDigits } from '../../../shared/persian-digits';
import { MEGABYTE } from '../../../shared/uploads';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

/** How many of a file's first bytes isLetterImageBytes needs: `file.slice(0, 8)`. */
export const IMAGE_SIGNATURE_BYTES = PNG_SIGNATURE.length;

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

/** True when the bytes begin as a PNG (89 50 4E 47 0D 0A 1A 0A) or a JPEG (FF D8 FF). */
export const isLetterImageBytes = (bytes: Uint8Array): boolean =>
  startsWith(bytes, PNG_SIGNATURE) || startsWith(bytes, JPEG_SIGNATURE);

const KILOBYTE = 1024;

/** 1572864 → «۱٫۵ مگابایت», 327680 → «۳۲۰ کیلوبایت», 512 → «۵۱۲ بایت». */
export function fileSizeText(bytes: number): string {
  if (bytes < KILOBYTE) return `${toPersianDigits(bytes)} بایت`;
  const kilobytes = Math.round(bytes / KILOBYTE);
  if (kilobytes < KILOBYTE) return `${groupDigits(kilobytes)} کیلوبایت`;
  return `${groupDigits(Math.round((bytes / MEGABYTE) * 10) / 10)} مگابایت`;
}
