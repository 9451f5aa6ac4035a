// The Jalali calendar for MUI X pickers (see jalaliAdapter.ts), picker texts in Persian.
import type { ReactNode } from 'react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { faIR } from '@mui/x-date-pickers/locales';
import { JalaliPickerAdapter } from './jalaliAdapter';

// An empty date field shows «سال/ماه/روز» (ساعت:دقیقه), not YYYY/MM/DD: the Persian
// locale of MUI X keeps the English letters.
const persianTexts = {
  ...faIR.components.MuiLocalizationProvider.defaultProps.localeText,
  fieldYearPlaceholder: () => 'سال',
  fieldMonthPlaceholder: () => 'ماه',
  fieldDayPlaceholder: () => 'روز',
  fieldHoursPlaceholder: () => 'ساعت',
  fieldMinutesPlaceholder: () => 'دقیقه',
};

export function JalaliLocalization({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={JalaliPickerAdapter} localeText={persianTexts}>
      {children}
    </LocalizationProvider>
  );
}
