// A calendar day cell that shows Fridays (the Persian weekend) in red.
import { PickerDay, type PickerDayProps } from '@mui/x-date-pickers/PickerDay';
import { isFriday } from './dateValue';

export function FridayDay(props: PickerDayProps) {
  const friday = isFriday(props.day as Date);
  return (
    <PickerDay
      {...props}
      data-friday={friday || undefined}
      sx={
        friday
          ? { color: 'error.main', '&.Mui-disabled:not(.Mui-selected)': { color: 'error.light' } }
          : undefined
      }
    />
  );
}
