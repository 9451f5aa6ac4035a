// Field builders for route parameter schemas. Form posts carry every value as text,
// so numbers and booleans are coerced here; each field carries its Persian label
// (zod's description), which names the field in validation messages.
import { z } from 'zod';
import { cleanPersianText } from '../../src/shared/persian';
import { emptyToUndefined, isHttpUrl, toBoolean, toNumber } from '../../src/shared/coerce';
import { int32, INT32_MAX, recordId } from '../../src/shared/integers';

export { isHttpUrl };

export interface UploadedFile {
  kind: 'file';
  fieldName: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** Only the multipart reader makes these: a JSON body cannot forge one (its data is no Buffer). */
export function isUploadedFile(value: unknown): value is UploadedFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as UploadedFile).kind === 'file' &&
    Buffer.isBuffer((value as UploadedFile).data) &&
    typeof (value as UploadedFile).filename === 'string'
  );
}

/** `1,2` or a JSON array's text `[1,2]` (what a form sends for a list it was given as JSON). */
function idsOfText(text: string): unknown[] {
  if (/^\s*\[[^\]]*\]\s*$/.test(text)) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed;
    } catch {
      // not JSON: the items below are refused one by one
    }
  }
  return text.split(',');
}

/** 0 (a parameter's «none» or «whichever») or a record id, 1 … 2^31 − 1: anything else — below
 *  0, a fraction, past 2^31 − 1 however far — is «{label} معتبر نیست», as an id's is. */
export const zeroOrRecordId = (label: string) => {
  const invalid = { message: `${label} معتبر نیست` };
  return z.number(invalid).int(invalid).min(0, invalid).max(INT32_MAX, invalid);
};

export const field = {
  /** Required text, trimmed, Arabic ي/ك stored as Persian ی/ک. */
  text: (label: string, max = 500) =>
    z
      .preprocess(
        (v) => (typeof v === 'string' ? cleanPersianText(v) : emptyToUndefined(v)),
        z.string().min(1).max(max),
      )
      .describe(label),
  /** Optional text: missing becomes ''. A line ends in \n: browsers send a form's line
   *  breaks as \r\n, which counted twice against the limit the form showed. */
  optionalText: (label: string, max = 2000) =>
    z
      .preprocess(
        (v) =>
          v === undefined || v === null ? '' : typeof v === 'string' ? v.replace(/\r\n?/g, '\n').trim() : v,
        z.string().max(max),
      )
      .describe(label),
  /** Raw text kept as typed (passwords, codes). */
  secret: (label: string, max = 200) =>
    z.preprocess(emptyToUndefined, z.string().min(1).max(max)).describe(label),
  optionalSecret: (label: string, max = 200) =>
    z.preprocess((v) => (v === null ? undefined : v), z.string().max(max).optional()).describe(label),
  int: (label: string) => z.preprocess(toNumber, int32()).describe(label),
  /** A list's page: 1 when left out; 0 or less is no page («صفحه باید ۱ یا بیشتر باشد»). */
  page: (label = 'صفحه') =>
    z
      .preprocess((v) => toNumber(v) ?? 1, int32().min(1, { message: `${label} باید ۱ یا بیشتر باشد` }))
      .describe(label),
  /** A list's page size: −1 all, 0 or left out the list's own size (`fallback`; the letters'
   *  pass 0 and size by page type); below −1 is refused. */
  pageSize: (fallback: number, label = 'تعداد') =>
    z
      .preprocess(
        (v) => {
          const asked = toNumber(v) ?? fallback;
          return asked === 0 ? fallback : asked;
        },
        int32().min(-1, { message: `${label} باید ۱- (همه) یا عددی از ۰ به بالا باشد` }),
      )
      .describe(label),
  /** A record's id (1 … 2^31 − 1). */
  id: (label: string) => z.preprocess(toNumber, recordId(label)).describe(label),
  optionalInt: (label: string, fallback: number) =>
    z.preprocess((v) => toNumber(v) ?? fallback, int32()).describe(label),
  /** 0 or a record id whose absence means something of its own (stays undefined): a folder's
   *  `TypeNumber` of message/list and message/delete. */
  optionalZeroOrId: (label: string) =>
    z.preprocess(toNumber, zeroOrRecordId(label).optional()).describe(label),
  /** An optional record id: absent stays undefined, anything but 1 … 2^31 − 1 is refused. */
  optionalId: (label: string) => z.preprocess(toNumber, recordId(label).optional()).describe(label),
  /** Record ids as a repeated parameter (`Ids=1&Ids=2`), a JSON array (in a JSON body or as a
   *  form field's text, `[1,2]`) or `1,2`; at most `max`. */
  ids: (label: string, max: number) =>
    z
      .preprocess(
        (v) =>
          v === undefined || v === null || v === ''
            ? undefined
            : (Array.isArray(v) ? v : typeof v === 'string' ? idsOfText(v) : [v]).map(toNumber),
        z.array(recordId(label)).max(max).optional(),
      )
      .describe(label),
  bool: (label: string, fallback = false) =>
    z.preprocess((v) => toBoolean(v) ?? fallback, z.boolean()).describe(label),
  file: (label: string) => z.custom<UploadedFile>(isUploadedFile).optional().describe(label),
  url: (label: string) =>
    z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim() : emptyToUndefined(v)),
        z
          .string()
          .min(1)
          .max(2000)
          .refine(isHttpUrl, { message: `${label} باید نشانی معتبری با http یا https باشد` }),
      )
      .describe(label),
};
