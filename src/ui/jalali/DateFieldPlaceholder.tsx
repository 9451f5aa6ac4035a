// What a date field shows while the picker's code is still loading: the same label and
// the value in Jalali, so the form does not jump when the picker arrives.
import TextField from '@mui/material/TextField';
import { formatJalali } from '../../shared/jalali';
import { toPersianDigits } from '../../shared/persian-digits';
import type { JalaliDatePickerProps } from './JalaliDatePicker';

export function DateFieldPlaceholder(props: JalaliDatePickerProps) {
  return (
    <TextField
      label={props.label}
      value={toPersianDigits(formatJalali(props.value, { withTime: props.withTime }))}
      helperText={props.helperText}
      error={props.error}
      fullWidth={props.fullWidth}
      size={props.size}
      margin={props.margin}
      variant={props.variant}
      className={props.className}
      sx={props.sx}
      disabled
    />
  );
}
