// The heavy Jalali date (and date-time) picker: MUI X DatePicker with the Jalali adapter.
// Import it through `src/ui/jalali` (index.ts), which loads this file lazily.
import { useState, type ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { JalaliLocalization } from './JalaliLocalization';
import { FridayDay } from './FridayDay';
import { persianWeekdayLetter } from './weekdays';
import { dateToStored, isFriday, storedToDate } from './dateValue';
import { toLatinDigits } from '../../shared/persian-digits';

export const JALALI_DATE_FORMAT = 'yyyy/MM/dd';
export const JALALI_DATE_TIME_FORMAT = 'yyyy/MM/dd HH:mm';
export const INVALID_DATE_MESSAGE = 'تاریخ وارد شده معتبر نیست';

export interface JalaliDatePickerProps {
  /** 'YYYY-MM-DD' (Gregorian, date-only), or a full ISO instant when `withTime`. */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  label?: ReactNode;
  /** Pick a time too; the value is then a full ISO instant. */
  withTime?: boolean;
  /** No typing: the date can only be chosen from the calendar (clicking the field opens it). */
  readOnlyField?: boolean;
  /** Fridays cannot be chosen (they are always shown in red). */
  disableFridays?: boolean;
  /** Bounds, in the same form as `value`; a function is asked at each render (opening the
   *  calendar renders): «today» read when the form was drawn is stale after midnight. */
  minDate?: string | (() => string);
  maxDate?: string | (() => string);
  disabled?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  name?: string;
  id?: string;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  margin?: 'none' | 'dense' | 'normal';
  variant?: 'standard' | 'outlined' | 'filled';
  className?: string;
  sx?: SxProps<Theme>;
}

/**
 * A Persian keyboard types ۰–۹, which the MUI X field does not take as digits: hand it
 * Latin ones (it shows them as Persian again). Runs before the field's own input handler.
 */
function typedDigitsToLatin(event: React.FormEvent<HTMLElement>) {
  const target = event.target as HTMLElement;
  const text = target.textContent ?? '';
  if (target.isContentEditable && /[۰-۹٠-٩]/.test(text)) target.textContent = toLatinDigits(text);
}

const boundOf = (bound: string | (() => string) | undefined) =>
  typeof bound === 'function' ? bound() : bound;

export function JalaliDatePicker(props: JalaliDatePickerProps) {
  const { value, onChange, withTime = false, readOnlyField = false, disableFridays = false } = props;
  const [open, setOpen] = useState(false);
  // A half-typed date is an Invalid Date: keep showing it while the stored value is null.
  const [typing, setTyping] = useState<{ for: typeof value; date: Date } | null>(null);
  const stored = storedToDate(value, withTime);
  const invalidDraft = typing && typing.for === value ? typing.date : null;
  const shown = invalidDraft ?? stored;

  const handleChange = (date: Date | null) => {
    const next = dateToStored(date, withTime);
    setTyping(date && !next ? { for: next, date } : null);
    if (next !== (value ?? null)) onChange(next);
  };

  const Picker = withTime ? DateTimePicker : DatePicker;
  return (
    <JalaliLocalization>
      <Picker
        value={shown}
        onChange={handleChange}
        onClose={() => {
          setOpen(false);
          props.onBlur?.();
        }}
        onOpen={() => setOpen(true)}
        open={open}
        label={props.label}
        name={props.name}
        format={withTime ? JALALI_DATE_TIME_FORMAT : JALALI_DATE_FORMAT}
        ampm={withTime ? false : undefined}
        disabled={props.disabled}
        minDate={storedToDate(boundOf(props.minDate), withTime) ?? undefined}
        maxDate={storedToDate(boundOf(props.maxDate), withTime) ?? undefined}
        shouldDisableDate={disableFridays ? (day) => isFriday(day as Date) : undefined}
        className={props.className}
        sx={props.sx}
        slots={{ day: FridayDay }}
        dayOfWeekFormatter={(day) => persianWeekdayLetter(day as Date)}
        slotProps={{
          field: { readOnly: readOnlyField },
          textField: {
            id: props.id,
            required: props.required,
            error: props.error || Boolean(invalidDraft),
            helperText: invalidDraft ? INVALID_DATE_MESSAGE : props.helperText,
            fullWidth: props.fullWidth,
            size: props.size,
            margin: props.margin,
            variant: props.variant,
            onBlur: open ? undefined : props.onBlur,
            onClick: readOnlyField && !props.disabled ? () => setOpen(true) : undefined,
            onInputCapture: typedDigitsToLatin,
          },
        }}
      />
    </JalaliLocalization>
  );
}

export default JalaliDatePicker;
