// The numbers and words of the letters' workflow (spec 1 §1, §4, §9), in one place.
import { MESSAGE_TYPES } from '../../src/schemas/correspondence';
import {
  ALREADY_NUMBERED,
  EDITED_ELSEWHERE,
  LETTER_NOT_FOUND,
  NOT_HOLDER,
  SENT_READ_ONLY,
  SIGNED_READ_ONLY,
} from '../../src/shared/letter-messages';

export type MessageType = 4 | 5 | 6;
export const INTERNAL = 4;
export const INCOMING = 5;
export const OUTGOING = 6;

export const messageTypeString = (type: number) =>
  MESSAGE_TYPES.find((option) => option.id === type)?.value ?? '';

/** The permission that lets a user write a new letter of each type (spec 1 §6). */
export const CREATE_PERMISSION: Record<MessageType, string> = {
  4: 'CreateInternalMessage',
  5: 'CreateImportMessage',
  6: 'CreateExportMessage',
};

/** `IsSend` of message/save/ and message/forward/ (spec 1 §4, §9). */
export const SAVE_DRAFT = 0;
export const SEND = 1;
export const ASSIGN_NUMBER = 6;
export const FORWARD = 1;
export const FORWARD_DRAFT = 2;
export const REPLY = 7;

/** How a user received a letter (message_boxes.recipient_kind; message_recipients.kind). */
export const TO = 1;
export const CC = 2;
export const BCC = 3;
export const FORWARDED = 4;

/** Event types of message_events (docs/api.md lists them; 8 is the specification's). */
export const EVENT = {
  create: 1,
  edit: 2,
  send: 3,
  sign: 4,
  removeSign: 5,
  number: 6,
  forward: 7,
  read: 8,
  forwardDraft: 9,
  reply: 10,
  archive: 11,
  favorite: 12,
  print: 13,
  delete: 14,
  unarchive: 15,
  unfavorite: 16,
} as const;

export const EVENT_NAMES: Record<number, string> = {
  1: 'ایجاد',
  2: 'ویرایش پیش‌نویس',
  3: 'ارسال',
  4: 'امضا',
  5: 'حذف امضا',
  6: 'شماره‌گذاری',
  7: 'ارجاع',
  8: 'خواندن',
  9: 'ارجاع پیش‌نویس',
  10: 'پاسخ',
  11: 'بایگانی',
  12: 'افزودن به پوشه دلخواه',
  13: 'چاپ',
  14: 'حذف',
  15: 'خارج کردن از بایگانی',
  16: 'خارج کردن از پوشه دلخواه',
};

export const PAGE_TYPES = [
  'AllMyMessage',
  'UnReadMessage',
  'AnswerRequest',
  'Send',
  'AllMessage',
  'Archive',
  'Favorite',
  'Draft',
  'FavoritePerson',
] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** The refusals of spec 1 §4, in the words the user reads. */
export const REFUSED = {
  notFound: LETTER_NOT_FOUND,
  sentReadOnly: SENT_READ_ONLY,
  signedReadOnly: SIGNED_READ_ONLY,
  sendNeedsSignature: 'ارسال پیش‌نویس نیازمند امضا است',
  alreadyNumbered: ALREADY_NUMBERED,
  notHolder: NOT_HOLDER,
  editedElsewhere: EDITED_ELSEWHERE,
  notDraft: 'این کار فقط روی پیش‌نویس ممکن است',
  notSent: 'این کار فقط روی نامه ارسال‌شده ممکن است',
  alreadySigned: 'این پیش‌نویس پیش‌تر امضا شده است',
  notSigned: 'این پیش‌نویس امضا نشده است',
  deleteRead: 'نامه‌ای که کاربر دیگری آن را خوانده است حذف نمی‌شود',
  deleteNotAuthor: 'فقط نویسنده نامه می‌تواند آن را حذف کند',
  replyToSelf: 'فرستنده این نامه خود شما هستید',
  selfRecipient: 'شما خود از گیرندگان این نامه هستید؛ پیش از امضا و ارسال، نام خود را از گیرندگان بردارید',
  noSender: 'این نامه فرستنده‌ای در سامانه ندارد که به او پاسخ داده شود',
  recipientDeleted: (name: string) =>
    `گیرندگان: «${name}» از فهرست اشخاص حذف شده است؛ پیش‌نویس را ویرایش کنید و گیرندگان را دوباره برگزینید`,
} as const;
