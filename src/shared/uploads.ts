// How much one upload may carry: one rule for the server's multipart reader and file
// checks and the client's drop zones, so a file the server would refuse is refused at
// the drop, before its bytes travel.
import { toPersianDigits } from './persian-digits';

export const MEGABYTE = 1024 * 1024;
/** 2097152 → «۲ مگابایت». */
export const megabytes = (bytes: number) => `${toPersianDigits(Math.round(bytes / MEGABYTE))} مگابایت`;

/** A picture: a letter's attachment, a profile or signature picture, a logo. */
export const MAX_IMAGE_BYTES = 2 * MEGABYTE;
/** Any one file, a Word template included. */
export const MAX_FILE_BYTES = 10 * MEGABYTE;
/** Files in one request (a letter's new attachments at one save or forward). */
export const MAX_FILES_PER_REQUEST = 20;
/**
 * The whole multipart body: the most files a request may carry at a picture's largest,
 * and 1 MB for its fields. The server reads a request into memory, so this bounds what
 * one request may hold there (without it, twenty 10 MB files: 200 MB).
 */
export const MAX_MULTIPART_BYTES = MAX_FILES_PER_REQUEST * MAX_IMAGE_BYTES + MEGABYTE;

/** «تا ۲ مگابایت»: beside a picture field. */
export const IMAGE_SIZE_HINT = `تا ${megabytes(MAX_IMAGE_BYTES)}`;

export const imageTooLargeMessage = (label: string) =>
  `${label} نباید بیش از ${megabytes(MAX_IMAGE_BYTES)} باشد`;
export const FILE_TOO_LARGE_MESSAGE = `حجم هر فایل نباید بیش از ${megabytes(MAX_FILE_BYTES)} باشد`;
export const TOO_MANY_FILES_MESSAGE = `بیش از ${toPersianDigits(MAX_FILES_PER_REQUEST)} فایل با هم فرستاده نمی‌شود`;
export const REQUEST_TOO_LARGE_MESSAGE = `حجم فایل‌هایی که با هم فرستاده می‌شوند نباید بیش از ${megabytes(MAX_MULTIPART_BYTES)} باشد`;

/** A letter's attachment as its messages name it: پیوست «نقشه.png». */
export const attachmentLabel = (fileName: string) => `پیوست «${fileName}»`;
/** The image types a letter takes, for a right-to-left line: a right-to-left mark after each
 *  Latin name keeps «jpg، jpeg» from being drawn as one left-to-right run (read from the
 *  right, jpeg came before jpg). */
export const LETTER_IMAGE_TYPES_TEXT = 'jpg\u200f، jpeg\u200f یا png';
export const LETTER_IMAGE_TYPES_LIST = 'jpg\u200f، jpeg\u200f، png';
export const notALetterImageMessage = (label: string) =>
  `${label} باید تصویر ${LETTER_IMAGE_TYPES_TEXT} باشد`;
