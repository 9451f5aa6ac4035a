// Refusals of the letters' calls that the client acts on, not only shows: one text, said by
// the server (server/letters/constants.ts REFUSED) and recognised by the letter screen.

/** A save from a screen that loaded an older edit of the draft (message/save EditVersion).
 *  The screen keeps what was typed, offered back once the letter is opened again. */
export const EDITED_ELSEWHERE =
  'این پیش‌نویس پس از باز شدن در این صفحه، جای دیگری ویرایش شده است و تغییرات شما ذخیره نشد؛ نامه را دوباره باز کنید: نسخه‌ی تازه نمایش داده می‌شود و متن شما برای بازگرداندن نگه داشته شده است';
