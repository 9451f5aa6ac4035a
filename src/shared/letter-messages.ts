// Refusals of the letters' calls that the client acts on, not only shows: one text, said by
// the server (server/letters/constants.ts REFUSED) and recognised by the letter screen.

/** A save from a screen that loaded an older edit of the draft (message/save EditVersion).
 *  The screen keeps what was typed, offered back once the letter is opened again. */
export const EDITED_ELSEWHERE =
  'این پیش‌نویس پس از باز شدن در این صفحه، جای دیگری ویرایش شده است و تغییرات شما ذخیره نشد؛ نامه را دوباره باز کنید: نسخه‌ی تازه نمایش داده می‌شود و متن شما برای بازگرداندن نگه داشته شده است';

/** Refusals of a save that say the letter is no longer this screen's to edit: sent, signed,
 *  passed on or deleted since it was opened (another tab, a colleague, the API). The screen
 *  keeps what was typed and loads the letter as it now is, where the copy is offered back
 *  as text, or as a new letter (StrandedCopy.tsx). */
export const LETTER_NOT_FOUND = 'نامه یافت نشد';
export const SENT_READ_ONLY = 'نامه ارسال‌شده قابل ویرایش نیست';
export const SIGNED_READ_ONLY = 'پیش‌نویس امضاشده قابل ویرایش نیست؛ ابتدا امضا را حذف کنید';
export const NOT_HOLDER = 'این پیش‌نویس در دست شما نیست';
/** A number asked for a letter numbered since it was loaded — most often by the same request
 *  sent again after its answer was lost: the screen shows the number it has. */
export const ALREADY_NUMBERED = 'این نامه پیش‌تر شماره گرفته است';
export const OUT_OF_HAND: readonly string[] = [
  LETTER_NOT_FOUND,
  SENT_READ_ONLY,
  SIGNED_READ_ONLY,
  NOT_HOLDER,
  ALREADY_NUMBERED,
];
