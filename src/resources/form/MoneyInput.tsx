// An amount typed as text: grouped Persian digits while typing (۱٬۲۵۰٬۰۰۰), stored as an
// integer (or null when empty). Persian and Latin digits are both accepted.
import { TextInput, type TextInputProps } from 'react-admin';
import { groupDigits, toLatinDigits } from '../../shared/persian-digits';

const parseAmount = (text: string): number | null => {
  const digits = toLatinDigits(text ?? '').replace(/\D/g, '');
  return digits ? Number(digits) : null;
};

const formatAmount = (value: unknown): string =>
  value === null || value === undefined || value === '' ? '' : groupDigits(value as number | string);

export function MoneyInput(props: TextInputProps) {
  return (
    <TextInput
      {...props}
      parse={parseAmount}
      format={formatAmount}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}
