// The parameters of the letters' calls (spec 1 §7), bound as every call's are
// (http/binding.ts: by name, case-insensitively, from query, JSON, form or multipart).
// Optional references may come as 0, '' or the text "null" for "none", as a form built
// from an empty picker sends them.
import { z } from 'zod';
import { field, isUploadedFile, zeroOrRecordId, type UploadedFile } from '../http/fields';
import { toBoolean, toNumber } from '../../src/shared/coerce';
import { recordId } from '../../src/shared/integers';
import { isFormDay, startOfTehranDay, tehranWallClock, toIsoDate } from '../../src/shared/jalali';
import { formYearsMessage } from '../../src/shared/validation-messages';
import { FAVORITE_PERSONS_MAX, LETTER_TEXT_MAX } from '../../src/shared/letter-limits';
import { MAX_FILES_PER_REQUEST, TOO_MANY_FILES_MESSAGE } from '../../src/shared/uploads';

const NONE = new Set(['', 'null', 'undefined', '0']);
const absent = (v: unknown) =>
  v === undefined || v === null || v === 0 || (typeof v === 'string' && NONE.has(v.trim()));

/** An optional record id where 0 (or an empty value) means none. */
const optionalRef = (label: string) =>
  z.preprocess((v) => (absent(v) ? undefined : toNumber(v)), recordId(label).optional()).describe(label);

/** 0 or a record id (a new letter is MessageId 0). */
const zeroOrId = (label: string) =>
  z.preprocess((v) => (absent(v) ? 0 : toNumber(v)), zeroOrRecordId(label)).describe(label);

const oneOf = (label: string, values: readonly number[], fallback?: number) =>
  z
    .preprocess(
      (v) => (v === undefined || v === null || v === '' ? fallback : toNumber(v)),
      z.number().refine((n) => values.includes(n), { message: `${label} معتبر نیست` }),
    )
    .describe(label);

const files = (label: string) =>
  z
    .preprocess(
      (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
      z
        .array(z.custom<UploadedFile>(isUploadedFile, { message: `${label} باید فایل باشد` }))
        .max(MAX_FILES_PER_REQUEST, { message: TOO_MANY_FILES_MESSAGE }),
    )
    .describe(label);

const optionalBool = (label: string) =>
  z
    .preprocess((v) => (v === undefined || v === null || v === '' ? false : toBoolean(v)), z.boolean())
    .describe(label);

/** A draft's field that an edit leaving it out keeps (save.ts): absent stays undefined; an
 *  empty value (`''`, `null`) is the user's «none». */
const keptBool = (label: string) =>
  z
    .preprocess(
      (v) => (v === undefined ? undefined : v === null || v === '' ? false : toBoolean(v)),
      z.boolean().optional(),
    )
    .describe(label);
const keptIds = (label: string, max: number) =>
  z.preprocess((v) => (v === null || v === '' ? [] : v), field.ids(label, max)).describe(label);

/**
 * An instant as ISO 8601 — a date-time with its offset (the client sends the start of the
 * Jalali day it shows, in Tehran) or a date alone, taken as that day's start in Tehran —
 * whose day in Tehran is within the years a form takes; or empty.
 */
const optionalInstant = (label: string) => {
  const invalid = { message: `${label} معتبر نیست` };
  const instant = z.union([
    z.iso.datetime({ offset: true, ...invalid }).transform((s) => new Date(s)),
    z.iso.date(invalid).transform((s, ctx) => {
      const start = startOfTehranDay(s);
      if (start) return start;
      ctx.addIssue({ code: 'custom', ...invalid });
      return z.NEVER;
    }),
  ]);
  return z
    .preprocess(
      (v) => (absent(v) ? undefined : v),
      z
        .string(invalid)
        .max(40, invalid)
        .pipe(instant)
        .refine((date) => isFormDay(toIsoDate(tehranWallClock(date))), { message: formYearsMessage(label) })
        .optional(),
    )
    .describe(label);
};

export interface RelatedInput {
  messageId: number;
  follow: boolean;
}

const RELATED_LABEL = 'نامه‌های مرتبط';

/** One related letter from an object (JSON body) or its JSON text (a form field). */
function relatedItem(item: unknown): RelatedInput | string {
  let value = item;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return `${RELATED_LABEL} معتبر نیست`;
    }
  }
  if (Array.isArray(value)) return `${RELATED_LABEL} معتبر نیست`;
  if (!value || typeof value !== 'object') return `${RELATED_LABEL} معتبر نیست`;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([k, v]) => [k.toLowerCase(), v] as const,
  );
  const read = (name: string) => entries.find(([k]) => k === name)?.[1];
  const id = recordId(RELATED_LABEL).safeParse(toNumber(read('messageid')));
  const follow = toBoolean(read('follow'));
  if (!id.success) return `${RELATED_LABEL} معتبر نیست`;
  if (typeof follow !== 'boolean') return 'نوع ارتباط نامه مرتبط (پیگیری یا ارجاع) الزامی است';
  return { messageId: id.data, follow };
}

/** RelatedMessages: a list of {MessageId, Follow} — a JSON array, JSON text of one, or
 *  repeated form fields each holding one object's JSON. At most 50. */
const relatedMessages = z
  .preprocess((v, ctx) => {
    if (v === undefined || v === null || v === '') return [];
    let list: unknown = v;
    if (typeof v === 'string' && v.trim().startsWith('[')) {
      try {
        list = JSON.parse(v);
      } catch {
        list = [v];
      }
    }
    const items = (Array.isArray(list) ? list : [list]).map(relatedItem);
    const problem = items.find((item) => typeof item === 'string');
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem as string });
      return z.NEVER;
    }
    return items;
  }, z.array(z.custom<RelatedInput>()).max(50))
  .describe(RELATED_LABEL);

const RECIPIENTS_MAX = 200;

/** The key a compose screen makes once for the letter it writes (client-key.ts): a
 *  retried save finds the letter the first one wrote. Letters, digits and dashes (a UUID). */
const clientKey = z
  .preprocess(
    (v) => (absent(v) ? undefined : v),
    z
      .string()
      .regex(/^[A-Za-z0-9-]{8,64}$/, { message: 'کلید نامه معتبر نیست' })
      .optional(),
  )
  .describe('کلید نامه');

/** The letter's own fields, shared by save and forward. */
const letterFields = {
  Subject: field.optionalText('موضوع', LETTER_TEXT_MAX.subject),
  MessageBody: field.optionalText('متن نامه', LETTER_TEXT_MAX.body),
  AndikatorFk: optionalRef('اندیکاتور'),
  MessageTypeFk: z
    .preprocess((v) => (absent(v) ? undefined : toNumber(v)), z.number().optional())
    .refine((n) => n === undefined || [4, 5, 6].includes(n), { message: 'نوع نامه معتبر نیست' })
    .describe('نوع نامه'),
  ProjectFk: optionalRef('پروژه'),
  MessageFromManFk: optionalRef('فرستنده'),
  MessageFromUserId: optionalRef('کاربر فرستنده'),
  SelectedTo: field.ids('گیرندگان', RECIPIENTS_MAX),
  PageType: field.optionalText('نوع صفحه', 50),
  Attachments: files('پیوست‌ها'),
  ClientKey: clientKey,
};

export const saveParams = z.object({
  ...letterFields,
  MessageId: zeroOrId('شناسه نامه'),
  IsSend: oneOf('نوع ذخیره', [0, 1, 6], 0),
  ReciveMethodFk: optionalRef('روش دریافت'),
  RelatedMessages: relatedMessages,
  SelectedCC: keptIds('رونوشت', RECIPIENTS_MAX),
  SelectedBcc: keptIds('رونوشت مخفی', RECIPIENTS_MAX),
  ExportCustomerAgent: optionalRef('نماینده مشتری'),
  ImportedMsgDate: optionalInstant('تاریخ نامه وارده'),
  ImportedMsgNumber: field.optionalText('شماره نامه وارده', LETTER_TEXT_MAX.importedNumber),
  MessageFromCustomerFk: optionalRef('مشتری فرستنده'),
  AnswerRequest: keptBool('نیاز به پاسخ'),
  /** The draft's editVersion as message/get gave it; absent: no check (spec 1 §7's clients). */
  EditVersion: optionalRef('نسخه پیش‌نویس'),
});
export type SaveParams = z.infer<typeof saveParams>;

export const forwardParams = z.object({
  ...letterFields,
  MessageId: field.id('شناسه نامه'),
  IsSend: oneOf('نوع ارجاع', [1, 2, 7]),
  ForwardMessage: field.optionalText('متن ارجاع', LETTER_TEXT_MAX.forwardNote),
});
export type ForwardParams = z.infer<typeof forwardParams>;

export const idParams = z.object({ Id: field.id('شناسه نامه') });

/** message/sign/: the draft, and the version its screen showed (left out: not checked). */
export const signParams = z.object({ Id: field.id('شناسه نامه'), EditVersion: optionalRef('نسخه پیش‌نویس') });

export const archiveParams = z.object({
  MessageId: field.id('شناسه نامه'),
  ArchiveId: field.id('پوشه بایگانی'),
  PageType: field.optionalText('نوع صفحه', 50),
});

export const favoriteParams = z.object({
  MessageId: field.id('شناسه نامه'),
  FavoriteId: field.id('پوشه دلخواه'),
  PageType: field.optionalText('نوع صفحه', 50),
});

export const deleteParams = z.object({
  Id: field.id('شناسه نامه'),
  // Left out is not 0 ("whichever folder"): a folder without its page is refused (routes.ts).
  // 0 or a folder's id, as message/list reads it.
  TypeNumber: field.optionalZeroOrId('شماره پوشه'),
  PageType: field.optionalText('نوع صفحه', 50),
  // Accepted as the screens send it (the letter's state: 0, 1, true, '0'…), not used: delete
  // goes by the letter's own state.
  IsSend: optionalBool('وضعیت ارسال'),
});

export const getParams = z.object({
  Id: field.id('شناسه نامه'),
  PageType: field.optionalText('نوع صفحه', 50),
});

export const listParams = z.object({
  Page: field.page(),
  // 0: the page's own size (20; the dashboard's favourite contacts 10); -1: all (at most 1,000).
  Count: field.pageSize(0),
  MessageType: oneOf('نوع نامه', [0, 4, 5, 6], 0),
  Phrase: field.optionalText('عبارت جستجو', 200),
  // The folder of a folder page (left out or 0 there: «شماره پوشه الزامی است», lists.ts); 0 or
  // a folder's id on any page, as message/delete reads it.
  TypeNumber: field.optionalZeroOrId('شماره پوشه'),
  PageType: field.optionalText('نوع صفحه', 50),
  projectId: optionalRef('پروژه'),
  toCustomerId: optionalRef('مشتری گیرنده'),
  fromCustomerId: optionalRef('مشتری فرستنده'),
});
export type ListParams = z.infer<typeof listParams>;

export const downloadParams = z.object({ AttachmentId: field.id('شناسه پیوست') });
export const printParams = z.object({ templateId: field.id('شناسه قالب'), id: field.id('شناسه نامه') });
// The whole list each time: left out (a misspelt name), refused rather than taken as none.
export const favoritePersonsParams = z.object({
  Persons: keptIds('اشخاص دلخواه', FAVORITE_PERSONS_MAX).refine((ids) => ids !== undefined, {
    message: 'اشخاص دلخواه الزامی است',
  }),
});
