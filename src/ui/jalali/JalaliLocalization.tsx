// The Jalali calendar for MUI X pickers (see jalaliAdapter.ts), picker texts in Persian.
import type { ReactNode } from 'react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { faIR } from '@mui/x-date-pickers/locales';
import { JalaliPickerAdapter } from './jalaliAdapter';

const persianTexts = faIR.components.MuiLocalizationProvider.defaultProps.localeText;

export function JalaliLocalization({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={JalaliPickerAdapter} localeText={persianTexts}>
      {children}
    </LocalizationProvider>
  );
}
