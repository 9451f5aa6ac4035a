// A whole number typed as text, in Persian or Latin digits (a Persian keyboard types ۰–۹,
// which the browser's number input drops without a word): shown in Persian digits —
// grouped for an amount (۱٬۲۵۰٬۰۰۰), plain for a number such as a scheme's start (۱۰۰۱) —
// and kept as an integer, or null when empty. Text that is no whole number («۱٫۵», «۱۲abc»,
// more digits than a number holds exactly) is kept as typed, for the field's validator to
// refuse in the server's words («شماره شروع معتبر نیست»), never turned into another number.
import type { ChangeEvent } from 'react';
import { TextInput, type TextInputProps } from 'react-admin';
import { groupDigits, toLatinDigits, toPersianDigits } from '../../shared/persian-digits';

/** The marks that group thousands, which a reader may type or leave out anywhere. */
const GROUPING = /[,٬]/;
const PLAIN_WHOLE = /^[+-]?\d+$/;

/** '۱۲٬۳۴۵' → 12345, '-۵' → -5, '' → null; anything else stays the text it is (its digits
 *  Latin and its grouping dropped where it is a whole number too long to hold exactly). */
export const parseWhole = (text: string): number | string | null => {
  const typed = text ?? '';
  if (typed.trim() === '') return null;
  const plain = toLatinDigits(typed).trim().replace(new RegExp(GROUPING.source, 'g'), '').replace(/^\+/, '');
  if (!PLAIN_WHOLE.test(plain)) return typed;
  const number = Number(plain);
  return Number.isSafeInteger(number) ? number : plain;
};

const shown = (grouped: boolean) => (value: unknown) => {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number' || PLAIN_WHOLE.test(String(value)))
    return grouped ? groupDigits(value as number | string) : toPersianDigits(value as number | string);
  // Text kept for the validator: as typed, in Persian digits.
  return toPersianDigits(toLatinDigits(String(value)));
};

/**
 * An input's change handler that keeps the caret where the reader typed when the input
 * re-formats the text (a Latin digit shown in Persian, thousands regrouped): a controlled
 * input given a new value puts the caret at its end. The caret goes back after as many of
 * the typed characters, not counting `marks` (those the re-format adds or drops), once
 * React has written the new text (its change handling ends before a microtask runs).
 */
export const keepCaret =
  (marks: RegExp | null = null) =>
  (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const typed = input.value;
    const caret = input.selectionEnd;
    // At the end the caret stays at the end anyway.
    if (caret === null || caret >= typed.length) return;
    const counts = (ch: string) => !marks?.test(ch);
    const before = [...typed.slice(0, caret)].filter(counts).length;
    queueMicrotask(() => {
      const text = input.value;
      if (text === typed || input.ownerDocument.activeElement !== input) return;
      let at = 0;
      for (let seen = 0; at < text.length && seen < before; at++) if (counts(text[at])) seen++;
      input.setSelectionRange(at, at);
    });
  };

const keepCaretOverGrouping = keepCaret(GROUPING);

export function NumericInput({
  grouped = false,
  onChange,
  ...props
}: TextInputProps & { grouped?: boolean }) {
  return (
    <TextInput
      {...props}
      parse={parseWhole}
      format={shown(grouped)}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        keepCaretOverGrouping(event);
        onChange?.(event);
      }}
      // A number reads left to right: «-۵», not «۵-»; aligned like the form's other inputs
      // (an inline style, which the right-to-left theme leaves as it is).
      slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', style: { textAlign: 'right' } } }}
    />
  );
}
