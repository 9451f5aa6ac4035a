// Multipart bodies become a plain object like JSON and form bodies do, so binding is
// the same for every kind of request. Files are read into memory, so the reader holds a
// request to the limits of src/shared/uploads.ts — per file, files per request and the
// whole body (by its Content-Length before anything is read, and by the bytes read for a
// body sent without one) — each refused with its Persian sentence and nothing written.
// A body that is not well-formed multipart (no boundary, cut short) is the client's
// mistake: it answers 400, never 500.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { UploadedFile } from './fields';
import { UserError } from './answers';
import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_FILE_BYTES,
  MAX_FILES_PER_REQUEST,
  MAX_MULTIPART_BYTES,
  REQUEST_TOO_LARGE_MESSAGE,
  TOO_MANY_FILES_MESSAGE,
} from '../../src/shared/uploads';

const MAX_FIELDS = 200;

/** The reader's own refusals, in Persian (the rest of its errors are a malformed body). */
const LIMIT_MESSAGES: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: FILE_TOO_LARGE_MESSAGE,
  FST_FILES_LIMIT: TOO_MANY_FILES_MESSAGE,
  FST_FIELDS_LIMIT: 'تعداد مقادیر فرستاده‌شده بیش از حد مجاز است',
  FST_PARTS_LIMIT: 'تعداد مقادیر فرستاده‌شده بیش از حد مجاز است',
};

/** An error the client caused, answered with its HTTP status by the error handler. */
class MalformedBody extends Error {
  readonly statusCode = 400;
}

export async function registerMultipartBodies(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: MAX_FILES_PER_REQUEST, fields: MAX_FIELDS },
  });
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    if (declaredLength(request) > MAX_MULTIPART_BYTES) throw new UserError(REQUEST_TOO_LARGE_MESSAGE);
    const heads = watchPartHeads(request);
    try {
      const body = await readParts(request.parts());
      if (heads?.dropped) throw new UserError(LINE_BREAK_IN_NAME);
      request.body = body;
    } catch (error) {
      discardRest(request);
      const code = (error as { code?: string }).code;
      if (code && LIMIT_MESSAGES[code]) throw new UserError(LIMIT_MESSAGES[code]);
      const status = (error as { statusCode?: number }).statusCode;
      if (error instanceof UserError || (status && status >= 400 && status < 500)) throw error;
      throw new MalformedBody(`malformed multipart body: ${(error as Error).message}`);
    }
  });
}

/**
 * After a refusal part-way through the body: the rest is read and dropped, as Node does
 * for any body a handler leaves unread. Left piped into the parser, which nobody reads
 * any more, it held the client's upload still and the answer reached it a minute later.
 */
function discardRest(request: FastifyRequest) {
  request.raw.unpipe();
  request.raw.resume();
}

/** The body's length as the client declared it; 0 when sent without one (chunked). */
function declaredLength(request: FastifyRequest): number {
  const length = Number(request.headers['content-length']);
  return Number.isFinite(length) ? length : 0;
}

type Parts = ReturnType<import('fastify').FastifyRequest['parts']>;

export const LINE_BREAK_IN_NAME = 'نام پرونده یا مقدار فرستاده‌شده شکست خط دارد؛ آن را بدون شکست خط بفرستید';

/** A part's name or file name in RFC 5987's encoded form (`filename*=UTF-8''a%0A.png`,
 *  as Python's requests writes a name that is not ASCII) holding an encoded CR or LF. */
const ENCODED_LINE_BREAK = /(?:^|[;\s])(?:file)?name\*\s*=[^;\r\n]*%0[ad]/im;
/** A part's headers longer than this are not watched (the reader refuses far shorter). */
const MAX_HEAD = 16 * 1024;

/**
 * Busboy drops, without a word, a part whose name or file name holds a line break once
 * decoded (its guard against header injection): the file of `filename*=UTF-8''a%0A.png`
 * was lost while the save answered that all was done (probe helper-74). Busboy says
 * nothing of it, so the part heads are read as the body streams by — each follows a line
 * break and its boundary, which the content cannot hold — and such a request is refused.
 */
function watchPartHeads(request: FastifyRequest): PartHeadWatch | undefined {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(String(request.headers['content-type']));
  if (!boundary) return undefined;
  const watch = new PartHeadWatch(boundary[1] ?? boundary[2]);
  const onData = (chunk: Buffer) => {
    if (!watch.feed(chunk)) request.raw.off('data', onData);
  };
  request.raw.on('data', onData);
  request.raw.once('end', () => request.raw.off('data', onData));
  return watch;
}

/** Reads a multipart body's part heads chunk by chunk, however the chunks cut them. */
export class PartHeadWatch {
  dropped = false;
  private readonly delimiter: string;
  // The body's first delimiter has no line break before it: one is put there.
  private carry = '\r\n';

  constructor(boundary: string) {
    this.delimiter = `\r\n--${boundary}\r\n`;
  }

  /** Reads one more chunk; false once a dropped part is found (nothing more to read). */
  feed(chunk: Buffer): boolean {
    let text = this.carry + chunk.toString('latin1');
    this.carry = '';
    for (let at = text.indexOf(this.delimiter); at >= 0; at = text.indexOf(this.delimiter)) {
      const headStart = at + this.delimiter.length;
      const headEnd = text.indexOf('\r\n\r\n', headStart);
      if (headEnd < 0) {
        // The head goes on in the next chunk.
        if (text.length - at <= MAX_HEAD) this.carry = text.slice(at);
        return true;
      }
      if (ENCODED_LINE_BREAK.test(text.slice(headStart, headEnd))) {
        this.dropped = true;
        return false;
      }
      text = text.slice(headEnd);
    }
    // A delimiter cut between this chunk and the next.
    this.carry = text.slice(-this.delimiter.length);
    return true;
  }
}

/** What a browser writes for `"`, CR and LF in a file part's name. */
const BROWSER_ESCAPE = /%(?:22|0D|0A)/g;
const ESCAPED: Record<string, string> = { '%22': '"', '%0D': '\r', '%0A': '\n' };

/**
 * A file part's name as the file is called. Browsers (the HTML standard's multipart/form-data
 * encoding, as fetch's FormData too) send `"`, CR and LF in a filename as %22, %0D and %0A,
 * and every other character as it is — a `%` too, so «برگه ۱۰۰%.png» arrives as typed. Only
 * those three escapes are read back; cleanFileName (files/file-names.ts) then does with the
 * characters what it does with any name. (A name that holds «%22» as typed cannot be told
 * from one that held `"`: the browser sends both alike.)
 */
export const browserFileName = (sent: string) => sent.replace(BROWSER_ESCAPE, (escape) => ESCAPED[escape]);

async function readParts(parts: Parts): Promise<Record<string, unknown>> {
  const body: Record<string, unknown[]> = {};
  const push = (key: string, value: unknown) => (body[key] ??= []).push(value);
  let bytesRead = 0;
  const count = (bytes: number) => {
    bytesRead += bytes;
    if (bytesRead > MAX_MULTIPART_BYTES) throw new UserError(REQUEST_TOO_LARGE_MESSAGE);
  };
  for await (const part of parts) {
    if (part.type === 'file') {
      const data = await part.toBuffer(); // past MAX_FILE_BYTES it throws FST_REQ_FILE_TOO_LARGE
      count(data.length);
      if (data.length === 0 && !part.filename) continue; // an empty file input
      const file: UploadedFile = {
        kind: 'file',
        fieldName: part.fieldname,
        filename: browserFileName(part.filename),
        mimetype: part.mimetype,
        data,
      };
      push(part.fieldname, file);
    } else {
      // A value cut at the field size limit would store something nobody sent.
      if (part.valueTruncated || part.fieldnameTruncated)
        throw new UserError('یکی از مقادیر فرستاده‌شده بیش از حد طولانی است');
      count(Buffer.byteLength(String(part.value)));
      push(part.fieldname, part.value);
    }
  }
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v.length === 1 ? v[0] : v]));
}
