// A whole number typed as text, in Persian or Latin digits (a Persian keyboard types ۰–۹,
// which the browser's number input drops without a word): shown in Persian digits —
// grouped for an amount (۱٬۲۵۰٬۰۰۰), plain for a number such as a scheme's start (۱۰۰۱) —
// and kept as an integer, or null when empty.
import { TextInput, type TextInputProps } from 'react-admin';
import { groupDigits, toLatinDigits, toPersianDigits } from '../../shared/persian-digits';

const parseWhole = (text: string): number | null => {
  const digits = toLatinDigits(text ?? '').replace(/\D/g, '');
  return digits ? Number(digits) : null;
};

const shown = (grouped: boolean) => (value: unknown) =>
  value === null || value === undefined || value === ''
    ? ''
    : grouped
      ? groupDigits(value as number | string)
      : toPersianDigits(value as number | string);

export function NumericInput({ grouped = false, ...props }: TextInputProps & { grouped?: boolean }) {
  return (
    <TextInput
      {...props}
      parse={parseWhole}
      format={shown(grouped)}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}
