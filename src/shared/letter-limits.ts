import { DIRECTION_CONTROL } from './persian';

// How long a letter's texts may be. The server refuses longer (server/letters/params.ts);
// the compose form and the forward dialog say so while the field is typed in, in the same
// words (validation-messages.ts), rather than after a send that comes back refused.
export const LETTER_TEXT_MAX = {
  subject: 500,
  /** The body's HTML, tags included. */
  body: 200_000,
  importedNumber: 100,
  forwardNote: 4000,
} as const;

/** How many favourite contacts a user keeps: the server refuses more
 *  (server/letters/params.ts), the dialog says so as they are chosen. */
export const FAVORITE_PERSONS_MAX = 50;

/** An incoming letter's own number holding a control that reorders it (U+202E…) shows as
 *  another number than the one stored and searched (probe: «\u202e۴۰۴۱» shown «۱۴۰۴»). */
export const IMPORTED_NUMBER_REORDERED =
  'شماره نامه وارده نویسه‌ی پنهانِ تغییر جهت متن دارد که آن را جز آنچه هست نشان می‌دهد؛ آن را بی این نویسه بنویسید';

/** The controls, and the marks too: in a number a mark reorders its parts as well
 *  (review probe: «۱۲۳\u200f/۴۵» shown «۴۵/۱۲۳»). */
const REORDERS_A_NUMBER = new RegExp(`[\u061c\u200e\u200f]|${DIRECTION_CONTROL.source}`);

export const importedNumberReordered = (value: unknown): string | undefined =>
  typeof value === 'string' && REORDERS_A_NUMBER.test(value) ? IMPORTED_NUMBER_REORDERED : undefined;
