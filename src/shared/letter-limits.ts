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
